"""A ladder of strength: is each bot clearly stronger than the one below it?

For each step (``random`` < ``heuristic`` < ``lookahead``) and each player count asked for,
the stronger bot plays the weaker one: in 2-player games one seat each; at a full table half the
seats each (with an odd count, the side with the extra seat alternates game by game), seats
rotating between games. A step's result is the stronger side's share of the wins (ties split),
so 50 % means "no stronger", with a Wilson interval: the step holds when the interval's lower
end is above 50 %. ``speed`` times each bot alone (self-play) in games per CPU-second.

``gamekit ladder GAME --store`` keeps a run in ``data/<game>.ladder.json`` (rows merged by
player count and step), and ``ladder_shown(game, lang)`` shows the stored ladder to a person
(the analyse pages): the table in words, both languages, from the catalogs.
"""

from __future__ import annotations

import json
import resource
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from ..core import get, make_agent, play
from ..core.simulate import simulate
from ..stats import wilson

__all__ = ["LADDER", "ladder_bots", "ladder", "ladder_step", "ladder_until", "speed", "ladder_markdown", "store",
           "stored_ladder", "ladder_shown"]

#: the bots, weakest first (``rollouts``: the heuristic improved by paired rollouts); a game
#: may name its own top instead (``register(..., top_bot=...)``: ``ladder_bots``)
LADDER = ("random", "heuristic", "rollouts")
#: where ``store`` keeps each game's ladder
DATA = Path(__file__).with_name("data")
_KEPT = ("players", "weak", "strong", "games", "strong_wins", "win_rate", "low", "high", "holds",
         "cpu_s")


def ladder_bots(game: str) -> tuple[str, ...]:
    """The game's default ladder: random < heuristic < the game's top bot (``rollouts`` unless
    its registration names another, e.g. Blue Moon City's ``horizon``)."""
    return (*LADDER[:2], get(game).top_bot)


def _sides(strong: str, weak: str, players: int) -> list[tuple[str, ...]]:
    """The seatings of a step: one of each in 2-player games; at a bigger table alternating
    seats, with both seatings when the count is odd (so each side has the extra seat half the
    time)."""
    first = tuple(strong if s % 2 == 0 else weak for s in range(players))
    if players % 2 == 0:
        return [first]
    return [first, tuple(weak if s % 2 == 0 else strong for s in range(players))]


