"""``simulate`` straight to a CSV file (``gamekit simulate --out FILE.csv``, issue 31).

Each part's rows are written as CSV text where they are played (the ``csv`` module over the
row tuples), with a small per-agent tally, and the parent writes the texts in order: the
file holds the bytes ``simulate(...).to_csv(path, index=False)`` writes, with no DataFrame
made, pickled back, joined and written by pandas. That holds when every row of the run has the
same columns and each column values of one kind whose text pandas writes as the ``csv`` module
does (``_kinds``); any other run (columns that vary from game to game, a column of ints and
floats, ...) is written through the DataFrame as before, so the file is the same either way.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Sequence
from typing import Any

from .simulate import (
    HEAD,
    SimConfig,
    _concat,
    _part_frame,
    _part_rows,
    _part_size,
    _parts,
    _progress,
    _rows_frame,
    add_tallies,
    checked_config,
    run_local,
)

__all__ = ["simulate_csv"]

#: the columns pandas types itself (``simulate.frame_of``): their kinds of values
_NULLABLE = {"rank": frozenset({int, type(None)}), "winner": frozenset({bool, type(None)}),
             "shared_win": frozenset({bool, type(None)})}
#: the kinds a column of one kind may hold (their text is ``str``'s / ``repr``'s in both)
_PLAIN = frozenset({int, bool, str, float})
_AGENT, _INDEX, _SCORE, _WINNER = (HEAD.index(c) for c in ("agent", "game_index", "score",
                                                          "winner"))


def _kinds(keys: tuple[str, ...], values: list[tuple]) -> tuple | None:
    """Each column's kind of values when pandas writes every value as the ``csv`` module
    does: the nullable columns (``rank`` ints, ``winner``/``shared_win`` bools, each with
    ``None``), ``vp_*`` ints, any other column values of one kind (``int``, ``bool``, ``str``
    or ``float`` without NaN); else ``None``."""
    kinds = []
    for name, column in zip(keys, zip(*values)):
        types = frozenset(map(type, column))
        if name in _NULLABLE:
            if not types <= _NULLABLE[name]:
                return None
            kinds.append(name)
            continue
        if len(types) != 1 or not types <= _PLAIN:
            return None
        (kind,) = types
        if name.startswith("vp_") and kind is not int:  # (``frame_of`` makes them ints)
            return None
        if kind is float and any(v != v for v in column):  # NaN: pandas writes ""
            return None
        kinds.append(kind.__name__)
    return tuple(kinds)


def _tally(values: list[tuple]) -> dict[str, list[int]]:
    """Per agent: ``[games, seats, score sum, known winners, wins]`` of a part's rows."""
    out: dict[str, list[int]] = {}
    games: dict[str, set[int]] = {}
    for row in values:
        agent = row[_AGENT]
        acc = out.get(agent)
        if acc is None:
            acc = out[agent] = [0, 0, 0, 0, 0]
            games[agent] = set()
        games[agent].add(row[_INDEX])
        acc[1] += 1
        acc[2] += row[_SCORE]
        won = row[_WINNER]
        if won is not None:
            acc[3] += 1
            acc[4] += won
    for agent, acc in out.items():
        acc[0] = len(games[agent])
    return out


def csv_part(config: SimConfig, first: int, count: int, seed: int):
    """One part's rows as ``(columns, kinds, text, tally)`` (the CSV text without its header),
    or as the part's DataFrame when they do not fit ``_kinds`` or differ in columns."""
    rows = _part_rows(config, first, count, seed)
    keys = rows[0][0]
    if all(k is keys or k == keys for k, _values in rows):
        values = [v for _k, v in rows]
        kinds = _kinds(keys, values)
        if kinds is not None and kinds[_SCORE] == "int":  # (the tally's sums exact)
            text = io.StringIO()
            csv.writer(text, lineterminator="\n").writerows(values)
            return keys, kinds, text.getvalue(), _tally(values)
    return _rows_frame(rows)


