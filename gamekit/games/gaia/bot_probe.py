"""Where the scholar's ranking of its main actions is wrong, found by chance (session 27,
issue 32): randomised swaps in self-play.

At a main turn of rounds 1–5 ("Fase III: Ações") the scholar of :mod:`.bot_scholar` plays, with
probability ``p`` (a generator of its own), the main action it ranks *second* instead of the
first, and logs the swap: the round, both actions' kinds (:func:`kind_of`: a mine, an upgrade by
its building, research by its track, a power or QIC action, a Gaia project, a federation, a
special action, passing) and the value between them. Because the swap is drawn at random, a
least-squares fit of each seat's final VP on its swaps (:func:`fit`: a kind played instead of
the best counts +1, the best given up −1, by kind and round band) measures what playing a kind
more is worth against the scholar's choice: a kind with a large positive worth is one its
value ranks too low there. Four scholars play each game (``bot_study``'s random factions, map
and seat seeds); with ``p = 0`` it is the scholar's own game.

``python -m gamekit.games.gaia.bot_probe --games 600 --seed 3000 --out swaps.jsonl`` plays and
prints; ``--rows swaps.jsonl ...`` prints the fit of games already played."""

from __future__ import annotations

import argparse
import json
import random
from collections import Counter
from contextlib import nullcontext
from typing import Any

from gamekit.core import Action

from .bot_scholar import ScholarAgent
from .bot_study import read_rows, selfplay_game

__all__ = ["SwapAgent", "band_of", "fit", "fit_table", "kind_of", "probe_game"]

#: a swap's generator's seed, from the seat's seed (apart from the tie noise's)
_SWAP_SEED = 7_919


def kind_of(action: Action) -> str:
    """The kind a swap is counted under: ``up:<building>``, ``res:<track>``, ``act:<power or
    QIC action>`` or the verb itself (``build``, ``gaia``, ``federation``, ``special``,
    ``pass``)."""
    v = action.verb
    if v == "upgrade":
        return f"up:{action.args[-1]}"
    if v == "research":
        return f"res:{action.args[0]}"
    if v == "action":
        return f"act:{action.args[0]}"
    return v


def band_of(rnd: int) -> str:
    """The round band a swap is counted in: rounds 1–2, 3–4 or 5."""
    return "r1-2" if rnd <= 2 else "r3-4" if rnd <= 4 else "r5"


class SwapAgent(ScholarAgent):
    """The scholar playing its second-ranked main action with probability ``p`` in rounds
    1–5, each swap appended to ``log``."""

    name = "swapper"

    def __init__(self, seed: int = 0, p: float = 0.15, log: list | None = None) -> None:
        super().__init__(seed)
        self.p, self.log = p, log if log is not None else []
        self.swaps = random.Random(seed * _SWAP_SEED + 1)

    def _best_two(self, state, seat: int, mains: list[Action]):
        ranked = self._ranked_values(state, seat, mains)
        if 1 <= state.round <= 5 and len(ranked) > 1 and self.swaps.random() < self.p:
            (v0, best), (v1, alt) = ranked[0], ranked[1]
            self.log.append({"seat": seat, "round": state.round, "best": kind_of(best),
                             "alt": kind_of(alt), "gap": round(v0 - v1, 3)})
            return alt, float("inf")  # played as it is: no conversion before it
        return ranked[0][1], ranked[0][0]


def probe_game(seed: int, p: float = 0.15, players: int = 4) -> dict[str, Any]:
    """One self-play game of swapping scholars (``bot_study``'s set-up and seat seeds):
    ``{"seed", "vp", "factions", "swaps"}``."""
    log: list[dict[str, Any]] = []
    rows = selfplay_game(seed, players, ("swapper",), lambda _n, s: SwapAgent(s, p, log))
    return {"seed": seed, "vp": [r["score"] for r in rows],
            "factions": [r["faction"] for r in rows], "swaps": log}


def fit(games: list[dict[str, Any]], least: int = 40, ridge: float = 5.0) -> dict[str, Any]:
    """Each (kind, band) swapped at least ``least`` times: its worth in final VP a time it is
    played instead of the best (± its standard error), fitted with every seat's swaps together,
    beside the mean worth of a swap itself. The worths are known only up to a constant (a
    swap adds one kind and takes one away): the ridge ``ridge`` on them picks the smallest."""
    import numpy as np

    seen: Counter = Counter()
    for g in games:
        for s in g["swaps"]:
            band = band_of(s["round"])
            seen[(s["best"], band)] += 1
            seen[(s["alt"], band)] += 1
    keys = sorted(k for k, n in seen.items() if n >= least)
    col = {k: i for i, k in enumerate(keys)}
    rows, ys = [], []
    for g in games:
        for seat, vp in enumerate(g["vp"]):
            x = np.zeros(len(keys) + 2)
            x[-1] = 1.0
            for s in g["swaps"]:
                if s["seat"] == seat:
                    x[-2] += 1
                    band = band_of(s["round"])
                    if (s["alt"], band) in col:
                        x[col[(s["alt"], band)]] += 1
                    if (s["best"], band) in col:
                        x[col[(s["best"], band)]] -= 1
            rows.append(x)
            ys.append(float(vp))
    X, y = np.array(rows), np.array(ys)
    pen = np.diag([ridge] * len(keys) + [0.0, 0.0])
    inv = np.linalg.inv(X.T @ X + pen)
    w = inv @ X.T @ y
    res = y - X @ w
    s2 = float(res @ res) / max(1, len(y) - X.shape[1])
    se = np.sqrt(np.diag(s2 * inv @ (X.T @ X) @ inv))
    return {"games": len(games), "swaps": int(X[:, -2].sum()),
            "swap": (float(w[-2]), float(se[-2])),
            "kinds": {k: (float(w[i]), float(se[i]), seen[k]) for i, k in enumerate(keys)}}


def fit_table(f: dict[str, Any]) -> str:
    """:func:`fit` as a Markdown table, the largest worths first."""
    sw, se = f["swap"]
    lines = [f"{f['games']} games, {f['swaps']} swaps; a swap itself {sw:+.2f} ± {se:.2f} VP",
             "", "| kind played instead of the best | rounds | swaps | VP a time |",
             "|---|---|---:|---:|"]
    for (kind, band), (w, e, n) in sorted(f["kinds"].items(), key=lambda t: -t[1][0]):
        lines.append(f"| {kind} | {band} | {n} | {w:+.2f} ± {e:.2f} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=3000)
    ap.add_argument("--p", type=float, default=0.15, help="a main turn's chance of a swap")
    ap.add_argument("--out", help="append a JSON line a game here")
    ap.add_argument("--rows", nargs="*", help="fit games already played (--out files)")
    args = ap.parse_args(argv)
    if args.rows:
        games = [g for f in args.rows for g in read_rows(f)]
    else:
        games = []
        with open(args.out, "a", encoding="utf-8") if args.out else nullcontext() as fh:
            for seed in range(args.seed, args.seed + args.games):
                games.append(probe_game(seed, args.p))
                if fh is not None:
                    fh.write(json.dumps(games[-1]) + "\n")
                    fh.flush()
    print(fit_table(fit(games)))


if __name__ == "__main__":
    main()
