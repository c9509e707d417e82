"""What a seat may see: ``clone``, ``view`` (hidden cards masked), ``determinize`` (hidden
cards dealt at random for a look-ahead) and ``to_dict``: the functions behind those methods
of ``RaceState``.

A view hides other hands (except a card revealed for placement), the deck and discard order,
every good's card (its kind is public), others' explored cards and the round's secret picks.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from gamekit.kit.deck import Deck

from .cardmoves import find, pending, put_pending
from .cards import ACTIONS, GOODS
from .common import _CT, ACTION_CODE, HIDDEN, NCARDS, SECRET, _cid
from .seat import RaceSeat
from .unknown_cards import mask_unknown, unknown_dict

if TYPE_CHECKING:
    from .state import RaceState


def clone(st: RaceState) -> RaceState:
    new, d = st._clone_base()
    d["pile"] = st.pile.copy()
    d["seats"] = [seat.copy() for seat in st.seats]
    d["unknown"] = st.unknown.copy()
    copy_rest(st, d)
    return new


def copy_rest(st: RaceState, d: dict[str, Any]) -> None:
    """Copy into a clone's attribute dict ``d`` the containers besides the seats."""
    d["queue"] = st.queue[:]
    d["placed_this_phase"] = set(st.placed_this_phase)
    d["sequence"] = st.sequence[:]
    d["order"] = st.order[:]


def view(st: RaceState, seat: int | None) -> RaceState:
    """What ``seat`` may see: a clone whose hidden parts are placeholders. Built without
    copying what it hides (the deck, the discards, the goods' cards, the other seats' hands
    and explored cards): agents decide from a view, so it is on the bots' hot path."""
    new, d = st._clone_base()
    pile = d["pile"] = Deck(eager=True, sort_discards=True)  # as ``setup`` builds it
    pile.cards = [HIDDEN] * len(st.pile.cards)
    pile.discards = [HIDDEN] * len(st.pile.discards)
    opened = picks_open(st)
    revealed = st.revealed
    seats = []
    for s, mine in enumerate(st.seats):
        if s == seat:
            v = mine.copy()
            v.goods = dict.fromkeys(mine.goods, HIDDEN)
            seats.append(v)
            continue
        c = mine.chosen
        known = c if (c is not None and c >= 0 and opened) else None
        seats.append(RaceSeat(
            mine.start, mine.tableau[:], [x if x == known else HIDDEN for x in mine.hand],
            [HIDDEN] * len(mine.explored), dict.fromkeys(mine.goods, HIDDEN), mine.chips,
            mine.action_picks[:] if revealed else [HIDDEN] * len(mine.action_picks),
            SECRET if (c is not None and not opened) else c,
            mine.temp_military, mine.keep_left, set(mine.consume_used), mine.produced[:],
            set(mine.produced_on), mine.windfall_queue[:]))
    d["seats"] = seats
    d["unknown"] = mask_unknown(st, seat)
    copy_rest(st, d)
    v = st._view_base(seat, new)
    v.masked = True
    return v


def picks_open(st: RaceState) -> bool:
    """Develop/settle picks are public once every seat has picked."""
    for e in st.stack:
        if e[0] in _PICKS:
            return False
    return True


#: the secret picks of Develop and Settle (step kinds)
_PICKS = frozenset(("dev_pick", "set_pick"))


