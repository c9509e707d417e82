"""The Gaia strategist (registered ``strategist``, issue 32; a candidate rung for issue 29):
decides from the seat's view alone, the same choice for the same seed, and its self-play games
look like real ones (figures over many games: ``bot_study --lineup strategist``, docs/bots.md)."""

from __future__ import annotations

import pytest
from gaia_helpers import bot_decisions as _decisions

from gamekit.core import make_agent
from gamekit.games.gaia.bot_strategist import StrategistAgent
from gamekit.games.gaia.bot_study import selfplay_game
from gamekit.games.gaia.bot_value import Weights, strategic_value
from gamekit.games.gaia.bots import PlannerAgent


def test_same_seed_same_choices_and_the_registered_name() -> None:
    agent = make_agent("gaia", "strategist", 3)
    assert isinstance(agent, StrategistAgent) and isinstance(agent, PlannerAgent)
    assert agent.name == "strategist" and agent.weights == Weights()
    for state, seat in _decisions(11, 50, StrategistAgent):
        decision = state.decision(seat)
        view = state.agent_view(seat)
        assert StrategistAgent(2).choose(view, decision) == StrategistAgent(2).choose(view,
                                                                                       decision)


def test_its_value_counts_federations_on_the_way() -> None:
    """Unfederated power value adds to the value: the same position valued without that
    weight is worth less."""
    state, seat = list(_decisions(5, 120, StrategistAgent))[-1]
    p = state.pl[seat]
    assert p.built  # mines on the map: unfederated power value toward a federation
    plain = strategic_value(state, seat, Weights(fed=0.0))
    assert strategic_value(state, seat, Weights()) > plain


@pytest.fixture(scope="module")
def games() -> list[dict]:
    return selfplay_game(1003, lineup=("strategist",))


def test_its_games_look_like_real_ones(games: list[dict]) -> None:
    """A fixed 4-player self-play game (seed 1003): every seat the strategist; each forms a
    federation and two form a second, every seat's research reaches level 4, three take Gaia
    planets, every seat takes power actions, two build their planetary institute, the Ivits
    use their special action."""
    assert len(games) == 4 and {r["agent"] for r in games} == {"strategist"}
    assert sum(r["score"] for r in games) / 4 > 90
    assert all(r["federations"] >= 1 for r in games)
    assert sum(r["federations"] >= 2 for r in games) >= 2
    assert all(r["top_research"] >= 4 for r in games)
    assert sum(r["gaia_planets"] > 0 for r in games) >= 3
    assert all(r["power_actions"] + r["qic_actions"] > 0 for r in games)
    assert sum(r["pi"] for r in games) >= 2 and any(r["specials"] for r in games)
