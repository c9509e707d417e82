"""Where everything is: each seat's holdings over the ledger places (folding the flows must
give them), the 150 cards wherever they are, and the invariants every position keeps
(conservation of cards, no negative stock, cards under construction consistent)."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from gamekit.core.stack import deciding

from .asks import pending
from .data import CARDS, DECK, RES
from .decisions import check

if TYPE_CHECKING:
    from .state import WonderfulState

__all__ = ["holdings", "all_cards", "check_invariants"]

_KRYSTALLIUM_FILLS = frozenset(RES) | {"krystallium"}


def holdings(state: WonderfulState, s: int) -> dict[tuple[str, str], int]:
    """``(place, resource) -> amount`` of seat ``s`` over the ledger places."""
    seat = state.seats[s]
    out: dict[tuple[str, str], int] = {}
    hand = len(seat.hand) + (seat.pick is not None)
    if s == 0:
        hand += len(state.looking)
    for place, k in (("hand", hand), ("drafted", len(seat.drafted)),
                     ("construction", len(seat.construction)), ("built", len(seat.built))):
        if k:
            out[(place, "card")] = k
    for _cid, fills in seat.construction:
        for x in fills:
            if x:
                out[("construction", x)] = out.get(("construction", x), 0) + 1
    for r in range(5):
        if seat.empire_cubes[r]:
            out[("empire", RES[r])] = seat.empire_cubes[r]
    for name, k in (("krystallium", seat.krystallium), ("financier", seat.financiers),
                    ("general", seat.generals)):
        if k:
            out[("empire", name)] = k
    cubes = pending(state, s)
    if cubes:
        out[("pending", cubes[2][0])] = cubes[2][1]
    return out


def all_cards(state: WonderfulState) -> list[str]:
    """Every card of the game wherever it is (hidden ones as ``"?"`` in a view)."""
    out = list(state.deck) + list(state.discard) + list(state.looking)
    for pile in state.projects:
        out.extend(pile)
    for seat in state.seats:
        out.extend(seat.hand)
        if seat.pick is not None:
            out.append(seat.pick)
        out.extend(seat.drafted)
        out.extend(c for c, _ in seat.construction)
        out.extend(seat.built)
    return out


def _check_seat(state: WonderfulState, s: int) -> None:
    seat = state.seats[s]
    c = seat.empire_cubes
    assert all(x >= 0 for x in c) and sum(c) < 5, f"seat {s} empire cubes {c}"
    for name, k in (("krystallium", seat.krystallium), ("financier", seat.financiers),
                    ("general", seat.generals)):
        assert k >= 0, f"seat {s} has {k} {name}"
    for cid, fills in seat.construction:
        spaces = CARDS[cid].spaces
        assert len(fills) == len(spaces)
        assert "" in fills, f"seat {s}: complete card {cid} left under construction"
        for kind, x in zip(spaces, fills):
            assert x in ("", kind) or (x == "krystallium" and kind in _KRYSTALLIUM_FILLS), (
                f"seat {s}: {x} on a {kind} space of {cid}"
            )


def check_invariants(state: WonderfulState) -> None:
    """Conservation of the 150 cards; no negative stock; construction entries consistent;
    the decision stack fits the phase (``decisions.check``) and the seats asked to decide are
    those with an entry on it."""
    cards = all_cards(state)
    assert len(cards) == len(DECK), f"{len(cards)} cards in play, not {len(DECK)}"
    if state.viewer is None:
        assert Counter(cards) == Counter(DECK), "the cards in play are not the deck"
    for s in range(state.players):
        _check_seat(state, s)
    why = check(state)
    assert not why, why
    assert state.to_move() == deciding(state.stack), (
        f"to_move {state.to_move()}, but the stack has {deciding(state.stack)} deciding")