def determinize(st: RaceState, rng: random.Random) -> RaceState:
    full = st.clone()
    if not st.masked:  # a full state hides nothing
        return full
    viewer = st.viewer
    full.viewer = None
    full.masked = False
    known = set()
    for s in range(st.players):
        known.update(st.seats[s].tableau)
        known.update(c for c in st.seats[s].hand if c >= 0)
        known.update(c for c in st.seats[s].explored if c >= 0)
    unknown = [c for c in range(NCARDS) if c not in known]
    rng.shuffle(unknown)
    it = iter(unknown)
    full.deck = [next(it) for _ in st.deck]
    full.discard = [next(it) for _ in st.discard]
    for mine, seat, held in zip(st.seats, full.seats, full.unknown.held):
        seat.hand = [c if c >= 0 else next(it) for c in mine.hand]
        seat.explored = [c if c >= 0 else next(it) for c in mine.explored]
        seat.goods = {w: next(it) for w in mine.goods}
        if None in held:  # another seat's unknown cards: any of its hidden ones
            dealt = [c for c, was in zip(seat.hand + seat.explored,
                                         mine.hand + mine.explored) if was == HIDDEN]
            held[:] = dealt[len(dealt) - len(held):]
    rest = list(it)
    assert not rest, "determinize: hidden slots and unknown cards differ"
    for s, (mine, seat) in enumerate(zip(st.seats, full.seats)):
        if s == viewer:
            continue
        if HIDDEN in mine.action_picks:
            seat.action_picks = []
            for _ in mine.action_picks:
                put_pending(full, s, ("choose",))
                a = rng.choice(full._legal(s))
                seat.action_picks.append(ACTION_CODE[a.args[0]])
            full.stack = st.stack
        if mine.chosen == SECRET:
            kind = "dev_pick" if st.phase_step[0] == "develop" else "set_pick"
            put_pending(full, s, (kind,))
            a = rng.choice(full._legal(s))
            seat.chosen = -1 if a.verb == "pass" else find(seat.hand, a.args[0])
            full.stack = st.stack
    full._legal_cache = {}
    return full


def to_dict(st: RaceState) -> dict[str, Any]:
    def cards(lst):
        if HIDDEN in lst:
            return sorted((_cid(c) if c >= 0 else "?") for c in lst)
        return sorted(_cid(c) for c in lst)

    def pile(lst):
        return len(lst) if (not lst or HIDDEN in lst) else [_cid(c) for c in reversed(lst)]

    seats = []
    for s, seat in enumerate(st.seats):
        ch = seat.chosen
        seats.append({
            "start_world": _cid(seat.start),
            "tableau": [_cid(c) for c in seat.tableau],
            "hand": cards(seat.hand),
            "explore": cards(seat.explored),
            "goods": {_cid(w): (GOODS[_CT[w].good] if g == HIDDEN
                                else [GOODS[_CT[w].good], _cid(g)])
                      for w, g in sorted(seat.goods.items())},
            "vp_chips": seat.chips,
            "score": st.score(s),
            "military": sum(_CT[c].mil for c in seat.tableau) + seat.temp_military,
            "actions": [("?" if a == HIDDEN else ACTIONS[a]) for a in seat.action_picks],
            "chosen": (None if ch is None else "?" if ch == SECRET else "none" if ch < 0
                       else _cid(ch)),
            "pending": pend_dict(st, s),
            **seat_bookkeeping(st, s),
        })
    return {
        "round": st.round,
        "phase": st.phase,
        "step": list(st.phase_step),
        "phases_left": [list(x) for x in st.queue],
        "vp_pool": st.pool,
        "deck": pile(st.deck),
        "discard": pile(st.discard),
        "over": st.over,
        "order": list(st.order),
        "to_move": list(st._tm),
        "sequence": list(st.sequence),
        "at": st.resolving,
        "seats": seats,
        **unknown_dict(st),
    }


def seat_bookkeeping(st: RaceState, s: int) -> dict[str, Any]:
    """What the rules read of seat ``s`` besides its cards (positions read it back): the
    cards' order (full state only), the goods' order, the step's counters."""
    seat = st.seats[s]
    tab = seat.tableau
    out: dict[str, Any] = {}
    if not st.masked:
        out["hand_order"] = [_cid(c) for c in seat.hand]
        out["explore_order"] = [_cid(c) for c in seat.explored]
    used = seat.consume_used
    out.update({
        "goods_order": [_cid(w) for w in seat.goods],
        "keep": seat.keep_left,
        "temp_military": seat.temp_military,
        "placed_this_phase": [_cid(c) for c in tab if c in st.placed_this_phase],
        "consume_used": [x for x in ("trade", "start", "done") if x in used] + sorted(
            [x[0], x[1]] for x in used if isinstance(x, tuple)),
        "produced": dict(zip(GOODS, seat.produced)),
        "produced_on": [_cid(w) for w in tab if w in seat.produced_on],
        "windfall_queue": ["any" if g < 0 else GOODS[g] for g in seat.windfall_queue],
    })
    return out


def pend_dict(st: RaceState, s: int) -> list:
    """The pending step of ``s`` as JSON-able data (card copies shown by id)."""
    p = pending(st, s)
    if p is None:
        return None
    out = [list(x) if isinstance(x, tuple) else x for x in p]
    if p[0] in ("pay", "method"):
        out[1] = _cid(p[1])
    return out
