"""Soak shards (``gamekit soak GAME --seeds A:B``): each seeded game is checked (sampled points,
the replay compared by value, a position round-trip in one game in ten), a fault carries its
seed, each shard writes a result file, and the report adds the shards up counting a seed once."""

from __future__ import annotations

import json

import pytest
import toy  # noqa: F401  (registers the "toy" game)

from gamekit.cli import main
from gamekit.core import register
from gamekit.core import soak_shards as shards
from gamekit.core.soak_shards import (
    parse_seeds,
    report_markdown,
    soak_game,
    soak_report,
    soak_shard,
)


def test_a_checked_game_replays_to_the_same_state():
    # seed 10: the position round-trip runs too (a multiple of TRIP_EVERY)
    for game, players in (("wonderful", 2), ("race", 3), ("bluemoon", 2), ("gaia", 2)):
        state = soak_game(game, players, 10)
        assert state.is_over() and state.result().winners


def test_a_long_random_game_writes_a_record_it_reads_back():
    """Soak fault of session 11: Blue Moon City's 4-player seed 12994 (a random game of 22,172
    moves) wrote a record its own reader refused ("more than 20000 entries")."""
    from gamekit.core.records import MAX_BYTES
    from gamekit.core.schema import MAX_MOVES

    state = soak_game("bluemoon", 4, 12994)
    assert len(state.record().moves) > 20_000
    # the byte cap binds before the move cap: the shortest move line with its quotes and comma
    assert MAX_MOVES * len(' "p1 done",') > MAX_BYTES


def test_a_replay_that_differs_is_a_fault(monkeypatch):
    real = shards._whole
    calls = []

    def drifting(state):
        calls.append(1)
        whole = real(state)
        return whole if len(calls) % 2 else (*whole[:-1], "drifted")

    monkeypatch.setattr(shards, "_whole", drifting)
    with pytest.raises(AssertionError, match="replay does not reach the same game"):
        soak_game("race", 2, 1)


class _Broken(toy.ToyState):
    """A toy whose invariant check fails from round 2 on (a planted fault)."""

    game = "toy_broken_shard"

    def check_invariants(self):
        assert self.round < 2, "planted fault"


def test_faults_carry_their_seed_and_place():
    register(_Broken, default_players=2)
    part = shards._chunk(("toy_broken_shard", 2, 1, 4, 2))
    assert part["games"] == 3 and [f["seed"] for f in part["faults"]] == [1, 2, 3]
    assert all("planted fault" in f["error"] and f["at"].startswith("test_soak_shards.py:")
               for f in part["faults"])
    assert shards._chunk(("toy", 2, 1, 4, 2))["faults"] == []


def test_shards_write_files_that_the_report_adds_up_once(tmp_path):
    for first, last in ((0, 3), (2, 5), (3, 5)):  # 2:5 overlaps 0:3: not counted
        soak_shard("wonderful", first, last, players=[2], folder=tmp_path)
    files = sorted(p.name for p in tmp_path.iterdir())
    assert files == ["wonderful.0-3.s2.json", "wonderful.2-5.s2.json", "wonderful.3-5.s2.json"]
    one = json.loads((tmp_path / files[0]).read_text(encoding="utf-8"))
    assert one["rows"][0]["games"] == 3 and one["rows"][0]["fault_count"] == 0
    assert len(one["load"]) == 2 and one["rows"][0]["cpu_s"] > 0
    [row] = soak_report(tmp_path)
    assert (row["game"], row["players"], row["games"], row["seeds"]) == ("wonderful", 2, 5, "0:5")
    assert row["faults"] == [] and row["games_per_cpu_s"] > 0
    table = report_markdown([row])
    assert "| wonderful | 2 | 5 | 0:5 | 0 |" in table and "| **wonderful** | all | **5** | | 0 |" in table


def test_the_seed_range_is_checked():
    assert parse_seeds("0:100") == (0, 100)
    for bad in ("5:2", "3:3", "a:b", "-1:4", "1:2:3", ""):
        with pytest.raises(ValueError, match="--seeds must be A:B"):
            parse_seeds(bad)


def test_the_command_runs_a_shard_and_reports(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(shards, "SHARDS", tmp_path)
    assert main(["soak", "race", "--seeds", "7:9", "-p", "2", "-j", "1"]) == 0
    assert "race 2p seeds 7:9: 2 games, 0 faults" in capsys.readouterr().out
    assert main(["soak", "--report"]) == 0
    assert "| race | 2 | 2 | 7:9 | 0 |" in capsys.readouterr().out
    assert main(["soak", "race", "--seeds", "9:7"]) == 2
    assert "--seeds must be A:B" in capsys.readouterr().err


def test_the_stored_shards_have_no_fault_and_are_the_docs_table():
    from pathlib import Path

    rows = soak_report()
    assert rows, "the committed shards (gamekit/analysis/data/soak/)"
    assert [f for r in rows for f in r["faults"]] == []
    docs = (Path(__file__).parents[2] / "docs" / "soak.md").read_text(encoding="utf-8")
    assert report_markdown(rows) in docs, "docs/soak.md shows `gamekit soak --report`"
