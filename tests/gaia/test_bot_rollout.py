"""Gaia's rollout bot (registered ``foresight``, issue 29): decides from the seat's view alone,
the same choice for the same seed, always a legal action, and it changes the planner's choice
only for an action whose rollout to the round's end is worth more (docs/bots.md, "Session 14:
the rollout bot")."""

from __future__ import annotations

import copy

import pytest
from gaia_helpers import bot_decisions as _decisions
from gaia_helpers import choice_from_view

from gamekit.core import make_agent, play, position
from gamekit.games.gaia.bot_fit import fitted_value
from gamekit.games.gaia.bot_rollout import RolloutAgent, relative_value, round_rollout
from gamekit.games.gaia.bots import PlannerAgent
from gamekit.games.gaia.state import GaiaState


def _turns(seed: int, count: int):
    """Turn decisions with a choice among the first ``count`` of a 4-player planner game."""
    for state, seat in _decisions(seed, count):
        decision = state.decision(seat)
        if decision.kind == "turn" and len(decision.legal) > 1:
            yield state, seat, decision


def test_it_decides_from_the_view_alone_the_same_for_a_seed_and_legally() -> None:
    checked = 0
    for state, seat, decision in _turns(7, 40):
        view = state.agent_view(seat)
        data = state.position()  # the same position with another game's hidden chance
        data["chance"] = GaiaState.new(4, 987).position()["chance"]
        other = position(data).agent_view(seat)
        got = choice_from_view(RolloutAgent(5, width=2), RolloutAgent(5, width=2), view, other,
                               decision)
        assert got in decision.legal
        checked += 1
    assert checked >= 5


def test_the_registered_name_and_a_finished_game() -> None:
    agent = make_agent("gaia", "foresight", 3)
    assert isinstance(agent, RolloutAgent)
    s = GaiaState.new(2, 41)
    s.quiet = True
    play(s, [RolloutAgent(1, width=1), PlannerAgent(2)])
    assert s.is_over() and s.round == 6
    assert agent.simulated == 0  # nothing searched yet


def test_a_rollout_ends_with_the_round_and_values_the_final_score() -> None:
    """Round 6's rollouts reach the game's end: the value is the VP lead (or deficit)."""
    s = GaiaState.new(2, 43)
    s.quiet = True
    play(s, [PlannerAgent(1), PlannerAgent(2)], until=lambda st: st.round == 6)
    seat = s.to_move()[0]
    first = s.legal_actions(seat)[0]
    end, n = round_rollout(s.agent_view(seat), first, [PlannerAgent(3), PlannerAgent(4)], 500)
    assert end.is_over() and n > 0
    vp = [p.vp for p in end.pl]
    assert relative_value(end, seat) == vp[seat] - vp[1 - seat]
    mid, m = round_rollout(s.agent_view(seat), first, [PlannerAgent(3), PlannerAgent(4)], 2)
    assert m == 2 and not mid.is_over()


@pytest.fixture(scope="module")
def changed() -> tuple:
    """The first turn of seed 7's planner game where the bot leaves the planner's choice."""
    for state, seat, decision in _turns(7, 120):
        view = state.agent_view(seat)
        bot = RolloutAgent(5)
        anchor = copy.deepcopy(bot.planner).choose(state.agent_view(seat), decision)
        got = bot.choose(view, decision)
        if got != anchor:
            return view, seat, decision, anchor, got
    raise AssertionError("the bot never left the planner's choice in 120 decisions")


def test_it_leaves_the_planner_only_for_a_better_rollout(changed) -> None:
    """The bot's action is worth ``margin`` VP more than the planner's where the rollouts end
    (the same policies and seeds): a choice not made by the rollout value fails."""
    view, seat, decision, anchor, got = changed
    bot = RolloutAgent(5)
    assert got in decision.legal and got != anchor
    assert bot.rollout_value(view, seat, got) > bot.rollout_value(view, seat, anchor) + bot.margin


def test_a_rollout_stops_at_the_seats_next_turn() -> None:
    """``back``: the others play their turns, then the rollout stops where the seat is to
    begin its next one (a 2-player game in round 2)."""
    s = GaiaState.new(2, 45)
    s.quiet = True
    play(s, [PlannerAgent(1), PlannerAgent(2)], until=lambda st: st.round == 2)
    seat = s.to_move()[0]
    while not s.front_is(seat, "turn"):
        s.apply(PlannerAgent(3).choose(s.agent_view(seat), s.decision(seat)))
        seat = s.to_move()[0]
    action = PlannerAgent(3).choose(s.agent_view(seat), s.decision(seat))
    policies = [PlannerAgent(3), PlannerAgent(4)]
    end, n = round_rollout(s.agent_view(seat), action, policies, 500, back=True)
    assert n > 0 and end.round == 2 and end.front_is(seat, "turn")


@pytest.mark.parametrize("leaf", ["fitted", "fitted1", "fittedp", "planner", "both"])
def test_each_leaf_values_the_rollouts_end(leaf) -> None:
    """The rollout value is the chosen leaf's value of the position the same rollout reaches
    (round 6 of a 2-player game: with the fitted leaves, the fitted VP lead there)."""
    s = GaiaState.new(2, 43)
    s.quiet = True
    play(s, [PlannerAgent(1), PlannerAgent(2)], until=lambda st: st.round == 6)
    seat = s.to_move()[0]
    view = s.agent_view(seat)
    action = s.legal_actions(seat)[0]
    bot = RolloutAgent(5, leaf=leaf)
    got = bot.rollout_value(view, seat, action)
    policies = [PlannerAgent(bot.policy_seed + k, bot.policy_depth, bot.policy_beam)
                for k in range(2)]
    end, _ = round_rollout(view, action, policies, bot.limit, bot.rounds, bot.back)
    assert bot.rollout_value(view, seat, action) == got  # deterministic
    planner, fitted = bot.rollout_values(view, seat, action)
    if leaf == "fitted":
        assert got == fitted == fitted_value(end, seat)
    elif end.is_over():
        assert got == end.pl[seat].vp - end.pl[1 - seat].vp
    else:
        assert got == (fitted if leaf == "fitted1" else planner)
    if leaf == "planner":
        assert fitted == planner == relative_value(end, seat, bot._leaf(end, seat, policies[seat]))


def test_both_leaves_must_agree_to_leave_the_anchor(changed) -> None:
    """``both``: a candidate replaces the anchor only when the planner's leaf and the fitted
    one each value it ``margin`` above the anchor's rollout."""
    view, seat, decision, anchor, _ = changed
    bot = RolloutAgent(5, leaf="both")
    got = bot.choose(view, decision)
    assert got in decision.legal
    if got != anchor:
        p, f = bot.rollout_values(view, seat, got)
        p0, f0 = bot.rollout_values(view, seat, anchor)
        assert p > p0 + bot.margin and f > f0 + bot.margin
