"""The engines bot's tech-tile plan (session 26, issue 32): action tiles counted a round left,
a green federation token worth the best advanced tile in reach (docs/bots.md, "Session 26:
tech tiles")."""

from __future__ import annotations

from functools import cache

import pytest
from gaia_helpers import (
    advanced_tech_choice,
    completer_game,
    edited,
    first_turn,
    twin_game_against_greedy,
    with_seat,
)

from gamekit.games.gaia.bot_engine_tech import (
    ACTION_ROUND,
    REACH,
    TECH_PLAN,
    action_worth,
    advanced_worth,
    green_worth,
    pass_worth,
)
from gamekit.games.gaia.bot_engines import EngineAgent
from gamekit.games.gaia.bot_eval import SCHOLAR, position_value
from gamekit.games.gaia.bot_technologist import TechnologistAgent


@cache
def _round2():
    return completer_game(5, 2)


def test_the_common_plan_is_the_tech_plan() -> None:
    assert EngineAgent.common is TECH_PLAN and TechnologistAgent.common is TECH_PLAN


def test_an_unused_action_tile_counts_its_gain_now_and_each_round_left() -> None:
    state = _round2()
    seat = 0
    s = with_seat(state, seat, tech=[*state.pl[seat].tech, "tech9"], federation_tokens=[])
    p = s.pl[seat]
    left = 6 - s.round
    w = action_worth(p, "tech9", left)
    assert w > ACTION_ROUND * 0.2 * left  # charge 4 power: 4 steps of a bowl
    assert TECH_PLAN.term(None, s, seat) == pytest.approx(w)
    used = with_seat(s, seat, used=["tech9"])
    assert 0 < TECH_PLAN.term(None, used, seat) < w
    assert action_worth(p, "tech9", left - 1) < w  # fewer rounds left, less worth


def test_an_advanced_action_tile_counts_more_than_a_basic_one() -> None:
    p = _round2().pl[0]
    assert action_worth(p, "advtech3", 3) > action_worth(p, "tech9", 3) > 0


def _with_green(state, seat: int, track: str, level: int):
    low = {t: min(lv, 2) for t, lv in state.pl[seat].research.items()}
    return with_seat(state, seat, research={**low, track: level}, tech=["tech4"],
                     covered=[], advanced=[], federation_tokens=[["fed2", True]])


def test_a_green_token_is_worth_the_best_advanced_tile_in_reach() -> None:
    state, seat = _round2(), 0
    track, tile = max(((pos[4:], t) for pos, t in state.adv_at.items()),
                      key=lambda pt: advanced_worth(state, seat, pt[1], 4))
    s = _with_green(state, seat, track, 4)
    left = 6 - s.round
    # tech4 (7 VP once) is worth nothing held: covering it loses nothing
    assert green_worth(s, seat) == pytest.approx(REACH * advanced_worth(s, seat, tile, left))
    assert green_worth(s, seat) > 0
    flat = SCHOLAR.fed_token
    assert TECH_PLAN.term(None, s, seat) == pytest.approx(max(0.0, green_worth(s, seat) - flat))
    far = _with_green(state, seat, track, 2)  # no track at level 3 or more
    assert green_worth(far, seat) == 0.0
    assert TECH_PLAN.term(None, far, seat) == 0.0


def test_the_engines_value_counts_the_plan_for_every_seat() -> None:
    state = with_seat(_round2(), 1, tech=[*_round2().pl[1].tech, "tech9"])
    agent = EngineAgent(0)
    got = agent.rounds(state, 1) - position_value(state, 1, SCHOLAR)
    assert got == pytest.approx(TECH_PLAN.term(agent, state, 1)) and got > 0


def test_a_game_against_the_greedy_bot_to_its_end() -> None:
    state = twin_game_against_greedy(EngineAgent)
    assert state.is_over() and state.pl[0].vp > 0


def _seed3():
    """Seed 3's round 2 at its first turn: advtech1 (3 VP a federation token on passing) over
    Terraforming."""
    return first_turn(3, 2)


def test_an_on_pass_tile_counts_its_pass_vp_for_each_pass_to_come() -> None:
    state = _seed3()
    s = with_seat(state, 0, federation_tokens=[["fed2", False], ["fed3", False]])

    def take(data) -> None:
        data["advanced_left"].remove("advtech1")
        data["players"][0].update(tech=["tech4"], covered=["tech4"], advanced=["advtech1"])
    s = edited(s, take)
    left = 6 - s.round
    assert pass_worth(s, 0, "advtech1", left) == 3 * 2 * (left + 1)
    assert TECH_PLAN.term(None, s, 0) == pytest.approx(6 * (left + 1) - SCHOLAR.tech_round * left)
    passed = with_seat(s, 0, passed=True)
    assert pass_worth(passed, 0, "advtech1", left) == 6 * left


def test_a_tech_choice_with_an_advanced_tile_is_searched_plain() -> None:
    s, seat, decision = advanced_tech_choice(_seed3())
    assert decision.kind == "tech" and any(a.args[0] == "advtech1" for a in decision.legal)
    got = TECH_PLAN.decide(EngineAgent(seat), s.agent_view(seat), seat, decision)
    assert got in decision.legal and not TECH_PLAN.plain
    assert got == EngineAgent(seat).choose(s.agent_view(seat), decision)
    turn = _seed3()
    assert TECH_PLAN.decide(EngineAgent(0), turn, turn.to_move()[0],
                            turn.decision(turn.to_move()[0])) is None
