"""Property tests over thousands of random games (generic checks of ``gamekit.core.invariants``
plus ``check_invariants``: conservation of the 150 cards, no negative stock, ledger balance,
score = breakdown, illegal actions rejected unchanged, views leak nothing, replay, JSON)."""

import pytest

from gamekit.core.invariants import check_random_game

# cheap per-step checks on many games: (players, options, seeds, every)
CHEAP = [
    (1, {}, 400),
    (2, {}, 400),
    (3, {}, 400),
    (4, {}, 400),
    (5, {}, 400),
    (4, {"empire_side": "B"}, 60),
    (3, {"empires": ["noram_states", "aztec_empire", "panafrican_union"]}, 40),
    (1, {"solo_exchange": False}, 40),
]


@pytest.mark.parametrize("players, options, seeds", CHEAP,
                         ids=[f"{p}p-{'-'.join(o) or 'default'}" for p, o, _ in CHEAP])
def test_many_random_games(players, options, seeds):
    for seed in range(seeds):
        check_random_game("wonderful", players, 1000 + seed, options, every=97, views=False)


@pytest.mark.parametrize("scenario", ["CO1", "CO2", "CO3", "CO4", "CO5", "CO6"])
def test_solo_scenarios(scenario):
    for seed in range(60):
        check_random_game("wonderful", 1, seed, {"scenario": scenario}, every=41,
                          views=seed % 20 == 0)


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_full_checks_with_views(players):
    for seed in range(3):
        check_random_game("wonderful", players, 77 + seed, every=3 + players, views=True)
