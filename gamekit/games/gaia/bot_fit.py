"""A Gaia Project position's worth fitted to planner self-play (issue 29; docs/bots.md, "Session
14: a fitted leaf value"): the leaf value of the rollout bot ``foresight`` (:mod:`.bot_rollout`).

Each seat's *strength* is a weighted sum of what it holds (:func:`seat_features`: VP scored,
the VP its stock and power would make at the end, income to come, research, final tiles as the
counts stand, structures, federations...), one set of weights for each round ("Fase I"-"Fase
IV" six times) and table size. The weights are least squares on planner self-play: at every
turn's start the features of every seat, centred on the table's mean, against each seat's final
VP less the table's mean final VP ("Fim do Jogo e Pontuação"). So a strength difference between
two seats estimates their final VP difference. They are stored in ``data/leaf_value.json`` with
how they were fitted; ``python -m gamekit.games.gaia.bot_fit --games N`` refits them (not run
by the tests)."""

from __future__ import annotations

import argparse
import json
import random
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from .bot_eval import _STRUCTURE, position_value, rounds_left
from .bot_value import _end_stock, _final_share
from .components import BOOSTERS
from .rounds import income_of
from .scoring import count_of

if TYPE_CHECKING:
    from .state import GaiaState

__all__ = ["FEATURES", "fitted_value", "seat_features", "strength", "weights"]

_TABLE = Path(__file__).with_name("data") / "leaf_value.json"
#: the features' names, in ``seat_features`` order
FEATURES = ("vp", "planner_rest", "end_stock", "income", "research_end", "research_use",
            "final_tiles", "structures", "fed_tokens", "federations", "gaiaformers", "pass_vp",
            "to_move")
#: what income is worth a round, as the planner counts it (:mod:`.bot_eval`)
_WORTH = {"credits": 0.6, "ore": 1.3, "knowledge": 1.3, "qic": 2.0, "vp": 1.0}


def seat_features(state: GaiaState, seat: int) -> list[float]:
    """What ``seat`` holds, in ``FEATURES`` order (see the module docstring)."""
    p = state.pl[seat]
    left = rounds_left(state)
    vp = float(p.vp)
    rest = position_value(state, seat) - vp
    income = pass_vp = finals = built = 0.0
    if p.board is not None:
        if left:
            gains, charges, tokens = income_of(state, seat)
            income = left * (sum(_WORTH.get(r, 0.0) * n for r, n in gains.items())
                             + 0.18 * sum(charges) + 0.15 * sum(tokens))
        finals = sum(_final_share(state, seat, t) for t in state.final_tiles)
        built = sum(_STRUCTURE.get(c, 1.0) for c in p.built.values())
        if p.booster and not p.passed and BOOSTERS[p.booster].pass_per:
            b = BOOSTERS[p.booster]
            pass_vp = float(b.pass_vp * count_of(state, seat, b.pass_per))
    research = p.research or {}
    return [vp, rest, _end_stock(p), income,
            4.0 * sum(max(0, lv - 2) for lv in research.values()),
            left * float(sum(research.values())), finals, built,
            float(sum(1 for t in p.fed_tokens if t[1])), float(len(p.feds)),
            float(p.gaiaformers), pass_vp,
            1.0 if state.to_move() and state.to_move()[0] == seat else 0.0]


@lru_cache(maxsize=1)
def _table() -> dict:
    return json.loads(_TABLE.read_text(encoding="utf-8"))


def weights(players: int, round_: int) -> list[float]:
    """The fitted weights for a table of ``players`` (2, else the 4-player set) in round
    ``round_`` (1-6; the set-up counts as round 1)."""
    table = _table()["weights"]
    key = "2" if players == 2 else "4"
    return table[key][min(max(round_, 1), 6) - 1]


def strength(state: GaiaState, seat: int) -> float:
    """``seat``'s fitted strength: its expected final VP less the table's, up to a constant
    common to every seat (its real final VP once the game is over)."""
    if state.over:
        return float(state.pl[seat].vp)
    w = weights(state.players, state.round)
    return sum(a * b for a, b in zip(w, seat_features(state, seat), strict=True))


def fitted_value(state: GaiaState, seat: int) -> float:
    """``seat``'s strength less the best other seat's: the expected final VP lead."""
    mine = strength(state, seat)
    others = [strength(state, s) for s in range(state.players) if s != seat]
    return mine - max(others) if others else mine


