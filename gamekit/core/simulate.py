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

import os
import random
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures import as_completed as as_completed_futures
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .agent_names import agent_maker, make_agent
from .agents import Agent, random_playout, random_seats
from .registry import get
from .state import GameState

__all__ = ["SimConfig", "SimSummary", "play", "run_to", "run_one", "run_part", "simulate", "bench",
           "read_results"]


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
    if until is None:  # random players only: the fast path, the same game
        fast = random_seats(state, list(agents), limit)
        if fast is not None:
            return fast
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
    #: ``fn(state, seat) -> {column: value}``: more columns from the final position (a
    #: module-level function when the games run in other processes)
    columns: Callable[[GameState, int], dict[str, Any]] | None = None


#: the first columns of every row, in this order (then ``vp_<source>`` and the game's columns)
HEAD = ("game", "game_index", "seed", "players", "seat", "agent", "finished", "score", "rank",
        "winner", "shared_win", "decisions", "seconds")

#: a row: its column names and its values (``dict(zip(*row))`` is the row ``run_one`` gives)
Row = tuple[tuple[str, ...], tuple[Any, ...]]


def run_one(config: SimConfig, seed: int, index: int = 0) -> list[dict[str, Any]]:
    """Play one game; return one row per seat (pure function of ``config`` and ``seed``).

    A game stopped at its ``max_decisions`` gives rows with ``finished`` false, the live score
    and ``None`` for ``rank``, ``winner`` and ``shared_win``. The game is played ``quiet`` (no
    events): the same rows, sooner."""
    return [dict(zip(keys, values)) for keys, values in _game_rows(config, seed, index)]


class _Agents:
    """The agents of a run's games: each name looked up once (``agent_maker``); a seat's agent
    that can be reseeded (``Agent.reseed``: a plain random agent) is kept from game to game,
    reseeded as a new one would be seeded."""

    def __init__(self, config: SimConfig):
        self.makers = {name: agent_maker(config.game, name) for name in set(config.agents)}
        self.kept: dict[tuple[int, str], Agent] = {}

    def seats(self, names: list[str], seed: int) -> list[Agent]:
        """One agent a seat for the game of ``seed`` (seat ``s`` seeded ``seed * 7919 + s``)."""
        agents = []
        for s, name in enumerate(names):
            agent = self.kept.get((s, name))
            if agent is None or not agent.reseed(seed * 7919 + s):
                agent = self.kept[s, name] = self.makers[name](seed * 7919 + s)
            agents.append(agent)
        return agents


def _game_rows(config: SimConfig, seed: int, index: int, agents: _Agents | None = None
               ) -> list[Row]:
    """``run_one``'s rows as ``(columns, values)`` pairs (``agents``: kept for many games)."""
    info = get(config.game)
    n = config.players
    shift = index % n if config.rotate else 0
    names = [config.agents[(s - shift) % n] for s in range(n)]
    seats = (agents or _Agents(config)).seats(names, seed)
    # no narration: the rows come from the result and the final position
    state = info.state.new(n, seed, quiet=True, **config.options)
    t0 = time.perf_counter()
    decisions = play(state, seats)
    seconds = round(time.perf_counter() - t0, 5)
    if state.is_over():
        res = state.result()
        breakdown, ranks, winners = res.breakdown, res.ranks, res.winners
        shared = len(winners) > 1
    else:
        breakdown = [dict(state.score_breakdown(s)) for s in range(n)]
        ranks = winners = None
    rows = []
    hook = getattr(state, "sim_columns", None)
    columns = config.columns
    for s in range(n):
        vp = breakdown[s]
        if winners is None:
            head = (config.game, index, seed, n, s, names[s], False, sum(vp.values()), None,
                    None, None, decisions, seconds)
        else:
            won = s in winners
            head = (config.game, index, seed, n, s, names[s], True, res.scores[s], ranks[s],
                    won, won and shared, decisions, seconds)
        extra = hook(s) if hook else _NO_COLUMNS
        more = columns(state, s) if columns is not None else _NO_COLUMNS
        keys = _keys(tuple(vp), tuple(extra), tuple(more))
        values = (*head, *vp.values(), *extra.values(), *more.values())
        if len(keys) != len(values):  # a name given twice: the last value, the first place
            row = dict(zip(_names(tuple(vp), tuple(extra), tuple(more)), values))
            keys, values = tuple(row), tuple(row.values())
        rows.append((keys, values))
    return rows


