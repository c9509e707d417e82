"""Paired measurements of a Gaia bot variant against stored self-play rows (session 26, issue
32): the way sessions 19–26 measured every variant, kept as a tool instead of scratch scripts.

* **Whole tables**: every seat the variant on the seeds of stored rows (``bot_study --out``,
  seat seeds ``seed*10+k``); a game's difference is its table mean less the stored table's.
* **One faction's seat**: the stored seeds that seat the faction, that seat the variant and the
  other seats the stored rows' own agent (``selfplay_game``'s seat seeds, so the game is the
  stored one until the variant plays differently); the difference is that seat's VP less the
  stored seat's, and the other seats' mean difference says what it cost them.

Agents are named from a closed table (:data:`VARIANTS`) or the registry: no code is named by
data. ``python -m gamekit.games.gaia.bot_paired --base c1000.jsonl --agent engines --faction
itars --games 12 --out itars.jsonl`` plays and prints; ``--compare itars.jsonl`` only prints.
Without ``--base`` the stored rows are issue 32's measure, :data:`STANDARD_ROWS`: the
technologist's 200 standard 4-player games (seeds 1000–1199), kept in the repository so a
variant's paired measure plays only the variant's games (``--agent NAME --games 200``).

* **The seeds' own spread** (session 27): the same set-ups played again with every seat's
  seed shifted, nothing else changed: how far a game's result moves on the 1e-6 tie noise alone,
  the noise every paired difference carries (``--spread 6 --agent scholar --seed 1000 --games
  8``)."""

from __future__ import annotations

import argparse
import json
import math
import statistics
from collections import defaultdict
from collections.abc import Callable, Iterable
from contextlib import nullcontext
from pathlib import Path
from typing import Any

from gamekit.core import make_agent

from .bot_study import read_rows, selfplay_game

__all__ = ["STANDARD_ROWS", "VARIANTS", "compare", "faction_seats", "make_variant", "play",
           "report", "spread", "spread_report"]


#: issue 32's measure: the technologist's rows of the 200 standard games (``bot_study --games
#: 100 --seed 1000 --lineup technologist --out …`` and the same from 1100; session 30)
STANDARD_ROWS = Path(__file__).with_name("data") / "selfplay" / "technologist.1000-1199.jsonl"


def _engines(seed: int):
    from .bot_engines import EngineAgent
    return EngineAgent(seed)


#: variants that are not registered, by name (the registered agents are named as themselves)
VARIANTS: dict[str, Callable[[int], Any]] = {"engines": _engines}


def make_variant(name: str, seed: int):
    """The agent called ``name``: a :data:`VARIANTS` entry or a registered Gaia agent."""
    maker = VARIANTS.get(name)
    return maker(seed) if maker is not None else make_agent("gaia", name, seed)


def faction_seats(base: Iterable[dict[str, Any]], faction: str) -> list[tuple[int, int]]:
    """``(seed, seat)`` of the stored games seating ``faction``, by seed."""
    return sorted((r["seed"], r["seat"]) for r in base if r["faction"] == faction)


def play(base: list[dict[str, Any]], agent: str, faction: str | None = None, first: int = 0,
         games: int = 12, out=None) -> list[dict[str, Any]]:
    """Play ``games`` stored games from the ``first``: the ``faction`` seat ``agent`` (every
    seat when ``faction`` is ``None``), the others the stored rows' agent. Rows are written to
    ``out`` (a JSON line a seat) as each game ends and returned."""
    by_seed: dict[int, dict[int, str]] = defaultdict(dict)
    for r in base:
        by_seed[r["seed"]][r["seat"]] = r.get("agent", "completer")
    if faction is None:
        todo = [(seed, None) for seed in sorted(by_seed)]
    else:
        todo = [(seed, seat) for seed, seat in faction_seats(base, faction)]
    if not todo:
        raise ValueError(f"no stored game seats the faction {faction!r}")
    rows: list[dict[str, Any]] = []
    for seed, seat in todo[first:first + games]:
        names = tuple("variant" if seat is None or k == seat else by_seed[seed][k]
                      for k in range(len(by_seed[seed])))
        game = selfplay_game(seed, len(names), names, lambda n, s: make_variant(
            agent if n == "variant" else n, s))
        rows += game
        if out is not None:
            out.writelines(json.dumps(r) + "\n" for r in game)
            out.flush()
    return rows


#: the shift of every seat's seed between two draws of :func:`spread`
_SHIFT = 7919


def spread(seed: int, agent: str, draws: int, players: int = 4) -> list[list[int]]:
    """The self-play set-up of ``seed`` played ``draws`` times by ``agent`` at every seat, the
    seats' seeds shifted by :data:`_SHIFT` a draw (draw 0 is ``selfplay_game``'s own game):
    each draw's scores by seat."""
    return [[r["score"] for r in selfplay_game(
        seed, players, ("variant",), lambda _n, s, d=d: make_variant(agent, s + d * _SHIFT))]
        for d in range(draws)]


