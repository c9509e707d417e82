"""The Gaia planner (registered ``planner``): decides from the seat's view alone, the same
choice for the same seed, and its games look like real ones (issue 32; the figures over 200
games come from ``python -m gamekit.games.gaia.bot_study``, docs/bots.md)."""

from __future__ import annotations

import pytest
from gaia_helpers import bot_decisions as _decisions
from gaia_helpers import choice_from_view

from gamekit.core import Chance, make_agent
from gamekit.games.gaia.bot_finisher import FinisherAgent
from gamekit.games.gaia.bot_scholar import ScholarAgent
from gamekit.games.gaia.bot_strategist import StrategistAgent
from gamekit.games.gaia.bot_study import looks_table, selfplay_game, win_share
from gamekit.games.gaia.bots import PlannerAgent


@pytest.mark.parametrize("bot, count", [(PlannerAgent, 60), (StrategistAgent, 70),
                                        (ScholarAgent, 60), (FinisherAgent, 60)])
def test_it_decides_from_the_seats_view_alone_and_changes_nothing(bot, count) -> None:
    """The game's seed (the one thing Gaia Project hides) changes no choice, and choosing
    leaves the view it was given as it was."""
    checked = 0
    for state, seat in _decisions(7, count, bot):
        decision = state.decision(seat)
        if len(decision.legal) < 2:
            continue
        view = state.agent_view(seat)
        other = state.agent_view(seat)
        other.chance = Chance(987654321, [])
        choice_from_view(bot(5), bot(5), view, other, decision)
        checked += 1
    assert checked >= 30


def test_same_seed_same_choices_and_the_registered_name() -> None:
    agent = make_agent("gaia", "planner", 3)
    assert isinstance(agent, PlannerAgent) and agent.beam > 0
    for state, seat in _decisions(11, 40):
        decision = state.decision(seat)
        view = state.agent_view(seat)
        assert PlannerAgent(2).choose(view, decision) == PlannerAgent(2).choose(view, decision)


@pytest.fixture(scope="module")
def games() -> list[dict]:
    return selfplay_game(1003) + selfplay_game(1005)


def test_its_games_look_like_real_ones(games: list[dict]) -> None:
    """Two 4-player self-play games (fixed seeds): a federation for every player and a second
    for one, research to level 4 or more, Gaia planets, power or QIC actions, an advanced tech
    tile, a planetary institute and a faction's special action."""
    assert len(games) == 8
    assert sum(r["score"] for r in games) / 8 > 90  # the greedy heuristic averages 62
    assert all(r["federations"] >= 1 for r in games)
    assert any(r["federations"] >= 2 for r in games)  # seed 1003: the Ivits form a second
    assert sum(r["top_research"] >= 4 for r in games) >= 4
    assert sum(r["gaia_planets"] > 0 for r in games) >= 5
    assert sum(r["power_actions"] + r["qic_actions"] > 0 for r in games) >= 6
    assert any(r["advanced"] for r in games)
    assert any(r["pi"] for r in games) and any(r["specials"] for r in games)
    assert "| federation formed | 100% |" in looks_table(games)


def test_win_share_gives_the_wilson_interval() -> None:
    assert win_share(95, 100) == "95% (89%–98%)"
    assert win_share(0, 0) == "–"
