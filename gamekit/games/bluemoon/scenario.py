"""Arrange a Blue Moon City position by hand (lessons, tests, imported real games).

``arrange(state, ...)`` returns a **new** state with cards, crystals, scales, markers, figures and
dragons where a lesson needs them. It goes through the public position API only: it edits
``state.position()`` and reads it back with ``gamekit.position``, so the result passes every
check a position file does (each card in exactly one place, markers and scales conserved, the
ledger balanced). Cards are taken from the deck (then the discard pile, then another seat's hand,
which gets a card of the deck instead). Use it before the first action of a game.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from gamekit.core.positions import position as read_position

from . import data as D
from .state import BlueMoonState


def _hand_cards(hand: dict[str, int]) -> list[int]:
    return [k for k in range(24) for _ in range(hand.get(D.KINDS[k], 0))]


def _counts(cards: list[int]) -> dict[str, int]:
    return {D.KINDS[k]: cards.count(k) for k in range(24) if k in cards}


def _arrange_hands(data: dict[str, Any], hands: Mapping[int, Iterable[str]]) -> None:
    """Each listed seat's hand becomes exactly ``hands[seat]`` (its old cards on the deck)."""
    deck = [D.KIND_INDEX[c] for c in reversed(data["deck"])]  # the top last
    discard = [D.KIND_INDEX[c] for c in data["discard"]]
    held = [_hand_cards(h) for h in data["hands"]]
    for seat, cards in hands.items():
        deck.extend(held[seat])
        held[seat] = []
        for k in (D.KIND_INDEX[c] for c in cards):
            if k in deck:
                deck.remove(k)
            elif k in discard:
                discard.remove(k)
            else:  # from another seat's hand, which gets a card of the deck instead
                other = next((o for o in range(len(held)) if o not in hands and k in held[o]),
                             None)
                if other is None or not deck:
                    raise ValueError(f"no {D.KINDS[k]} card left to arrange")
                held[other].remove(k)
                held[other].append(deck.pop())
            held[seat].append(k)
    data["deck"] = [D.KINDS[k] for k in reversed(deck)]
    data["discard"] = [D.KINDS[k] for k in discard]
    data["hands"] = [_counts(h) for h in held]


def _arrange_tokens(data: dict[str, Any], crystals: Mapping[int, int],
                    scales: Mapping[int, int]) -> None:
    for seat, n in crystals.items():
        data["crystals"][seat] = n
    for seat, n in scales.items():
        data["scale_supply"] -= n - data["scales"][seat]
        data["scales"][seat] = n
        if data["scale_supply"] < 0:
            raise ValueError("more golden scales than the game has")


def _arrange_city(data: dict[str, Any], built: Iterable[str],
                  markers: Mapping[str, list[int | None]], obelisk: Iterable[int]) -> None:
    for tid in built:
        if tid not in data["tiles"]:
            raise ValueError(f"tile {tid!r} is not in this city")
        data["tiles"][tid]["built"] = True
    for tid, seats in markers.items():
        if tid not in data["tiles"]:
            raise ValueError(f"tile {tid!r} is not in this city")
        spaces = data["tiles"][tid]["markers"]
        for i, seat in enumerate(seats):
            if seat is not None:
                spaces[i] = seat + 1
                data["markers"][seat] -= 1
    for seat in obelisk:
        data["obelisk"]["filled"].append(seat + 1)
        data["offerings"][seat] += 1
        data["offering_kinds"][seat]["central_square"] += 1
        data["markers"][seat] -= 1


def arrange(
    state: BlueMoonState,
    *,
    hands: Mapping[int, Iterable[str]] | None = None,
    crystals: Mapping[int, int] | None = None,
    scales: Mapping[int, int] | None = None,
    positions: Mapping[int, tuple[int, int]] | None = None,
    dragons: Mapping[str, tuple[int, int] | None] | None = None,
    built: Iterable[str] = (),
    markers: Mapping[str, list[int | None]] | None = None,
    obelisk: Iterable[int] = (),
    wild_colours: Mapping[str, str] | None = None,
) -> BlueMoonState:
    """The position of ``state`` arranged (seats are 0-based here; ``wild_colours``: the
    colour a tile's wild spaces were fixed in, by tile id), as a new state read
    through ``gamekit.position``; a position the rules refuse raises ``PositionError`` naming
    the field. ``state`` itself is unchanged."""
    saved = state.position()
    data = saved["state"]
    _arrange_hands(data, hands or {})
    _arrange_tokens(data, crystals or {}, scales or {})
    for seat, rc in (positions or {}).items():
        data["figures"][seat] = list(rc)
    for name, rc in (dragons or {}).items():
        data["dragons"][name] = None if rc is None else list(rc)
    _arrange_city(data, built, markers or {}, obelisk)
    for tid, colour in (wild_colours or {}).items():  # the Royal Palace's fixed colour
        data["tiles"][tid]["wild_colour"] = colour
    return read_position(saved, "bluemoon")  # type: ignore[return-value]
