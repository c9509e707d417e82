"""Action selection ("Como jogar": every seat secretly chooses an action card, then all are
revealed; the advanced 2-player game chooses two, "Jogo avançado para 2 jogadores") and the
round's phases the revealed cards call for; a mixin of ``RaceState``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamekit.core import Action
from gamekit.core.course import act

from .cardmoves import everyone, set_pending
from .cards import ACTIONS
from .common import ACTION_CODE, DEV, DEV2, E5, E11, ONLY, PROD, SET, SET2, TRADE, X2

if TYPE_CHECKING:
    from .state import RaceState

#: shared immutable choices of the standard game (legal lists are rebuilt often)
_CHOOSE = [[act(s, "choose", (ACTIONS[i],)) for i in range(7)] for s in range(4)]


def start_round(st: RaceState) -> None:
    """A new round: every seat chooses its action card(s)."""
    st.round += 1
    st.phase = "choose"
    st.phase_step = ("choose", 0)
    for seat in st.seats:
        seat.action_picks = []
    st.revealed = False
    st.emit("round_start", rule="how_to_play", n=st.round)
    everyone(st, "choose")


def legal_choose(st: RaceState, s: int) -> list[Action]:
    if not st.advanced:
        return _CHOOSE[s]
    mine = st.seats[s].action_picks
    out = [act(s, "choose", (ACTIONS[i],)) for i in range(7) if i not in mine]
    if DEV in mine:
        out.append(act(s, "choose", ("develop_2",)))
    if SET in mine:
        out.append(act(s, "choose", ("settle_2",)))
    return out


def act_choose(st: RaceState, s: int, a: Action) -> None:
    code = ACTION_CODE[a.args[0]]
    st.seats[s].action_picks.append(code)
    st.emit("choose", s, rule="how_to_play", visible=ONLY[s], action=ACTIONS[code])
    if len(st.seats[s].action_picks) == st.npicks:
        set_pending(st, s, None)


def reveal_actions(st: RaceState) -> None:
    """Everyone has chosen: reveal the cards and plan the round's phases."""
    st.revealed = True
    picks = [seat.action_picks for seat in st.seats]
    for s in st.order:
        st.emit("reveal", s, rule="how_to_play", actions=[ACTIONS[a] for a in picks[s]])
    st.queue = plan(picks)


def plan(picks: list[list[int]]) -> list[tuple[str, int]]:
    """The round's phases, in order, for the revealed action cards ``picks``."""
    q: list[tuple[str, int]] = []
    if any(E5 in p or E11 in p for p in picks):
        q.append(("explore", 1))
    nd = max(sum(1 for a in p if a in (DEV, DEV2)) for p in picks)
    q.extend(("develop", k) for k in range(1, nd + 1))
    ns = max(sum(1 for a in p if a in (SET, SET2)) for p in picks)
    q.extend(("settle", k) for k in range(1, ns + 1))
    if any(TRADE in p or X2 in p for p in picks):
        q.append(("consume", 1))
    if any(PROD in p for p in picks):
        q.append(("produce", 1))
    return q


def bonus(st: RaceState, s: int, codes: tuple[int, ...]) -> int:
    """How many of the action cards ``codes`` seat ``s`` chose this round."""
    return sum(1 for a in st.seats[s].action_picks if a in codes)