def _names(sources: tuple[str, ...], extra: tuple[str, ...], more: tuple[str, ...]
           ) -> tuple[str, ...]:
    """A row's column names in order, a repeated one as often as it is given."""
    return HEAD + tuple(f"vp_{k}" for k in sources) + extra + more


#: no more columns (a game without ``sim_columns``, a run without ``columns``): never written
_NO_COLUMNS: dict[str, Any] = {}

#: ``_keys``: the column names of a row by its sources and extra columns
_KEYS: dict[tuple[tuple[str, ...], ...], tuple[str, ...]] = {}


def _keys(sources: tuple[str, ...], extra: tuple[str, ...], more: tuple[str, ...]
          ) -> tuple[str, ...]:
    """The columns of a row: ``HEAD``, ``vp_<source>`` and the extra names; shorter than the
    values when a name repeats (the caller then merges as ``dict.update`` does)."""
    got = _KEYS.get((sources, extra, more))
    if got is None:
        got = tuple(dict.fromkeys(_names(sources, extra, more)))
        if len(_KEYS) < 4096:  # (bounded: a game has few shapes of rows)
            _KEYS[(sources, extra, more)] = got
    return got


def run_games(config: SimConfig, first: int, count: int, seed: int) -> list[dict[str, Any]]:
    """Rows of games ``first .. first + count - 1`` (game ``i`` plays seed ``seed + i``)."""
    return [dict(zip(keys, values)) for keys, values in _part_rows(config, first, count, seed)]


def _part_rows(config: SimConfig, first: int, count: int, seed: int) -> list[Row]:
    """The ``(columns, values)`` rows of games ``first .. first + count - 1``, their agents
    kept from game to game."""
    agents = _Agents(config)
    return [row for index in range(first, first + count)
            for row in _game_rows(config, seed + index, index, agents)]


def frame_of(rows: list[dict[str, Any]]):
    """The rows as a DataFrame with the column types of every ``simulate`` frame: ``rank``
    nullable integers, ``winner``/``shared_win`` nullable booleans, ``vp_*`` integers (a source
    a game never scored counts 0)."""
    import pandas as pd

    return _typed(pd.DataFrame(rows))


def _typed(frame):
    """``frame_of``'s column types on a frame of rows."""
    if len(frame):
        frame["rank"] = frame["rank"].astype("Int64")
        frame[["winner", "shared_win"]] = frame[["winner", "shared_win"]].astype("boolean")
    vp_cols = [c for c in frame.columns if c.startswith("vp_")]
    if vp_cols:
        frame[vp_cols] = frame[vp_cols].fillna(0).astype(int)
    return frame


def _part_frame(config: SimConfig, first: int, count: int, seed: int):
    """``frame_of(run_games(...))`` built from the rows' values: when every row has the same
    columns (the usual case) the frame is made from tuples, the same frame sooner."""
    return _rows_frame(_part_rows(config, first, count, seed))


def _rows_frame(rows: list[Row]):
    """``frame_of`` of ``(columns, values)`` rows: from tuples when every row has the same
    columns, else from dicts."""
    import pandas as pd

    if not rows:
        return frame_of([])
    keys = rows[0][0]
    if all(k is keys or k == keys for k, _values in rows):
        return _typed(pd.DataFrame([values for _keys, values in rows], columns=list(keys)))
    return frame_of([dict(zip(k, v)) for k, v in rows])


