"""Phase I, Explore: draw, then keep (all draws happen before any discard)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamekit.core import Action

from .cardmoves import active, deciding, ids, put_pending, reshuffled, take_unknown, to_discard
from .common import (
    _CT,
    E5,
    E11,
    ONLY,
    _cid,
)
from .unknown_cards import known_find

if TYPE_CHECKING:
    from .state import RaceState


def begin_explore(st: RaceState, k: int) -> None:
    for s in st.order:
        p = st.seats[s].action_picks
        draw, keep = 2, 1
        if E5 in p:
            draw += 5
        if E11 in p:
            draw += 1
            keep += 1
        for ct in active(st, s):
            draw += ct.explore_draw
            keep += ct.explore_keep
        got = st.pile.draw(st.chance, draw, reshuffled(st))
        st.seats[s].explored = got
        if st.unknown.expected[s]:
            take_unknown(st, s, got)
        st.flow(s, "card", len(got), "deck:explore", "explore")
        st.emit("explore", s, rule="explore", n=len(got), keep=min(keep, len(got)))
        st.emit("explore_see", s, rule="explore", visible=ONLY[s], cards=ids(got))
        st.seats[s].keep_left = min(keep, len(got))
    for s in st.order:
        explore_settle(st, s)
    st._tm = deciding(st)


def explore_settle(st: RaceState, s: int) -> None:
    """Keep without asking when the choice is forced; otherwise ask."""
    look = st.seats[s].explored
    k = st.seats[s].keep_left
    if k >= len(look) or len({_CT[c].t for c in look}) == 1:
        for c in look[:k]:
            keep_card(st, s, c)
        end_explore(st, s)
    else:
        put_pending(st, s, ("keep",))


def keep_card(st: RaceState, s: int, c: int) -> None:
    st.seats[s].explored.remove(c)
    st.seats[s].hand.append(c)
    st.seats[s].keep_left -= 1
    st.flow(s, "card", 1, "explore", "hand")
    st.emit("keep", s, rule="explore", visible=ONLY[s], card=_cid(c))


def end_explore(st: RaceState, s: int) -> None:
    for c in st.seats[s].explored:
        to_discard(st, s, c, "explore", "explore")
    st.seats[s].explored = []
    st.seats[s].keep_left = 0
    put_pending(st, s, None)


def act_keep(st: RaceState, s: int, a: Action) -> None:
    c = known_find(st, s, st.seats[s].explored, a.args[0])
    keep_card(st, s, c)
    if st.seats[s].keep_left == 0 or not st.seats[s].explored:
        end_explore(st, s)
    else:
        explore_settle(st, s)
    st._tm = deciding(st)
