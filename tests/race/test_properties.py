"""Property tests: many random games with the generic invariant checks."""

import pytest

from gamekit.core.invariants import check_random_game

CASES = [
    (2, {}),
    (3, {}),
    (4, {}),
    (2, {"advanced": True}),
]


@pytest.mark.parametrize("players,options", CASES)
def test_full_checks_with_views(players, options):
    for seed in range(4):
        check_random_game("race", players, seed, options, every=1, views=True)


@pytest.mark.parametrize("players,options", CASES)
def test_cheap_checks_many_games(players, options):
    for seed in range(100, 160):
        check_random_game("race", players, seed, options, every=25, views=False)
