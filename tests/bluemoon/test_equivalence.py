"""The contract v2 refactor plays every game as before (issue 10): ~300 seeded games give the
same actions, decisions and final scores as recorded before it (``fixtures/equivalence.json``,
see ``equivalence.py``); records and positions saved then still load and go on alike."""

from __future__ import annotations

import json
import random

import pytest

import gamekit
from gamekit.core.records import GameRecord, replay

from .equivalence import DIGESTS, RECORDS, play, play_on

ROWS = json.loads(DIGESTS.read_text())


def test_the_fixture_covers_the_seat_counts_cities_and_variants():
    assert len(ROWS) >= 300
    assert {r["players"] for r in ROWS} == {2, 3, 4}
    assert {(r["options"]["city"], r["options"]["setup"]) for r in ROWS} == {
        (c, s) for c in ("base", "expansion") for s in ("standard", "alternative")}
    assert any(r["options"].get("golden_temple_surcharge") for r in ROWS)
    assert any(r["options"].get("palace_colour_per_space") for r in ROWS)


@pytest.mark.parametrize("part", range(6))
def test_seeded_games_play_identically(part):
    for row in ROWS[part::6]:
        case = {k: row[k] for k in ("players", "seed", "options")}
        digest, _ = play(case)
        assert digest["decisions"] == row["decisions"], case
        assert digest["actions"] == row["actions"], case
        assert digest["scores"] == row["scores"], case


@pytest.mark.parametrize("path", sorted(RECORDS.glob("game*.json")), ids=lambda p: p.stem)
def test_records_saved_before_replay_to_the_same_scores(path):
    record = GameRecord.from_json(path.read_text())
    state = replay(record)
    assert state.is_over()
    row = ROWS[int(path.stem[4:])]
    assert {str(s): state.score_breakdown(s) for s in range(state.players)} == row["scores"]


@pytest.mark.parametrize("path", sorted(RECORDS.glob("position*.json")), ids=lambda p: p.stem)
def test_positions_saved_before_load_and_go_on_alike(path):
    saved = json.loads(path.read_text())
    state = gamekit.position(saved["position"], "bluemoon")
    assert [str(a) for a in state.legal_actions(state.to_move()[0])] == saved["legal"]
    digest, _ = play_on(state, random.Random(saved["chooser"]))
    assert digest == saved["after"]
