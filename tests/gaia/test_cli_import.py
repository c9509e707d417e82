"""`gamekit import boardgamers` and `gamekit replay --from boardgamers`: voyager-6 end to end,
and clear one-line errors for what cannot be imported."""

from __future__ import annotations

import json

import pytest
from gaia_helpers import REF, needs_ref

from gamekit.cli import main
from gamekit.core import GameRecord, RecordError, replay
from gamekit.games.gaia.importer import import_bytes


@needs_ref
def test_voyager_6_imports_to_a_record_that_replays_to_the_same_scores(tmp_path, capsys):
    sample = str(REF / "samples" / "voyager-6.json")
    assert main(["replay", "--from", "boardgamers", sample]) == 0
    assert json.loads(capsys.readouterr().out) == {"p1": 132, "p2": 171, "p3": 194, "p4": 139}
    out = tmp_path / "v6.json"
    assert main(["import", "boardgamers", sample, "--out", str(out)]) == 0
    state = replay(GameRecord.load(out))
    assert state.is_over() and state.result().scores == [132, 171, 194, 139]


@pytest.mark.parametrize("data, words", [
    (b"\xff\xfe", "UTF-8"),
    (b"not json", "JSON"),
    (json.dumps({"moves": ["init 2 s"]}).encode(), "explicit 'setup'"),
    (json.dumps({"moves": ["init 2 s"], "setup": {"map": []}}).encode(), "map must list"),
    (b" " * 3_000_000, "at most"),
])
def test_what_cannot_be_imported_says_why(data, words):
    with pytest.raises(RecordError) as info:
        import_bytes(data, "game.json")
    assert words in str(info.value) and "\n" not in str(info.value)


def test_cli_errors_are_one_line(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text('{"moves": ["init 2 s"]}')
    assert main(["import", "boardgamers", str(bad)]) == 2
    assert "explicit 'setup'" in capsys.readouterr().err
    assert main(["import", "chess.com", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "no game imports 'chess.com'" in err and "boardgamers" in err and err.count("\n") == 1
    assert main(["replay", "--from", "boardgamers", str(tmp_path / "none.json")]) == 2
    assert "cannot be read" in capsys.readouterr().err


def test_bench_replays_the_shipped_sample(capsys):
    assert main(["bench", "gaia", "--replay", "voyager-6", "--seconds", "0", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["lines"] == 336 and figures["runs"] >= 3 and figures["lines_per_s"] > 0
    assert main(["bench", "gaia", "--replay", "no-such-game"]) == 2
    assert "voyager-6" in capsys.readouterr().err
    assert main(["bench", "race", "--replay", "voyager-6"]) == 2
    assert "imports no other site's records" in capsys.readouterr().err


@needs_ref
def test_export_writes_the_site_notation_that_imports_back(tmp_path, capsys):
    sample = str(REF / "samples" / "voyager-6.json")
    record = tmp_path / "v6.json"
    assert main(["import", "boardgamers", sample, "--out", str(record)]) == 0
    out = tmp_path / "v6-site.json"
    assert main(["export", "boardgamers", str(record), "--out", str(out)]) == 0
    site = json.loads(out.read_text())
    assert site["moves"][0] == "init 4 voyager-6" and len(site["moves"]) == 336
    assert main(["replay", "--from", "boardgamers", str(out)]) == 0
    assert json.loads(capsys.readouterr().out) == {"p1": 132, "p2": 171, "p3": 194, "p4": 139}


def test_export_refuses_a_game_the_notation_cannot_write(tmp_path, capsys):
    from gamekit.games.gaia.state import GaiaState

    record = tmp_path / "rulebook.json"
    GaiaState.new(2, 1).record().save(record)  # rulebook turn order: not the site's
    assert main(["export", "boardgamers", str(record)]) != 0
    assert "turn_order" in capsys.readouterr().err
    assert main(["export", "pdf", str(record)]) != 0
    assert "pdf" in capsys.readouterr().err
