"""Soak: many seeded random games per game and player count, each checked by
``check_random_game`` (ledger, scores, illegal actions, views, replay, JSON round-trip).

``soak(...)`` runs them on all cores with a progress bar and returns (and writes) a summary:
per game and player count the games played, every fault (seed and message) and games/s. A game
that does not end within its ``max_decisions`` is a fault too. ``make soak`` runs it
(``SOAK_GAMES`` sets the count); CI runs a short version (``tests/core/test_soak.py``).
"""

from __future__ import annotations

import json
import os
import time
import traceback
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

from .invariants import check_random_game
from .registry import available, get

__all__ = ["soak", "soak_chunk", "soak_table", "fuzz_chunk", "DEFAULT_OUT"]

#: where ``soak`` writes its summary unless told otherwise
DEFAULT_OUT = Path("test-artifacts") / "soak.json"
#: faults kept per configuration in the summary (all are counted)
MAX_FAULTS_KEPT = 50


def soak_chunk(job: tuple[str, int, Sequence[int], int]) -> dict[str, Any]:
    """Play the random games ``seeds`` of ``game`` with ``players`` seats, checking invariants
    every ``every`` decisions; faults are caught and reported, never raised."""
    game, players, seeds, every = job
    faults: list[dict[str, Any]] = []
    start, cpu = time.perf_counter(), time.process_time()
    for seed in seeds:
        try:
            check_random_game(game, players, seed, every=every)
        except Exception as exc:  # a fault of any kind is the soak's finding
            where = traceback.extract_tb(exc.__traceback__)[-1]
            faults.append({
                "seed": seed,
                "error": f"{type(exc).__name__}: {exc}"[:500],
                "at": f"{Path(where.filename).name}:{where.lineno}",
            })
    return {"game": game, "players": players, "games": len(seeds), "faults": faults,
            "seconds": time.perf_counter() - start, "cpu": time.process_time() - cpu}


def fuzz_chunk(job: tuple[str, int, int, float]) -> dict[str, Any]:
    """The position fuzz (``gamekit.core.fuzz``) of one position of the seeded random game
    ``seed``: a ``share`` of its fields with every bad value (1.0: all) and ``100 * share``
    random changes (at least 5)."""
    from .fuzz import fuzz

    game, players, seed, share = job
    start, cpu = time.perf_counter(), time.process_time()
    found = fuzz(game, players, seed, positions=1, share=share,
                 random_count=max(5, round(100 * share)))
    faults = [{"seed": seed, "error": f"fuzz {f['change']}: {f['error']}"[:500], "at": "fuzz"}
              for f in found["faults"]]
    return {"game": game, "players": players, "games": 0, "fuzzed": found["checked"],
            "faults": faults, "seconds": time.perf_counter() - start,
            "cpu": time.process_time() - cpu}


def _configs(games: Sequence[str]) -> list[tuple[str, int]]:
    out = []
    for game in games:
        st = get(game).state
        out += [(game, players) for players in range(st.min_players, st.max_players + 1)]
    return out


def _jobs(games: Sequence[str], count: int, seed: int, every: int, chunk: int) -> list[tuple]:
    jobs = []
    for game, players in _configs(games):
        for lo in range(0, count, chunk):
            seeds = range(seed + lo, seed + min(count, lo + chunk))
            jobs.append((game, players, list(seeds), every))
    return jobs


