"""The search bot (ISMCTS on the seat's view): finds a dominant move, same seed same game,
never reads hidden cards, built by name."""

from __future__ import annotations

import random

import toy  # noqa: F401  (registers the toy game)

from gamekit.core import make_agent, new, play
from gamekit.core.search import SearchAgent


def test_search_finds_the_only_winning_bid():
    rest = [3, 4, 5, 6]
    state = new("toy", players=2, seed=1, rounds=1, deck=[1, 2, 10, 7, 8, 9, *rest])
    agent = SearchAgent(seed=4, iterations=24)
    action = agent.choose(state.agent_view(0), state.decision(0))
    assert str(action) == "p1 bid 10"


def test_same_seed_same_game():
    def game() -> list[str]:
        state = new("race", players=2, seed=9)
        play(state, [make_agent("race", "search:6", 3), make_agent("race", "heuristic", 4)],
             limit=40)
        return state.record().moves

    assert game() == game()


def test_search_never_reads_hidden_cards():
    real = new("race", players=2, seed=4)
    twin = real.agent_view(0).determinize(random.Random(5))
    assert twin.seats[1].hand != real.seats[1].hand or twin.deck != real.deck
    picks = [SearchAgent(seed=2, iterations=12).choose(s.agent_view(0), s.decision(0))
             for s in (real, twin)]
    assert picks[0] == picks[1]


def test_search_is_built_by_name():
    agent = make_agent("race", "search:16", 1)
    assert isinstance(agent, SearchAgent) and agent.iterations == 16
    assert make_agent("race", "search").iterations == 64
