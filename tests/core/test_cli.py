"""The ``gamekit`` command, run in-process on the toy game (and as a real subprocess once)."""

from __future__ import annotations

import json
import subprocess
import sys

import pandas as pd
import pytest
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


# ------------------------------------------------------------------ bad input, every command
def run(args: list[str], capsys) -> tuple[int, str]:
    """``gamekit args``: the exit code and what it wrote on stderr (argparse exits too)."""
    try:
        code = main(args)
    except SystemExit as exc:
        code = exc.code
    return code, capsys.readouterr().err


@pytest.fixture
def inputs(tmp_path):
    """Bad input files: not UTF-8, nested 5,000 levels deep, 3.1 MiB, not JSON, a folder."""
    files = {"latin1": b"\xff\xfe caf\xe9", "deep": b"[" * 5000 + b"]" * 5000,
             "big": b'{"a": "' + b"x" * (3_200_000) + b'"}', "notjson": b"{oops"}
    for name, data in files.items():
        (tmp_path / f"{name}.json").write_bytes(data)
    (tmp_path / "folder.json").mkdir()
    return tmp_path


#: what each bad file is refused with, in words
WORDS = {"latin1": "is not UTF-8 text", "deep": "nested more than 32 levels deep",
         "big": "is 3.1 MiB, larger than 2 MiB", "notjson": "is not valid JSON",
         "folder": "it is a directory"}
#: every command that reads a file: its arguments around the file
READERS = [["replay", "{}"], ["import", "boardgamers", "{}"], ["export", "boardgamers", "{}"],
           ["play", "wonderful", "--from", "{}"], ["position", "wonderful", "--from", "{}"],
           ["what-if", "wonderful", "--from", "{}"]]


@pytest.mark.parametrize("command", READERS, ids=lambda c: c[0])
@pytest.mark.parametrize("kind", sorted(WORDS))
def test_bad_files_are_named_in_words(command, kind, inputs, capsys):
    path = str(inputs / f"{kind}.json")
    code, err = run([path if a == "{}" else a for a in command], capsys)
    assert code == 2 and "Traceback" not in err
    assert path in err and WORDS[kind] in err, err
    assert len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("args", [
    ["simulate", "toy", "--games", "-3"], ["simulate", "toy", "--games", "1e30"],
    ["simulate", "toy", "--processes", "0"], ["play", "toy", "--players", "0"],
    ["play", "toy", "--players", str(10**30)], ["position", "toy", "--at", "-1"],
    ["what-if", "toy", "--seat", "-1"], ["what-if", "toy", "--rollouts", "0"],
    ["bench", "toy", "--seconds", "nan"], ["bench", "toy", "--seconds", "-1"],
    ["soak", "toy", "--games", "0"], ["play", "nogame"], ["play", "toy", "-o", "x"],
])
def test_bad_arguments_are_one_line(args, capsys):
    code, err = run(args, capsys)
    assert code == 2 and "Traceback" not in err and "error:" in err, err


def test_unwritable_output_is_named(tmp_path, capsys):
    target = tmp_path / "no" / "such" / "game.json"
    code, err = run(["play", "toy", "--players", "2", "--save", str(target)], capsys)
    assert code == 2 and f"cannot write {target}" in err and "Traceback" not in err


def test_an_unexpected_failure_is_one_line(monkeypatch, capsys):
    import gamekit.cli as cli

    def broken(_args):
        raise KeyError("agent")

    monkeypatch.setattr(cli, "cmd_list", broken)  # the parser is built per call: it is used
    code, err = run(["list"], capsys)
    assert code == 1 and "unexpected KeyError" in err and "Traceback" not in err
    monkeypatch.setenv("GAMEKIT_DEBUG", "1")
    with pytest.raises(KeyError):
        main(["list"])