def run_part(config: SimConfig, first: int, count: int, seed: int, out: str | None):
    """One partition (a pure function of its arguments, for processes and Dask workers):
    with ``out`` the rows go to ``out/part-<first>.parquet`` and only a small tally comes back
    (``(count, tally)``), else the partition's DataFrame comes back."""
    frame = _part_frame(config, first, count, seed)
    if out is None:
        return frame
    write_part(frame, out, first)
    return count, tally(frame)


def tally(frame) -> dict[str, list[float]]:
    """Per agent: ``[games, seats, wins, score sum]`` of a partition (added up across parts)."""
    out: dict[str, list[float]] = {}
    for agent, group in frame.groupby("agent"):
        out[str(agent)] = [group["game_index"].nunique(), len(group),
                           float(group["winner"].fillna(False).sum()), float(group["score"].sum())]
    return out


def _parts(n: int, size: int) -> list[tuple[int, int]]:
    return [(first, min(size, n - first)) for first in range(0, n, size)]


def _part_size(n: int, workers: int, out: str | None, size: int | None) -> int:
    """Games per partition: as asked, else enough parts to balance the workers (4 per worker)
    and, when streaming to Parquet, at most 500 games so a worker holds little at a time."""
    if size:
        return max(1, size)
    balanced = -(-n // max(1, workers * 4))
    return max(1, min(balanced, 500 if out is not None else 2000))


def simulate(
    game: str,
    agents: Sequence[str] | None = None,
    n: int = 100,
    seed: int = 0,
    players: int | None = None,
    options: dict[str, Any] | None = None,
    processes: int = 1,
    progress: bool | Callable[[int, int], None] = True,
    rotate: bool = True,
    client: Any = None,
    out: str | None = None,
    part_size: int | None = None,
    columns: Callable[[GameState, int], dict[str, Any]] | None = None,
):
    """Simulate ``n`` games; a pandas DataFrame with one row per seat per game.

    Game ``i`` uses seed ``seed + i``: the rows are the same on one process, on ``processes``
    local processes or on a Dask ``client`` (``dask.distributed.Client``). ``agents`` names one
    agent per seat (default: random); with ``rotate`` the seats rotate between games.

    With ``out`` (a folder) the rows stream to Parquet partitions ``out/part-*.parquet``
    (pyarrow, the ``scale`` extra) and never gather in memory: the call returns a
    ``SimSummary`` (per-agent tally and the folder; ``read_results(out)``
    reads the rows back). The folder must be reachable by every worker.

    ``progress``: a text bar (``True``), none (``False``), or ``fn(done, total)`` (games).
    ``columns(state, seat)`` adds columns read from each game's final position.
    """
    config = checked_config(game, agents, seed, players, options, rotate, columns)
    if out is not None:
        out = prepare_folder(out)
    workers = _workers(client, processes)
    parts = _parts(n, _part_size(n, workers, out, part_size))
    report = _progress(progress, n, game)
    results = _run_parts(config, parts, seed, out, processes, client, report)
    report(None)
    if out is None:
        frames = [results[first] for first, _count in parts]
        return frame_of([]) if not frames else _concat(frames)
    return SimSummary.of(out, [results[first] for first, _count in parts])


def checked_config(game: str, agents: Sequence[str] | None, seed: int, players: int | None,
                   options: dict[str, Any] | None, rotate: bool = True,
                   columns: Callable[[GameState, int], dict[str, Any]] | None = None
                   ) -> SimConfig:
    """A run's ``SimConfig`` (default players and agents filled in), its agent names and
    options tried before any game is played (a wrong one fails at once)."""
    info = get(game)
    players = players or (len(agents) if agents else info.default_players)
    agents = tuple(agents) if agents else ("random",) * players
    if len(agents) != players:
        raise ValueError(f"{len(agents)} agents given for {players} players")
    for name in set(agents):
        make_agent(game, name, 0)  # fail early on a wrong name
    info.state.new(players, seed, **(options or {}))  # fail early on wrong options
    return SimConfig(game, players, agents, dict(options or {}), rotate, columns)


def _concat(frames: list):
    import pandas as pd

    frame = pd.concat(frames, ignore_index=True)
    vp_cols = [c for c in frame.columns if c.startswith("vp_")]
    if vp_cols:  # a source only some partitions scored is 0 in the others
        frame[vp_cols] = frame[vp_cols].fillna(0).astype(int)
    return frame


def _workers(client: Any, processes: int) -> int:
    if client is not None:
        return max(1, sum(client.nthreads().values()))
    return max(1, processes)


def _run_parts(config: SimConfig, parts: list[tuple[int, int]], seed: int, out: str | None,
               processes: int, client: Any, report: Callable[[int | None], None]) -> dict:
    """Run every partition on the chosen executor; ``{first: result}``."""
    results: dict[int, Any] = {}
    if client is not None:
        from distributed import as_completed

        futures = {client.submit(run_part, config, first, count, seed, out, pure=False): first
                   for first, count in parts}
        sizes = dict(parts)
        for fut in as_completed(futures):
            first = futures[fut]
            results[first] = fut.result()
            fut.release()
            report(sizes[first])
        return results
    if processes > 1 and len(parts) > 1:
        import pandas  # noqa: F401  (the parts' frames: loaded once, before the workers fork)
    return run_local(run_part, config, parts, seed, processes, report, out)


def run_local(task: Callable[..., Any], config: SimConfig, parts: list[tuple[int, int]],
              seed: int, processes: int, report: Callable[[int | None], None], *args: Any
              ) -> dict:
    """``task(config, first, count, seed, *args)`` of every part, on ``processes`` local
    processes (forked, the game loaded first) or here; ``{first: result}``."""
    results: dict[int, Any] = {}
    if processes > 1 and len(parts) > 1:
        with ProcessPoolExecutor(processes, initializer=_warm, initargs=(config.game,)) as pool:
            futures = {pool.submit(task, config, first, count, seed, *args): (first, count)
                       for first, count in parts}
            for fut in as_completed_futures(futures):
                first, count = futures.pop(fut)
                results[first] = fut.result()
                report(count)
    else:
        for first, count in parts:
            results[first] = task(config, first, count, seed, *args)
            report(count)
    return results


def _warm(game: str) -> None:
    """Worker start: load the game (its module, catalogs and tables) once, before timing."""
    get(game)


def _progress(progress: bool | Callable[[int, int], None], total: int, game: str):
    """``report(k)``: ``k`` more games done; ``report(None)``: finished."""
    done = 0
    if not progress:  # no bar (``tqdm`` not even imported)
        return lambda k: None
    if callable(progress):
        progress(0, total)

        def report(k: int | None) -> None:
            nonlocal done
            if k is not None:
                done += k
                progress(done, total)

        return report
    from tqdm.auto import tqdm

    bar = tqdm(total=total, desc=f"{game} x{total}", disable=not progress, unit="game")

    def report_bar(k: int | None) -> None:
        if k is None:
            bar.close()
        else:
            bar.update(k)

    return report_bar


@dataclass
class SimSummary:
    """What a streamed ``simulate(..., out=folder)`` returns: the folder of Parquet partitions
    and a per-agent tally (``games``, ``seats``, ``wins``, ``score_sum``)."""

    out: str
    games: int
    agents: dict[str, list[float]]

    @classmethod
    def of(cls, out: str, parts: list[tuple[int, dict[str, list[float]]]]) -> SimSummary:
        total = add_tallies([part for _count, part in parts], (0, 0, 0.0, 0.0))
        return cls(out, sum(count for count, _part in parts), total)

    def table(self):
        """Per agent: games, win rate and mean score (a small DataFrame)."""
        import pandas as pd

        rows = {a: {"games": int(g), "win_rate": w / s if s else float("nan"),
                    "mean_score": v / s if s else float("nan")}
                for a, (g, s, w, v) in sorted(self.agents.items())}
        frame = pd.DataFrame.from_dict(rows, orient="index")
        frame.index.name = "agent"
        return frame


def add_tallies(parts: list[dict[str, list]], zero: tuple) -> dict[str, list]:
    """The parts' per-agent tallies added up place by place, each agent's from ``zero``."""
    total: dict[str, list] = {}
    for part in parts:
        for agent, values in part.items():
            acc = total.setdefault(agent, list(zero))
            for i, v in enumerate(values):
                acc[i] += v
    return total


_SCALE = "streaming to Parquet needs pyarrow: pip install 'gamekit-boardgames[scale]'"


def prepare_folder(out: str | os.PathLike) -> str:
    """The folder for Parquet partitions, created if missing; a folder already holding
    partitions is refused (they would mix with the new run's rows)."""
    folder = Path(out)
    if folder.exists() and not folder.is_dir():
        raise ValueError(f"--out/out must be a folder for Parquet partitions, not a file: {out}")
    if folder.is_dir() and any(folder.glob("part-*.parquet")):
        raise ValueError(f"{out} already holds Parquet partitions: choose an empty folder")
    try:
        import pyarrow  # noqa: F401
    except ImportError as exc:
        raise ValueError(_SCALE) from exc
    folder.mkdir(parents=True, exist_ok=True)
    return str(folder)


def write_part(frame, out: str, first: int) -> str:
    """Write one partition (``part-<first game, 9 digits>.parquet``: names sort as the games)."""
    path = Path(out) / f"part-{first:09d}.parquet"
    tmp = path.with_suffix(".tmp")
    frame.to_parquet(tmp, index=False)
    tmp.replace(path)  # a reader never sees half a partition
    return str(path)


def read_results(out: str | os.PathLike, columns: Sequence[str] | None = None):
    """The rows a streamed ``simulate`` wrote to ``out`` as one DataFrame (only ``columns`` if
    given: reading a few columns of a big run costs little), ordered by game and seat. VP
    sources missing from some partitions count 0, as in an in-memory run."""
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError as exc:
        raise ValueError(_SCALE) from exc
    files = sorted(Path(out).glob("part-*.parquet"))
    if not files:
        raise ValueError(f"no Parquet partitions in {out}")
    schema = pa.unify_schemas([pq.read_schema(f) for f in files], promote_options="permissive")
    names = [c for c in schema.names if columns is None or c in columns]
    tables = []
    for f in files:
        table = pq.read_table(f, columns=[c for c in names if c in pq.read_schema(f).names])
        for c in names:
            if c not in table.column_names:
                table = table.append_column(c, pa.nulls(len(table), schema.field(c).type))
        tables.append(table.select(names).cast(pa.schema([schema.field(c) for c in names])))
    frame = pa.concat_tables(tables).to_pandas()
    vp_cols = [c for c in frame.columns if c.startswith("vp_")]
    if vp_cols:
        frame[vp_cols] = frame[vp_cols].fillna(0).astype(int)
    if len(frame) and "rank" in frame:
        frame["rank"] = frame["rank"].astype("Int64")
    for c in ("winner", "shared_win", "finished"):
        if c in frame:
            frame[c] = frame[c].astype("boolean") if c != "finished" else frame[c].astype(bool)
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


def run_to(state: Any, boundary: str, agents: Any) -> bool:
    """Let ``agents`` (one per seat) play ``state`` on until it pauses at the next ``boundary``
    (``"step"``, ``"phase"`` or ``"round"``; returns ``True``) or ends (``False``). A state
    paused already is resumed first. The pause stays until ``state.resume()``; the state's
    other stopping points are kept."""
    saved = state.stop_at
    if state.paused is not None:
        state.resume()
    state.pause_at(boundary)
    try:
        play(state, agents)
    finally:
        state.stop_at = saved
    return state.paused is not None
