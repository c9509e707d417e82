"""A ladder of strength: is each bot clearly stronger than the one below it?

For each step (``random`` < ``heuristic`` < ``lookahead``) and each player count asked for,
the stronger bot plays the weaker one: in 2-player games one seat each; at a full table half the
seats each (with an odd count, the side with the extra seat alternates game by game), seats
rotating between games. A step's result is the stronger side's share of the wins (ties split),
so 50 % means "no stronger", with a Wilson interval: the step holds when the interval's lower
end is above 50 %. ``speed`` times each bot alone (self-play) in games per CPU-second.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

from ..core import get, make_agent, play
from ..core.simulate import simulate
from ..stats import wilson

__all__ = ["LADDER", "ladder", "ladder_step", "speed", "ladder_markdown"]

#: the bots, weakest first
LADDER = ("random", "heuristic", "lookahead")


def _sides(strong: str, weak: str, players: int) -> list[tuple[str, ...]]:
    """The seatings of a step: one of each in 2-player games; at a bigger table alternating
    seats, with both seatings when the count is odd (so each side has the extra seat half the
    time)."""
    first = tuple(strong if s % 2 == 0 else weak for s in range(players))
    if players % 2 == 0:
        return [first]
    return [first, tuple(weak if s % 2 == 0 else strong for s in range(players))]


def ladder_step(game: str, strong: str, weak: str, players: int, games: int, seed: int = 0,
                processes: int = 1) -> dict[str, Any]:
    """``games`` games of ``strong`` against ``weak`` at ``players`` seats: the stronger side's
    win share with a 95 % Wilson interval, and the CPU seconds the games took."""
    seatings = _sides(strong, weak, players)
    share = 0.0
    played = 0
    cpu = time.process_time()
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
            "holds": bool(low > 0.5), "cpu_s": round(time.process_time() - cpu, 1)}


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
           seed: int = 0, bots: Sequence[str] = LADDER, processes: int = 1,
           progress: Callable[[dict[str, Any]], None] | None = None):
    """The ladder of ``game``: a DataFrame with one row per step and player count (default: 2
    players and the full table). ``games`` per step, or a dict by the stronger bot's name
    (look-ahead games cost far more)."""
    import pandas as pd

    info = get(game).state
    counts = list(players) if players else sorted({max(2, info.min_players), info.max_players})
    rows = []
    for n in counts:
        for weak, strong in zip(bots, bots[1:], strict=False):
            size = games.get(strong, 40) if isinstance(games, dict) else games
            row = ladder_step(game, strong, weak, n, size, seed, processes)
            rows.append(row)
            if progress is not None:
                progress(row)
    return pd.DataFrame(rows)


def ladder_markdown(frame: Any, speeds: dict[str, float] | None = None) -> str:
    """The ladder as a Markdown table (``docs/bots.md``)."""
    lines = ["| players | step | games | stronger side wins | 95 % interval | holds |",
             "|---|---|---|---|---|---|"]
    for r in frame.to_dict("records"):
        lines.append(f"| {r['players']} | {r['step']} | {r['games']} | "
                     f"{100 * r['win_rate']:.0f} % | {100 * r['low']:.0f}–{100 * r['high']:.0f} %"
                     f" | {'yes' if r['holds'] else 'not yet'} |")
    if speeds:
        lines += ["", "| bot | games per CPU-second |", "|---|---|"]
        lines += [f"| {bot} | {v:.3g} |" for bot, v in speeds.items()]
    return "\n".join(lines)
