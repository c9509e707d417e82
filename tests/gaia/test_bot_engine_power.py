"""The power factions' plans for the engines bot (session 26, issue 32): the Firaks', Nevlas'
and Taklons' terms, turns and decisions on played positions, and the engines bot with them
deciding from the view alone (figures: docs/bots.md, "Session 26: the power
engines")."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from gaia_helpers import completer_game, edited, play_from_views, twin_game_against_greedy

from gamekit.core import Action
from gamekit.games.gaia.bot_engine_power import (
    POWER_PLANS,
    EarlyPI,
    FiraksPlan,
    NevlasPlan,
    TaklonsPlan,
)
from gamekit.games.gaia.bot_engines import PLANS, EngineAgent
from gamekit.games.gaia.bot_eval import SCHOLAR
from gamekit.games.gaia.bot_factions import PI_WORTH
from gamekit.games.gaia.state import GaiaState

#: seed 1001's set-up seats the Firaks at seat 2; they move first in round 2 with a lab
_FIRAKS_SEED, _FIRAKS = 1001, 2


def _pi_of(state: GaiaState, seat: int) -> GaiaState:
    """``state`` with a mine of ``seat`` turned into its planetary institute."""
    def change(data: dict) -> None:
        b = data["players"][seat]["buildings"]
        b[[kind for _, kind in b].index("m")][1] = "PI"
    return edited(state, change)


@pytest.fixture(scope="module")
def firaks_round2() -> GaiaState:
    state = completer_game(_FIRAKS_SEED, 2)
    assert state.pl[_FIRAKS].faction == "firaks" and state.to_move() == (_FIRAKS,)
    return state


def test_the_plans_are_registered_by_faction() -> None:
    assert set(POWER_PLANS) == {"firaks", "nevlas"}
    assert all(PLANS[f] is plan for f, plan in POWER_PLANS.items())


def test_the_firaks_pi_is_worth_its_capped_rounds_and_the_unused_action(firaks_round2) -> None:
    plan, agent = FiraksPlan(), EngineAgent(_FIRAKS)
    assert plan.term(agent, firaks_round2, _FIRAKS) == 0.0
    with_pi = _pi_of(firaks_round2, _FIRAKS)
    left = min(6 - with_pi.round, plan.horizon)
    want = plan.scale * PI_WORTH["firaks"] * left + SCHOLAR.booster_action
    assert plan.term(agent, with_pi, _FIRAKS) == pytest.approx(want)


def test_the_firaks_take_their_pi_action_first_when_they_can(firaks_round2) -> None:
    plan, agent = FiraksPlan(), EngineAgent(_FIRAKS)
    legal = firaks_round2.legal_actions(_FIRAKS)
    assert plan.mains(agent, firaks_round2, _FIRAKS, legal) == legal  # no PI: no action
    with_pi = _pi_of(firaks_round2, _FIRAKS)
    legal = with_pi.legal_actions(_FIRAKS)
    kept = plan.mains(agent, with_pi, _FIRAKS, legal)
    assert [str(a) for a in kept] == ["p3 special down-lab"] and len(legal) > 1
    got = agent.choose(with_pi.agent_view(_FIRAKS), with_pi.decision(_FIRAKS))
    assert got == kept[0]
    with_pi.apply(got)
    while with_pi.to_move() == (_FIRAKS,) and with_pi.decision(_FIRAKS).kind != "turn":
        with_pi.apply(agent.choose(with_pi.agent_view(_FIRAKS), with_pi.decision(_FIRAKS)))
    p = with_pi.pl[_FIRAKS]
    assert p.counts.get("lab", 0) == 0 and p.counts["ts"] == 1 and "down-lab" in p.used


def _ts_of(state: GaiaState, seat: int) -> GaiaState:
    """``state`` with a mine of ``seat`` turned into a trading station and ore and credits
    for a PI."""
    def change(data: dict) -> None:
        b = data["players"][seat]["buildings"]
        b[[kind for _, kind in b].index("m")][1] = "ts"
        data["players"][seat]["resources"].update(ore=6, credits=10)
    return edited(state, change)


class _NoForce(EarlyPI):
    force = ()


def test_the_firaks_pi_is_their_turn_in_rounds_two_and_three(firaks_round2) -> None:
    plan, agent = FiraksPlan(), EngineAgent(_FIRAKS)
    state = _ts_of(firaks_round2, _FIRAKS)
    legal = state.legal_actions(_FIRAKS)
    kept = plan.mains(agent, state, _FIRAKS, legal)
    assert len(kept) == 1 and kept[0].verb == "upgrade" and kept[0].args[-1] == "PI"
    assert len(legal) > 1
    assert _NoForce().mains(agent, state, _FIRAKS, legal) == legal
    later = edited(state, lambda d: d.__setitem__("round", 4))
    assert plan.mains(agent, later, _FIRAKS, later.legal_actions(_FIRAKS)) == (
        later.legal_actions(_FIRAKS))


def test_choices_come_from_the_view_and_repeat_for_a_seed() -> None:
    state, _ = play_from_views(EngineAgent, _FIRAKS_SEED, 60)
    assert state.round >= 1


def test_a_two_player_game_against_the_greedy_bot_ends() -> None:
    state = twin_game_against_greedy(EngineAgent)
    assert state.is_over() and state.pl[0].vp > 0


def _seat_of(state: GaiaState, faction: str) -> int:
    return next(k for k, p in enumerate(state.pl) if p.faction == faction)


def test_the_nevlas_bowl_three_counts_twice_with_their_pi() -> None:
    state = completer_game(1000, 2)  # the Nevlas at seat 2
    seat = _seat_of(state, "nevlas")
    plan, agent = NevlasPlan(), EngineAgent(seat)
    assert plan.term(agent, state, seat) == 0.0
    with_pi = edited(_pi_of(state, seat), lambda d: d["players"][seat]["bowls"].__setitem__(2, 5))
    early = EarlyPI().term(agent, with_pi, seat)
    assert early > 0
    assert plan.term(agent, with_pi, seat) == pytest.approx(early + 5 * SCHOLAR.bowl[2])


def _leech(seat: int, *offers) -> SimpleNamespace:
    legal = [Action(seat, "leech", o) for o in offers] + [Action(seat, "decline", ())]
    return SimpleNamespace(kind="leech", legal=legal)


def test_the_taklons_take_leech_for_a_vp_more_once_their_pi_stands() -> None:
    state = completer_game(1004, 2)  # the Taklons at seat 2
    seat = _seat_of(state, "taklons")
    plan, agent = TaklonsPlan(), EngineAgent(seat)
    five = _leech(seat, (5,), (5, "token_first"))
    assert plan.decide(agent, state, seat, five) is None  # no PI: the completer's rule
    with_pi = _pi_of(state, seat)
    assert plan.decide(agent, with_pi, seat, five) == Action(seat, "leech", (5,))
    raised = _leech(seat, (3,), (5, "token_first"))
    assert plan.decide(agent, with_pi, seat, raised) == Action(seat, "leech", (5, "token_first"))
    assert plan.decide(agent, with_pi, seat, _leech(seat, (6,), (6, "token_first"))) is None
    assert plan.decide(agent, with_pi, seat, SimpleNamespace(kind="turn", legal=[])) is None
