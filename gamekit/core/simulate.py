"""Play games between agents: one game (``play``), many (``simulate``) and speed (``bench``).

``run_one(config, seed)`` is a pure function of its arguments, so ``simulate`` can map it over
local processes or a Dask cluster unchanged.

Agents decide from ``state.agent_view(seat)``: the position as the seat sees it, without the
history, so a decision costs the same late in a long game as early on.

Games always end: a game still running after its ``max_decisions`` (a ``GameState`` class
attribute) is stopped. Its rows say ``finished = False``; ``score`` and the ``vp_*`` columns
hold the live score of the position where it stopped, and ``rank``, ``winner`` and
``shared_win`` are missing (``<NA>``: a stopped game has no result). ``rank`` is a nullable
integer column and ``winner``/``shared_win`` nullable booleans, so means and counts skip them.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from .agents import Agent, make_agent, random_playout
from .registry import get
from .state import GameState

__all__ = ["SimConfig", "play", "run_one", "simulate", "bench"]


def play(
    state: GameState,
    agents: Sequence[Agent],
    until: Callable[[GameState], bool] | None = None,
    limit: int | None = None,
) -> int:
    """Let ``agents`` (one per seat) decide until the game ends (or ``until(state)``, or
    ``limit`` decisions); returns the decisions made. ``limit`` defaults to what is left of the
    game's ``max_decisions`` (a larger ``limit`` is cut to it): past it the game stays
    unfinished (``state.is_over()`` is false)."""
    budget = state.max_decisions - state.decisions_made()
    limit = budget if limit is None else min(limit, budget)
    n = 0
    while n < limit:
        seats = state.to_move()
        if not seats or (until is not None and until(state)):
            break
        seat = seats[0]
        agent = agents[seat]
        decision = state.decision(seat)
        view = state.agent_view(seat) if agent.needs_view else None
        state.apply(agent.choose(view, decision))
        n += 1
    return n


@dataclass(frozen=True)
class SimConfig:
    """What to simulate: game, players, agent names (one per seat), options, seat rotation."""

    game: str
    players: int
    agents: tuple[str, ...]
    options: dict[str, Any] = field(default_factory=dict)
    rotate: bool = True


def run_one(config: SimConfig, seed: int, index: int = 0) -> list[dict[str, Any]]:
    """Play one game; return one row per seat (pure function of ``config`` and ``seed``).

    A game stopped at its ``max_decisions`` gives rows with ``finished`` false, the live score
    and ``None`` for ``rank``, ``winner`` and ``shared_win``."""
    info = get(config.game)
    n = config.players
    shift = index % n if config.rotate else 0
    names = [config.agents[(s - shift) % n] for s in range(n)]
    agents = [make_agent(config.game, name, seed * 7919 + s) for s, name in enumerate(names)]
    state = info.state.new(n, seed, **config.options)
    t0 = time.perf_counter()
    decisions = play(state, agents)
    elapsed = time.perf_counter() - t0
    finished = state.is_over()
    if finished:
        res = state.result()
        breakdown = res.breakdown
    else:
        breakdown = [dict(state.score_breakdown(s)) for s in range(n)]
    rows = []
    for s in range(n):
        row: dict[str, Any] = {
            "game": config.game,
            "game_index": index,
            "seed": seed,
            "players": n,
            "seat": s,
            "agent": names[s],
            "finished": finished,
            "score": sum(breakdown[s].values()),
            "rank": res.ranks[s] if finished else None,
            "winner": s in res.winners if finished else None,
            "shared_win": (s in res.winners and len(res.winners) > 1) if finished else None,
            "decisions": decisions,
            "seconds": round(elapsed, 5),
        }
        for source, vp in breakdown[s].items():
            row[f"vp_{source}"] = vp
        row.update(_extra_columns(state, s))
        rows.append(row)
    return rows


def _extra_columns(state: GameState, seat: int) -> dict[str, Any]:
    hook = getattr(state, "sim_columns", None)
    return hook(seat) if hook else {}


def _run_chunk(args: tuple[SimConfig, list[tuple[int, int]]]) -> list[dict[str, Any]]:
    config, jobs = args
    out: list[dict[str, Any]] = []
    for index, seed in jobs:
        out.extend(run_one(config, seed, index))
    return out


def simulate(
    game: str,
    agents: Sequence[str] | None = None,
    n: int = 100,
    seed: int = 0,
    players: int | None = None,
    options: dict[str, Any] | None = None,
    processes: int = 1,
    progress: bool = True,
    rotate: bool = True,
    client: Any = None,
):
    """Simulate ``n`` games; a pandas DataFrame with one row per seat per game.

    Game ``i`` uses seed ``seed + i``. ``agents`` names one agent per seat (default: random);
    with ``rotate`` the seats rotate between games so no agent keeps the same seat. ``processes``
    > 1 uses local processes; a Dask ``client`` maps the same pure function on a cluster.
    """
    import pandas as pd
    from tqdm.auto import tqdm

    info = get(game)
    players = players or (len(agents) if agents else info.default_players)
    agents = tuple(agents) if agents else ("random",) * players
    if len(agents) != players:
        raise ValueError(f"{len(agents)} agents given for {players} players")
    for name in set(agents):
        make_agent(game, name, 0)  # fail early on a wrong name
    info.state.new(players, seed, **(options or {}))  # fail early on wrong options
    config = SimConfig(game, players, agents, dict(options or {}), rotate)
    jobs = [(i, seed + i) for i in range(n)]
    rows: list[dict[str, Any]] = []
    bar = tqdm(total=n, desc=f"{game} x{n}", disable=not progress, unit="game")
    if client is not None:
        futures = client.map(lambda j: run_one(config, j[1], j[0]), jobs)
        for fut in futures:
            rows.extend(fut.result())
            bar.update(1)
    elif processes > 1:
        size = max(1, min(50, n // (processes * 4) or 1))
        chunks = [(config, jobs[i : i + size]) for i in range(0, n, size)]
        with ProcessPoolExecutor(processes) as pool:
            for part in pool.map(_run_chunk, chunks):
                rows.extend(part)
                bar.update(len(part) // players)
    else:
        for index, s in jobs:
            rows.extend(run_one(config, s, index))
            bar.update(1)
    bar.close()
    frame = pd.DataFrame(rows)
    if len(frame):
        frame["rank"] = frame["rank"].astype("Int64")
        frame[["winner", "shared_win"]] = frame[["winner", "shared_win"]].astype("boolean")
    vp_cols = [c for c in frame.columns if c.startswith("vp_")]
    if vp_cols:
        frame[vp_cols] = frame[vp_cols].fillna(0).astype(int)
    return frame


def bench(
    game: str,
    players: int | None = None,
    seconds: float = 5.0,
    seed: int = 0,
    quiet: bool = True,
    check: bool = False,
    **options: Any,
) -> dict[str, Any]:
    """Random playouts for ``seconds``: games/s and decisions/s on one core, by wall-clock and
    by CPU time (the CPU figures are steadier on a shared machine). ``quiet`` (the default)
    skips narration, as look-ahead rollouts do; ``quiet=False`` narrates every move. ``check``
    applies every move through the legality check instead of the unchecked playout path."""
    info = get(game)
    players = players or info.default_players
    rng = random.Random(seed)
    games = decisions = 0
    start = time.perf_counter()
    cpu_start = time.process_time()
    deadline = start + seconds
    while True:
        state = info.state.new(players, seed + games, **options)
        state.quiet = quiet
        decisions += random_playout(state, rng, check=check)
        games += 1
        now = time.perf_counter()
        if now >= deadline and games >= 3:
            break
    elapsed = now - start
    cpu = time.process_time() - cpu_start
    return {
        "game": game,
        "players": players,
        "options": options,
        "quiet": quiet,
        "check": check,
        "games": games,
        "seconds": round(elapsed, 3),
        "games_per_s": round(games / elapsed, 1),
        "decisions_per_s": round(decisions / elapsed, 0),
        "decisions_per_game": round(decisions / games, 1),
        "cpu_seconds": round(cpu, 3),
        "games_per_cpu_s": round(games / cpu, 1) if cpu else None,
        "decisions_per_cpu_s": round(decisions / cpu, 0) if cpu else None,
    }
