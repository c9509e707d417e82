"""The soak runner (``make soak``), in a short version: a few random games per game and player
count with invariant checks, zero faults, and a well-formed summary file."""

from __future__ import annotations

import json

import pytest
import toy  # noqa: F401  (registers the "toy" game)

from gamekit.cli import main
from gamekit.core import available, get
from gamekit.core.invariants import check_random_game
from gamekit.core.soak import soak, soak_chunk, soak_table

GAMES = [g for g in available() if g != "toy"]
COUNT = 8


def test_short_soak_has_no_faults_and_writes_its_summary(tmp_path):
    out = tmp_path / "soak.json"
    summary = soak(GAMES, count=COUNT, seed=1000, every=50, processes=2, out=out,
                   progress=False, chunk=4)
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data == json.loads(json.dumps(summary))
    expected = {(g, p) for g in GAMES
                for p in range(get(g).state.min_players, get(g).state.max_players + 1)}
    assert {(r["game"], r["players"]) for r in data["configs"]} == expected
    for r in data["configs"]:
        assert set(r) >= {"game", "players", "games", "fault_count", "faults", "games_per_s"}
        assert r["games"] == COUNT
        assert r["games_per_s"] > 0
    assert data["total_games"] == COUNT * len(expected) and data["complete"] is True
    faults = [(r["game"], r["players"], f) for r in data["configs"] for f in r["faults"]]
    assert data["total_faults"] == 0, f"soak faults: {faults}"
    table = soak_table(data)
    assert all(g in table for g in GAMES) and "0 faults" in table


class _Broken(toy.ToyState):
    """A toy whose invariant check fails from round 2 on (a planted fault)."""

    game = "toy_broken"

    def check_invariants(self):
        assert self.round < 2, "planted fault"


def test_faults_are_caught_with_seed_and_message():
    from gamekit.core import register

    register(_Broken, default_players=2)
    part = soak_chunk(("toy_broken", 2, [5, 6], 1))
    assert part["games"] == 2
    assert [f["seed"] for f in part["faults"]] == [5, 6]
    assert all("planted fault" in f["error"] and f["at"].startswith("test_soak.py")
               for f in part["faults"])
    clean = soak_chunk(("toy", 2, [5, 6], 1))
    assert clean["faults"] == []


def test_a_game_that_never_ends_is_a_soak_fault():
    with pytest.raises(AssertionError, match="max_decisions"):
        check_random_game("toy", 2, 3, {"endless": True}, every=5)


def test_soak_command_prints_the_table_and_exit_code(tmp_path, capsys):
    out = tmp_path / "s.json"
    code = main(["soak", "toy", "--games", "5", "--processes", "1", "--quiet", "--out", str(out)])
    text = capsys.readouterr().out
    assert code == 0
    assert "toy" in text and "0 faults" in text
    assert json.loads(out.read_text(encoding="utf-8"))["total_games"] == 5 * 2
