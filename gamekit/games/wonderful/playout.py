"""Random playouts (issue 15): the walker behind ``WonderfulState.play_random`` for quiet games
of 2-5 players, the same games as the step table gives, draw for draw.

Every decision of a round is seat-local (rulebook "Fase de Seleção", "Fase de Planeamento",
"Fase de Produção": a seat's choices change only its own cards, cubes and tokens, and the shared
discard pile), so the walker lets each seat that decides take all its decisions in turn (the
order ``to_move`` gives: the first deciding seat until it has none, then the next), then walks
the phase table once (``_progress``). Inside a seat's turn it reads the step straight from the
seat (``decisions._current``'s order), counts the legal actions without building them where it
can (keep or recycle of each distinct drafted card, the cubes' targets, the discards), draws
the index as ``Random._randbelow`` does and carries the chosen action out in place. The
any-time token placements come from ``construction.any_time`` (the same list, memoised), and
the rare verbs (``use``, ``supremacy``) from their rule functions.

Each decision logs its action's text, as ``apply`` does. When the walker stops at its limit in
the middle of a turn, every seat's decision is recomputed and the table walked as ``apply``
would have left it (``_settle``).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from gamekit.core.actions import _text

from .actions import CARD_ACTIONS, action
from .construction import any_time, discard_completes, use
from .data import CARDS, CHARACTERS, RES
from .decisions import needs
from .phases import COURSE, PHASES
from .production import choose_supremacy

if TYPE_CHECKING:
    from .seat import SeatState
    from .state import WonderfulState

__all__ = ["fits", "play"]


def _texts(verb: str) -> list[dict[str, str]]:
    """The logged text of ``<verb> <card>`` by seat and card id."""
    return [{cid: _text(a) for cid, a in table.items()} for table in CARD_ACTIONS[verb]]


_DRAFT, _KEEP, _RECYCLE, _DISCARD = (_texts(v) for v in ("draft", "keep", "recycle", "discard"))
#: ``p<seat> place <resource> <card>`` and ``... empire``, by seat and resource index
_PLACE = [[{cid: _text(action(s, "place", (res, cid))) for cid in (*CARDS, "empire")}
           for res in RES] for s in range(5)]
_DONE = [_text(action(s, "done", ())) for s in range(5)]
_SUPREMACY = [[action(s, "supremacy", (t,)) for t in CHARACTERS] for s in range(5)]
#: empty fills of each card, where each resource's spaces are, its recycling cube and bonus
_EMPTY = {cid: ("",) * len(c.spaces) for cid, c in CARDS.items()}
_AT = {cid: tuple(tuple(i for i, k in enumerate(c.spaces) if k == res) for res in RES)
       for cid, c in CARDS.items()}
_RECYCLE_IDX = {cid: c.recycle_idx for cid, c in CARDS.items()}
_SOURCE = {cid: "recycle:" + cid for cid in CARDS}
_BONUS = {cid: tuple(c.bonus.items()) for cid, c in CARDS.items()}
#: bit length of each small count (``int.bit_length`` without the call)
_WIDTH = tuple(k.bit_length() for k in range(512))


def fits(state: WonderfulState, rngs: list[random.Random]) -> bool:
    """Whether the walker plays this game: quiet, 2-5 players, no pause asked, plain
    generators (anything else goes through the step table)."""
    return (state.quiet and state.players > 1 and not state.stop_at and state.paused is None
            and all(type(rng) is random.Random for rng in rngs))


def play(state: WonderfulState, rngs: list[random.Random], limit: int) -> int:
    """Play at most ``limit`` decisions, each seat drawing from its own generator; returns the
    decisions made (core ``GameState.play_random``)."""
    bits = [rng.getrandbits for rng in rngs]
    log = state.log.append
    seats = state.seats
    n = 0
    while n < limit and state.phase != "end":
        if state.phase == "draft":
            n += _draft_turn(state, bits, log, limit - n)
        else:
            for s, seat in enumerate(seats):
                n += _turn(state, s, seat, bits[s], log, limit - n)
                if n >= limit:
                    break
        if n >= limit:
            break
        _advance(state)
    _settle(state)
    state._legal_cache = {}
    return n


def _advance(state: WonderfulState) -> None:
    """Nobody decides: one move of the phase table (``course.Course.advance`` without its
    stopping points, which the walker's games never set)."""
    phase = PHASES[state.phase]
    if phase.next_step is not None and phase.next_step(state):
        return
    following = phase.next
    if following is not None:
        PHASES[following].enter(state)
    elif COURSE.end_round(state):
        COURSE.start_round(state)
    else:
        COURSE.end_game(state)


def _settle(state: WonderfulState) -> None:
    """Who decides now, as ``apply`` leaves it (the walker does not keep the flags)."""
    seats = state.seats
    for s, seat in enumerate(seats):
        seat.deciding = needs(state, s)
    state._to_move = tuple([s for s, seat in enumerate(seats) if seat.deciding])
    if not state._to_move:
        state._progress()


def _draft_turn(state: WonderfulState, bits: list, log, budget: int) -> int:
    """One pick of every seat still to pick ("Fase de Seleção"): a distinct card of the hand."""
    n = 0
    for s, seat in enumerate(state.seats):
        if seat.pick is not None:
            continue
        if n >= budget:
            break
        hand = seat.hand
        if len(hand) > 1:
            cards = list(dict.fromkeys(hand))
            k = len(cards)
            if k > 1:
                draw, width = bits[s], _WIDTH[k]
                i = draw(width)
                while i >= k:
                    i = draw(width)
                cid = cards[i]
            else:
                cid = cards[0]
        else:
            cid = hand[0]
        log(_DRAFT[s][cid])
        hand.remove(cid)
        seat.pick = cid
        n += 1
    return n


def _turn(state: WonderfulState, s: int, seat: SeatState, draw, log, budget: int) -> int:
    """Seat ``s`` decides until it has no decision (or ``budget`` decisions are made): its step
    in ``decisions._current``'s order, its condition as ``decisions.needs`` reads it."""
    planning = state.phase == "planning"
    n = 0
    while n < budget:
        if seat.choosing_supremacy:
            options = _SUPREMACY[s]
            i = draw(2)  # two characters: a 2-bit draw below 2 is one bit
            while i >= 2:
                i = draw(2)
            log(_text(options[i]))
            choose_supremacy(state, s, options[i].args[0])
        elif seat.pending_amount:
            _place(state, s, seat, draw, log)
        elif planning and seat.drafted:
            _plan(state, s, seat, draw, log)
        elif seat.done:
            break
        else:
            uses = _uses(seat)
            if not (uses or discard_completes(seat)):
                break
            _tokens(state, s, seat, draw, log, uses)
        n += 1
    return n


def _draw(draw, k: int) -> int:
    """``Random._randbelow(k)`` for ``k`` > 1 through the seat's ``getrandbits``."""
    width = _WIDTH[k] if k < 512 else k.bit_length()
    i = draw(width)
    while i >= k:
        i = draw(width)
    return i


def _plan(state: WonderfulState, s: int, seat: SeatState, draw, log) -> None:
    """A ``plan`` step: keep or recycle each distinct drafted card, then the any-time actions
    (``planning.legal_plan``'s list, counted)."""
    drafted = seat.drafted
    cards = drafted if len(drafted) == 1 else list(dict.fromkeys(drafted))
    d2 = 2 * len(cards)
    entries = seat.construction
    uses = _uses(seat) if entries else 0
    k = d2 + uses + len(entries)
    width = _WIDTH[k] if k < 512 else k.bit_length()
    i = draw(width)
    while i >= k:
        i = draw(width)
    if i >= d2:
        _any(state, s, seat, i - d2, uses, log)
        return
    cid = cards[i >> 1]
    drafted.remove(cid)
    if not i & 1:  # keep: to the construction area, empty
        log(_KEEP[s][cid])
        entries.append((cid, _EMPTY[cid]))
        return
    log(_RECYCLE[s][cid])  # recycle: its cube is placed at once (planning.recycle)
    state.discard.append(cid)
    r = _RECYCLE_IDX[cid]
    seat.pending_resource = r
    seat.pending_source = _SOURCE[cid]
    for entry in entries:
        for q in _AT[entry[0]][r]:
            if not entry[1][q]:
                seat.pending_amount = 1
                return
    _to_empire(seat, r, 1)


def _tokens(state: WonderfulState, s: int, seat: SeatState, draw, log, uses: int) -> None:
    """A ``tokens`` step: ``done``, then the any-time actions (``uses`` token placements)."""
    k = 1 + uses + len(seat.construction)
    i = _draw(draw, k) if k > 1 else 0
    if i:
        _any(state, s, seat, i - 1, uses, log)
    else:
        log(_DONE[s])
        seat.done = True


def _any(state: WonderfulState, s: int, seat: SeatState, j: int, uses: int, log) -> None:
    """Action ``j`` of the any-time list: one of the ``uses`` token placements (the list
    ``construction.any_time`` builds) or the discard of the card under construction at
    ``j - uses``."""
    if j < uses:
        extra: list = []
        any_time(seat, s, extra)
        chosen = extra[j]
        log(_text(chosen))
        use(state, s, *chosen.args)
        return
    j -= uses
    entries = seat.construction
    cid = entries.pop(j)[0]
    copy = _copy(entries, j, cid)
    log(_DISCARD[s][cid] if copy == 1 else _text(action(s, "discard", (f"{cid}.{copy}",))))
    state.discard.append(cid)
    _to_empire(seat, _RECYCLE_IDX[cid], 1)


#: how many token placements a card under construction offers, by entry and by which tokens
#: the seat holds (bit 0 Krystallium, 1 a financier, 2 a general); bounded
_USES: dict[tuple, tuple[int, ...]] = {}


def _uses(seat: SeatState) -> int:
    """How many ``use`` actions ``construction.any_time`` lists for the seat (0: it holds no
    token it could place, ``construction.usable``)."""
    mask = (seat.krystallium > 0) | (seat.financiers > 0) << 1 | (seat.generals > 0) << 2
    if not mask:
        return 0
    n = 0
    get = _USES.get
    for entry in seat.construction:
        counts = get(entry)
        if counts is None:
            counts = _count_uses(entry)
        n += counts[mask]
    return n


def _count_uses(entry: tuple) -> tuple[int, ...]:
    """The ``use`` actions on one entry for each token mask (``construction._uses``: one per
    kind of empty space; Krystallium fills any resource or Krystallium space)."""
    cid, fills = entry
    kinds = {kind for kind, x in zip(CARDS[cid].spaces, fills) if not x}
    fin, gen = "financier" in kinds, "general" in kinds
    res = len(kinds) - fin - gen
    counts = tuple((res if m & 1 else 0) + (fin if m & 2 else 0) + (gen if m & 4 else 0)
                   for m in range(8))
    if len(_USES) > 50_000:
        _USES.clear()
    _USES[entry] = counts
    return counts


def _copy(entries: list, j: int, cid: str) -> int:
    """Which copy of ``cid`` the entry at ``j`` is (1 for the first), from the entries
    before it."""
    if not j:
        return 1
    return 1 + [e[0] for e in entries[:j]].count(cid)


def _place(state: WonderfulState, s: int, seat: SeatState, draw, log) -> None:
    """A ``place`` step: the pending cube on the first empty matching space of a card under
    construction, or the Empire card (``decisions._legal_place``'s list, counted); cubes with
    nowhere else to go then go to the Empire card (``construction.autoplace``)."""
    r = seat.pending_resource
    entries = seat.construction
    targets = []
    for j, (cid, fills) in enumerate(entries):
        for q in _AT[cid][r]:
            if not fills[q]:
                targets.append((j, q))
                break
    k = len(targets) + 1
    i = _draw(draw, k) if k > 1 else 0
    seat.pending_amount -= 1
    if i == len(targets):
        log(_PLACE[s][r]["empire"])
        _to_empire(seat, r, 1)
    else:
        j, q = targets[i]
        cid, fills = entries[j]
        copy = _copy(entries, j, cid)
        res = RES[r]
        log(_PLACE[s][r][cid] if copy == 1
            else _text(action(s, "place", (res, f"{cid}.{copy}"))))
        fills = fills[:q] + (res,) + fills[q + 1:]
        if "" in fills:
            entries[j] = (cid, fills)
        else:
            _built(seat, j)
    if seat.pending_amount:
        for entry in entries:
            for q in _AT[entry[0]][r]:
                if not entry[1][q]:
                    return
        m, seat.pending_amount = seat.pending_amount, 0
        _to_empire(seat, r, m)


def _built(seat: SeatState, j: int) -> None:
    """The entry at ``j`` is complete: built, with its construction bonus
    (``construction._complete``, quiet)."""
    cid = seat.construction.pop(j)[0]
    seat.built.append(cid)
    for token, k in _BONUS[cid]:
        if token == "financier":
            seat.financiers += k
        elif token == "general":
            seat.generals += k
        else:
            seat.krystallium += k


def _to_empire(seat: SeatState, r: int, m: int) -> None:
    """``m`` cubes of resource ``r`` on the Empire card; each 5th makes a Krystallium
    (``construction.to_empire``, quiet)."""
    cubes = seat.empire_cubes
    while m:
        cubes[r] += 1
        m -= 1
        if sum(cubes) == 5:
            cubes[:] = [0, 0, 0, 0, 0]
            seat.krystallium += 1
