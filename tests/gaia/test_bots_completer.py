"""The Gaia completer (registered ``completer``, session 19, issue 32): the finisher whose last
round is planned with a wider, deeper beam; decides from the seat's view alone, the same choice
for the same seed (figures over many games: docs/bots.md, "Session 19")."""

from __future__ import annotations

import random

import pytest
from gaia_helpers import choice_from_view

from gamekit.core import make_agent
from gamekit.games.gaia.bot_finisher import CompleterAgent, FinisherAgent
from gamekit.games.gaia.bot_scholar import ScholarAgent
from gamekit.games.gaia.bot_study import random_factions
from gamekit.games.gaia.state import GaiaState

SEED = 1003


@pytest.fixture(scope="module")
def round6() -> GaiaState:
    """Seed 1003 of ``bot_study``'s self-play (random factions and map), four scholars, up to
    the first decision of round 6."""
    state = GaiaState.new(4, SEED, layout="random",
                          factions=random_factions(random.Random(SEED), 4))
    agents = [ScholarAgent(SEED * 10 + k) for k in range(4)]
    while state.round < 6:
        seat = state.to_move()[0]
        state.apply(agents[seat].choose(state.agent_view(seat), state.decision(seat)))
    return state


def test_registered_wider_and_the_finisher_before_round_6() -> None:
    agent = make_agent("gaia", "completer", 3)
    assert isinstance(agent, CompleterAgent) and isinstance(agent, FinisherAgent)
    plain = FinisherAgent(3)
    assert agent.name == "completer"
    assert (agent.width, agent.guide, agent.steps) > (plain.width, plain.guide, plain.steps)
    state = GaiaState.new(4, 5, layout="random")
    for _ in range(40):  # rounds 0-1: the same choices as the finisher's
        seat = state.to_move()[0]
        decision = state.decision(seat)
        got = CompleterAgent(seat).choose(state.agent_view(seat), decision)
        assert got == FinisherAgent(seat).choose(state.agent_view(seat), decision)
        state.apply(got)


def test_its_last_round_from_the_view_alone_forms_federations(round6: GaiaState) -> None:
    """Four completers play round 6 of the fixed game on: a choice leaves the view as it was
    and is the one a twin of the same seed makes; federations are formed in the round and
    every seat ends with at least the VP it had when the round began."""
    s = round6.clone()
    agents = [CompleterAgent(SEED * 10 + k) for k in range(4)]
    feds = sum(len(p.fed_tokens) for p in s.pl)
    start = [p.vp for p in s.pl]
    checked = 0
    while not s.is_over():
        seat = s.to_move()[0]
        decision = s.decision(seat)
        view = s.agent_view(seat)
        if checked < 12 and len(decision.legal) > 1:
            choice_from_view(CompleterAgent(5), CompleterAgent(5), view, s.agent_view(seat),
                             decision)
            checked += 1
        s.apply(agents[seat].choose(view, decision))
    assert checked == 12
    assert sum(len(p.fed_tokens) for p in s.pl) > feds
    assert all(p.vp >= v for p, v in zip(s.pl, start))
