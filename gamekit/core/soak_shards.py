"""Soak shards: the 10⁵-game soak (issue 30) in pieces that add up across runs and sessions.

``soak_game`` plays one seeded random game and checks it, cheaply but for real:

* the game: every action comes from ``legal_actions`` and is applied *checked* (the game's own
  legality checks agree with its legal list), someone is to move while the game is not over,
  and it ends within ``max_decisions``;
* at ``samples`` decision points drawn from the game's length by the seed (and at its end):
  the per-step invariants (``check_state``: ledger, score = breakdown, the game's own hook,
  every seat's view hides what it must and survives re-sampling of the hidden parts), an
  illegal action is refused with the state unchanged, the legal list has no duplicates and
  each action's text form parses back; in the games whose seed is a multiple of
  ``TRIP_EVERY`` (10), at the first sampled point, the JSON position round-trip (``reloaded``,
  schema included) gives the same state, the same seats to move and the same legal actions;
* at the end: ``agent_view`` equals ``view`` for every seat, the result's winners, the record's
  JSON round-trip, and the replay of that record (applied unchecked: the checks ran in the
  game) reaching the same state, log, events and flows (everything ``fingerprint`` holds) and result.

``soak_shard(game, first, last)`` soaks seeds ``first .. last - 1`` at every player count
(``-j`` processes) and writes one result file per shard in ``SHARDS`` (games, faults with
their seeds, CPU and wall seconds, the load); ``soak_report`` adds the shards up per game and
player count (a seed counted once even if two shards overlap) — ``gamekit soak GAME --seeds
A:B`` and ``gamekit soak --report`` (docs/soak.md).
"""

from __future__ import annotations

import json
import os
import random
import re
import time
import traceback
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from .actions import Action
from .invariants import (
    _bogus_action,
    assert_illegal_unchanged,
    check_agent_views,
    check_state,
    reloaded,
)
from .records import GameRecord, replay
from .registry import get
from .rng import ARRANGE
from .state import GameState

__all__ = ["SHARDS", "soak_game", "soak_shard", "soak_report", "report_markdown",
           "parse_seeds"]

#: where shard result files go (committed: the soak report of docs/soak.md adds them up)
SHARDS = Path(__file__).resolve().parents[1] / "analysis" / "data" / "soak"
#: the position round-trip (its schema check costs ~0.1 CPU-s) runs in the games whose seed is
#: a multiple of this, at their first sampled point
TRIP_EVERY = 10
#: seeds per process job
_CHUNK = 50


def parse_seeds(text: str) -> tuple[int, int]:
    """``A:B`` -> ``(A, B)``, seeds ``A .. B - 1`` (``ValueError`` naming the problem)."""
    m = re.fullmatch(r"(\d{1,12}):(\d{1,12})", text.strip())
    if not m or int(m[1]) >= int(m[2]):
        raise ValueError(f"--seeds must be A:B with 0 <= A < B (seeds A .. B-1), not {text!r}")
    return int(m[1]), int(m[2])


def _play(game: str, players: int, seed: int) -> GameState:
    """The seeded random game, every action applied checked."""
    rng = random.Random(seed)
    state = get(game).state.new(players, seed)
    steps = 0
    while not state.is_over():
        seats = state.to_move()
        assert seats, "a game that is not over must have someone to decide"
        seat = rng.choice(seats)
        legal = state.legal_actions(seat)
        assert legal, f"seat {seat} must decide but has no legal action"
        state.apply(rng.choice(legal))
        steps += 1
        assert steps <= state.max_decisions, (
            f"game does not end within its max_decisions ({state.max_decisions})")
    return state