def self_play_rows(players: int, seed: int) -> list[dict]:
    """One planner self-play game (``seed``): a row per seat at every turn's start (round,
    seat, features) with the seat's final VP."""
    from gamekit.core import make_agent

    from .state import GaiaState

    s = GaiaState.new(players, seed)
    s.quiet = True
    rng = random.Random(seed)
    agents = [make_agent("gaia", "heuristic", rng.getrandbits(32)) for _ in range(players)]
    rows: list[dict] = []
    while not s.over:
        seat = s.to_move()[0]
        decision = s.decision(seat)
        if decision.kind == "turn" and s.round >= 1:
            rows.extend({"game": seed, "round": s.round, "seat": k,
                         "x": seat_features(s, k)} for k in range(players))
        legal = decision.legal
        s.apply(legal[0] if len(legal) == 1 else agents[seat].choose(
            s.agent_view(seat), decision), False)
    for r in rows:
        r["vp"] = s.pl[r["seat"]].vp
    return rows


def fit(rows: list[dict], ridge: float = 1.0, positive: bool = True) -> list[list[float]]:
    """Least squares weights a round: each seat's features less the table's mean against its
    final VP less the table's mean, the VP scored counted 1 each and the other weights fitted
    (``ridge`` shrinks them towards 0). ``positive``:
    no weight below 0 (the most negative one dropped and the rest refitted until none is),
    so that holding more of anything is never valued as worse: a self-play fit otherwise
    learns that seats with many structures for their VP end lower, and a search using it
    would stop building."""
    import numpy as np

    out = []
    for rnd in range(1, 7):
        xs, ys = _centred([r for r in rows if r["round"] == rnd])
        ys = ys - xs[:, 0]  # VP scored are kept: weight 1, the rest fitted to the VP to come
        keep = list(range(1, xs.shape[1]))
        while True:
            x = xs[:, keep]
            w = np.linalg.solve(x.T @ x + ridge * np.eye(len(keep)), x.T @ ys)
            worst = int(np.argmin(w))
            if not positive or w[worst] >= 0:
                break
            keep.pop(worst)
        full = [1.0] + [0.0] * (xs.shape[1] - 1)
        for k, v in zip(keep, w, strict=True):
            full[k] = round(float(v), 4)
        out.append(full)
    return out


def _centred(rows: list[dict]):
    """Feature and target matrices centred on each (game, decision) table."""
    import numpy as np

    groups: dict[tuple, list[dict]] = {}
    for i, r in enumerate(rows):
        groups.setdefault((r["game"], i - r["seat"]), []).append(r)
    xs, ys = [], []
    for g in groups.values():
        mx = np.mean([r["x"] for r in g], axis=0)
        my = float(np.mean([r["vp"] for r in g]))
        for r in g:
            xs.append(np.asarray(r["x"]) - mx)
            ys.append(r["vp"] - my)
    return np.asarray(xs), np.asarray(ys)


def refit(two: list[str], four: list[str], ridge: float = 10.0) -> dict:
    """The table fitted to the self-play rows in the files ``two`` (2-player games) and ``four``
    (4-player games; none: the 2-player weights serve every table), a JSON line a game."""
    out: dict = {"features": list(FEATURES), "ridge": ridge, "weights": {}, "games": {}}
    for key, paths in (("2", two), ("4", four or two)):
        games = [json.loads(line) for path in paths for line in open(path, encoding="utf-8")]
        rows = [r for g in games for r in g]
        out["weights"][key] = fit(rows, ridge)
        out["games"][key] = {"count": len(games), "seeds": _ranges(sorted(g[0]["game"]
                                                                           for g in games))}
    return out


def _ranges(seeds: list[int]) -> list[list[int]]:
    """Consecutive seeds as ``[first, last]`` pairs."""
    out: list[list[int]] = []
    for n in seeds:
        if out and out[-1][1] == n - 1:
            out[-1][1] = n
        else:
            out.append([n, n])
    return out


def main(argv: list[str] | None = None) -> None:
    """Collect self-play rows into ``--out`` (a JSON line a game), or refit the table from
    ``--two``/``--four`` files (``--write``: into ``data/leaf_value.json``, else printed)."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--games", type=int, default=0)
    ap.add_argument("--seed", type=int, default=10_000)
    ap.add_argument("--out")
    ap.add_argument("--two", nargs="*", default=[])
    ap.add_argument("--four", nargs="*", default=[])
    ap.add_argument("--ridge", type=float, default=10.0)
    ap.add_argument("--write", action="store_true")
    args = ap.parse_args(argv)
    if args.games and args.out:
        with open(args.out, "a", encoding="utf-8") as f:
            for g in range(args.seed, args.seed + args.games):
                f.write(json.dumps(self_play_rows(args.players, g)) + "\n")
                f.flush()
    if args.two:
        table = json.dumps(refit(args.two, args.four, args.ridge))
        table = table.replace("[[", "[\n  [").replace("], [", "],\n  [")
        if args.write:
            _TABLE.write_text(table + "\n", encoding="utf-8")
        else:
            print(table)


if __name__ == "__main__":
    main()
