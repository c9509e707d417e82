"""Property tests over hundreds of random games, thousands with ``GAMEKIT_SOAK=1`` (generic
checks of ``gamekit.core.invariants`` plus ``check_invariants``: conservation of the 150 cards,
no negative stock, ledger balance, score = breakdown, illegal actions rejected unchanged, views
leak nothing, replay, JSON)."""

import os

import pytest

from gamekit.core.invariants import check_random_game

#: ``make test`` plays a quarter of each set-up's seeds (about 0.05-0.1 CPU-s a game);
#: ``GAMEKIT_SOAK=1`` (``make soak``) all of them
SHARE = 1 if os.environ.get("GAMEKIT_SOAK") == "1" else 4
# cheap per-step checks on many games: (players, options, seeds under GAMEKIT_SOAK=1)
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
    for seed in range(seeds // SHARE):
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


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_round_structure_in_the_events(players):
    import random

    from gamekit.core.agents import random_playout
    from gamekit.games.wonderful.data import RES
    from gamekit.games.wonderful.state import WonderfulState

    for seed in range(5):
        st = WonderfulState.new(players, seed)
        random_playout(st, random.Random(seed))
        for rnd in range(1, 5):
            evs = [e for e in st.events if e.round == rnd]
            kinds = [e.kind for e in evs]
            assert [e.data["resource"] for e in evs if e.kind == "produce"] == list(RES)
            assert kinds.count("round_start") == 1 and kinds.count("round_end") == 1
            if players == 1:
                assert kinds.count("project_taken") == 2
            else:
                assert kinds.count("reveal") == (7 if players == 2 else 6)
                assert kinds.count("last_card") == (0 if players == 2 else 1)
                # every seat's selection area got exactly 7 cards this round
                kept = kinds.count("kept") + kinds.count("recycled")
                assert kept == 7 * players
            # a supremacy outcome for each step
            sup = kinds.count("supremacy_won") + kinds.count("supremacy_none")
            assert sup == 5
        assert st.events[-1].kind in ("game_end", "solo_rating", "scenario_result")