def _check_point(state: GameState, rng: random.Random, trip: bool) -> None:
    """The checks of one sampled point (the module's docstring); ``trip``: with the position
    round-trip."""
    check_state(state, rng, True)
    for seat in state.to_move():
        legal = state.legal_actions(seat)
        assert len(set(legal)) == len(legal), "duplicate legal actions"
        for action in legal:
            assert Action.parse(str(action)) == action, f"{action} does not parse back"
    assert_illegal_unchanged(state, _bogus_action(state, rng))
    if not trip:
        return
    again = reloaded(state)
    with state.without_history():
        assert again.to_dict() == state.to_dict(), "the position round-trip changes the state"
    assert again.to_move() == state.to_move(), "the position round-trip changes who moves"
    for seat in state.to_move():
        assert again.legal_actions(seat) == state.legal_actions(seat), (
            "the position round-trip changes the legal actions")


def _whole(state: GameState) -> tuple:
    """Everything ``fingerprint`` holds, compared by value (pickles of equal states may share
    references differently)."""
    return state.to_dict(), state.log, state.events, state.flows, state.round, state.phase


def soak_game(game: str, players: int, seed: int, samples: int = 2,
              trip_every: int = TRIP_EVERY) -> GameState:
    """Play and check the seeded random game ``seed`` (the module's docstring); an
    ``AssertionError`` (or any exception) is a fault. Returns the final state."""
    state = _play(game, players, seed)
    rng = random.Random(seed * 7919 + 17)
    text = state.record().to_json()
    record = GameRecord.from_json(text)
    again = replay(record, upto=0)
    moves = [m for m in record.moves if not m.startswith("chance ")]
    points = sorted(rng.sample(range(len(moves)), min(samples, len(moves))))
    trip = points[0] if points and seed % trip_every == 0 else None
    done = 0
    for move in record.moves:
        if move.startswith("chance "):
            if move.startswith(ARRANGE):
                again.arrange(*move[len(ARRANGE):].split())
            continue
        if done in points:
            _check_point(again, rng, done == trip)
        again.apply(Action.parse(move), False)
        done += 1
    assert _whole(again) == _whole(state), "the replay does not reach the same game"
    res = state.result()
    assert again.result().as_dict() == res.as_dict(), "the replay's result differs"
    assert sorted(res.winners) == res.winners and res.winners, "bad winners"
    check_state(state, rng, True)
    check_agent_views(state)
    return state


def _chunk(job: tuple[str, int, int, int, int]) -> dict[str, Any]:
    game, players, first, last, samples = job
    faults = []
    cpu = time.process_time()
    for seed in range(first, last):
        try:
            soak_game(game, players, seed, samples)
        except Exception as exc:  # a fault of any kind is the soak's finding
            where = traceback.extract_tb(exc.__traceback__)[-1]
            faults.append({"seed": seed, "error": f"{type(exc).__name__}: {exc}"[:500],
                           "at": f"{Path(where.filename).name}:{where.lineno}"})
    return {"players": players, "games": last - first, "faults": faults,
            "cpu": time.process_time() - cpu}


def soak_shard(game: str, first: int, last: int, players: list[int] | None = None,
               samples: int = 2, processes: int = 1, folder: Path | None = None) -> Path:
    """Soak seeds ``first .. last - 1`` of ``game`` at every player count (or ``players``) on
    ``processes`` processes; write the shard's result file and return its path."""
    st = get(game).state
    counts = players or list(range(st.min_players, st.max_players + 1))
    jobs = [(game, p, lo, min(last, lo + _CHUNK), samples)
            for p in counts for lo in range(first, last, _CHUNK)]
    load, start = os.getloadavg()[0], time.perf_counter()
    if processes > 1:
        with ProcessPoolExecutor(processes) as pool:
            parts = list(pool.map(_chunk, jobs))
    else:
        parts = [_chunk(j) for j in jobs]
    rows = []
    for p in counts:
        mine = [x for x in parts if x["players"] == p]
        faults = sorted((f for x in mine for f in x["faults"]), key=lambda f: f["seed"])
        rows.append({"players": p, "games": sum(x["games"] for x in mine),
                     "fault_count": len(faults), "faults": faults[:50],
                     "cpu_s": round(sum(x["cpu"] for x in mine), 2)})
    shard = {"game": game, "first_seed": first, "last_seed": last, "samples": samples,
             "processes": processes, "wall_s": round(time.perf_counter() - start, 1),
             "load": [round(load, 1), round(os.getloadavg()[0], 1)],
             "date": time.strftime("%Y-%m-%d", time.gmtime()), "rows": rows}
    folder = Path(folder or SHARDS)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{game}.{first}-{last}.s{samples}.json"
    path.write_text(json.dumps(shard, indent=1) + "\n", encoding="utf-8")
    return path


