"""The Gaia veteran (registered ``veteran``, session 17, issue 32): the finisher valuing rounds
1–5 at the worths tuned jointly by self-play (``bot_eval.SELFPLAY``); decides from the seat's
view alone, the same choice for the same seed (figures over many games: docs/bots.md)."""

from __future__ import annotations

import pytest
from gaia_helpers import bot_decisions, choice_from_view

from gamekit.core import make_agent
from gamekit.games.gaia.bot_eval import SCHOLAR, SELFPLAY, position_value
from gamekit.games.gaia.bot_finisher import FinisherAgent
from gamekit.games.gaia.bot_study import selfplay_game
from gamekit.games.gaia.bot_veteran import VeteranAgent


def test_registered_and_the_same_choice_from_the_view_for_a_seed() -> None:
    agent = make_agent("gaia", "veteran", 3)
    assert isinstance(agent, VeteranAgent) and isinstance(agent, FinisherAgent)
    assert agent.name == "veteran"
    checked = 0
    for state, seat in bot_decisions(11, 50, VeteranAgent):
        decision = state.decision(seat)
        if len(decision.legal) > 1:
            choice_from_view(VeteranAgent(2), VeteranAgent(2), state.agent_view(seat),
                             state.agent_view(seat), decision)
            checked += 1
    assert checked >= 20


def test_rounds_before_the_last_are_valued_at_the_tuned_worths() -> None:
    """Before round 6 the veteran values a position at ``SELFPLAY``, not at the scholar's
    worths the finisher uses, and the two differ on a position of the game's middle."""
    state, seat = list(bot_decisions(5, 120, VeteranAgent))[-1]
    assert 1 <= state.round < 6
    mine = VeteranAgent(0).value(state, seat)
    assert mine == position_value(state, seat, SELFPLAY)
    assert FinisherAgent(0).value(state, seat) == position_value(state, seat, SCHOLAR)
    assert mine != FinisherAgent(0).value(state, seat)


@pytest.fixture(scope="module")
def games() -> list[dict]:
    return selfplay_game(1003, lineup=("veteran",))


def test_its_games_look_like_real_ones(games: list[dict]) -> None:
    """A fixed 4-player self-play game (seed 1003), every seat the veteran: research to level
    4 everywhere, federations, Gaia planets, power actions, advanced tech."""
    assert len(games) == 4 and {r["agent"] for r in games} == {"veteran"}
    assert sum(r["score"] for r in games) / 4 > 100
    assert all(r["top_research"] >= 4 for r in games)
    assert sum(r["federations"] >= 1 for r in games) >= 3
    assert sum(r["gaia_planets"] > 0 for r in games) >= 3
    assert all(r["power_actions"] + r["qic_actions"] > 0 for r in games)
    assert any(r["advanced"] for r in games)
