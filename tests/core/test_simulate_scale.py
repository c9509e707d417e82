"""Scale-out: the same seeds give the same rows on one process, on local processes, on a real
Dask ``LocalCluster`` and streamed to Parquet partitions (the ``scale`` extra is installed in
the test venv: ``make test``)."""

from __future__ import annotations

import pandas as pd
import pytest
from distributed import Client, LocalCluster
from pandas.testing import assert_frame_equal

from gamekit import simulate
from gamekit.cli import main
from gamekit.core.simulate import SimSummary, read_results

AGENTS = ["heuristic", "random"]


def _rows(frame: pd.DataFrame) -> pd.DataFrame:
    return frame.drop(columns="seconds")  # the only column that is a clock, not a result


@pytest.fixture(scope="module")
def reference() -> pd.DataFrame:
    return simulate("race", AGENTS, n=14, seed=7, progress=False)


@pytest.fixture(scope="module")
def dask_client():
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=":0") as cluster, Client(cluster) as client:
        yield client


def test_local_processes_give_the_same_rows(reference):
    multi = simulate("race", AGENTS, n=14, seed=7, progress=False, processes=2, part_size=3)
    assert_frame_equal(_rows(reference), _rows(multi))


def test_a_dask_local_cluster_gives_the_same_rows(reference, dask_client):
    assert len(dask_client.scheduler_info()["workers"]) == 2
    remote = simulate("race", AGENTS, n=14, seed=7, progress=False, client=dask_client,
                      part_size=4)
    assert_frame_equal(_rows(reference), _rows(remote))


def test_dask_streams_to_parquet_with_the_same_rows(reference, dask_client, tmp_path):
    summary = simulate("race", AGENTS, n=14, seed=7, progress=False, client=dask_client,
                       out=tmp_path / "run", part_size=5)
    assert isinstance(summary, SimSummary) and summary.games == 14
    assert len(list((tmp_path / "run").glob("part-*.parquet"))) == 3
    back = read_results(tmp_path / "run")
    assert_frame_equal(_rows(reference), _rows(back)[list(_rows(reference).columns)])


def test_streamed_summary_matches_the_rows(reference, tmp_path):
    summary = simulate("race", AGENTS, n=14, seed=7, progress=False, out=tmp_path / "s",
                       part_size=6)
    table = summary.table()
    expected = reference.groupby("agent").agg(win_rate=("winner", "mean"),
                                              mean_score=("score", "mean"))
    assert table.loc["heuristic", "games"] == 14
    for agent in AGENTS:
        assert table.loc[agent, "win_rate"] == pytest.approx(expected.loc[agent, "win_rate"])
        assert table.loc[agent, "mean_score"] == pytest.approx(expected.loc[agent, "mean_score"])


def test_read_results_reads_only_the_columns_asked(tmp_path):
    simulate("race", AGENTS, n=4, seed=1, progress=False, out=tmp_path / "c", part_size=2)
    few = read_results(tmp_path / "c", columns=["game_index", "winner", "vp_chips"])
    assert list(few.columns) == ["game_index", "winner", "vp_chips"]
    assert len(few) == 8 and few["vp_chips"].dtype.kind == "i"


def test_a_folder_with_partitions_is_refused_and_kept(tmp_path):
    simulate("race", AGENTS, n=2, seed=1, progress=False, out=tmp_path / "x")
    before = sorted(p.name for p in (tmp_path / "x").iterdir())
    with pytest.raises(ValueError, match="already holds Parquet partitions"):
        simulate("race", AGENTS, n=2, seed=1, progress=False, out=tmp_path / "x")
    assert sorted(p.name for p in (tmp_path / "x").iterdir()) == before
    (tmp_path / "file").write_text("x")
    with pytest.raises(ValueError, match="not a file"):
        simulate("race", AGENTS, n=2, seed=1, progress=False, out=tmp_path / "file")


def test_a_progress_function_hears_every_game():
    seen = []
    simulate("race", AGENTS, n=5, seed=1, part_size=2, progress=lambda d, t: seen.append((d, t)))
    assert seen[0] == (0, 5) and seen[-1] == (5, 5)
    assert [d for d, _t in seen] == sorted(d for d, _t in seen)


def test_cli_simulate_on_a_local_dask_cluster_to_parquet(tmp_path, capsys):
    out = tmp_path / "cli"
    assert main(["simulate", "race", "-n", "6", "-s", "7", "-q", "-a", "heuristic,random",
                 "--dask", "local", "-j", "2", "--parquet", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "6 games written" in printed and "heuristic" in printed
    back = read_results(out)
    ref = simulate("race", AGENTS, n=6, seed=7, progress=False)
    assert_frame_equal(_rows(ref), _rows(back)[list(_rows(ref).columns)])


def test_cli_refuses_csv_and_parquet_together(tmp_path, capsys):
    code = main(["simulate", "race", "-n", "1", "-q", "--out", str(tmp_path / "a.csv"),
                 "--parquet", str(tmp_path / "p")])
    assert code == 2 and "--parquet" in capsys.readouterr().err
