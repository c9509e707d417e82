"""Random playouts (issue 15): the walker behind ``WonderfulState.play_random`` for quiet games
of 2-5 players, the same games as the step table gives, draw for draw.

Every decision of a round is seat-local (rulebook "Fase de Seleção", "Fase de Planeamento",
"Fase de Produção": a seat's choices change only its own cards, cubes and tokens, and the shared
discard pile), so the walker lets each seat that decides take all its decisions in turn (the
order ``to_move`` gives: the first deciding seat until it has none, then the next), then walks
the phase table once (``_progress``). Inside a seat's turn it reads the step from the top of the
seat's sub-stack of the decision stack (``state.stacks[s]``, kinds of ``asks``) and pushes,
replaces and answers entries as the rules do, so the stack is always the one ``apply`` would
leave; it
counts the legal actions without building them where it can (keep or recycle of each distinct drafted card, the cubes' targets, the discards), draws
the index as ``Random._randbelow`` does and carries the chosen action out in place. The
any-time token placements come from ``construction.any_time`` (the same list, memoised), and
the rare verbs (``use``, ``supremacy``) from their rule functions.

Each decision logs its action's text, as ``apply`` does. When the walker stops at its limit in
the middle of a turn, the steps that ask nothing more are answered (``decisions.settle``) and
the table walked as ``apply`` would have left it (``_settle``).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from gamekit.core.actions import _text
from gamekit.core.stack import Pending

from .actions import action
from .construction import empire_quiet
from .data import CARDS, CHARACTERS, EMPIRES, KINDS, RES, RIDX, SUPREMACY
from .decisions import settle_all
from .draft import PICKS
from .phases import _end_game as end_game
from .phases import _end_round as end_round
from .phases import start_round
from .placements import _EMPTY_USES, _USES, _count_uses, _discard_completes, counts_of
from .placements import EMPTY_ENTRY as _EMPTY_ENTRY
from .placements import ROOM as _ROOM
from .placements import matters as _matters
from .planning import start
from .production import amount
from .walk_draft import _NONE, _WIDTH, _draft, _reveal, _texts

if TYPE_CHECKING:
    from .seat import SeatState
    from .state import WonderfulState

__all__ = ["fits", "play"]


#: ``p<seat> keep <card>`` (``recycle``, ``discard``), by seat and card id
_KEEP, _RECYCLE, _DISCARD = (_texts(v) for v in ("keep", "recycle", "discard"))
#: ``p<seat> place <resource> <card>`` and ``... empire``, by seat and resource index
_PLACE = [[{cid: _text(action(s, "place", (res, cid))) for cid in (*CARDS, "empire")}
           for res in RES] for s in range(5)]
_DONE = [_text(action(s, "done", ())) for s in range(5)]
#: ``p<seat> use <token> <card> ...`` by seat, kind of space and card label (``card.2``: the
#: second copy), filled as met: the token is the kind's (a Krystallium on a resource or
#: Krystallium space); string keys, not a tuple of the arguments hashed and compared per use
_USE_TEXT: list[dict[str, dict[str, str]]] = [{k: {} for k in KINDS} for _s in range(5)]
_SUPREMACY_TEXT = [[_text(action(s, "supremacy", (t,))) for t in CHARACTERS] for s in range(5)]
#: the first space of each kind on a card (a card's spaces are grouped by kind)
_FIRST = {cid: {k: c.spaces.index(k) for k in c.spaces} for cid, c in CARDS.items()}
#: each card's recycling cube (where each resource's spaces are: ``placements.AT``)
_RECYCLE_IDX = {cid: c.recycle_idx for cid, c in CARDS.items()}
_SOURCE = {cid: "recycle:" + cid for cid in CARDS}
#: each card's construction bonus as the Krystallium, financiers and generals it gives
_BONUS = {cid: tuple(c.bonus.get(t, 0) for t in ("krystallium", "financier", "general"))
          for cid, c in CARDS.items()}
#: every seat's ``tokens`` step, by number of seats (a production step opens with them)
_TOKENS = {n: tuple(Pending("tokens", s) for s in range(n)) for n in range(1, 6)}
#: what the Empire card produces, by empire, side and resource (``production.amount`` of a
#: seat with nothing built)
_PROD = {e: {side: x.prod for side, x in emp.sides.items()} for e, emp in EMPIRES.items()}
#: an Empire card's cubes cleared (``cubes[:] = _NO_CUBES``: no list built per Krystallium)
_NO_CUBES = (0, 0, 0, 0, 0)
_new = tuple.__new__  # a ``Pending`` without its keyword-handling constructor (hot path)
#: planning's action ``i`` (keep or recycle of each distinct drafted card): the card's index
#: and whether it is kept, ``(i >> 1, not i & 1)`` read from a table (CPython 3.11 runs ``>>``
#: and ``&`` through the generic number protocol; a tuple index and a pair unpack are specialised)
_SPLIT = tuple((i >> 1, not i & 1) for i in range(2 * 64))


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
    # each seat's counts of its cards under construction (``placements._count_uses``), kept
    # beside ``seat.construction`` entry for entry while the walker plays
    cnts = [counts_of(seat.construction) for seat in seats]
    prods = [_PROD[seat.empire][state.side] for seat in seats]  # by seat and resource
    n = 0
    groups: list | None = None  # by seat: the seat's entries, bottom first (None: no decision)
    while n < limit and state.phase != "end":
        if state.phase == "draft":
            n += _draft(state, bits, log, limit - n)
            groups = None
            continue
        if groups is None:
            groups = [list(mine) if mine else None for mine in state.stacks]
        s = -1  # (a counter, not ``enumerate``: see ``_targets``)
        for mine in groups:  # each seat that decides, in seat order
            s += 1
            if mine:
                n += _turn(s, seats[s], bits[s], log, limit - n, mine, state, cnts[s])
                if n >= limit:
                    break
        if n >= limit:
            break
        state.stacks = _NONE[len(seats)]  # every seat's decisions answered
        groups = _advance(state, cnts, prods)
    if groups is not None:  # stopped inside planning or a production step
        _write(state, groups)
    _settle(state)
    state._legal_cache = {}
    return n


def _advance(state: WonderfulState, cnts: list, prods: list) -> list | None:
    """Nobody decides: one move of the phase table (``phases``: the draft's reveal, planning,
    the five production steps, the end of the round or of the game), as
    ``course.Course.advance`` walks it without stopping points (the walker's games set none).
    A production step returns each deciding seat's entries (``_produce``)."""
    phase = state.phase
    if phase == "draft":
        if not _reveal(state):
            start(state)
        else:
            state.stacks = PICKS[len(state.seats)]
    elif phase == "planning":
        return _produce(state, 0, cnts, prods)
    elif state.step < 4:
        return _produce(state, state.step + 1, cnts, prods)
    elif end_round(state):
        start_round(state)
    else:
        end_game(state)
    return None


def _produce(state: WonderfulState, r: int, cnts: list, prods: list) -> list:
    """Production step ``r`` (``production.start_step``, quiet): every seat produces (a seat
    with nothing built what its Empire card does, ``prods``), the supremacy bonus, then cubes
    with only the Empire card to go to are placed there. Returns each seat's entries, bottom
    first, by seat (``None``: no decision; as ``play`` groups the stack: the seats' turns read
    only these lists, and ``play`` writes the stack from them where it stops)."""
    state.phase = "production"
    state.step = r
    seats = state.seats
    side = state.side  # (``amount``: a seat with something built)
    res = RES[r]
    totals = []
    tokens = _TOKENS[len(seats)]  # each seat's ``tokens`` step, below its other entries
    groups: list = [None] * len(seats)  # each seat's tokens step, cubes, supremacy choice
    room = _ROOM + r  # (``has_space`` from the counts: 1 + a card's first empty ``r`` space)
    s = -1  # (a counter, not ``enumerate``: see ``_targets``)
    for seat in seats:
        s += 1
        seat.done = False
        total = amount(seat, side, r) if seat.built else prods[s][r]
        totals.append(total)
        seat.produced[r] = total
        cn = cnts[s]
        if total:
            for found in cn:
                if found[room]:  # a card under construction has room: the seat places them
                    groups[s] = [tokens[s], _new(Pending, ("place", s, (res, total, "production")))]
                    break
            else:  # only the Empire card to go to (``construction.autoplace``)
                empire_quiet(seat, r, total)
        if cn and groups[s] is None and _matters(seat, cn):  # a tokens step alone, unless it
            groups[s] = [tokens[s]]  # asks nothing (``settle``; the winner's is asked again)
    best = max(totals)  # ``_supremacy_winner`` of 2-5 seats: the single seat with the most
    winner = totals.index(best) if totals.count(best) == 1 else None
    token = SUPREMACY[r]
    state.supremacy.append({"round": state.round, "step": res, "seat": winner,
                            "token": None if winner is None else token, "production": totals})
    if winner is not None:
        if token == "choice":
            entry = _new(Pending, ("supremacy", winner, ()))
            mine = groups[winner]
            if mine is None:
                groups[winner] = [tokens[winner], entry]
            else:
                mine.append(entry)
        else:  # a token more: the winner's tokens step may ask something now
            seat = seats[winner]
            if token == "financier":  # (``_gain``)
                seat.financiers += 1
            else:
                seat.generals += 1
            cn = cnts[winner]
            if cn and groups[winner] is None and _matters(seat, cn):
                groups[winner] = [tokens[winner]]
    return groups  # (written to ``state.stacks`` only where the walker stops: ``_write``)


def _settle(state: WonderfulState) -> None:
    """Who decides now, as ``apply`` leaves it: the steps that ask nothing more answered."""
    settle_all(state)
    state._to_move = tuple([s for s, mine in enumerate(state.stacks) if mine])
    if not state._to_move:
        state._progress()


def _turn(s: int, seat: SeatState, draw, log, budget: int, mine: list,
          state: WonderfulState, cn: list) -> int:
    """Seat ``s`` decides until it has no decision (or ``budget`` decisions are made): its step
    is its top entry; a ``tokens`` step offers ``done``, then the any-time actions, and is
    answered when none of them matters (``decisions.settle``'s test). The seat's entries
    (``mine``, bottom first) are popped when answered, the top replaced or pushed as ``apply``
    would; the stack is written once, when the walker stops (``_write``)."""
    n = 0
    while mine:
        if n >= budget:  # (the compare before a short jump: see ``_plan``)
            break
        kind = mine[-1][0]
        if kind == "tokens":  # the seat's last step
            return n + _tokens(s, seat, draw, log, budget - n, mine, state.pile.discards, cn)
        if kind == "plan":
            n += _plan(state, s, seat, draw, log, budget - n, mine, cn)
            continue
        if kind == "supremacy":  # ``production.choose_supremacy``, quiet (no cube moves)
            i = draw(2)  # two characters: a 2-bit draw below 2 is one bit
            while i >= 2:
                i = draw(2)
            log(_SUPREMACY_TEXT[s][i])
            mine.pop()
            if i:  # (``CHARACTERS``: financier, general)
                seat.generals += 1
            else:
                seat.financiers += 1
            state.supremacy[-1]["token"] = CHARACTERS[i]
            n += 1
        else:  # place
            n += _place(s, seat, draw, log, budget - n, mine, cn)
    return n


def _write(state: WonderfulState, groups: list) -> None:
    """The stack where the walker stopped: each deciding seat's entries as ``groups`` has them
    (answered ones dropped, the top one as last changed, pushed ones on top)."""
    state.stacks = tuple([tuple(mine) if mine else () for mine in groups])


def _tokens(s: int, seat: SeatState, draw, log, budget: int, mine: list, discards: list,
            cn: list, uses: int = -1, mask: int = 0) -> int:
    """The seat's ``tokens`` step (its last entry): ``done``, then the any-time actions, until
    it says ``done`` or none of them matters (then the step is answered: no decision), at
    most ``budget`` decisions. ``uses`` and ``mask``: the token placements and the tokens
    held when the caller knows them (planning), else counted. Returns the decisions made."""
    entries = seat.construction
    n = 0
    while True:
        if n >= budget:  # (the compare before a short jump: see ``_plan``)
            break
        if uses < 0:  # token placements unknown: the sum of ``[mask]`` (``placements.counts_of``)
            mask = (seat.krystallium and 1) + (seat.financiers and 2) + (seat.generals and 4)
            uses = 0
            if mask:
                for found in cn:
                    uses += found[mask]
        if not uses and (len(entries) < 2 or not _discard_completes(seat, cn)):
            mine.pop()  # nothing matters: no decision
            break
        k = 1 + uses + len(entries)  # (at least 3: a placement needs a card, a discard two)
        width = _WIDTH[k]  # (``_draw`` inline)
        i = draw(width)
        while i >= k:
            i = draw(width)
        n += 1
        if i:
            uses = _any(discards, s, seat, cn, i - 1, uses, log, mask)
        else:
            log(_DONE[s])
            seat.done = True
            mine.pop()
            break
    return n


def _plan(state: WonderfulState, s: int, seat: SeatState, draw, log, budget: int,
          mine: list, cn: list) -> int:
    """The seat's ``plan`` steps, while it has drafted cards (and the cubes it recycles to
    place): keep or recycle each distinct drafted card, then the any-time actions
    (``planning.legal_plan``'s list, counted). Returns the decisions made."""
    drafted, entries, discards = seat.drafted, seat.construction, state.pile.discards
    keep_text, recycle_text = _KEEP[s], _RECYCLE[s]
    cards = drafted  # no two copies: the selection area itself
    if len(set(drafted)) < len(drafted):  # the distinct cards, in the order of first copies
        cards = list(dict.fromkeys(drafted))
    d2 = 2 * len(cards)  # keep or recycle of each distinct drafted card
    uses = mask = -1  # the token placements (unknown: -1) and the tokens held
    n = 0
    while drafted:
        # (not ``while drafted and n < budget``: CPython 3.11 specialises an int compare only
        # when a conditional jump follows at once, and the jump over a loop body this long
        # needs an ``EXTENDED_ARG`` first; here it jumps over the ``break``)
        if n >= budget:
            break
        if uses < 0:  # (as in ``_tokens``; ``found[0]`` is 0: no tokens, no placements)
            mask = (seat.krystallium and 1) + (seat.financiers and 2) + (seat.generals and 4)
            uses = 0
            for found in cn:
                uses += found[mask]
        n += 1
        k = d2 + uses + len(entries)
        width = _WIDTH[k]
        i = draw(width)
        while i >= k:
            i = draw(width)
        if i >= d2:
            uses = _any(discards, s, seat, cn, i - d2, uses, log, mask)
            continue
        h, keep = _SPLIT[i]
        cid = cards[h]
        if cards is drafted:
            del drafted[h]
            d2 -= 2
        else:
            drafted.remove(cid)
            if cid in drafted:  # a second copy: the order of first copies may change
                cards = list(dict.fromkeys(drafted))
                d2 = 2 * len(cards)
            else:
                cards.remove(cid)
                d2 -= 2
        if keep:  # to the construction area, empty
            log(keep_text[cid])
            entries.append(_EMPTY_ENTRY[cid])
            found = _EMPTY_USES[cid]
            cn.append(found)
            uses += found[mask]  # (``found[0]`` is 0: no tokens, no placements)
            continue
        log(recycle_text[cid])  # recycle: its cube is placed at once (planning.recycle)
        discards.append(cid)
        r = _RECYCLE_IDX[cid]
        targets = _targets(cn, r) if cn else None
        if targets:  # a cube to place: at once (``_place``, not pushed above the plan step
            cube = (RES[r], 1, _SOURCE[cid])  # and popped), unless the budget is spent
            if n >= budget:
                mine.append(_new(Pending, ("place", s, cube)))
                return n
            n += _place(s, seat, draw, log, budget - n, mine, cn, targets, cube)
            uses = -1
        else:
            cubes = seat.empire_cubes
            cubes[r] += 1
            a, b, c, d, e = cubes  # (four adds cost less than a ``sum`` call: see ``_any``)
            if a + b + c + d + e == 5:
                cubes[:] = _NO_CUBES
                seat.krystallium += 1
                uses = -1
    if not drafted and n < budget:  # the selection area is planned: the step is over, the
        mine.pop()  # ``tokens`` step below it is next (with the counts known here)
        return n + _tokens(s, seat, draw, log, budget - n, mine, discards, cn, uses, mask)
    return n


def _any(discards: list, s: int, seat: SeatState, cn: list, j: int, uses: int, log,
         mask: int) -> int:
    """Action ``j`` of the any-time list: one of the ``uses`` token placements (the list
    ``construction.any_time`` builds, ``mask`` the tokens held as the counts read them) or the
    discard of the card under construction at ``j - uses``. Returns the token placements
    left when known, else -1."""
    entries = seat.construction
    if j < uses:  # a token placement (``construction.use``, quiet): a character on its
        e = 0  # space, or a Krystallium on the first empty space of a kind
        for found in cn:
            if j < found[mask]:
                break
            j -= found[mask]
            e += 1
        _use(s, seat, cn, e, found[8 + mask][j], log)
        return -1
    j -= uses
    cid = entries.pop(j)[0]
    found = cn.pop(j)
    copy = _copy(entries, j, cid) if j > 1 or j and entries[0][0] == cid else 1  # (``_copy``)
    log(_DISCARD[s][cid] if copy == 1 else _text(action(s, "discard", (f"{cid}.{copy}",))))
    discards.append(cid)
    uses -= found[mask]  # (``found[0]`` is 0: no tokens, no placements)
    cubes = seat.empire_cubes
    cubes[_RECYCLE_IDX[cid]] += 1
    # (the cubes added up, not ``sum(cubes)``: callgrind gives ≈ 600 instructions for the
    # unpack and adds against ≈ 860 for the call of ``sum`` over five ints)
    a, b, c, d, e = cubes
    if a + b + c + d + e == 5:  # the 5th cube on the Empire card: a Krystallium
        cubes[:] = _NO_CUBES
        seat.krystallium += 1
        return -1
    return uses


def _copy(entries: list, j: int, cid: str) -> int:
    """Which copy of card ``cid`` the entry at ``j`` is (1 + the earlier entries of the card:
    an action names ``card.2`` for the second copy under construction). The callers call it
    only when an earlier entry may be one (``j > 1``, or the first entry is of the card): the
    first entry, or none, is by far the most frequent case, and a call with its slice costs
    ≈ 1,700 instructions (callgrind) against ≈ 280 for the test."""
    copy = 1
    while j:  # (no slice, no unpacking: ≈ 570 instructions less a call of ``j = 2``)
        j -= 1
        if entries[j][0] == cid:
            copy += 1
    return copy


def _use(s: int, seat: SeatState, cn: list, e: int, kind: str, log) -> None:
    """A token on the first empty ``kind`` space of the entry at ``e`` (``construction.use``,
    quiet): a character on its space, or a Krystallium on a resource or Krystallium space."""
    entries = seat.construction
    cid, fills = entries[e]
    copy = _copy(entries, e, cid) if e > 1 or e and entries[0][0] == cid else 1
    label = cid if copy == 1 else f"{cid}.{copy}"
    if kind == "financier":
        token = kind
        seat.financiers -= 1
    elif kind == "general":
        token = kind
        seat.generals -= 1
    else:
        token = "krystallium"
        seat.krystallium -= 1
    texts = _USE_TEXT[s][kind]
    text = texts.get(label)
    if text is None:
        args = (kind, label) if kind in CHARACTERS else ("krystallium", label, kind)
        text = texts[label] = _text(action(s, "use", args))
    log(text)
    q = fills.index("", _FIRST[cid][kind])  # the kind's spaces lie together, first empty one
    # (the space filled in a list copy: callgrind gives ≈ 1,150 instructions for ``list``, the
    # store and ``tuple`` against ≈ 2,100 for two slices and two tuple concatenations)
    filled = list(fills)
    filled[q] = token
    fills = tuple(filled)
    if "" in fills:
        entries[e] = entry = (cid, fills)
        try:  # (the memo read inline: no call unless it misses)
            cn[e] = _USES[entry]
        except KeyError:
            cn[e] = _count_uses(entry)
    else:
        _built(seat, cn, e)


def _targets(cn: list, r: int) -> list[tuple[int, int]]:
    """Where a cube of resource ``r`` may go: ``(entry, space)`` for the first empty ``r``
    space of each card under construction (``decisions._legal_place``, without the Empire),
    read from the seat's counts (``placements.ROOM``)."""
    r += _ROOM
    targets = []
    j = 0  # (a counter, not ``enumerate``: ≈ 650 instructions less a call by callgrind)
    for found in cn:
        if found[r]:
            targets.append((j, found[r] - 1))
        j += 1
    return targets


def _place(s: int, seat: SeatState, draw, log, budget: int, mine: list, cn: list,
           targets: list | None = None, cube: tuple | None = None) -> int:
    """The seat's ``place`` steps while it has pending cubes (at most ``budget``): each on the
    first empty matching space of a card under construction or on the Empire card
    (``decisions._legal_place``'s list, counted, its targets kept from cube to cube: the
    caller's ``_targets`` when it has them); cubes with nowhere else to go then go to the
    Empire card (``construction.autoplace``). Returns the decisions made. ``cube``: the
    ``place`` entry's arguments when it is not on the stack (planning's recycled cube, one,
    with a budget: it is placed, so nothing is pushed)."""
    res, left, source = mine[-1][2] if cube is None else cube
    r = RIDX[res]
    texts, entries = _PLACE[s][r], seat.construction
    if targets is None:
        targets = _targets(cn, r)
    n = 0
    while targets:
        if n >= budget:  # (the compare before a short jump: see ``_plan``)
            break
        k = len(targets) + 1
        width = _WIDTH[k]
        i = draw(width)
        while i >= k:
            i = draw(width)
        n += 1
        left -= 1
        if i == k - 1:  # one cube to the Empire card (``empire_quiet`` inline)
            log(texts["empire"])
            cubes = seat.empire_cubes
            cubes[r] += 1
            a, b, c, d, e = cubes  # (not ``sum``: see ``_any``)
            if a + b + c + d + e == 5:  # the 5th cube: a Krystallium
                cubes[:] = _NO_CUBES
                seat.krystallium += 1
        else:
            j, q = targets[i]
            cid, fills = entries[j]
            copy = _copy(entries, j, cid) if j > 1 or j and entries[0][0] == cid else 1
            log(texts[cid] if copy == 1 else _text(action(s, "place", (res, f"{cid}.{copy}"))))
            filled = list(fills)  # (not two slices and two concatenations: see ``_use``)
            filled[q] = res
            fills = tuple(filled)
            if "" not in fills:
                _built(seat, cn, j)
                targets = _targets(cn, r)
            else:
                entries[j] = entry = (cid, fills)
                try:
                    cn[j] = found = _USES[entry]
                except KeyError:
                    cn[j] = found = _count_uses(entry)
                q = found[_ROOM + r]  # the card's next empty ``r`` space, if any
                if q:
                    targets[i] = (j, q - 1)
                else:
                    del targets[i]
        if not left:
            break
    if not targets and left:  # only the Empire card is left
        empire_quiet(seat, r, left)
        left = 0
    if left:  # ``asks.set_pending``
        mine[-1] = _new(Pending, ("place", s, (res, left, source)))
    elif cube is None:
        mine.pop()
    return n


def _built(seat: SeatState, cn: list, j: int) -> None:
    """The entry at ``j`` is complete: built, with its construction bonus
    (``construction._complete``, quiet); its counts leave ``cn``."""
    cn.pop(j)
    cid = seat.construction.pop(j)[0]
    seat.built.append(cid)
    k, f, g = _BONUS[cid]  # (no loop over the bonus)
    if k:
        seat.krystallium += k
    if f:
        seat.financiers += f
    if g:
        seat.generals += g
