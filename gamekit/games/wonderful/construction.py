"""Construction (rulebook "Construir uma carta", "Transformar em Krystallium", "Descartar uma
carta em construção"): placing cubes and tokens on cards under construction, completing them,
the Empire card and its Krystallium, and discarding a card under construction.

Every function takes the ``WonderfulState`` first. In a quiet state (playouts) no events and no
flows are written.
"""

from __future__ import annotations

from collections import Counter
from operator import itemgetter
from typing import TYPE_CHECKING

from gamekit.core import Action

from .actions import CARD_ACTIONS, action, entry_index, labels
from .asks import pending, set_pending, take_cube
from .data import CARDS, RES, RIDX
from .placements import _USES, _count_uses
from .placements import has_space as _has_space
from .seat import SeatState

if TYPE_CHECKING:
    from .state import WonderfulState

__all__ = [
    "gain_token", "to_empire", "autoplace", "place", "use", "discard", "usable",
    "discard_completes", "any_time", "has_space",
]


def gain_token(state: WonderfulState, s: int, token: str, source: str, n: int = 1) -> None:
    """Seat ``s`` gets ``n`` Krystallium or character tokens on its Empire card."""
    seat = state.seats[s]
    if token == "financier":
        seat.financiers += n
    elif token == "general":
        seat.generals += n
    else:
        seat.krystallium += n
    if not state.quiet:
        state.flow(s, token, n, source, "empire")


def empire_quiet(seat: SeatState, r: int, m: int) -> None:
    """``m`` cubes of resource ``r`` on the Empire card; each 5th makes a Krystallium (no
    flows, no events: playouts and quiet states)."""
    cubes = seat.empire_cubes
    a, b, c, d, e = cubes  # (four adds cost less than a ``sum`` call)
    total = a + b + c + d + e + m
    if total < 5:
        cubes[r] += m
    else:  # each 5th cube clears the card for a Krystallium; the cubes after it are ``r``'s
        cubes[:] = (0, 0, 0, 0, 0)
        cubes[r] = total % 5
        seat.krystallium += total // 5


def to_empire(state: WonderfulState, s: int, r: int, m: int, source: str) -> None:
    """Put ``m`` cubes of resource ``r`` on the Empire card; every 5 make a Krystallium."""
    seat = state.seats[s]
    if state.quiet:  # (playouts: no flows, no events)
        empire_quiet(seat, r, m)
        return
    cubes = seat.empire_cubes
    state.flow(s, RES[r], m, source, "empire")
    total = sum(cubes)
    while m > 0:
        take = min(m, 5 - total)
        cubes[r] += take
        m -= take
        total += take
        if total == 5:
            for i in range(5):
                if cubes[i]:
                    state.flow(s, RES[i], cubes[i], "empire", "krystallium")
            state.flow(s, "krystallium", 1, "conversion", "empire")
            state.emit("krystallium_made", s, rule="transformar_krystallium",
                       cubes={RES[i]: cubes[i] for i in range(5) if cubes[i]})
            cubes[:] = [0, 0, 0, 0, 0]
            total = 0
            seat.krystallium += 1


def has_space(seat: SeatState, kind: str) -> bool:
    """Whether a card under construction has an empty ``kind`` space."""
    r = RIDX.get(kind)
    if r is not None:  # a resource: where its spaces are on each card (``placements.AT``)
        return _has_space(seat.construction, r)
    for cid, fills in seat.construction:
        spaces = CARDS[cid].spaces
        for i, x in enumerate(fills):
            if not x and spaces[i] == kind:
                return True
    return False


def autoplace(state: WonderfulState, s: int) -> None:
    """Pending cubes with nowhere to go but the Empire card are placed there at once."""
    entry = pending(state, s)
    if entry is None:
        return
    res, m, _ = entry[2]
    r = RIDX[res]
    if not _has_space(state.seats[s].construction, r):
        set_pending(state, s, 0)
        if not state.quiet:
            state.emit("placed_empire", s, rule="construcao", resource=res, n=m)
        to_empire(state, s, r, m, "pending")


