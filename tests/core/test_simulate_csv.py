"""``simulate_csv`` (``gamekit simulate --out FILE.csv``): the file ``simulate(...).to_csv``
writes, byte for byte, whether the rows are written by the ``csv`` module or through the frame,
and the summary the frame's ``groupby`` gives."""

from __future__ import annotations

import importlib
import itertools
import random

import pandas as pd
import pytest
import toy  # noqa: F401  (registers the toy game)

from gamekit import simulate
from gamekit.core.simulate import SimConfig
from gamekit.core.simulate_csv import _kinds, _table, csv_part, simulate_csv

sim = importlib.import_module("gamekit.core.simulate")  # (``core.simulate`` is the function)


class _Clock:
    """``time.perf_counter`` ticking a fixed step: every game's ``seconds`` known."""

    def __init__(self) -> None:
        self.ticks = itertools.count()

    def perf_counter(self) -> float:
        return next(self.ticks) * 0.00173


def _summary(frame):
    return frame.groupby("agent").agg(
        games=("game_index", "nunique"), win_rate=("winner", "mean"), mean_score=("score", "mean"))


@pytest.mark.parametrize("game, players, n, agents, size", [
    ("wonderful", 4, 30, None, None),
    ("wonderful", 1, 12, None, None),  # solo: the rating column
    ("wonderful", 3, 8, ("heuristic", "random", "random"), 3),
    ("bluemoon", 3, 2, None, None),
    ("race", 2, 6, None, None),  # columns that vary from game to game: through the frame
    ("race", 2, 4, None, 1),  # parts of one game each: uniform, but not alike
    ("toy", 3, 20, ("random", "lookahead:2", "random"), 7),
])
def test_the_file_is_the_frames_to_csv(game, players, n, agents, size, tmp_path, monkeypatch):
    monkeypatch.setattr(sim, "time", _Clock())
    frame = simulate(game, agents, n=n, seed=3, players=players, progress=False, part_size=size)
    want = tmp_path / "want.csv"
    frame.to_csv(want, index=False)
    monkeypatch.setattr(sim, "time", _Clock())
    got = tmp_path / "got.csv"
    summary = simulate_csv(str(got), game, agents, n=n, seed=3, players=players,
                           progress=False, part_size=size)
    assert got.read_bytes() == want.read_bytes()
    assert summary == _summary(frame).round(3).to_string()


def test_two_processes_write_the_same_rows(tmp_path):
    one, two = tmp_path / "one.csv", tmp_path / "two.csv"
    simulate_csv(str(one), "wonderful", n=40, players=4, progress=False)
    simulate_csv(str(two), "wonderful", n=40, players=4, processes=2, progress=False)
    lines = [p.read_text().splitlines() for p in (one, two)]
    cut = lines[0][0].split(",").index("seconds")
    drop = [[",".join(x for i, x in enumerate(line.split(",")) if i != cut) for line in f]
            for f in lines]
    assert len(drop[0]) == 161 and drop[0] == drop[1]


def test_a_uniform_wonderful_part_is_written_as_text():
    got = csv_part(SimConfig("wonderful", 4, ("random",) * 4), 0, 5, 0)
    assert isinstance(got, tuple) and got[2].count("\n") == 20
    assert got[3] == {"random": [5, 20, sum(int(line.split(",")[7])
                                           for line in got[2].splitlines()), 20, 5]}


@pytest.mark.parametrize("column, ok", [
    ([1, 2, 3], True), (["a", "b"], True), ([True, False], True), ([0.5, 1e-05], True),
    ([1, 2.0], False),  # pandas: floats, "1.0"
    ([1, None], False),  # pandas: floats and ""
    ([0.5, float("nan")], False),  # pandas: ""
    ([True, 1], False), (["a", None], False),
])
def test_a_column_is_written_as_text_only_when_pandas_writes_the_same(column, ok):
    keys = ("x",)
    assert (_kinds(keys, [(v,) for v in column]) is not None) is ok


def test_the_nullable_and_vp_columns_kinds():
    assert _kinds(("rank", "winner"), [(1, True), (None, None)]) == ("rank", "winner")
    assert _kinds(("rank",), [(1.0,)]) is None
    assert _kinds(("winner",), [(1,)]) is None
    assert _kinds(("vp_cards",), [(True,)]) is None  # ``frame_of`` makes it 1
    assert _kinds(("vp_cards",), [(2,)]) == ("int",)


def test_the_summary_table_is_pandas_to_string():
    """``_table`` against pandas over random tables: names of any length, counts past the
    header's width, rates with ``<NA>``, scores rounding in all places; ``None`` where pandas
    writes signs or exponents."""
    rng = random.Random(7)
    checked = 0
    for _ in range(600):
        k = rng.randint(1, 4)
        names = sorted({"".join(rng.choices("abz:_0", k=rng.randint(1, 12))) for _ in range(k)})
        k = len(names)
        games = [rng.choice([1, 7, 300, 12345678]) for _ in range(k)]
        rates = [None if rng.random() < 0.2 else rng.choice([0.0, 1.0, 0.5, rng.random()])
                 for _ in range(k)]
        means = [rng.choice([0.0, 12.0, 2.675, 1 / 3, rng.random() * 10 ** rng.randint(0, 7),
                             -rng.random()]) for _ in range(k)]
        frame = pd.DataFrame({"games": games, "win_rate": pd.array(rates, dtype="Float64"),
                              "mean_score": means}, index=pd.Index(names, name="agent"))
        got = _table(names, games, rates, means)
        if got is not None:
            checked += 1
            assert got == frame.round(3).to_string(), (names, games, rates, means)
        else:
            assert any(not 0 <= m <= 1e6 for m in means)
    assert checked > 300
