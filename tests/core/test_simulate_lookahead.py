"""Look-ahead a person can wait for, and the what-if ranking: rollouts follow the cheap
policy and stop at their depth, the agent beats random, and ``what_if`` sees only the seat's
view (two positions that look the same to the seat give the same table)."""

from __future__ import annotations

import random

import pytest
from pandas.testing import assert_frame_equal

import gamekit
from gamekit import make_agent, play, simulate
from gamekit.analysis import what_if
from gamekit.core.agents import LookaheadAgent, RolloutPolicy, outcome


def _race_position(seed: int = 3, decisions: int = 12):
    state = gamekit.new("race", players=2, seed=seed)
    play(state, [make_agent("race", "heuristic", seed + s) for s in range(2)], limit=decisions)
    assert state.to_move()
    return state


def test_the_rollout_policy_stops_at_its_depth():
    state = gamekit.new("bluemoon", players=2, seed=1)
    state.quiet = True
    before = state.decisions_made()
    made = RolloutPolicy("bluemoon", random.Random(0)).run(state, 25)
    assert made == 25 and state.decisions_made() == before + 25 and not state.is_over()


def test_the_depth_shares_the_budget_out_over_actions_and_rollouts():
    agent = LookaheadAgent(rollouts=4, budget=1200, min_depth=8)
    assert agent.depth_for(10) == 30
    assert agent.depth_for(100) == 8  # never below min_depth
    assert LookaheadAgent(depth=5).depth_for(3) == 5


def test_outcome_of_a_stopped_rollout_is_the_live_lead():
    state = _race_position()
    scores = [state.score(s) for s in range(2)]
    win, margin = outcome(state, 0)
    assert margin == scores[0] - scores[1]
    assert win == (1.0 if scores[0] > scores[1] else 0.5 if scores[0] == scores[1] else 0.0)


def test_lookahead_beats_random_in_race():
    """Default settings, seats rotating: a small sample, a clear verdict."""
    frame = simulate("race", ["lookahead", "random"], n=4, seed=11, progress=False)
    wins = frame.groupby("agent")["winner"].sum()
    scores = frame.groupby("agent")["score"].mean()
    assert wins["lookahead"] >= 3 > wins["random"]
    assert scores["lookahead"] > scores["random"] + 5


def test_what_if_ranks_every_option_with_intervals():
    state = _race_position()
    seat = state.to_move()[0]
    table = what_if(state, rollouts=4, seed=1, seconds=None)
    legal = state.decision(seat).legal
    assert sorted(map(str, table["option"])) == sorted(map(str, legal))
    assert table.attrs["seat"] == seat and table.attrs["skipped"] == 0
    assert (table["win_low"] <= table["win_rate"]).all()
    assert (table["win_rate"] <= table["win_high"]).all()
    assert list(table["value"]) == sorted(table["value"], reverse=True)
    assert table["rank"].iloc[0] == 1


def test_what_if_uses_no_hidden_information():
    """A position and another that differs only in what the seat cannot see (the other hand,
    the deck order: a full state sampled from the seat's view) give the same table."""
    real = _race_position()
    seat = real.to_move()[0]
    other = 1 - seat
    twin = real.agent_view(seat).determinize(random.Random(99))
    assert twin.seats[other].hand != real.seats[other].hand or twin.deck != real.deck  # hidden parts differ
    assert twin.agent_view(seat).to_dict() == real.agent_view(seat).to_dict()  # same to the seat
    a = what_if(real, seat, rollouts=3, seed=5, seconds=None)
    b = what_if(twin, seat, rollouts=3, seed=5, seconds=None)
    assert_frame_equal(a, b)
    # the view itself gives the same table too
    assert_frame_equal(a, what_if(real.agent_view(seat), seat, rollouts=3, seed=5, seconds=None))
    # control: rollouts that did peek (starting from the full states) would tell them apart
    agent = LookaheadAgent(5)
    action = a["option"].iloc[0]
    peeks = []
    for full in (real, twin):
        state = full.clone()
        state.quiet = True
        state.apply(action, False)
        RolloutPolicy("race", random.Random(5)).run(state, 400)
        peeks.append(state.to_dict())
    assert peeks[0] != peeks[1]
    assert agent.rollouts > 0


def test_what_if_refuses_a_seat_that_is_not_to_move():
    state = _race_position()
    idle = [s for s in range(2) if s not in state.to_move()]
    if idle:
        with pytest.raises(ValueError, match="is not to move"):
            what_if(state, idle[0], rollouts=1)
    with pytest.raises(ValueError, match="not of seat"):
        seat = state.to_move()[0]
        what_if(state.agent_view(1 - seat), seat, rollouts=1)
