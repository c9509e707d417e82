"""Random games play exactly as main's engine played them before the speed work (issue 15).

``fixtures/speed_games.json`` (written by ``speed_fixtures.py`` from main's engine first):
quiet unchecked ``random_playout`` games (the ``bench`` path) and ``simulate`` games (the
rows ``run_one`` returns). Same seeds: the same action sequence (log digest), the same final
scores, the same rows; and checked play gives the same games as unchecked.
"""

from __future__ import annotations

import pytest
from speed_fixtures import load, playout, simulated

DATA = load()


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_random_playouts_are_the_games_main_played(players):
    for seed, want in enumerate(DATA["playout"][players]):
        assert playout(players, seed) == want, (players, seed)


@pytest.mark.parametrize("players", [1, 4, 5])
def test_checked_random_playouts_are_the_same_games(players):
    for seed, want in enumerate(DATA["playout"][players][:15]):
        assert playout(players, seed, check=True) == want, (players, seed)


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_simulated_games_give_the_rows_main_gave(players):
    for index, want in enumerate(DATA["simulate"][players]):
        assert simulated(players, index) == want, (players, index)