def _fill(state: WonderfulState, s: int, idx: int, space: str, what: str, source: str) -> None:
    """Put ``what`` on the first empty ``space`` of construction entry ``idx``."""
    construction = state.seats[s].construction
    cid, fills = construction[idx]
    spaces = CARDS[cid].spaces
    for i, x in enumerate(fills):
        if not x and spaces[i] == space:
            break
    else:  # pragma: no cover - legality guarantees a space
        raise AssertionError(f"no empty {space} space on {cid}")
    fills = fills[:i] + (what,) + fills[i + 1:]
    if not state.quiet:
        state.flow(s, what, 1, source, "construction")
    if "" in fills:
        construction[idx] = (cid, fills)
    else:
        _complete(state, s, idx, fills)


def _complete(state: WonderfulState, s: int, idx: int, fills: tuple) -> None:
    """The last space is filled: the card is built and gives its construction bonus."""
    seat = state.seats[s]
    cid = seat.construction.pop(idx)[0]
    loud = not state.quiet
    if loud:
        for kind, k in Counter(fills).items():
            state.flow(s, kind, k, "construction", "supply")
        state.flow(s, "card", 1, "construction", "built")
    seat.built.append(cid)
    card = CARDS[cid]
    for token, k in card.bonus.items():
        gain_token(state, s, token, "bonus:" + cid, k)
    if loud:
        state.emit("built", s, rule="construcao", card=cid, bonus=dict(card.bonus))


def place(state: WonderfulState, s: int, res: str, target: str) -> None:
    """Action ``place``: one pending cube on a card under construction or the Empire card."""
    seat = state.seats[s]
    r = RIDX[res]
    left = take_cube(state, s)
    if target == "empire":
        if not state.quiet:
            state.emit("placed_empire", s, rule="construcao", resource=res, n=1)
        to_empire(state, s, r, 1, "pending")
    else:
        if not state.quiet:
            state.emit("placed", s, rule="construcao", resource=res, n=1,
                       target=target.partition(".")[0], label=target)
        _fill(state, s, entry_index(seat.construction, target), res, res, "pending")
    if left and not _has_space(seat.construction, r):  # ``autoplace``: only the Empire left
        set_pending(state, s, 0)
        if not state.quiet:
            state.emit("placed_empire", s, rule="construcao", resource=res, n=left)
        to_empire(state, s, r, left, "pending")


def use(state: WonderfulState, s: int, token: str, target: str, space: str | None = None) -> None:
    """Action ``use``: a Krystallium (on ``space``) or a character token on a card."""
    seat = state.seats[s]
    idx = entry_index(seat.construction, target)
    if token == "krystallium":
        seat.krystallium -= 1
    elif token == "financier":
        seat.financiers -= 1
    else:
        seat.generals -= 1
    if not state.quiet:
        state.emit("token_used", s, rule="transformar_krystallium" if token == "krystallium"
                   else "construcao", token=token, target=target.partition(".")[0], label=target)
    _fill(state, s, idx, space or token, token, "empire")


def discard(state: WonderfulState, s: int, target: str) -> None:
    """Action ``discard``: a card under construction goes to the discard pile; what lay on it
    returns to the supply and its recycling cube goes to the Empire card."""
    seat = state.seats[s]
    cid, fills = seat.construction.pop(entry_index(seat.construction, target))
    card = CARDS[cid]
    if not state.quiet:
        for kind, k in Counter(x for x in fills if x).items():
            state.flow(s, kind, k, "construction", "supply")
        state.flow(s, "card", 1, "construction", "discard")
        state.emit("discarded", s, rule="descartar_em_construcao", card=cid,
                   resource=card.recycle)
    state.pile.discards.append(cid)
    to_empire(state, s, card.recycle_idx, 1, "recycle:" + cid)


