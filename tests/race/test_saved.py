"""Records and positions saved before the contract-v2 refactor still load (issue 10): each
saved record replays to the same final scores, and each saved position reads back to the same
JSON with the same legal actions."""

import json

import pytest
from saved import SAVED

import gamekit
from gamekit.core.records import replay

DATA = json.loads(SAVED.read_text())
POSITIONS = [(g, i) for g, game in enumerate(DATA) for i in range(len(game["positions"]))]


@pytest.mark.parametrize("g", range(len(DATA)))
def test_saved_record_replays(g):
    state = replay(DATA[g]["record"])
    assert state.is_over()
    assert [state.score(s) for s in range(state.players)] == DATA[g]["scores"]


@pytest.mark.parametrize(("g", "i"), POSITIONS)
def test_saved_position_loads(g, i):
    saved = DATA[g]["positions"][i]
    state = gamekit.position(saved["position"], "race")
    assert json.loads(json.dumps(state.position())) == saved["position"]
    assert {str(s): [str(a) for a in state.legal_actions(s)] for s in state.to_move()} \
        == saved["legal"]
