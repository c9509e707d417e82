"""The Gaia closer (registered ``closer``, session 16, issue 32): the finisher, its round-5
turns checked by rollouts to the game's end with the finisher at every seat; decides from the
seat's view alone, the same choice for the same seed (figures over many games: docs/bots.md)."""

from __future__ import annotations

import json
import random

import pytest

from gamekit.core import make_agent, position
from gamekit.games.gaia.bot_closer import CloserAgent, exact_finisher
from gamekit.games.gaia.bot_endgame import playout
from gamekit.games.gaia.bot_finisher import FinisherAgent
from gamekit.games.gaia.bot_scholar import ScholarAgent
from gamekit.games.gaia.bot_study import random_factions
from gamekit.games.gaia.state import GaiaState

SEED = 1000
#: a narrow round-6 beam in the rollouts, to keep the tests short
ROLL = (2, 1, 4)


def _dump(state) -> str:
    return json.dumps(state.to_dict(), sort_keys=True, default=str)


@pytest.fixture(scope="module")
def round5() -> GaiaState:
    """Seed 1000 of ``bot_study``'s self-play (random factions and map), four scholars, up to
    the first decision of round 5."""
    state = GaiaState.new(4, SEED, layout="random",
                          factions=random_factions(random.Random(SEED), 4))
    agents = [ScholarAgent(SEED * 10 + k) for k in range(4)]
    while state.round < 5:
        seat = state.to_move()[0]
        state.apply(agents[seat].choose(state.agent_view(seat), state.decision(seat)))
    return state


def test_registered_and_the_finisher_before_round_5() -> None:
    agent = make_agent("gaia", "closer", 3)
    assert isinstance(agent, CloserAgent) and isinstance(agent, FinisherAgent)
    assert agent.name == "closer"
    state = GaiaState.new(4, 5, layout="random")
    for _ in range(40):  # rounds 0-1: the same choices as the finisher's
        seat = state.to_move()[0]
        view, decision = state.agent_view(seat), state.decision(seat)
        got = CloserAgent(seat).choose(view, decision)
        assert got == FinisherAgent(seat).choose(state.agent_view(seat), decision)
        state.apply(got)
    assert agent.rollouts == 0


def test_the_rollout_policy_is_a_function_of_the_position(round5: GaiaState) -> None:
    """Two rollouts of the same action reach the same end (no tie noise), and the game
    is over with the VP the closer counts."""
    seat = round5.to_move()[0]
    view = round5.agent_view(seat)
    action = FinisherAgent(1).choose(view, round5.decision(seat))
    one, n, stops = playout(view, action, exact_finisher(*ROLL))
    two, _, _ = playout(view, action, exact_finisher(*ROLL))
    assert one.over and [p.vp for p in one.pl] == [p.vp for p in two.pl]
    assert n > 40 and stops
    closer = CloserAgent(1, roll=ROLL)
    assert closer.rollout_value(view, seat, action) == one.pl[seat].vp
    assert closer.rollouts == 1 and len(closer.known) == len(stops)


def test_a_round_5_turn_is_legal_the_same_for_a_seed_and_from_the_view(round5) -> None:
    """At round 5's first turn the closer plays one of the legal actions after three
    rollouts (the anchor and two more), leaves the view as it was, and makes the same choice
    for the same seed; a state whose hidden seed differs gives the same choice."""
    seat = round5.to_move()[0]
    decision = round5.decision(seat)
    view = round5.agent_view(seat)
    before = _dump(view)
    agent = CloserAgent(7, roll=ROLL)
    got = agent.choose(view, decision)
    assert got in decision.legal and agent.rollouts == 3
    assert _dump(view) == before
    data = round5.position()  # the same position with another game's hidden chance
    data["chance"] = GaiaState.new(4, 987).position()["chance"]
    other = position(data).agent_view(seat)
    assert CloserAgent(7, roll=ROLL).choose(other, decision) == got
