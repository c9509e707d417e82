"""Gaia's far-sighted bot (registered ``farsight``, issue 29): rollouts to the game's end with
the heuristic at every seat. It decides from the seat's view alone, the same for a seed, always
legally; against the exact heuristic its realised final margin is at least what its first
search predicted for the heuristic's own choice (the rollout algorithm's improvement), and the
rollout cache changes no choice (docs/bots.md, "Session 15: rollouts to the game's end").
Late positions (round 6 of a 2-player heuristic game) keep the games short."""

from __future__ import annotations

import pytest
from gaia_helpers import choice_from_view

from gamekit.core import make_agent, play, position
from gamekit.games.gaia.bot_endgame import FarsightAgent, exact_planner, final_margin, playout
from gamekit.games.gaia.bots import HeuristicAgent
from gamekit.games.gaia.state import GaiaState


@pytest.fixture(scope="module")
def late() -> GaiaState:
    """Seed 43's 2-player heuristic game, four turns into round 6."""
    s = GaiaState.new(2, 43)
    s.quiet = True
    play(s, [HeuristicAgent(1), HeuristicAgent(2)], until=lambda st: st.round == 6)
    turns = 0
    while turns < 4:
        seat = s.to_move()[0]
        decision = s.decision(seat)
        turns += decision.kind == "turn"
        s.apply(HeuristicAgent(3).choose(s.agent_view(seat), decision))
    while not s.front_is(s.to_move()[0], "turn"):
        seat = s.to_move()[0]
        s.apply(HeuristicAgent(3).choose(s.agent_view(seat), s.decision(seat)))
    return s


def _finish(state: GaiaState, agents) -> GaiaState:
    s = state.clone()
    s.quiet = True
    play(s, agents)
    return s


def test_it_decides_from_the_view_alone_the_same_for_a_seed_and_legally(late) -> None:
    seat = late.to_move()[0]
    decision = late.decision(seat)
    view = late.agent_view(seat)
    data = late.position()  # the same position with another game's hidden chance
    data["chance"] = GaiaState.new(2, 987).position()["chance"]
    other = position(data).agent_view(seat)
    bot = FarsightAgent(5, width=2)
    got = choice_from_view(bot, FarsightAgent(5, width=2), view, other, decision)
    assert got in decision.legal and bot.rollouts >= 2
    assert FarsightAgent(6, width=2).choose(late.agent_view(seat), decision) == got


def test_its_choice_has_the_best_rollout_margin(late) -> None:
    """The chosen action's rollout margin is the best of the candidates', and a rollout is
    the exact heuristic's game: its end is the final margin of playing it out."""
    seat = late.to_move()[0]
    decision = late.decision(seat)
    view = late.agent_view(seat)
    bot = FarsightAgent(5, width=3)
    got = bot.choose(view, decision)
    anchor, chosen = bot.predictions[-1]
    assert chosen >= anchor and bot.rollout_value(view, seat, got) == chosen
    end, n, stops = playout(view, got, exact_planner())
    assert end.is_over() and n > 0 and final_margin(end, seat) == chosen
    assert all(action.seat == seat for _, action in stops)


def test_the_realised_margin_is_at_least_the_anchors_prediction(late) -> None:
    """Policy improvement: against the exact heuristic (the model the rollouts play) every
    searched turn predicts for the anchor what the previous one predicted for its choice, and
    the game ends with the last choice's margin, never below the first anchor's."""
    seat = late.to_move()[0]
    bot = FarsightAgent(5, width=3)
    agents = [exact_planner(), exact_planner()]
    agents[seat] = bot
    end = _finish(late, agents)
    preds = bot.predictions
    assert len(preds) >= 2
    assert all(b >= a for a, b in preds)
    assert all(nxt[0] == prev[1] for prev, nxt in zip(preds, preds[1:], strict=False))
    assert final_margin(end, seat) == preds[-1][1] >= preds[0][0]
    assert bot.hits == len(preds) - 1  # every later anchor came from the cache


def test_the_cache_changes_no_choice(late) -> None:
    seat = late.to_move()[0]
    games = []
    for cache in (True, False):
        agents = [HeuristicAgent(8), HeuristicAgent(9)]
        agents[seat] = FarsightAgent(5, width=2, cache=cache)
        games.append((_finish(late, agents), agents[seat]))
    (a, cached), (b, plain) = games
    assert a.log == b.log and cached.predictions == plain.predictions
    assert cached.hits > 0 and plain.hits == 0 and cached.rollouts < plain.rollouts


def test_the_registered_name_and_the_rounds_before_start(late) -> None:
    """Registered as ``farsight``; before round ``start`` it plays the heuristic's (exact)
    choice: the same game as the exact heuristic's."""
    assert isinstance(make_agent("gaia", "farsight", 3), FarsightAgent)
    seat = late.to_move()[0]
    bot = FarsightAgent(1, start=7)
    agents = [exact_planner(), exact_planner()]
    plain = _finish(late, agents)
    agents[seat] = bot
    assert _finish(late, agents).log == plain.log and plain.is_over()
    assert bot.rollouts == 0 and bot.predictions == []


def test_the_default_width_follows_the_table_size():
    """3 alternatives at 2 players and 2 at 3-4 (the widths measured on the ladder); an explicit
    width wins."""
    from gamekit.games.gaia.bot_endgame import width_for

    assert [width_for(n) for n in (2, 3, 4)] == [3, 2, 2]
    assert FarsightAgent(0).width is None and FarsightAgent(0, width=4).width == 4
