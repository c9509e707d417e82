"""The token placements counted for the random-play walker (``playout``, issue 15): for each
card under construction, how many ``use`` actions ``construction.any_time`` would list for each
combination of tokens held, the kinds of space they fill, and the spaces left for Krystallium,
financiers and generals ("Construção", "Krystallium", "Personagens"), memoised per entry."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .data import CARDS, RES, RIDX

if TYPE_CHECKING:
    from .seat import SeatState

__all__ = ["_USES", "_EMPTY_USES", "EMPTY_ENTRY", "_count_uses", "_discard_completes",
           "AT", "has_space", "matters", "counts_of", "ROOM"]

#: where each resource's spaces are on each card: ``AT[card_id][resource index]``
AT = {cid: tuple(tuple(i for i, k in enumerate(c.spaces) if k == res) for res in RES)
      for cid, c in CARDS.items()}

_CHARACTER_BIT = {"financier": 2, "general": 4}


def counts_of(entries: list) -> list[tuple]:
    """``_count_uses`` of each entry, in order (what ``matters`` and the walker read: the
    ``use`` actions of a seat holding the tokens of ``mask`` are the sum of ``[mask]``)."""
    return [_count_uses(entry) for entry in entries]


def _count_uses(entry: tuple) -> tuple:
    """The ``use`` actions on one entry for each token mask (``construction._uses``: one per
    kind of empty space, in order; Krystallium fills any resource or Krystallium space),
    from the memo ``_USES``, filled on a miss (bounded)."""
    found = _USES.get(entry)
    if found is None:
        if len(_USES) > 50_000:
            _USES.clear()
        found = _USES[entry] = _count(entry)
    return found


def _count(entry: tuple) -> tuple:
    """``_count_uses`` counted (``_USES`` remembers it)."""
    cid, fills = entry
    kinds: list[str] = []
    need = [0, 0, 0]  # the spaces left: for Krystallium (any resource), financiers, generals
    room = [0, 0, 0, 0, 0]  # 1 + the first empty space of each resource (0: none)
    for q, (kind, x) in enumerate(zip(CARDS[cid].spaces, fills)):
        if not x:
            need[_CHARACTER_BIT.get(kind, 1) >> 1] += 1
            if kind not in kinds:  # (the kind's first empty space)
                kinds.append(kind)
                if kind in RIDX:
                    room[RIDX[kind]] = q + 1
    key = tuple(kinds)
    by_mask = _BY_KINDS.get(key)
    if by_mask is None:  # a few dozen orders of kinds in all
        masks = [tuple(kind for kind in key if _CHARACTER_BIT.get(kind, 1) & mask)
                 for mask in range(8)]
        by_mask = _BY_KINDS[key] = tuple(len(k) for k in masks) + tuple(masks)
    return by_mask + tuple(need) + tuple(room)


#: the counts and kinds of ``_count_uses`` by the empty kinds of a card, in order
_BY_KINDS: dict[tuple, tuple] = {}
#: the token placements a card under construction offers, by entry: for each token mask (bit 0
#: Krystallium held, 1 a financier, 2 a general) how many (``[mask]``) and the kinds of space
#: they fill, in order (``[8 + mask]``); then its empty spaces for Krystallium, financiers and
#: generals (``[16:19]``); then, by resource index ``r``, 1 + its first empty ``r`` space (0:
#: none; ``[ROOM + r]``); bounded. A plain dict read by ``[]``, ``_count_uses`` filling a
#: miss (``KeyError``): a dict subclass's ``[]`` goes through the generic slot, a method call
#: per lookup, and ``get(...) or ...`` costs more than ``[]`` in a ``try``
_USES: dict[tuple, tuple] = {}


#: each card just kept (empty), as one shared entry: the memo's own key, so a lookup of it
#: is found by identity (no element-wise comparison of the tuples)
EMPTY_ENTRY = {cid: (cid, ("",) * len(c.spaces)) for cid, c in CARDS.items()}
#: the token placements on each card just kept (empty), by token mask
_EMPTY_USES = {cid: _count_uses(entry) for cid, entry in EMPTY_ENTRY.items()}


def _discard_completes(seat: SeatState, counts: list) -> bool:
    """``construction.discard_completes`` (at least two cards under construction): whether
    discarding the others could make enough Krystallium to complete one (``counts``:
    ``counts_of`` the seat's construction area)."""
    a, b, c, d, e = seat.empire_cubes  # (four adds cost less than a ``sum`` call)
    cubes = a + b + c + d + e + len(counts) - 1  # on the Empire card after the discards
    if cubes < 5:  # (tested before ``//``, which CPython 3.11 runs through the generic protocol)
        return False
    k, f, g = seat.krystallium + cubes // 5, seat.financiers, seat.generals
    for found in counts:
        if found[16] <= k and found[17] <= f and found[18] <= g:
            return True
    return False


#: where ``_count_uses`` gives the first empty space of each resource (the walker's cube
#: targets and its ``has_space``)
ROOM = 19


def has_space(entries: list, r: int) -> bool:
    """Whether a card under construction has an empty space of resource ``r``
    (``construction.has_space``)."""
    for cid, fills in entries:
        for q in AT[cid][r]:
            if not fills[q]:
                return True
    return False


def matters(seat: SeatState, counts: list | None = None) -> bool:
    """Whether a token placement or a discard matters to the seat: ``construction.usable``
    or ``construction.discard_completes`` (a ``tokens`` step that still asks something,
    ``decisions.settle``), read from the counts of each card under construction
    (``counts_of``; the walker keeps them)."""
    if counts is None:
        counts = counts_of(seat.construction)
    if not counts:
        return False
    mask = (seat.krystallium and 1) + (seat.financiers and 2) + (seat.generals and 4)
    if mask:
        for found in counts:
            if found[mask]:
                return True
    return len(counts) >= 2 and _discard_completes(seat, counts)
