"""The random-play fast paths (issue 15) play exactly the games of the plain paths."""

from __future__ import annotations

import random

import pytest

import gamekit
from gamekit.core import GameState, make_agent
from gamekit.core.agents import RandomAgent, random_seats
from gamekit.core.rng import _sample, _shuffle


def test_the_chance_shuffle_is_random_shuffle_draw_for_draw():
    for seed in range(60):
        for n in (0, 1, 2, 3, 7, 150, 151):
            a, b = list(range(n)), list(range(n))
            ra, rb = random.Random(seed), random.Random(seed)
            ra.shuffle(a)
            _shuffle(rb, b)
            assert a == b and ra.getstate() == rb.getstate(), (seed, n)


def test_the_chance_sample_is_random_sample_draw_for_draw():
    """``_sample`` against ``Random.sample(range(n), k)``: the same indices and the generator
    left in the same state, on the inlined pools and past them (``rng.sample`` itself)."""
    for seed in range(40):
        for n in (*range(1, 24), 40):
            for k in range(min(n, 7) + 1):
                ra, rb = random.Random(seed), random.Random(seed)
                want = ra.sample(range(n), k)
                assert _sample(rb, n, k) == want and ra.getstate() == rb.getstate(), (seed, n, k)
    with pytest.raises(ValueError):
        _sample(random.Random(0), 3, 4)


def test_a_generator_of_another_kind_shuffles_itself():
    class Counting(random.Random):
        calls = 0

        def shuffle(self, x):  # noqa: D401 - a marker
            Counting.calls += 1
            super().shuffle(x)

    items = list(range(10))
    _shuffle(Counting(3), items)
    assert Counting.calls == 1 and sorted(items) == list(range(10))


@pytest.mark.parametrize("players", [1, 2, 4, 5])
def test_wonderfuls_tight_loop_plays_the_generic_loops_game(players):
    """``WonderfulState.play_random`` against the base class's generic ``play_random`` (legal
    list, unchecked ``apply``), each seat drawing from its own generator."""
    for seed in range(8):
        fast = gamekit.new("wonderful", players=players, seed=seed)
        plain = gamekit.new("wonderful", players=players, seed=seed)
        fast.quiet = plain.quiet = True
        draws_a = [random.Random(seed * 10 + s) for s in range(players)]
        draws_b = [random.Random(seed * 10 + s) for s in range(players)]
        n_fast = fast.play_random(draws_a, 10_000)
        n_plain = GameState.play_random(plain, draws_b, 10_000)
        assert n_fast == n_plain and fast.is_over() and plain.is_over()
        assert fast.log == plain.log and fast.to_dict() == plain.to_dict()


def test_play_random_stops_at_its_limit_and_leaves_the_game_going():
    state = gamekit.new("wonderful", players=3, seed=4)
    assert state.play_random([random.Random(1)] * 3, 25) == 25
    assert state.decisions_made() == 25 and not state.is_over()
    assert state.legal_actions(state.to_move()[0])  # the legal cache was reset


def test_play_random_with_another_generator_plays_the_same_game():
    """A generator of another kind (here one counting its draws) goes through the generic
    loop; the game is the one a plain generator gives."""
    class Counting(random.Random):
        draws = 0

        def _randbelow(self, n):
            Counting.draws += 1
            return super()._randbelow(n)

    plain = gamekit.new("wonderful", players=3, seed=9)
    other = gamekit.new("wonderful", players=3, seed=9)
    plain.play_random([random.Random(5)] * 3, 10_000)
    other.play_random([Counting(5)] * 3, 10_000)
    assert Counting.draws > 100 and plain.log == other.log


def test_random_seats_take_the_fast_path_only_for_plain_random_agents():
    state = gamekit.new("wonderful", players=2, seed=1)
    agents = [make_agent("wonderful", "random", 1), make_agent("wonderful", "heuristic", 2)]
    assert random_seats(state, agents, 10) is None
    assert state.decisions_made() == 0

    class Tweaked(RandomAgent):
        pass

    assert random_seats(state, [Tweaked(1), Tweaked(2)], 10) is None
    assert random_seats(state, [RandomAgent(1), RandomAgent(2)], 10) == 10
