"""What-if from any real position: ``gamekit what-if --from FILE --at N`` (a record stopped at
move N, or a position), the fork to play on against bots, and the ladder of strength."""

from __future__ import annotations

import json

import pytest
import toy  # noqa: F401  (registers the toy game)

from gamekit.analysis.ladder import _sides, ladder, ladder_markdown
from gamekit.analysis.whatif_from import fork, play_on, state_at
from gamekit.cli import main
from gamekit.core import PositionError, RecordError, new, replay


@pytest.fixture()
def record_file(tmp_path, capsys):
    path = tmp_path / "game.json"
    assert main(["play", "toy", "-p", "2", "-s", "3", "--save", str(path)]) == 0
    capsys.readouterr()
    return path


def test_the_state_at_move_n_of_a_record_is_its_replay(record_file):
    record = json.loads(record_file.read_text())
    for n in (0, 2, 4):
        assert state_at(record_file, n).to_dict() == replay(record, n).to_dict()
    assert state_at(record_file).is_over()  # no --at: the end of the record


def test_cli_what_if_at_move_n_of_a_record_leaves_the_file_untouched(record_file, capsys):
    before = record_file.read_bytes()
    code = main(["what-if", "toy", "--from", str(record_file), "--at", "2", "--seconds", "0",
                 "--rollouts", "12"])
    out = capsys.readouterr().out
    assert code == 0
    seat = state_at(record_file, 2).to_move()[0]
    assert f"p{seat + 1} bid" in out and "rollouts per option, played to the end" in out
    assert out.splitlines()[0].startswith(("Close call", f"p{seat + 1} bid"))
    assert record_file.read_bytes() == before
    assert main(["what-if", "toy", "--from", str(record_file), "--at", "2", "--seconds", "0",
                 "--rollouts", "4", "--lang", "pt"]) == 0
    assert "simulações por opção" in capsys.readouterr().out


def test_cli_what_if_from_a_position(tmp_path, capsys):
    assert main(["position", "race", "-p", "2", "--at", "3"]) == 0
    pos = tmp_path / "pos.json"
    pos.write_text(capsys.readouterr().out)
    assert main(["what-if", "race", "--from", str(pos), "--seconds", "0", "--rollouts", "3"]) == 0
    assert "3 rollouts per option" in capsys.readouterr().out
    assert main(["what-if", "race", "--from", str(pos), "--at", "1"]) == 2
    assert "a position has no moves" in capsys.readouterr().err


@pytest.mark.parametrize("content, problem", [
    (b"not json", "is not valid JSON"),
    (b"\xff\xfe", "is not UTF-8 text"),
    (b"[" * 200 + b"]" * 200, "levels deep"),
    (b'{"format": "other"}', "neither a gamekit record nor a position"),
    (b"[1, 2]", "neither a gamekit record nor a position"),
])
def test_cli_what_if_refuses_what_is_not_a_record(tmp_path, capsys, content, problem):
    bad = tmp_path / "bad.json"
    bad.write_bytes(content)
    assert main(["what-if", "toy", "--from", str(bad)]) == 2
    err = capsys.readouterr().err
    assert problem in err and "Traceback" not in err and "not json" not in err


def test_cli_what_if_refuses_a_move_past_the_end_and_another_game(record_file, capsys):
    actions = sum(1 for m in json.loads(record_file.read_text())["moves"]
                  if not m.startswith("chance "))
    assert main(["what-if", "toy", "--from", str(record_file), "--at", str(actions + 1)]) == 2
    assert f"between 0 and {actions}" in capsys.readouterr().err
    assert main(["what-if", "race", "--from", str(record_file)]) == 2
    assert "not of 'race'" in capsys.readouterr().err
    with pytest.raises(RecordError, match="between 0"):
        state_at(record_file, -1)


def test_a_fork_plays_on_against_bots_and_leaves_the_game_as_it_was():
    game = new("race", players=2, seed=2)
    before = game.fingerprint()
    tryout = fork(game)
    seat = tryout.to_move()[0]
    tryout.apply(tryout.decision(seat).legal[0])
    played = play_on(tryout, human=seat, seed=1)
    assert game.fingerprint() == before
    assert tryout.is_over() or seat in tryout.to_move()
    assert played >= 0
    with pytest.raises(PositionError, match="view"):
        fork(game.agent_view(0))


def test_ladder_seatings_balance_the_sides():
    assert _sides("h", "r", 2) == [("h", "r")]
    assert _sides("h", "r", 4) == [("h", "r", "h", "r")]
    assert _sides("h", "r", 5) == [("h", "r", "h", "r", "h"), ("r", "h", "r", "h", "r")]


def test_ladder_heuristic_beats_random_in_race():
    frame = ladder("race", [2], games=12, seed=5, bots=("random", "heuristic"))
    row = frame.iloc[0]
    assert row["games"] == 12 and row["step"] == "random < heuristic"
    assert row["low"] > 0.5 and row["holds"]
    assert "| 2 | random < heuristic | 12 |" in ladder_markdown(frame, {"random": 50.0})
