"""Arrange a Blue Moon City position by hand (lessons, tests, imported real games).

``arrange(state, ...)`` puts cards, crystals, scales, markers, figures and dragons where a lesson
needs them. Cards are taken from the deck (then the discard pile) so every card stays in exactly
one place, and every change is recorded as a flow from/to ``arranged`` so the ledger still
balances. Use it before the first action of a game.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from . import data as D
from .state import BlueMoonState, N


def _cell(rc: Iterable[int] | None) -> int:
    if rc is None:
        return -1
    r, c = rc
    return r * N + c


def _tile_cell(state: BlueMoonState, tid: str) -> int:
    for cell in state.cells:
        if state.tiles[state.board[cell]].id == tid:
            return cell
    raise ValueError(f"tile {tid!r} is not in this city")


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
) -> BlueMoonState:
    """Arrange the position (seats are 0-based here). Returns ``state``."""
    s = state
    for seat, cards in (hands or {}).items():
        h = s.hands[seat]
        back = [k for k in range(24) for _ in range(h[k])]
        s.deck.extend(back)
        s.flow(seat, "card", len(back), "hand", "arranged")
        s.hands[seat] = h = [0] * 24
        want = [D.KIND_INDEX[c] for c in cards]
        for k in want:
            if k in s.deck:
                s.deck.remove(k)
            elif k in s.discard:
                s.discard.remove(k)
            else:  # take it from another seat's hand, which gets a card of the deck instead
                other = next((o for o in range(s.players) if o not in hands and s.hands[o][k]), None)
                if other is None or not s.deck:
                    raise ValueError(f"no {D.KINDS[k]} card left to arrange")
                s.hands[other][k] -= 1
                s.hands[other][s.deck.pop()] += 1
            h[k] += 1
        s.hand_sizes[seat] = len(want)
        s.flow(seat, "card", len(want), "arranged", "hand")
    for seat, n in (crystals or {}).items():
        s.flow(seat, "crystal", n - s.crystals[seat], "arranged", "crystals")
        s.crystals[seat] = n
    for seat, n in (scales or {}).items():
        s.flow(seat, "scale", n - s.scales[seat], "arranged", "scales")
        s.supply -= n - s.scales[seat]
        s.scales[seat] = n
        if s.supply < 0:
            raise ValueError("more golden scales than the game has")
    for seat, rc in (positions or {}).items():
        s.places[seat] = _cell(rc)
    for name, rc in (dragons or {}).items():
        s.dragons[D.DRAGONS.index(name)] = _cell(rc)
    for tid in built:
        cell = _tile_cell(s, tid)
        if not s.built[cell]:
            s.built[cell] = True
            s.buildings_built += 1
    for tid, seats in (markers or {}).items():
        cell = _tile_cell(s, tid)
        for i, seat in enumerate(seats):
            if seat is not None:
                s.marks[cell][i] = seat
                s.free[seat] -= 1
                s.flow(seat, "marker", 1, "markers", "building:" + tid)
    for seat in obelisk:
        s.obelisk.append(seat)
        s.offers[seat] += 1
        s.offer_kinds[seat][0] += 1
        s.free[seat] -= 1
        s.flow(seat, "marker", 1, "markers", "obelisk")
    s._legal_cache = {}
    return s
