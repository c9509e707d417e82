"""Hostile records and uploads (issue 9): one clear ``RecordError`` line naming the file and the
field; bounded work (no traceback, no MemoryError, no hang, no huge message)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

import pytest
import toy  # noqa: F401  (registers the toy game)

import gamekit
from gamekit.cli import main
from gamekit.core import GameRecord, OptionError, RecordError, available, get, replay
from gamekit.core.records import MAX_BYTES
from gamekit.core.schema import MAX_MOVES

GAMES = [g for g in available() if g != "toy"]


def record(**changes) -> dict:
    """A valid toy record (a whole game), changed by ``changes``."""
    s = gamekit.new("toy", players=2, seed=4)
    while s.to_move():
        s.apply(s.legal_actions(s.to_move()[0])[0])
    data = s.record().to_dict()
    data.update(changes)
    return data


def refused(data: object, field: str, *words: str, source: str = "upload") -> RecordError:
    """Feed ``data`` (bytes, or JSON-able) as an upload and replay it: a RecordError naming
    ``source`` and ``field`` (and ``words``) in one short line."""
    raw = data if isinstance(data, bytes) else json.dumps(data).encode()
    with pytest.raises(RecordError) as info:
        replay(GameRecord.from_bytes(raw, source))
    text = str(info.value)
    assert text.startswith(f"record {source}: "), text
    assert field in text and all(w in text for w in words), text
    assert "\n" not in text and len(text) < 600, text[:300]
    return info.value


def test_valid_record_round_trips_through_bytes():
    data = record()
    again = replay(GameRecord.from_bytes(json.dumps(data).encode()))
    assert again.log == data["moves"]


@pytest.mark.parametrize("seed", [[1, 2], {}, 1.5, True, 2**70, "s" * 300])
def test_seed_of_a_wrong_type(seed):
    assert refused(record(seed=seed), "'seed'").field == "seed"


@pytest.mark.parametrize(
    "version", ["1", 2, True, 1.0, None, [1]],
)
def test_unknown_versions_are_refused(version):
    refused(record(version=version), "version", "not supported")


@pytest.mark.parametrize(
    "change, field",
    [
        ({"format": "other"}, "format"),
        ({"game": "chess"}, "unknown game"),
        ({"game": 5}, "'game'"),
        ({"players": "2"}, "'players'"),
        ({"players": True}, "'players'"),
        ({"players": 2.0}, "'players'"),
        ({"players": 10**6}, "'players'"),
        ({"options": []}, "'options'"),
        ({"options": {"Bad Name": 1}}, "'options'"),
        ({"options": {"seed": 1}}, "'options'"),
        ({"moves": "p1 bid 1"}, "'moves'"),
        ({"moves": [None]}, "'moves[0]'"),
        ({"moves": ["x"] * (MAX_MOVES + 1)}, "'moves'"),
        ({"moves": ["p1 bid " + "9" * 10_000]}, "'moves[0]'"),
    ],
)
def test_fields_of_a_wrong_shape(change, field):
    refused(record(**change), field)


def test_missing_field():
    data = record()
    del data["players"]
    refused(data, "lacks field 'players'")


@pytest.mark.parametrize("game", GAMES + ["toy"])
@pytest.mark.parametrize("bad", [[["x"]], [{"a": 1}], [[1, 2]], [None] * 5, {"x": 1}, [1.5]])
def test_list_options_of_a_wrong_shape_are_refused_by_name(game, bad):
    """``deck: [["x"]]`` and the like: OptionError / RecordError naming the option."""
    cls = get(game).state
    names = [n for n, o in cls.options_spec.items() if o.kind is list]
    assert names
    for name in names:
        with pytest.raises(OptionError, match=repr(name)):
            cls.new(cls.min_players, 0, **{name: bad})
        data = {"format": "gamekit-record", "version": 1, "game": game,
                "players": cls.min_players, "seed": 0, "options": {name: bad}, "moves": []}
        refused(data, repr(name))


@pytest.mark.parametrize("game", GAMES)
def test_every_option_with_hostile_values_gives_a_record_error(game):
    """Any value in any option: a RecordError (or a game that starts), never a crash."""
    cls = get(game).state
    values = [None, True, 0, -1, 10**9, "x", "x" * 5000, [], ["x"], [["x"]], [[["x"]]] * 4,
              [0] * 200, {}, {"x": [1]}, {"tiles": 5}, [None, None], ["", ""], [{}] * 4]
    for name in cls.options_spec:
        for value in values:
            data = {"format": "gamekit-record", "version": 1, "game": game,
                    "players": cls.min_players, "seed": 0, "options": {name: value},
                    "moves": []}
            try:
                replay(GameRecord.from_bytes(json.dumps(data).encode()))
            except RecordError as exc:
                assert "\n" not in str(exc) and len(str(exc)) < 600
            # a game that starts is fine: its unused chance lines are not the point here


def test_options_naming_a_file_are_refused(tmp_path):
    """No option reads a file: a record naming one is refused with one message whether the
    file exists or not, and nothing of the file's content shows."""
    secret = tmp_path / "secret.json"
    secret.write_text('{"tiles": [], "password": "hunter2"}')
    data = {"format": "gamekit-record", "version": 1, "game": "bluemoon", "players": 2,
            "seed": 0, "options": {"tiles_file": str(secret)}, "moves": []}
    there = refused(data, "'tiles_file'", "never reads a file")
    gone = refused({**data, "options": {"tiles_file": str(tmp_path / "none.json")}},
                   "'tiles_file'")
    assert str(there).replace(str(secret), "X") == str(gone).replace(
        str(tmp_path / "none.json"), "X")
    refused({**data, "options": {"cards_file": "/dev/zero"}}, "'cards_file'")
    for name, path in (("tiles", str(secret)), ("cards", "/dev/zero")):
        err = refused({**data, "options": {name: path}}, f"'{name}'", "file names are not read")
        assert "hunter2" not in str(err)


