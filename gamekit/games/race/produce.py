"""Phase V, Produce, resolved one seat at a time ("Who goes first?"): each seat's production
goods, then its windfall goods (Produce bonus and powers), then its produce draws, before the
next seat in order; "draw if you produced the most" (Mining Conglomerate) compares everyone's
production, so it is drawn after every seat has produced, in the same order."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamekit.core import Action

from .cardmoves import active, draw, pending, put_good, put_pending
from .common import (
    _CT,
    ANY,
    PROD,
)

if TYPE_CHECKING:
    from .state import RaceState


def begin_produce(st: RaceState, k: int) -> None:
    for seat in st.seats:
        seat.produced = [0, 0, 0, 0]
        seat.produced_on = set()
    st.sequence = list(st.order)
    st.resolving = None
    produce_run(st)


def produce_goods(st: RaceState, s: int) -> None:
    """Goods on the empty production worlds of ``s``; queue its windfall productions."""
    for w in st.seats[s].tableau:
        ct = _CT[w]
        if ct.production and w not in st.seats[s].goods:
            if put_good(st, s, w, "produce"):
                st.seats[s].produced[ct.good] += 1
                st.seats[s].produced_on.add(w)
    q = []
    act = active(st, s)
    for ct in act:
        q.extend(g for g in ct.windfall_produce if g != ANY)
    for ct in act:
        q.extend(g for g in ct.windfall_produce if g == ANY)
    if PROD in st.seats[s].action_picks:
        q.append(ANY)
    st.seats[s].windfall_queue = q


def empty_windfalls(st: RaceState, s: int, good: int) -> list[int]:
    goods = st.seats[s].goods
    return [w for w in st.seats[s].tableau if _CT[w].windfall and w not in goods
            and (good == ANY or _CT[w].good == good)]


def produce_run(st: RaceState) -> None:
    """Resolve seats in order until one must pick a windfall world."""
    while st.sequence:
        s = st.sequence[0]
        if st.resolving != s:
            st.resolving = s
            produce_goods(st, s)
        q = st.seats[s].windfall_queue
        while q:
            cands = empty_windfalls(st, s, q[0])
            if not cands:
                q.pop(0)
            elif len(cands) == 1:
                q.pop(0)
                windfall(st, s, cands[0])
            else:
                put_pending(st, s, ("windfall", q[0]))
                st._tm = (s,)
                return
        produce_draws(st, s)
        st.sequence.pop(0)
    st.resolving = None
    st._tm = ()
    for s in st.order:
        produce_draws(st, s, most=True)


def windfall(st: RaceState, s: int, w: int) -> None:
    if put_good(st, s, w, "windfall"):
        st.seats[s].produced[_CT[w].good] += 1
        st.seats[s].produced_on.add(w)


def act_windfall(st: RaceState, s: int, a: Action) -> None:
    good = pending(st, s)[1]
    w = next(x for x in empty_windfalls(st, s, good) if _CT[x].id == a.args[0])
    put_pending(st, s, None)
    st.seats[s].windfall_queue.pop(0)
    windfall(st, s, w)
    produce_run(st)


def produce_draws(st: RaceState, s: int, most: bool = False) -> None:
    """Produce draws of ``s``: its own (``most`` false) or "if you produced the most"."""
    seats = st.seats
    mine = seats[s].produced
    n = 0
    if most:
        for ct in active(st, s):
            for k, g in ct.draw_if_most:
                if mine[g] > max(seats[o].produced[g] for o in range(len(seats)) if o != s):
                    n += k
    else:
        for ct in active(st, s):
            n += ct.produce_draw
            for k, g in ct.draw_per_good:
                n += k * mine[g]
            if ct.draw_per_kind:
                n += ct.draw_per_kind * sum(1 for x in mine if x)
            for k, g in ct.draw_per_world:
                n += k * sum(1 for w in st.seats[s].tableau if _CT[w].world and _CT[w].good == g)
        for w in st.seats[s].produced_on:
            n += _CT[w].draw_if_produced
    if n:
        draw(st, s, n, "produce")
