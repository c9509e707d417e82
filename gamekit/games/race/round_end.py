"""End of the round and of the game ("Fim da rodada": discard down to the hand limit of 10;
"Fim do jogo": a tableau of 12 cards or an empty VP pool ends the game after the round) and
the initial discard of the setup ("Preparação"); a mixin of ``RaceState``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamekit.core import Action

from .cardmoves import deciding, on_step, pending, put_pending, set_pending, to_discard
from .common import _CT, HAND_LIMIT, ONLY, TABLEAU_END, _cid
from .unknown_cards import known_find

if TYPE_CHECKING:
    from .state import RaceState


def round_end(st: RaceState) -> None:
    """Seats over the hand limit discard (without asking when every card is alike)."""
    st.phase = "round_end"
    st.phase_step = ("round_end", 0)
    for s in range(st.players):
        extra = len(st.seats[s].hand) - HAND_LIMIT
        if extra > 0:
            put_pending(st, s, ("limit", extra))
            auto_discard(st, s)
    st._tm = deciding(st)


def auto_discard(st: RaceState, s: int) -> None:
    p = pending(st, s)
    if len({_CT[c].t for c in st.seats[s].hand}) == 1:
        for c in list(st.seats[s].hand[: p[-1]]):
            discard_hand(st, s, c, p[0])
        put_pending(st, s, None)


def discard_hand(st: RaceState, s: int, c: int, kind: str) -> None:
    st.seats[s].hand.remove(c)
    why = "hand_limit" if kind == "limit" else "setup"
    to_discard(st, s, c, "hand", why)
    st.emit("discard", s, rule="round_end" if kind == "limit" else "setup", n=1)
    st.emit("discarded", s, rule="round_end" if kind == "limit" else "setup", visible=ONLY[s],
              card=_cid(c))


def act_discard(st: RaceState, s: int, a: Action) -> None:
    kind, left = pending(st, s)
    c = known_find(st, s, st.seats[s].hand, a.args[0])
    discard_hand(st, s, c, kind)
    left -= 1
    set_pending(st, s, (kind, left) if left else None)
    if on_step(st, s):
        auto_discard(st, s)
        st._tm = deciding(st)


def continues(st: RaceState) -> bool:
    """Whether another round follows ("Fim do jogo": 12 cards in a tableau or the VP
    pool empty ends the game)."""
    return not (any(len(seat.tableau) >= TABLEAU_END for seat in st.seats) or st.pool <= 0)


def end_game(st: RaceState) -> None:
    st.over = True
    st.phase = "end"
    st.phase_step = ("end", 0)
    scores = [st.score(s) for s in range(st.players)]
    st.emit("game_end", rule="game_end", scores=scores)
