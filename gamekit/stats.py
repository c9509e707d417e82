"""Honest statistics over simulated games: intervals, minimum counts, seat-order effects.

A win rate from 12 games is not a fact; these helpers say how sure a table is. Everything
works on the frame ``gamekit.simulate`` returns (one row per seat per game, with ``winner``
and ``score`` columns). Intervals use the normal approximation (Wilson's score interval for
proportions), which is sound for the sample sizes the analyse pages ask for (``min_games``).

    >>> lo, hi = wilson(5, 10)
    >>> round(lo, 4), round(hi, 4)
    (0.2366, 0.7634)
    >>> games_needed(0.05)        # ±5 points on a win rate near 50 %
    385
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from statistics import NormalDist
from typing import Any

__all__ = [
    "wilson",
    "mean_interval",
    "difference_interval",
    "games_needed",
    "win_table",
    "seat_table",
    "vp_difference",
]

#: below this many games a row is shown but not ranked
MIN_GAMES = 30


def _z(confidence: float) -> float:
    if not 0 < confidence < 1:
        raise ValueError(f"confidence must lie between 0 and 1, got {confidence!r}")
    return NormalDist().inv_cdf(0.5 + confidence / 2)


def wilson(wins: int, n: int, confidence: float = 0.95) -> tuple[float, float]:
    """Wilson score interval of a proportion ``wins / n`` (``(0, 1)`` when ``n`` is 0)."""
    if n < 0 or not 0 <= wins <= n:
        raise ValueError(f"need 0 <= wins <= n, got wins={wins}, n={n}")
    if n == 0:
        return 0.0, 1.0
    z = _z(confidence)
    p = wins / n
    z2n = z * z / n
    centre = (p + z2n / 2) / (1 + z2n)
    half = z * math.sqrt(p * (1 - p) / n + z2n / (4 * n)) / (1 + z2n)
    # the exact ends at 0 and n (rounding would leave 1e-17 above a rate of 0)
    low = 0.0 if wins == 0 else max(0.0, centre - half)
    high = 1.0 if wins == n else min(1.0, centre + half)
    return low, high


def mean_interval(values: Sequence[float], confidence: float = 0.95) -> tuple[float, float, float]:
    """Mean of ``values`` with a normal-approximation interval: ``(mean, low, high)``."""
    n = len(values)
    if n == 0:
        return math.nan, math.nan, math.nan
    mean = sum(values) / n
    if n == 1:
        return mean, math.nan, math.nan
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = _z(confidence) * math.sqrt(var / n)
    return mean, mean - half, mean + half


def difference_interval(
    a: Sequence[float], b: Sequence[float], confidence: float = 0.95
) -> tuple[float, float, float]:
    """Difference of means ``mean(a) - mean(b)`` with a Welch (unequal variances) interval."""
    na, nb = len(a), len(b)
    if na < 2 or nb < 2:
        raise ValueError(f"need at least 2 values on each side, got {na} and {nb}")
    ma, mb = sum(a) / na, sum(b) / nb
    va = sum((v - ma) ** 2 for v in a) / (na - 1)
    vb = sum((v - mb) ** 2 for v in b) / (nb - 1)
    half = _z(confidence) * math.sqrt(va / na + vb / nb)
    d = ma - mb
    return d, d - half, d + half


def games_needed(margin: float, rate: float = 0.5, confidence: float = 0.95) -> int:
    """Games needed so a win rate near ``rate`` is known to ±``margin`` (half-width)."""
    if not 0 < margin < 1:
        raise ValueError(f"margin must lie between 0 and 1, got {margin!r}")
    if not 0 <= rate <= 1:
        raise ValueError(f"rate must lie between 0 and 1, got {rate!r}")
    z = _z(confidence)
    p = min(max(rate, 0.01), 0.99)  # a rate of 0 or 1 still has uncertainty
    return math.ceil(z * z * p * (1 - p) / (margin * margin))


def win_table(
    frame: Any,
    by: str | Sequence[str],
    min_games: int = MIN_GAMES,
    confidence: float = 0.95,
):
    """Win rate and VP per group with intervals; groups under ``min_games`` are not ranked.

    Columns: ``games``, ``wins``, ``win_rate``, ``win_low``, ``win_high``, ``vp_mean``,
    ``vp_low``, ``vp_high``, ``rank`` (by the lower bound of the win rate, so a lucky small
    group does not top the table; empty for groups with too few games). A shared win counts as
    a win for each sharer."""
    import pandas as pd

    cols = [by] if isinstance(by, str) else list(by)
    rows = []
    for key, group in frame.groupby(cols, dropna=False):
        n = len(group)
        wins = int(group["winner"].sum())
        low, high = wilson(wins, n, confidence)
        vp, vp_low, vp_high = mean_interval(list(group["score"]), confidence)
        keys = key if isinstance(key, tuple) else (key,)
        rows.append({**dict(zip(cols, keys, strict=True)), "games": n, "wins": wins,
                     "win_rate": wins / n, "win_low": low, "win_high": high,
                     "vp_mean": vp, "vp_low": vp_low, "vp_high": vp_high})
    table = pd.DataFrame(rows)
    if table.empty:
        return table
    enough = table["games"] >= min_games
    order = table.loc[enough, "win_low"].rank(ascending=False, method="min")
    table["rank"] = order.reindex(table.index).astype("Int64")
    return table.sort_values(["rank", "win_rate"], na_position="last",
                             ascending=[True, False]).reset_index(drop=True)


def seat_table(frame: Any, confidence: float = 0.95):
    """Seat-order effect: win rate per seat with intervals beside the rate expected if the
    seat made no difference (each game's wins shared equally among its seats)."""
    table = win_table(frame, "seat", min_games=0, confidence=confidence)
    if table.empty:
        return table
    game = "seed" if "seed" in frame else "game_index"  # Gaia's survey numbers its games
    per_game = frame.groupby(game)["winner"].agg(["sum", "size"])
    table["expected"] = float((per_game["sum"] / per_game["size"]).mean())
    table["effect"] = ~((table["win_low"] <= table["expected"])
                        & (table["expected"] <= table["win_high"]))
    return table.drop(columns="rank").sort_values("seat").reset_index(drop=True)


def vp_difference(frame: Any, by: str, a: Any, b: Any,
                  confidence: float = 0.95) -> dict[str, float]:
    """Mean VP of group ``a`` minus group ``b`` (column ``by``) with a Welch interval;
    ``significant`` when the interval excludes 0."""
    va = list(frame.loc[frame[by] == a, "score"])
    vb = list(frame.loc[frame[by] == b, "score"])
    d, low, high = difference_interval(va, vb, confidence)
    return {"difference": d, "low": low, "high": high, "games_a": len(va), "games_b": len(vb),
            "significant": not (low <= 0 <= high)}