def _cpu() -> float:
    """CPU seconds of this process and of its finished child processes (``simulate -j N``'s
    workers are joined before it returns, so their time is counted)."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def ladder_step(game: str, strong: str, weak: str, players: int, games: int, seed: int = 0,
                processes: int = 1) -> dict[str, Any]:
    """``games`` games of ``strong`` against ``weak`` at ``players`` seats: the stronger side's
    win share with a 95 % Wilson interval, and the CPU seconds the games took."""
    seatings = _sides(strong, weak, players)
    share = 0.0
    played = 0
    cpu = _cpu()
    for k, agents in enumerate(seatings):
        n = games // len(seatings) + (1 if k < games % len(seatings) else 0)
        if n == 0:
            continue
        frame = simulate(game, list(agents), n=n, seed=seed + 100_003 * k, players=players,
                         processes=processes, progress=False)
        for _, rows in frame.groupby("game_index"):
            winners = rows[rows["winner"].astype(bool)]
            if len(winners):
                share += float((winners["agent"] == strong).sum()) / len(winners)
            played += 1
    low, high = wilson(share, played)
    return {"game": game, "players": players, "step": f"{weak} < {strong}", "strong": strong,
            "weak": weak, "games": played, "strong_wins": round(share, 2),
            "win_rate": share / played if played else float("nan"), "low": low, "high": high,
            "holds": bool(low > 0.5), "cpu_s": round(_cpu() - cpu, 1), "seed": seed}


def ladder_until(game: str, strong: str, weak: str, players: int, cap: int, seed: int = 0,
                 processes: int = 1, batch: int = 0, least: int = 10,
                 progress: Callable[[dict[str, Any]], None] | None = None,
                 prior: dict[str, Any] | None = None) -> dict[str, Any]:
    """``ladder_step`` with a sequential stop: games in batches (game seeds ``seed``,
    ``seed + batch``, ...) until the step holds (its Wilson lower bound passes 50 %, after at
    least ``least`` games) or ``cap`` games are played; ``progress(row)`` after each batch.
    A batch is a whole number of seat rotations (of both seatings at an odd table; at an even
    table the batches are the games of one ``ladder_step``). Looking after every batch makes the bound a
    little optimistic: the docs say so. ``prior``: a stored row of the same step to go on
    from (its games count, the new ones follow its seeds: a ladder grows over sessions)."""
    turn = players * len(_sides(strong, weak, players))
    batch = -(-max(batch or 2 * processes, 1) // turn) * turn
    share, played, cpu = 0.0, 0, 0.0
    if prior:
        seed = int(prior.get("seed", 0))
        share, played, cpu = float(prior["strong_wins"]), int(prior["games"]), \
            float(prior["cpu_s"])
    row: dict[str, Any] = dict(prior or {})
    while played < cap and not (row.get("holds") and played >= least):
        size = min(batch, cap - played)
        part = ladder_step(game, strong, weak, players, size, seed + played, processes)
        share, played, cpu = share + part["strong_wins"], played + part["games"], \
            cpu + part["cpu_s"]
        low, high = wilson(share, played)
        row = {**part, "games": played, "strong_wins": round(share, 2),
               "win_rate": share / played, "low": low, "high": high, "holds": bool(low > 0.5),
               "cpu_s": round(cpu, 1), "seed": seed}
        if progress is not None:
            progress(row)
        if row["holds"] and played >= least:
            break
    return row


def speed(game: str, bot: str, players: int, games: int = 2, seed: int = 0) -> float:
    """Games per CPU-second of ``bot`` playing every seat (self-play, one process)."""
    cpu = time.process_time()
    for i in range(games):
        state = get(game).state.new(players, seed + i)
        state.quiet = True
        play(state, [make_agent(game, bot, (seed + i) * 31 + s) for s in range(players)])
    used = time.process_time() - cpu
    return games / used if used > 0 else float("inf")


def ladder(game: str, players: Sequence[int] | None = None, games: int | dict[str, int] = 40,
           seed: int = 0, bots: Sequence[str] | None = None, processes: int = 1,
           progress: Callable[[dict[str, Any]], None] | None = None, until: bool = False,
           resume: bool = False, least: int = 10):
    """The ladder of ``game``: a DataFrame with one row per step and player count (default: 2
    players and the full table; ``bots``: default ``ladder_bots(game)``). ``games`` per step, or a dict by the stronger bot's name
    (look-ahead games cost far more); ``until``: ``games`` is a cap and each step stops once it
    holds (``ladder_until``; ``progress`` then also hears every batch); ``resume``: with
    ``until``, each step goes on from its stored row (``stored_ladder``); ``least``: with
    ``until``, the games a step plays at least, even when it holds sooner (a stored row that
    holds goes on to that many)."""
    import pandas as pd

    info = get(game).state
    bots = tuple(bots or ladder_bots(game))
    counts = list(players) if players else sorted({max(2, info.min_players), info.max_players})
    rows = []
    stored = {(r["players"], r["weak"], r["strong"]): r for r in stored_ladder(game)["rows"]}
    for n in counts:
        for weak, strong in zip(bots, bots[1:], strict=False):
            size = games.get(strong, 40) if isinstance(games, dict) else games
            if until:
                prior = stored.get((n, weak, strong)) if resume else None
                row = ladder_until(game, strong, weak, n, size, seed, processes,
                                   least=least, progress=progress, prior=prior)
            else:
                row = ladder_step(game, strong, weak, n, size, seed, processes)
                if progress is not None:
                    progress(row)
            rows.append(row)
    return pd.DataFrame(rows)


def ladder_markdown(frame: Any, speeds: dict[str, float] | None = None) -> str:
    """The ladder as a Markdown table (``docs/bots.md``)."""
    lines = ["| players | step | games | stronger side wins | 95 % interval | holds |",
             "|---|---|---|---|---|---|"]
    for r in frame.to_dict("records"):
        step = r.get("step") or f"{r['weak']} < {r['strong']}"  # a stored row has no step
        lines.append(f"| {r['players']} | {step} | {r['games']} | "
                     f"{100 * r['win_rate']:.0f} % | {100 * r['low']:.0f}–{100 * r['high']:.0f} %"
                     f" | {'yes' if r['holds'] else 'not yet'} |")
    if speeds:
        lines += ["", "| bot | games per CPU-second |", "|---|---|"]
        lines += [f"| {bot} | {v:.3g} |" for bot, v in speeds.items()]
    return "\n".join(lines)


def _path(game: str) -> Path:
    get(game)  # a registered game only: the name never builds another path
    return DATA / f"{game}.ladder.json"


def stored_ladder(game: str) -> dict[str, Any]:
    """The stored ladder of ``game``: ``rows`` (one per player count and step) and ``speeds``
    (games per CPU-second of each bot); empty when none is stored."""
    path = _path(game)
    if not path.exists():
        return {"game": game, "rows": [], "speeds": {}}
    return json.loads(path.read_text(encoding="utf-8"))


def store(game: str, frame: Any, speeds: dict[str, float] | None = None,
          seed: int = 0) -> Path:
    """Merge a ladder run into ``data/<game>.ladder.json``: a row replaces the stored row of
    the same player count and step; speeds replace the same bot's."""
    data = stored_ladder(game)
    rows = {(r["players"], r["weak"], r["strong"]): r for r in data["rows"]}
    for r in frame.to_dict("records"):
        row = {k: r[k] for k in _KEPT}
        row["seed"] = int(r.get("seed", seed))
        row["players"], row["games"], row["holds"] = int(row["players"]), int(row["games"]), \
            bool(row["holds"])
        rows[(row["players"], row["weak"], row["strong"])] = row
    order = (*LADDER, *ladder_bots(game)[2:])
    data["rows"] = sorted(rows.values(), key=lambda r: (r["players"], order.index(r["strong"])
                                                        if r["strong"] in order else 9))
    data["speeds"] = {**data.get("speeds", {}), **{k: round(v, 3) for k, v in
                                                   (speeds or {}).items()}}
    path = _path(game)
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return path