def soak_report(folder: Path | None = None) -> list[dict[str, Any]]:
    """The shards of ``folder`` added up, one row per game and player count: games (each seed
    once), faults, CPU-seconds, games per CPU-second, the shards' load range and seed ranges."""
    totals: dict[tuple[str, int], dict[str, Any]] = {}
    for path in sorted(Path(folder or SHARDS).glob("*.json")):
        shard = json.loads(path.read_text(encoding="utf-8"))
        for r in shard["rows"]:
            t = totals.setdefault((shard["game"], r["players"]), {
                "game": shard["game"], "players": r["players"], "seeds": set(), "games": 0,
                "faults": [], "cpu_s": 0.0, "loads": [], "ranges": []})
            seeds = set(range(shard["first_seed"], shard["last_seed"]))
            if seeds & t["seeds"]:
                continue  # an overlapping shard: its games are counted once, from the first
            t["seeds"] |= seeds
            t["games"] += r["games"]
            t["faults"] += r["faults"]
            t["cpu_s"] += r["cpu_s"]
            t["loads"] += shard["load"]
            t["ranges"].append((shard["first_seed"], shard["last_seed"]))
    rows = []
    for t in sorted(totals.values(), key=lambda t: (t["game"], t["players"])):
        cpu = t["cpu_s"]
        rows.append({"game": t["game"], "players": t["players"], "games": t["games"],
                     "faults": t["faults"], "cpu_s": round(cpu, 1),
                     "games_per_cpu_s": round(t["games"] / cpu, 1) if cpu else None,
                     "load": (min(t["loads"]), max(t["loads"])),
                     "seeds": _ranges(sorted(t["ranges"]))})
    return rows


def _ranges(ranges: list[tuple[int, int]]) -> str:
    """Seed ranges joined where they touch: ``0:2000, 5000:6000``."""
    merged: list[list[int]] = []
    for lo, hi in ranges:
        if merged and lo <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], hi)
        else:
            merged.append([lo, hi])
    return ", ".join(f"{lo}:{hi}" for lo, hi in merged)


def report_markdown(rows: list[dict[str, Any]]) -> str:
    """The report as the Markdown table of docs/soak.md, faults listed under it."""
    lines = ["| game | players | games | seeds | faults | CPU-s | games per CPU-s | load |",
             "|---|---|---|---|---|---|---|---|"]
    for r in rows:
        lo, hi = r["load"]
        lines.append(f"| {r['game']} | {r['players']} | {r['games']:,} | {r['seeds']} | "
                     f"{len(r['faults'])} | {r['cpu_s']:,.1f} | {r['games_per_cpu_s']} | "
                     f"{lo:g}–{hi:g} |")
    for game in sorted({r["game"] for r in rows}):  # the game's total over its player counts
        mine = [r for r in rows if r["game"] == game]
        games, cpu = sum(r["games"] for r in mine), sum(r["cpu_s"] for r in mine)
        lines.append(f"| **{game}** | all | **{games:,}** | | "
                     f"{sum(len(r['faults']) for r in mine)} | {cpu:,.1f} | "
                     f"{round(games / cpu, 1) if cpu else None} | |")
    for r in rows:
        for f in r["faults"]:
            lines.append(f"\nFAULT {r['game']} {r['players']}p seed {f['seed']} ({f['at']}): "
                         f"{f['error']}")
    return "\n".join(lines)
