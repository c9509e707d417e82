"""The Gaia technologist (registered ``technologist``, session 28, issue 32): the completer whose
rounds 1–5 count a final scoring tile's count at 1 VP and follow the tech-tile plan; decides from
the seat's view alone, the same choice for the same seed (figures: docs/bots.md, "Session 28")."""

from __future__ import annotations

from dataclasses import replace
from functools import cache

import pytest
from gaia_helpers import (
    advanced_tech_choice,
    completer_game,
    first_turn,
    play_from_views,
    with_seat,
)

from gamekit.core import make_agent
from gamekit.games.gaia.bot_engine_tech import TECH_PLAN
from gamekit.games.gaia.bot_eval import SCHOLAR, TECHNOLOGIST, position_value
from gamekit.games.gaia.bot_finisher import CompleterAgent
from gamekit.games.gaia.bot_technologist import TechnologistAgent
from gamekit.games.gaia.scoring import count_of


@cache
def _round2():
    return completer_game(5, 2)


def test_registered_a_completer_with_the_final_count_at_one_vp() -> None:
    agent = make_agent("gaia", "technologist", 3)
    assert isinstance(agent, TechnologistAgent) and isinstance(agent, CompleterAgent)
    assert agent.name == "technologist" and agent.common is TECH_PLAN
    assert TECHNOLOGIST == replace(SCHOLAR, final=1.0) and SCHOLAR.final == 2.0


def test_its_value_counts_the_final_tiles_at_half_and_the_tech_plan() -> None:
    state = with_seat(_round2(), 1, tech=[*_round2().pl[1].tech, "tech9"])
    agent = TechnologistAgent(0)
    counts = sum(count_of(state, 1, t) for t in state.final_tiles)
    plan = TECH_PLAN.term(agent, state, 1)
    assert counts > 0 and plan > 0
    assert agent.rounds(state, 1) == pytest.approx(
        position_value(state, 1, SCHOLAR) - counts + plan)
    assert agent.value(state, 1) == agent.rounds(state, 1)  # round 2: no exact end yet


def test_choices_come_from_the_view_and_repeat_for_a_seed() -> None:
    state, _ = play_from_views(TechnologistAgent, 4, 60)
    assert state.round >= 1


def test_a_tech_choice_with_an_advanced_tile_is_the_plans() -> None:
    """Seed 3's round 2 with a green token, Terraforming at 4 and the 4-QIC action taken: the
    tech-tile choice offers advtech1 and is answered by the plan's plain search."""
    s, seat, decision = advanced_tech_choice(first_turn(3, 2))
    assert decision.kind == "tech" and any(a.args[0] == "advtech1" for a in decision.legal)
    want = TECH_PLAN.decide(TechnologistAgent(seat), s.agent_view(seat), seat, decision)
    assert want in decision.legal
    assert TechnologistAgent(seat).choose(s.agent_view(seat), decision) == want
