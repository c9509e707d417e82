"""The play app's *Start from a position* upload (issue 10): a position file (``gamekit
position`` / ``state.position()``) starts the game there; a bad file is refused in the page's
language, quoting nothing of it, and the game on screen is unchanged."""

from __future__ import annotations

import html
import json
from datetime import datetime, timezone

import pytest

import gamekit
from gamekit_widgets import App
from gamekit_widgets.upload import MAX_DEPTH, deeper_than

NOW = datetime.now(timezone.utc)
MARK = "SECRET-MARKER-42"


@pytest.fixture(scope="module")
def saved():
    s = gamekit.new("race", players=2, seed=4)
    for _ in range(6):
        s.apply(s.legal_actions(s.to_move()[0])[0])
    return s, json.dumps(s.position()).encode("utf-8")


@pytest.fixture
def app():
    return App("race", players=2, human=0, bot="random", seed=2, flows=False)


def upload(app: App, data: bytes) -> str:
    app.position_upload.value = ({"name": "pos.json", "type": "application/json",
                                  "size": len(data), "last_modified": NOW,
                                  "content": memoryview(data)},)
    assert app.position_upload.value == (), "the uploaded bytes are kept after loading"
    return html.unescape(app.io_message.value)


def test_a_position_starts_the_game_there(app, saved):
    state, data = saved
    message = upload(app, data)
    assert "Position loaded" in message
    assert app.session.state.fingerprint() != b"" and app.session.state.to_dict() == state.to_dict()
    assert [str(a) for a in app.session.state.legal_actions(state.to_move()[0])] == [
        str(a) for a in state.legal_actions(state.to_move()[0])]


@pytest.mark.parametrize("data, words", [
    (b"\xff\xfe not text", "not text"),
    (b"{not json " + MARK.encode(), "not JSON"),
    (json.dumps({"format": "x", "secret": MARK}).encode(), "not a position of Race for the Galaxy"),
    (b"[" * 5000 + b"]" * 5000, f"nests more than {MAX_DEPTH} levels deep"),
    (b"[" * 500_000 + b"]" * 500_000, f"nests more than {MAX_DEPTH} levels deep"),
])
def test_bad_files_are_refused_and_change_nothing(app, data, words):
    before = app.session.state.fingerprint()
    message = upload(app, data)
    assert "gamekit-error" in app.io_message.value and words in message, message
    assert MARK not in message
    assert app.session.state.fingerprint() == before


def test_a_position_of_another_game_is_named(app):
    other = gamekit.new("bluemoon", players=2, seed=1).position()
    assert "this is a record of Blue Moon City" in upload(app, json.dumps(other).encode())


def test_a_position_breaking_a_rule_is_refused_in_portuguese(app, saved):
    state, _ = saved
    broken = state.position()
    _duplicate_a_card(broken["state"])  # a card in two hands breaks the position's rules
    app.set_lang("pt")
    before = app.session.state.fingerprint()
    message = upload(app, json.dumps(broken).encode())
    assert "não é uma posição de Race for the Galaxy" in message, message
    assert app.session.state.fingerprint() == before


def _duplicate_a_card(state: dict) -> None:
    """Put the first card of seat 1's hand into seat 2's hand too."""
    hands = [seat["hand"] for seat in state["seats"]]
    hands[1].append(hands[0][0])


def _nest(value, levels: int):
    """``value`` inside ``levels`` lists."""
    for _ in range(levels):
        value = [value]
    return value


def test_nesting_is_bounded_at_max_depth_levels(app, saved):
    """A position nests 5-8 levels; a file nesting deeper than ``MAX_DEPTH`` is refused as too
    deep (naming the limit, in Portuguese too) before the rules look at it, and the game on
    screen is unchanged. At exactly ``MAX_DEPTH`` levels it is read (and here loaded)."""
    state, _ = saved
    position = state.position()
    assert not deeper_than(position, 8)
    before = app.session.state.fingerprint()
    # the envelope is level 1, "state" level 2: MAX_DEPTH - 1 lists inside make MAX_DEPTH + 1
    over = {**position, "state": {**position["state"], "extra": _nest(MARK, MAX_DEPTH - 1)}}
    assert deeper_than(over, MAX_DEPTH) and not deeper_than(over, MAX_DEPTH + 1)
    message = upload(app, json.dumps(over).encode())
    assert f"nests more than {MAX_DEPTH} levels deep" in message and MARK not in message
    app.set_lang("pt")
    message = upload(app, json.dumps(over).encode())
    assert f"mais de {MAX_DEPTH} níveis aninhados" in message, message
    assert "gamekit-error" in app.io_message.value
    assert app.session.state.fingerprint() == before
    app.set_lang("en")
    at_limit = {**position, "state": {**position["state"], "extra": _nest(MARK, MAX_DEPTH - 2)}}
    assert not deeper_than(at_limit, MAX_DEPTH)
    # read past the depth check: the strict schema then refuses the unknown key (issue 24)
    message = upload(app, json.dumps(at_limit).encode())
    assert "nests more than" not in message and "gamekit-error" in message and MARK not in message
    assert app.session.state.fingerprint() == before
    assert "Position loaded" in upload(app, json.dumps(position).encode())


def test_deeper_than_counts_objects_and_lists():
    assert not deeper_than(7, 0) and not deeper_than([], 1) and deeper_than([], 0)
    assert deeper_than({"a": [{"b": []}]}, 3) is True
    assert deeper_than({"a": [{"b": []}]}, 4) is False
    assert deeper_than(_nest(1, 100_000), MAX_DEPTH)  # no recursion, whatever the depth
