"""The Gaia forecaster (registered ``forecaster``, session 16, issue 32): the finisher, its
turns of round 5 chosen by what its last round makes of them; decides from the seat's view
alone, the same choice for the same seed (figures over many games: docs/bots.md)."""

from __future__ import annotations

import json
import random

import pytest

from gamekit.core import make_agent
from gamekit.games.gaia.bot_finisher import FinisherAgent, end_value
from gamekit.games.gaia.bot_forecaster import ForecasterAgent
from gamekit.games.gaia.bot_scholar import ScholarAgent
from gamekit.games.gaia.bot_study import random_factions
from gamekit.games.gaia.state import GaiaState

SEED = 1000


def _to_round(last: int) -> GaiaState:
    """Seed 1000 of ``bot_study``'s self-play (random factions and map), four scholars, up to
    the first decision of round ``last``."""
    state = GaiaState.new(4, SEED, layout="random",
                          factions=random_factions(random.Random(SEED), 4))
    agents = [ScholarAgent(SEED * 10 + k) for k in range(4)]
    while state.round < last:
        seat = state.to_move()[0]
        state.apply(agents[seat].choose(state.agent_view(seat), state.decision(seat)))
    return state


def _finish(state: GaiaState, bot: type, log: list | None = None) -> list[int]:
    """The VP each seat ends with when ``bot`` plays every seat from ``state`` on."""
    s = state.clone()
    agents = [bot(SEED * 10 + k) for k in range(4)]
    while not s.is_over():
        seat = s.to_move()[0]
        if log is not None and s.round == 5 and s.decision(seat).kind == "turn":
            log.append((s.clone(), seat))
        s.apply(agents[seat].choose(s.agent_view(seat), s.decision(seat)))
    return [p.vp for p in s.pl]


@pytest.fixture(scope="module")
def round5() -> GaiaState:
    return _to_round(5)


def test_registered_and_the_scholar_before_round_5() -> None:
    agent = make_agent("gaia", "forecaster", 3)
    assert isinstance(agent, ForecasterAgent) and isinstance(agent, FinisherAgent)
    assert agent.name == "forecaster"
    state = GaiaState.new(4, 5, layout="random")
    for _ in range(40):  # rounds 0-1: the same choices as the scholar's
        seat = state.to_move()[0]
        view, decision = state.agent_view(seat), state.decision(seat)
        got = ForecasterAgent(seat).choose(view, decision)
        assert got == ScholarAgent(seat).choose(state.agent_view(seat), decision)
        state.apply(got)


def test_the_last_round_value_is_at_least_passing_now_and_changes_nothing(round5) -> None:
    """From round 5's first position, each seat's forecast (pass now, the others pass, its
    own round-6 plan) scores at least what passing now ends the game with, and the position
    it was given is left as it was."""
    before = json.dumps(round5.to_dict(), sort_keys=True, default=str)
    agent = ForecasterAgent(1)
    for seat in range(4):
        assert agent.last_round_value(round5, seat) >= end_value(round5, seat)
    assert json.dumps(round5.to_dict(), sort_keys=True, default=str) == before


def test_its_round_5_beats_the_finishers_and_decides_from_the_view(round5) -> None:
    """Seed 1000 from round 5 on, every seat the forecaster against every seat the finisher:
    91, 106, 131 and 124 VP against 89, 84, 134 and 120 (+25 over the four). Its round-5
    turns leave the view as it was, and the same seed makes the same choice."""
    log: list = []
    mine = _finish(round5, ForecasterAgent, log)
    base = _finish(round5, FinisherAgent)
    assert sum(m > b for m, b in zip(mine, base)) >= 3
    assert sum(mine) - sum(base) >= 20
    checked = 0
    for state, seat in log[:12:2]:
        decision = state.decision(seat)
        view = state.agent_view(seat)
        before = json.dumps(view.to_dict(), sort_keys=True, default=str)
        got = ForecasterAgent(7).choose(view, decision)
        assert json.dumps(view.to_dict(), sort_keys=True, default=str) == before
        assert ForecasterAgent(7).choose(state.agent_view(seat), decision) == got
        checked += 1
    assert checked == 6