def simulate_csv(
    path: str,
    game: str,
    agents: Sequence[str] | None = None,
    n: int = 100,
    seed: int = 0,
    players: int | None = None,
    options: dict[str, Any] | None = None,
    processes: int = 1,
    progress: bool | Callable[[int, int], None] = True,
    part_size: int | None = None,
):
    """``simulate(...)`` (seats rotating) written to the CSV file ``path`` as
    ``to_csv(path, index=False)`` would; returns the text of the per-agent summary the CLI
    prints (``games``, ``win_rate``, ``mean_score`` by ``agent``, rounded to 3 places)."""
    config = checked_config(game, agents, seed, players, options)
    parts = _parts(n, _part_size(n, processes, None, part_size))
    report = _progress(progress, n, game)
    results = run_local(csv_part, config, parts, seed, processes, report)
    report(None)
    got = [results[first] for first, _count in parts]
    if got and all(isinstance(r, tuple) and r[:2] == got[0][:2] for r in got):
        with open(path, "w", newline="", encoding="utf-8") as f:
            csv.writer(f, lineterminator="\n").writerow(got[0][0])
            for _keys, _kinds, text, _tally in got:
                f.write(text)
        return _summary([r[3] for r in got])
    frames = [r if not isinstance(r, tuple) else _part_frame(config, first, count, seed)
              for r, (first, count) in zip(got, parts)]  # (a part played again: rare)
    frame = _concat(frames) if frames else _rows_frame([])
    frame.to_csv(path, index=False)
    return summary_text(frame)


def summary_text(frame) -> str:
    """The per-agent summary of a frame of rows, as the CLI prints it."""
    return frame.groupby("agent").agg(
        games=("game_index", "nunique"), win_rate=("winner", "mean"), mean_score=("score", "mean")
    ).round(3).to_string()


def _summary(tallies: list[dict[str, list[int]]]) -> str:
    """The per-agent table of the parts' tallies: the text of ``groupby("agent").agg(games=
    ("game_index", "nunique"), win_rate=("winner", "mean"), mean_score=("score", "mean"))``
    rounded to 3 places (``_table``; pandas's own ``to_string`` past what ``_table`` knows)."""
    total = add_tallies(tallies, (0, 0, 0, 0, 0))
    names = sorted(total)
    rows = [total[a] for a in names]
    games = [r[0] for r in rows]
    rates = [r[4] / r[3] if r[3] else None for r in rows]
    means = [r[2] / r[1] for r in rows]
    text = _table(names, games, rates, means)
    if text is not None:
        return text
    import pandas as pd

    frame = pd.DataFrame({"games": games, "win_rate": pd.array(rates, dtype="Float64"),
                          "mean_score": means}, index=pd.Index(names, name="agent"))
    return frame.round(3).to_string()


def _round3(x: float) -> float:
    """``numpy.round(x, 3)`` (pandas's ``round``): ``rint(x * 1000) / 1000``."""
    return round(x * 1000) / 1000


def _floats(values: list[float]) -> list[str]:
    """pandas's text of a ``float64`` column from 0 to 10⁶: 6 places, then the zeros every
    number ends with cut, one place kept."""
    text = [f"{_round3(v):.6f}" for v in values]
    while all(t.endswith("0") for t in text):
        text = [t[:-1] for t in text]
    return [t + "0" if t.endswith(".") else t for t in text]


def _table(names: list[str], games: list[int], rates: list[float | None],
           means: list[float]) -> str | None:
    """The summary's ``to_string`` (index ``agent`` on the left, each column right-aligned
    two spaces after the last; a ``Float64`` value written alone, by ``repr``); ``None`` for values pandas would write otherwise (negative,
    over 10⁶: signs, exponents)."""
    if any(not 0 <= v <= 1e6 for v in [*means, *(r for r in rates if r is not None)]):
        return None
    rates_text = ["<NA>" if r is None else repr(_round3(r)) for r in rates]  # (``Float64``)
    columns = [("games", [str(g) for g in games]), ("win_rate", rates_text),
               ("mean_score", _floats(means))]
    wide = max(len("agent"), *map(len, names))
    widths = [max(len(head), *map(len, cells)) for head, cells in columns]
    lines = [" " * wide + "".join(f"  {head:>{w}}" for (head, _c), w in zip(columns, widths)),
             "agent".ljust(wide + sum(w + 2 for w in widths))]
    for i, name in enumerate(names):
        lines.append(name.ljust(wide) + "".join(
            f"  {cells[i]:>{w}}" for (_h, cells), w in zip(columns, widths)))
    return "\n".join(lines)