def spread_report(games: dict[int, list[list[int]]]) -> str:
    """:func:`spread`'s draws by seed as text: each set-up's table means, and the standard
    deviation within a set-up of a table's mean and of a seat's VP (pooled over set-ups)."""
    lines, tables, seats = [], [], []
    for seed, draws in sorted(games.items()):
        means = [statistics.mean(d) for d in draws]
        lines.append(f"seed {seed}: table means " + ", ".join(f"{m:.1f}" for m in means))
        tables += [m - statistics.mean(means) for m in means]
        for k in range(len(draws[0])):
            col = [d[k] for d in draws]
            seats += [v - statistics.mean(col) for v in col]
    dof = max(1, len(tables) - len(games))  # draws less one mean a set-up
    players = len(seats) // len(tables)
    table_sd = math.sqrt(sum(x * x for x in tables) / dof)
    seat_sd = math.sqrt(sum(x * x for x in seats) / (dof * players))
    lines.append(f"within a set-up: a table's mean sd {table_sd:.1f} VP, a seat's sd {seat_sd:.1f} VP")
    return "\n".join(lines)


def _mean_se(xs: list[float]) -> tuple[float, float]:
    m = statistics.mean(xs)
    return m, (statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else float("nan"))


def compare(rows: list[dict[str, Any]], base: list[dict[str, Any]],
            faction: str | None = None) -> dict[str, Any]:
    """The variant's ``rows`` against the stored ``base`` on the same seeds: the mean
    difference and its standard error (a table's mean a game, or the ``faction`` seat's VP),
    the other seats' mean difference, and the VP by source that moved (a player or seat)."""
    old = {(r["seed"], r["seat"]): r for r in base}
    new = [r for r in rows if (r["seed"], r["seat"]) in old]
    if faction is None:
        by: dict[int, list] = defaultdict(list)
        for r in new:
            by[r["seed"]].append(r["score"] - old[(r["seed"], r["seat"])]["score"])
        diffs = [statistics.mean(d) for d in by.values()]
        mine, others = new, []
    else:
        mine = [r for r in new if r["faction"] == faction and r.get("agent") == "variant"]
        seeds = {r["seed"] for r in mine}
        diffs = [r["score"] - old[(r["seed"], r["seat"])]["score"] for r in mine]
        others = [r["score"] - old[(r["seed"], r["seat"])]["score"] for r in new
                  if r["seed"] in seeds and r not in mine]
    if not diffs:
        raise ValueError("no game of the rows is among the stored ones")
    mean, se = _mean_se(diffs)
    sources: dict[str, float] = defaultdict(float)
    for r in mine:
        b = old[(r["seed"], r["seat"])]["breakdown"]
        for k in set(r["breakdown"]) | set(b):
            sources[k] += (r["breakdown"].get(k, 0) - b.get(k, 0)) / len(mine)
    return {"n": len(diffs), "mean": mean, "se": se,
            "base": statistics.mean(old[(r["seed"], r["seat"])]["score"] for r in mine),
            "others": statistics.mean(others) if others else None,
            "sources": {k: v for k, v in sorted(sources.items(), key=lambda t: t[1]) if v},
            "cpu": statistics.mean(r.get("agent_cpu_per_decision", 0.0) for r in mine)}


def report(c: dict[str, Any], faction: str | None = None) -> str:
    """:func:`compare`'s figures as text."""
    what = f"the {faction} seat" if faction else "a player"
    lines = [f"{c['n']} {'seats' if faction else 'games'}: {c['mean']:+.2f} ± {c['se']:.2f} VP "
             f"{what} (stored {c['base']:.1f}); CPU {c['cpu']:.3f} s a decision"]
    if c["others"] is not None:
        lines.append(f"the other seats: {c['others']:+.2f} VP a seat")
    lines.append("moved: " + ", ".join(f"{k} {v:+.2f}" for k, v in c["sources"].items()
                                       if abs(v) >= 0.1))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--base", default=str(STANDARD_ROWS),
                    help="stored rows (bot_study --out), comma-separated (default: the "
                         "technologist's 200 standard games)")
    ap.add_argument("--agent", default="engines", help="a variant's or a registered bot's name")
    ap.add_argument("--faction", help="play only this faction's seat (a faction id)")
    ap.add_argument("--first", type=int, default=0, help="stored games skipped")
    ap.add_argument("--games", type=int, default=12)
    ap.add_argument("--out", help="append the variant's rows here")
    ap.add_argument("--compare", help="rows already played (comma-separated): only compare")
    ap.add_argument("--spread", type=int, default=0,
                    help="play each of --games set-ups from --seed this many times, seeds shifted")
    ap.add_argument("--seed", type=int, default=1000, help="the first set-up of --spread")
    args = ap.parse_args(argv)
    if args.spread:
        print(spread_report({g: spread(g, args.agent, args.spread)
                             for g in range(args.seed, args.seed + args.games)}))
        return
    paths = args.base.split(",")
    missing = [f for f in paths if not Path(f).is_file()]
    if missing:
        ap.error(f"no stored rows at {', '.join(missing)} (give --base)")
    base = [r for f in paths for r in read_rows(f)]
    if args.compare:
        rows = [r for f in args.compare.split(",") for r in read_rows(f)]
    else:
        with open(args.out, "a", encoding="utf-8") if args.out else nullcontext() as fh:
            rows = play(base, args.agent, args.faction, args.first, args.games, fh)
    print(report(compare(rows, base, args.faction), args.faction))


if __name__ == "__main__":
    main()