def test_deep_nesting_is_refused_without_recursion():
    deep = b'{"format": "gamekit-record", "options": {"x": ' + b"[" * 100_000 + b"]" * 100_000
    refused(deep + b"}}", "nested")
    shallow_but_too_deep = record(options={"deck": json.loads("[" * 40 + "]" * 40)})
    refused(shallow_but_too_deep, "'options'", "nested")


def test_cyclic_data_is_refused():
    data = record()
    loop: list = []
    loop.append(loop)
    data["options"] = {"deck": loop}
    with pytest.raises(RecordError, match="nested"):
        GameRecord.from_dict(data)


@pytest.mark.parametrize(
    "raw, words",
    [
        (b"\xff\xfe{}", "not UTF-8"),
        (b'{"a": NaN}', "not valid JSON"),
        (b'{"a": Infinity}', "not valid JSON"),
        (b'{"a": ' + b"9" * 5000 + b"}", "not valid JSON"),
        (b"[]", "JSON object"),
        (b"", "not valid JSON"),
        (b"{oops", "not valid JSON"),
    ],
)
def test_bytes_that_are_not_a_json_record(raw, words):
    refused(raw, words)


def test_size_is_capped():
    big = json.dumps(record(moves=["p1 bid 1"] * 10 + ["x" * (5 * 1024 * 1024)])).encode()
    refused(big, "larger than")
    with pytest.raises(RecordError, match="larger than"):
        GameRecord.from_json(big.decode())
    with pytest.raises(RecordError, match="must be bytes"):
        GameRecord.from_bytes("text")  # type: ignore[arg-type]


# ---------------------------------------------------------------------- files
def load_refused(path, *words: str) -> RecordError:
    start = time.perf_counter()
    with pytest.raises(RecordError) as info:
        replay(GameRecord.load(path))
    assert time.perf_counter() - start < 3
    text = str(info.value)
    assert text.count(str(path)) == 1 and all(w in text for w in words), text
    assert "\n" not in text and len(text) < 600
    return info.value


def test_file_errors_name_the_file_and_the_field(tmp_path):
    path = tmp_path / "seed.json"
    path.write_text(json.dumps(record(seed=[1, 2])))
    assert load_refused(path, "'seed'").field == "seed"
    path = tmp_path / "latin1.json"
    path.write_bytes(json.dumps(record()).encode()[:-2] + b'"\xe9"}')
    load_refused(path, "not UTF-8")
    path = tmp_path / "big.json"
    path.write_bytes(b'{"moves": ["' + b"x" * (5 * 1024 * 1024) + b'"]}')
    load_refused(path, "larger than")
    load_refused(tmp_path, "directory")
    load_refused(tmp_path / "missing.json", "cannot be read")


def test_a_file_just_under_the_cap_is_read(tmp_path):
    path = tmp_path / "padded.json"
    text = json.dumps(record(), indent=1)
    path.write_text(text + " " * (MAX_BYTES - len(text.encode())))
    assert replay(GameRecord.load(path)).is_over()


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero")
@pytest.mark.timeout(10)
def test_device_is_refused():
    load_refused("/dev/zero", "not a regular file")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs")
@pytest.mark.timeout(10)
def test_fifo_is_refused_without_blocking(tmp_path):
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    load_refused(fifo, "not a regular file")


# ---------------------------------------------------------------------- the command
@pytest.mark.timeout(20)
def test_cli_replay_prints_one_line_and_exits_2(tmp_path, capsys):
    cases = {
        "seed.json": json.dumps(record(seed={})).encode(),
        "deck.json": json.dumps(record(options={"deck": [["x"]]})).encode(),
        "deep.json": b"[" * 100_000 + b"]" * 100_000,
        "bytes.json": b"\x80\x81\x82",
        "version.json": json.dumps(record(version="1")).encode(),
    }
    for name, raw in cases.items():
        (tmp_path / name).write_bytes(raw)
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    for path in [*(tmp_path / n for n in cases), fifo, "/dev/zero"]:
        assert main(["replay", str(path)]) == 2
        out = capsys.readouterr()
        lines = out.err.strip().splitlines()
        assert out.out == "" and len(lines) == 1, out.err[:500]
        assert lines[0].startswith("gamekit: error: record ") and str(path) in lines[0]
        assert len(lines[0]) < 600


@pytest.mark.timeout(60)
def test_cli_replay_subprocess_has_no_traceback(tmp_path):
    path = tmp_path / "deep.json"
    path.write_bytes(b'{"format": "gamekit-record", "version": 1, "options": '
                     + b"{\"a\": " * 50_000 + b"1" + b"}" * 50_000 + b"}")
    done = subprocess.run([sys.executable, "-m", "gamekit", "replay", str(path)],
                          capture_output=True, text=True, timeout=60,
                          env={**os.environ, "PYTHONPATH": os.getcwd()})
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.count("\n") == 1 and "nested" in done.stderr
