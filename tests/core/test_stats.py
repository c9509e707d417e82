"""gamekit.stats: intervals against published values, ranking rules, seat effects."""

from __future__ import annotations

import doctest
import random

import pandas as pd
import pytest

import gamekit
from gamekit import stats


def test_doctests():
    assert doctest.testmod(stats).failed == 0


@pytest.mark.parametrize(
    "wins, n, low, high",
    [  # Wilson 95 % intervals as tabulated by Newcombe (1998), Table I
        (81, 263, 0.2553, 0.3662),
        (15, 148, 0.0624, 0.1605),
        (0, 20, 0.0, 0.1611),
        (1, 29, 0.0061, 0.1718),
    ],
)
def test_wilson_matches_newcombe(wins, n, low, high):
    lo, hi = stats.wilson(wins, n)
    assert lo == pytest.approx(low, abs=6e-4)
    assert hi == pytest.approx(high, abs=6e-4)


def test_wilson_edges_and_errors():
    assert stats.wilson(0, 0) == (0.0, 1.0)
    lo, hi = stats.wilson(100, 100)
    assert hi == 1.0 and 0.95 < lo < 1.0
    with pytest.raises(ValueError, match="wins <= n"):
        stats.wilson(5, 3)
    with pytest.raises(ValueError, match="confidence"):
        stats.wilson(1, 2, confidence=1.5)


def test_wilson_covers_the_true_rate_about_95_percent():
    rng = random.Random(3)
    covered = 0
    for _ in range(2000):
        wins = sum(rng.random() < 0.3 for _ in range(60))
        lo, hi = stats.wilson(wins, 60)
        covered += lo <= 0.3 <= hi
    assert 0.92 < covered / 2000 < 0.98


def test_games_needed_shrinks_with_the_margin():
    assert stats.games_needed(0.05) == 385
    assert stats.games_needed(0.1) == 97
    assert stats.games_needed(0.05, rate=0.1) < stats.games_needed(0.05)
    with pytest.raises(ValueError, match="margin"):
        stats.games_needed(0)


def test_difference_interval_detects_a_real_gap():
    rng = random.Random(5)
    a = [rng.gauss(50, 5) for _ in range(200)]
    b = [rng.gauss(45, 5) for _ in range(200)]
    d, lo, hi = stats.difference_interval(a, b)
    assert lo < d < hi and lo > 0 and 4 < d < 6
    with pytest.raises(ValueError, match="at least 2"):
        stats.difference_interval([1.0], b)


def _frame(rows):
    return pd.DataFrame(rows, columns=["seed", "seat", "agent", "score", "winner"])


def test_small_groups_are_shown_but_not_ranked():
    rows = []
    for g in range(3):  # "lucky" wins all of 3 games
        rows += [(g, 0, "lucky", 60, True), (g, 1, "steady", 40, False)]
    for g in range(3, 103):  # "steady" wins 70 of 100 against "weak"
        win = g % 10 < 7
        rows += [(g, 0, "steady", 50 if win else 40, win),
                 (g, 1, "weak", 40 if win else 50, not win)]
    table = stats.win_table(_frame(rows), "agent", min_games=30)
    by = table.set_index("agent")
    assert by.loc["lucky", "win_rate"] == 1.0
    assert pd.isna(by.loc["lucky", "rank"])  # 3 games: not ranked
    assert by.loc["steady", "rank"] == 1
    assert table.iloc[0]["agent"] == "steady"
    assert by.loc["steady", "win_low"] < by.loc["steady", "win_rate"] < by.loc["steady", "win_high"]


def test_seat_table_on_simulated_games_has_no_effect_for_symmetric_random_players():
    frame = gamekit.simulate("race", ["random", "random"], n=120, seed=0, progress=False)
    table = stats.seat_table(frame)
    assert list(table["seat"]) == [0, 1]
    assert table["games"].sum() == len(frame)
    assert (table["win_low"] <= table["win_rate"]).all()
    assert 0.45 <= table["expected"].iloc[0] <= 0.55


def test_seat_table_flags_a_rigged_seat():
    rows = []
    for g in range(200):
        rows += [(g, 0, "a", 50, True), (g, 1, "b", 40, False)]
    table = stats.seat_table(_frame(rows))
    assert bool(table.loc[0, "effect"]) and bool(table.loc[1, "effect"])


def test_vp_difference():
    rows = [(g, s, "x" if s == 0 else "y", 50 + (g % 5) if s == 0 else 40 + (g % 7), s == 0)
            for g in range(50) for s in range(2)]
    got = stats.vp_difference(_frame(rows), "agent", "x", "y")
    assert got["significant"] and got["low"] > 0 and got["games_a"] == 50