def ladder_shown(game: str, lang: str = "en"):
    """The stored ladder as a page shows it: per player count and step, the two bots by name,
    the games, the stronger bot's wins with their 95 % interval, whether the step holds, and
    the stronger bot's games per CPU-second; a sentence underneath says what it means."""
    import pandas as pd

    from .labels import text, value_label
    from .readable import Shown, percent, rate_interval

    data = stored_ladder(game)
    speeds = data.get("speeds", {})
    rows = []
    for r in data["rows"]:
        rows.append({
            text("ladder.col.players", lang): r["players"],
            text("ladder.col.step", lang): text(
                "ladder.step", lang, weak=value_label(game, r["weak"], lang, "agent"),
                strong=value_label(game, r["strong"], lang, "agent")),
            text("ladder.col.games", lang): r["games"],
            text("ladder.col.wins", lang): rate_interval(r["win_rate"], r["low"], r["high"], lang),
            text("ladder.col.holds", lang): text("ladder.yes" if r["holds"] else "ladder.not_yet",
                                                 lang),
            text("ladder.col.speed", lang): _speed(speeds.get(r["strong"]), lang)})
    out = Shown(pd.DataFrame(rows))
    held = [r for r in data["rows"] if r["holds"]]
    if not data["rows"]:
        out.note = text("ladder.note.none", lang)
    else:
        out.note = text("ladder.note", lang, held=len(held), steps=len(data["rows"]),
                        half=percent(0.5, lang))
    return out


def _speed(value: float | None, lang: str) -> str:
    from .readable import number

    return "—" if value is None else number(value, lang, digits=2 if value < 10 else 0)