def soak(
    games: Sequence[str] | None = None,
    count: int = 100_000,
    seed: int = 0,
    every: int = 25,
    processes: int | None = None,
    out: str | Path | None = DEFAULT_OUT,
    progress: bool = True,
    chunk: int = 20,
    fuzz: int | None = None,
    fuzz_share: float = 1.0,
) -> dict[str, Any]:
    """Soak every game (or ``games``) at every player count with ``count`` random games each
    (seeds ``seed .. seed + count - 1``), checking invariants every ``every`` decisions, on
    ``processes`` processes (default: all cores). Writes the summary as JSON to ``out``
    (``None``: not written; a long run also rewrites it every minute with ``complete`` false,
    so a stopped soak leaves its figures) and returns it. ``fuzz`` positions per game and
    player count (default ``count // 10_000``) also go through the full position fuzz
    (``fuzz_chunk``); their mutated positions are counted as ``fuzzed``."""
    from tqdm.auto import tqdm

    games = list(games or [g for g in available() if g != "toy"])
    processes = processes or os.cpu_count() or 1
    jobs = _jobs(games, count, seed, every, max(1, chunk))
    fuzz_jobs = [(g, p, seed + i, fuzz_share) for g, p in _configs(games)
                 for i in range(count // 10_000 if fuzz is None else fuzz)]
    configs: dict[tuple[str, int], dict[str, Any]] = {}
    for game, players, *_ in [*jobs, *fuzz_jobs]:
        configs.setdefault((game, players), {"game": game, "players": players, "games": 0,
                                             "fuzzed": 0, "fault_count": 0, "faults": [],
                                             "wall": 0.0, "cpu": 0.0})
    meta = {"games_per_config": count, "first_seed": seed, "every": every,
            "processes": processes}
    bar = tqdm(total=sum(len(j[2]) for j in jobs), desc="soak", unit="game",
               disable=not progress)
    start = last = time.perf_counter()

    def take(part: dict[str, Any]) -> None:
        nonlocal last
        row = configs[(part["game"], part["players"])]
        row["games"] += part["games"]
        row["fuzzed"] += part.get("fuzzed", 0)
        row["fault_count"] += len(part["faults"])
        row["faults"].extend(part["faults"][: MAX_FAULTS_KEPT - len(row["faults"])])
        row["wall"] += part["seconds"]
        row["cpu"] += part["cpu"]
        bar.update(part["games"])
        if out is not None and time.perf_counter() - last > 60:
            last = time.perf_counter()
            _write(_summary(configs, meta, start, False), out)

    if processes > 1:
        with ProcessPoolExecutor(processes) as pool:
            futures = [pool.submit(soak_chunk, j) for j in jobs]
            futures += [pool.submit(fuzz_chunk, j) for j in fuzz_jobs]
            for fut in as_completed(futures):
                take(fut.result())
    else:
        for j in jobs:
            take(soak_chunk(j))
        for j in fuzz_jobs:
            take(fuzz_chunk(j))
    bar.close()
    summary = _summary(configs, meta, start, True)
    if out is not None:
        _write(summary, out)
    return summary


def _summary(configs: dict, meta: dict[str, Any], start: float, complete: bool) -> dict:
    rows = []
    for c in configs.values():
        secs, cpu = c["wall"], c["cpu"]
        row = {k: v for k, v in c.items() if k not in ("wall", "cpu")}
        row["faults"] = sorted(c["faults"], key=lambda f: f["seed"])
        row["seconds_per_process"] = round(secs, 2)
        row["games_per_s"] = round(c["games"] / secs, 2) if secs else None
        row["games_per_cpu_s"] = round(c["games"] / cpu, 2) if cpu else None
        rows.append(row)
    return {
        **meta, "complete": complete, "seconds": round(time.perf_counter() - start, 2),
        "total_games": sum(r["games"] for r in rows),
        "total_faults": sum(r["fault_count"] for r in rows), "configs": rows,
    }


def _write(summary: dict[str, Any], out: str | Path) -> None:
    path = Path(out)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(summary, indent=1) + "\n", encoding="utf-8")


def soak_table(summary: dict[str, Any]) -> str:
    """The summary as a plain-text table (games/s per process, by wall-clock and by CPU time:
    the CPU figure is steadier on a shared machine), faults listed below it."""
    lines = [f"{'game':10s} {'players':>7s} {'games':>8s} {'faults':>6s} {'games/s':>8s} "
             f"{'games/cpu-s':>11s}"]
    for r in summary["configs"]:
        lines.append(f"{r['game']:10s} {r['players']:7d} {r['games']:8d} {r['fault_count']:6d} "
                     f"{r['games_per_s'] or 0:8.2f} {r.get('games_per_cpu_s') or 0:11.2f}")
    for r in summary["configs"]:
        for f in r["faults"]:
            lines.append(f"FAULT {r['game']} {r['players']}p seed {f['seed']} ({f['at']}): "
                         f"{f['error']}")
    fuzzed = sum(r.get("fuzzed", 0) for r in summary["configs"])
    if fuzzed:
        lines.append(f"{fuzzed} fuzzed positions (faults above, marked fuzz)")
    lines.append(f"{summary['total_games']} games, {summary['total_faults']} faults, "
                 f"{summary['seconds']} s on {summary['processes']} processes "
                 f"(checks every {summary['every']} decisions)")
    return "\n".join(lines)
