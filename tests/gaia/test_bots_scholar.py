"""The Gaia scholar (registered ``scholar``, session 13, issue 32): the planner valuing
knowledge income and stock more (``bot_eval.SCHOLAR``); decides from the seat's view alone, the
same choice for the same seed (figures over many games: ``bot_study --lineup scholar``,
docs/bots.md)."""

from __future__ import annotations

import pytest
from gaia_helpers import bot_decisions as _decisions

from gamekit.core import make_agent
from gamekit.games.gaia.bot_eval import PLANNER, SCHOLAR, Valuation, position_value
from gamekit.games.gaia.bot_scholar import ScholarAgent
from gamekit.games.gaia.bot_study import selfplay_game
from gamekit.games.gaia.bots import PlannerAgent


def test_same_seed_same_choices_and_the_registered_name() -> None:
    agent = make_agent("gaia", "scholar", 3)
    assert isinstance(agent, ScholarAgent) and isinstance(agent, PlannerAgent)
    assert agent.name == "scholar"
    for state, seat in _decisions(11, 50, ScholarAgent):
        decision = state.decision(seat)
        view = state.agent_view(seat)
        assert ScholarAgent(2).choose(view, decision) == ScholarAgent(2).choose(view, decision)


def test_it_values_knowledge_above_the_planner() -> None:
    """The same position is worth more to the scholar by its knowledge alone: with knowledge
    valued as the planner values it, the two valuations agree."""
    state, seat = list(_decisions(5, 120, ScholarAgent))[-1]
    assert state.pl[seat].res["knowledge"] > 0 or state.pl[seat].built
    assert SCHOLAR.income["knowledge"] > PLANNER.income["knowledge"]
    assert position_value(state, seat, SCHOLAR) > position_value(state, seat, PLANNER)
    same = Valuation(stock={**SCHOLAR.stock, "knowledge": PLANNER.stock["knowledge"]},
                     income={**SCHOLAR.income, "knowledge": PLANNER.income["knowledge"]})
    assert position_value(state, seat, same) == position_value(state, seat)


@pytest.fixture(scope="module")
def games() -> list[dict]:
    return selfplay_game(1003, lineup=("scholar",))


def test_its_games_look_like_real_ones(games: list[dict]) -> None:
    """A fixed 4-player self-play game (seed 1003), every seat the scholar: research to level
    4 everywhere, federations (the Ivits two), Gaia planets, power actions, an advanced tech
    tile, the Ivits' planetary institute and special action."""
    assert len(games) == 4 and {r["agent"] for r in games} == {"scholar"}
    assert sum(r["score"] for r in games) / 4 > 100
    assert all(r["top_research"] >= 4 for r in games)
    assert sum(r["federations"] >= 1 for r in games) >= 3
    assert any(r["federations"] >= 2 for r in games)
    assert sum(r["gaia_planets"] > 0 for r in games) >= 3
    assert all(r["power_actions"] + r["qic_actions"] > 0 for r in games)
    assert any(r["advanced"] for r in games)
    assert any(r["pi"] and r["specials"] for r in games)
