"""How long a look-ahead decision takes, per game: the figure a person waiting for the bot (or
for the what-if panel) feels. ``gamekit bench GAME --lookahead`` prints it."""

from __future__ import annotations

import statistics
import time
from typing import Any

from ..core import get, make_agent, play
from ..core.agents import LookaheadAgent

__all__ = ["lookahead_timing"]


def lookahead_timing(game: str, players: int | None = None, decisions: int = 12,
                     seed: int = 0, spec: str = "lookahead") -> dict[str, Any]:
    """Time ``decisions`` look-ahead choices (``spec``: ``lookahead`` or ``lookahead:<rollouts>``,
    default settings otherwise) at positions spread over heuristic games: the seat to move
    decides with the look-ahead agent whenever it has two options or more, then the game
    goes on with the heuristic bot for a stretch. Median and 90th percentile, wall-clock and
    CPU seconds."""
    info = get(game)
    players = players or info.default_players
    bot = "heuristic" if "heuristic" in info.agents else "random"
    wall: list[float] = []
    cpu: list[float] = []
    game_no = 0
    while len(wall) < decisions and game_no < decisions * 4:
        state = info.state.new(players, seed + game_no)
        state.quiet = True
        agents = [make_agent(game, bot, seed * 31 + game_no * 7 + s) for s in range(players)]
        look = make_agent(game, spec, seed + game_no)
        assert isinstance(look, LookaheadAgent)
        stride = 1 + game_no % 5
        while len(wall) < decisions and state.to_move():
            play(state, agents, limit=stride * 7)
            seats = state.to_move()
            if not seats:
                break
            decision = state.decision(seats[0])
            if len(decision.legal) < 2:
                continue
            t0, c0 = time.perf_counter(), time.process_time()
            action = look.choose(state.agent_view(seats[0]), decision)
            wall.append(time.perf_counter() - t0)
            cpu.append(time.process_time() - c0)
            state.apply(action)
        game_no += 1
    return {"game": game, "players": players, "agent": spec, "decisions": len(wall),
            "median_s": round(statistics.median(wall), 3) if wall else None,
            "p90_s": round(_p90(wall), 3) if wall else None,
            "median_cpu_s": round(statistics.median(cpu), 3) if cpu else None,
            "p90_cpu_s": round(_p90(cpu), 3) if cpu else None}


def _p90(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]


def _spin(n: int) -> float:
    """Pure-Python busy loop (the machine's parallel capacity, without any game)."""
    t0 = time.perf_counter()
    x = 0
    for i in range(n):
        x += i * i
    return time.perf_counter() - t0


def scaling(game: str, n: int = 2000, processes: int = 2, players: int | None = None,
            dask: bool = True, seed: int = 0) -> dict[str, Any]:
    """Games/s of ``simulate`` (random agents, streamed nowhere) on 1 process, on
    ``processes`` local processes and on a Dask ``LocalCluster`` of as many workers, beside
    the speed-up a pure-Python busy loop gets on as many processes on this machine right now
    (what the hardware and its other users leave: no code can beat it)."""
    from concurrent.futures import ProcessPoolExecutor

    from ..core import simulate

    def rate(**kw: Any) -> float:
        t0 = time.perf_counter()
        simulate(game, n=n, seed=seed, players=players, progress=False, **kw)
        return round(n / (time.perf_counter() - t0), 1)

    loop = 5_000_000
    one = _spin(loop)
    with ProcessPoolExecutor(processes) as pool:
        t0 = time.perf_counter()
        list(pool.map(_spin, [loop] * processes))
        many = time.perf_counter() - t0
    out = {"game": game, "games": n, "processes": processes,
           "capacity_speedup": round(one * processes / many, 2),
           "games_per_s_1": rate(), f"games_per_s_{processes}": rate(processes=processes)}
    if dask:
        from distributed import Client, LocalCluster

        from ..core.simulate import _warm

        with LocalCluster(n_workers=processes, threads_per_worker=1, processes=True,
                          dashboard_address=":0") as cluster, Client(cluster) as client:
            client.run(_warm, game)  # workers load the game before the clock starts
            out[f"games_per_s_dask_{processes}"] = rate(client=client)
    out["speedup"] = round(out[f"games_per_s_{processes}"] / out["games_per_s_1"], 2)
    return out
