"""The play app's *Load game* upload (issue 9): the bytes are parsed as a bounded JSON record
only, never used as a path; every failure is shown in the page's language, quotes nothing of
the file, leaves the game as it was, and no exception escapes the handler."""

from __future__ import annotations

import html
import json
import time
from datetime import datetime, timezone

import pytest
import toy  # noqa: F401  (registers the "toy" game; tests/conftest.py puts tests/core on the path)

from gamekit.core import GameRecord, RecordError
from gamekit_widgets import App
from gamekit_widgets.upload import MAX_BYTES, MAX_DEPTH, record_from_bytes

MARK = "SECRET-MARKER-42"
NOW = datetime.now(timezone.utc)


@pytest.fixture
def app():
    return App("toy", players=3, human=0, bot="random", seed=2, flows=False)


def upload(app: App, data: bytes) -> str:
    """Upload ``data`` as the browser does (FileUpload's value) and return the message."""
    app.upload.value = ({"name": "game.json", "type": "application/json", "size": len(data),
                         "last_modified": NOW, "content": memoryview(data)},)
    assert app.upload.value == (), "the uploaded bytes are kept after loading"
    return app.io_message.value


def assert_refused(app: App, data: bytes, words: str) -> None:
    before = (app.session.state.fingerprint(), app.session.index)
    message = html.unescape(upload(app, data))
    assert "gamekit-error" in message and words in message, message
    assert MARK not in message and "root:" not in message
    assert (app.session.state.fingerprint(), app.session.index) == before


def test_valid_record_loads(app):
    other = App("toy", players=3, human=None, bot="random", seed=9, flows=False)
    other.view.controls.round_button.click()
    assert other.session.index > 0
    data = other.record_json().encode()
    message = upload(app, data)
    assert "gamekit-error" not in message and "Game loaded" in message
    assert app.session.state.fingerprint() == other.session.state.fingerprint()


def test_non_json_bytes(app):
    assert_refused(app, f"hello {MARK}, not a record".encode(), "the file is not JSON")


def test_server_path_as_content_is_never_read(app, tmp_path, monkeypatch):
    """The old handler loaded any content not starting with ``{`` as a server file."""
    saved = tmp_path / "saved.json"
    saved.write_text(App("toy", players=3, seed=4, flows=False).record_json())
    monkeypatch.setattr(GameRecord, "load", lambda *_a: pytest.fail("a path was read"))
    for content in ("/etc/passwd", str(saved), f"  {saved}", "../../etc/passwd"):
        assert_refused(app, content.encode(), "the file is not JSON")


def test_deep_nesting(app):
    assert_refused(app, b"[" * 200_000 + b"]" * 200_000, f"more than {MAX_DEPTH} levels")
    record = json.loads(App("toy", players=3, seed=4, flows=False).record_json())
    deep: object = MARK
    for _ in range(MAX_DEPTH + 1):
        deep = [deep]
    record["options"] = {"x": deep}
    assert_refused(app, json.dumps(record).encode(), f"more than {MAX_DEPTH} levels")


def test_pathological_strings_are_quick():
    """Quotes and escapes cannot make the check slow (it must stay linear)."""
    for text in ('"' + '\\"' * 600_000, '["' + '\\"' * 600_000 + '"]', '"' * 2_000_000):
        t0 = time.perf_counter()
        with pytest.raises(RecordError):
            record_from_bytes(text.encode())
        assert time.perf_counter() - t0 < 2.0


def test_huge_file(app):
    t0 = time.perf_counter()
    assert_refused(app, b" " * (MAX_BYTES + 1), "at most 2 MiB")
    assert time.perf_counter() - t0 < 1.0


def test_non_utf8(app):
    assert_refused(app, b'{"format": "\xff\xfe' + MARK.encode() + b'"}', "not text (UTF-8)")


def test_record_of_an_unknown_game(app):
    record = json.loads(app.record_json())
    record["game"] = MARK
    assert_refused(app, json.dumps(record).encode(), "a game this app does not know")


def test_record_of_another_known_game(app):
    record = {"format": "gamekit-record", "version": 1, "game": "wonderful", "players": 3,
              "seed": 1, "options": {}, "moves": []}
    assert_refused(app, json.dumps(record).encode(), "a record of It's a Wonderful World")


@pytest.mark.parametrize("players", [0, -1, 10**6])
def test_player_count_out_of_range(app, players):
    record = json.loads(app.record_json())
    record["players"] = players
    t0 = time.perf_counter()
    assert_refused(app, json.dumps(record).encode(), "set-up (players or options) is not valid")
    assert time.perf_counter() - t0 < 1.0


def test_json_that_is_not_a_record(app):
    assert_refused(app, json.dumps({"note": MARK}).encode(), "not a game record")
    assert_refused(app, json.dumps([MARK]).encode(), "not a game record")


def test_illegal_move_names_its_number_not_its_text(app):
    record = json.loads(app.record_json())
    record["moves"].append(f"p1 {MARK}")
    n = len(record["moves"])
    assert_refused(app, json.dumps(record).encode(), f"move {n} of the record")


def test_errors_in_portuguese(app):
    app.set_lang("pt")
    assert_refused(app, b"/etc/passwd", "o arquivo não é JSON")
    assert_refused(app, b" " * (MAX_BYTES + 1), "no máximo 2 MiB")


def test_no_exception_escapes_a_malformed_upload(app):
    app.upload.value = ({"name": "x.json", "type": "", "size": 0, "last_modified": NOW,
                         "content": None},)
    assert "gamekit-error" in app.io_message.value


@pytest.mark.parametrize("data", [b"", b"{", b"null", b"1e999999", b'"' + b"x" * 100, b"\x00",
                                  b"1" * 100_000, b'{"seed": ' + b"9" * 5000 + b"}", "é".encode("latin-1")])
def test_record_from_bytes_raises_record_error_only(data):
    with pytest.raises(RecordError) as info:
        record_from_bytes(data)
    assert "\n" not in str(info.value)


def test_record_from_bytes_reads_a_record():
    text = App("toy", players=3, seed=4, flows=False).record_json()
    record = record_from_bytes(text.encode(), source="test")
    assert record.game == "toy" and record.players == 3