def usable(seat: SeatState) -> bool:
    """Whether the seat holds a token (Krystallium, character) it could place now."""
    k, f, g = seat.krystallium, seat.financiers, seat.generals
    if not (k or f or g):
        return False
    for cid, fills in seat.construction:
        spaces = CARDS[cid].spaces
        for i, x in enumerate(fills):
            if not x:
                kind = spaces[i]
                if kind == "financier":
                    if f:
                        return True
                elif kind == "general":
                    if g:
                        return True
                elif k:
                    return True
    return False


def discard_completes(seat: SeatState) -> bool:
    """Whether discarding other cards under construction could make enough Krystallium (with
    the tokens held) to complete a card: then the moment matters, since a card built now
    produces in the next step (or scores, after the last one)."""
    entries = seat.construction
    m = len(entries)
    if m < 2:
        return False
    krystallium = seat.krystallium + (sum(seat.empire_cubes) + m - 1) // 5
    if krystallium == seat.krystallium:
        return False
    f, g = seat.financiers, seat.generals
    for cid, fills in entries:
        need_k = need_f = need_g = 0
        for kind, x in zip(CARDS[cid].spaces, fills):
            if not x:
                if kind == "financier":
                    need_f += 1
                elif kind == "general":
                    need_g += 1
                else:
                    need_k += 1
        if need_k <= krystallium and need_f <= f and need_g <= g:
            return True
    return False


#: ``discard <card>`` of each seat index, by card id (the card's first copy)
_DISCARDS = CARD_ACTIONS["discard"]
_first = itemgetter(0)


def any_time(seat: SeatState, s: int, out: list[Action]) -> None:
    """Add the actions allowed at any time to ``out``: place a token (on every card, memo per
    card), then discard a card under construction (from the shared table when no second copy
    of a card is under construction, the usual case)."""
    entries = seat.construction
    if not entries:
        return
    mask = (seat.krystallium > 0) | (seat.financiers > 0) << 1 | (seat.generals > 0) << 2
    memo = _ENTRY_MEMO[s]
    if len(entries) == 1:  # the usual case: one card, named by its id
        entry = entries[0]
        if mask:
            key = (entry, mask)
            found = memo.get(key)
            if found is None:
                found = _remember(memo, key, _uses(s, entry, entry[0], mask))
            out += found
        out.append(_DISCARDS[s][entry[0]])
        return
    names = list(map(_first, entries))
    unique = len(set(names)) == len(names)
    if not unique:
        names = labels(entries)
    if mask:
        for entry, name in zip(entries, names):
            # a first copy is named by its id (the same string): keyed without the name
            key = (entry, mask) if name is entry[0] else (entry, name, mask)
            found = memo.get(key)
            if found is None:
                found = _remember(memo, key, _uses(s, entry, name, mask))
            out += found
    if unique:
        out += map(_DISCARDS[s].__getitem__, names)
    else:
        out += [action(s, "discard", (name,)) for name in names]


#: the ``use`` actions on one card under construction, by seat index:
#: ``(entry, tokens mask) -> uses`` for a card's first copy, ``(entry, label, mask)`` for
#: another (bounded)
_ENTRY_MEMO: list[dict[tuple, tuple]] = [{} for _ in range(5)]


def _uses(s: int, entry: tuple, name: str, mask: int) -> tuple:
    """The token placements on one card: one per kind of empty space the seat holds a
    token for (``mask``: bit 0 Krystallium, which fills any resource or Krystallium space,
    never a character; bit 1 a financier, bit 2 a general), in the order of the spaces
    (``placements``' kinds)."""
    kinds = (_USES.get(entry) or _count_uses(entry))[8 + mask]
    return tuple([action(s, "use", (kind, name)) if kind in _CHARACTERS
                  else action(s, "use", ("krystallium", name, kind)) for kind in kinds])


_CHARACTERS = frozenset(("financier", "general"))


def _remember(memo: dict[tuple, tuple], key: tuple, uses: tuple) -> tuple:
    """``uses`` kept in ``memo`` under ``key`` (emptied past 50,000 entries)."""
    if len(memo) > 50_000:
        memo.clear()
    memo[key] = uses
    return uses
