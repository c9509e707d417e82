"""Uploads of the replay notebook (``samples.load_upload``): a boardgamers.space record or a
game saved from the play app, JSON only, bounded; anything else is a ``RecordError`` that names
the problem without echoing the file."""

from __future__ import annotations

import json

import pytest

from gamekit.core import RecordError, make_agent, new, play
from gamekit.games.gaia.samples import load_error_text, load_upload, sample_bytes


def _saved_game() -> tuple[bytes, list[int]]:
    state = new("gaia", players=2, seed=4, factions=["terrans", "xenos"])
    play(state, [make_agent("gaia", "greedy", s) for s in range(2)])
    return state.record().to_json().encode("utf-8"), state.result().scores


def test_a_game_saved_from_the_play_app_replays_to_its_end():
    data, scores = _saved_game()
    state = load_upload(data)
    assert state.is_over() and state.result().scores == scores
    assert load_upload(data.decode("utf-8")).result().scores == scores  # text too


def test_a_boardgamers_record_still_goes_through_the_importer():
    state = load_upload(sample_bytes("voyager-6"))
    assert [state.scores()[s]["total"] for s in range(4)] == [132, 171, 194, 139]


def test_a_record_of_another_game_is_refused_by_name():
    record = json.loads(_saved_game()[0])
    record["game"] = "race"
    with pytest.raises(RecordError) as err:
        load_upload(json.dumps(record).encode())
    assert "race" in str(err.value) and "Gaia" in str(err.value)


@pytest.mark.parametrize("data, words", [
    (b"\xff\xfe not utf-8", "UTF-8"),
    (b'{"format": "gamekit-record", "game": ', "JSON"),
    (b'{"format": "gamekit-record"}' + b" " * (3 * 2**20), "MiB"),
    (b'{"moves": ["/etc/passwd"]}', "init"),
])
def test_bad_uploads_are_told_without_echoing_the_file(data, words):
    with pytest.raises(RecordError) as err:
        load_upload(data)
    told = load_error_text(err.value, "pt")
    assert told.startswith("Não foi possível reproduzir esta partida")
    assert words.lower() in str(err.value).lower()
    assert "/etc/passwd" not in told


def test_a_saved_game_with_a_wrong_move_is_refused():
    record = json.loads(_saved_game()[0])
    record["moves"][12] = "p1 build 9Z9"
    with pytest.raises(RecordError) as err:
        load_upload(json.dumps(record).encode())
    assert "moves[12]" in str(err.value) or "9Z9" in str(err.value)
