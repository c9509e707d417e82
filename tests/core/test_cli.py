"""The ``gamekit`` command, run in-process on the toy game (and as a real subprocess once)."""

from __future__ import annotations

import json
import subprocess
import sys

import pandas as pd
import toy  # noqa: F401

from gamekit.cli import main


def test_list(capsys):
    assert main(["list"]) == 0
    out = capsys.readouterr().out
    assert "toy" in out and "lookahead" in out


def test_play_narrates_and_saves(tmp_path, capsys):
    path = tmp_path / "game.json"
    assert main(["play", "toy", "--players", "2", "--seed", "3", "--lang", "pt", "--rules",
                 "--save", str(path)]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert not any("licita" in line for line in out)  # secret bids are not narrated
    assert any("Licitações" in line for line in out)  # their reveal is
    assert any("[Licitação]" in line for line in out)
    final = json.loads(out[-1])
    assert final["agents"] == ["random", "random"] and len(final["scores"]) == 2
    assert main(["replay", str(path)]) == 0
    replayed = json.loads(capsys.readouterr().out)
    assert replayed["scores"] == final["scores"] and replayed["over"] is True


def test_play_all_narrates_secrets(capsys):
    assert main(["play", "toy", "-p", "2", "-s", "3", "--all"]) == 0
    assert "bids" in capsys.readouterr().out


def test_simulate_writes_csv(tmp_path, capsys):
    out = tmp_path / "sim.csv"
    assert main(["simulate", "toy", "-p", "3", "-n", "12", "-s", "5", "-q",
                 "--agents", "random,lookahead:2,random", "--out", str(out)]) == 0
    frame = pd.read_csv(out)
    assert len(frame) == 36 and set(frame.agent) == {"random", "lookahead:2"}
    assert "win_rate" in capsys.readouterr().out


def test_bench_reports_rates(capsys):
    assert main(["bench", "toy", "--players", "2", "--seconds", "0.2", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["games_per_s"] > 0 and figures["decisions_per_s"] > 0
    # quiet (no narration) by default; the same games again with every move checked
    assert figures["quiet"] is True and figures["check"] is False
    checked = figures["checked"]
    assert checked["check"] is True and checked["games_per_s"] > 0
    assert main(["bench", "toy", "--players", "2", "--seconds", "0.1", "--narrate"]) == 0
    out = capsys.readouterr().out
    assert "(narrated, unchecked)" in out and "(narrated, checked)" in out


def test_errors_are_clear(tmp_path, capsys):
    assert main(["play", "toy", "--players", "9"]) == 2
    assert "2 to 3 players" in capsys.readouterr().err
    assert main(["play", "toy", "-o", "rounds=8"]) == 2
    assert "'rounds'" in capsys.readouterr().err
    assert main(["play", "toy", "-p", "2", "--agents", "random,random,random"]) == 2
    assert "3 agents for 2 players" in capsys.readouterr().err
    bad = tmp_path / "bad.json"
    bad.write_text("{oops")
    assert main(["replay", str(bad)]) == 2
    assert "not valid JSON" in capsys.readouterr().err
    assert main(["replay", str(tmp_path / "missing.json")]) == 2
    assert "missing.json: cannot be read" in capsys.readouterr().err


def test_console_script_runs():
    done = subprocess.run([sys.executable, "-m", "gamekit", "list"], capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
