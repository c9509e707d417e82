"""Seeded games play exactly as they did before the rules were split into modules.

``fixtures/seeded_games.json`` was written by ``replay_fixtures.py`` from main before the
rewrite: 100 random games (1-5 players, side B, solo scenarios) and 10 heuristic games, each
with a fingerprint of every decision asked, some views, and the final position, log, events and
flows; the same random games played quietly with unchecked applies (as ``bench`` does); saved
records; and the lesson record's final scores.
"""

from __future__ import annotations

import json

import pytest
from replay_fixtures import FIXTURE, configs, play, play_playout, play_quiet

import gamekit

DATA = json.loads(FIXTURE.read_text(encoding="utf-8"))


def test_the_fixture_covers_the_configured_games():
    assert [{k: g[k] for k in ("seed", "players", "options", "agent")}
            for g in DATA["games"]] == configs()


@pytest.mark.parametrize("index", range(0, 110, 10))
def test_seeded_games_are_identical(index):
    """A block of ten games: same fingerprints and scores as main before the rewrite."""
    for game in DATA["games"][index:index + 10]:
        cfg = {k: game[k] for k in ("seed", "players", "options", "agent")}
        got = play(cfg)
        assert got["scores"] == game["scores"], cfg
        assert got["decisions"] == game["decisions"], cfg
        assert got["fingerprint"] == game["fingerprint"], cfg
        if "quiet" in game:
            assert play_quiet(cfg) == game["quiet"], cfg


def test_saved_records_replay_to_the_same_scores():
    for saved in DATA["records"]:
        state = gamekit.replay(saved["record"])
        assert state.is_over()
        assert state.result().scores == saved["scores"]


def test_the_lesson_record_replays_to_the_same_scores():
    from pathlib import Path

    path = (Path(__file__).parents[2] / "widgets" / "lessons" / "data"
            / "wonderful-3p-seed31.json")
    state = gamekit.replay(path.read_text(encoding="utf-8"))
    assert state.is_over() and state.result().scores == DATA["lesson_scores"]


def test_random_playout_plays_the_fixture_games_checked_or_not():
    """``random_playout`` (the bench and rollout path: quiet, ``_randbelow`` draws, unchecked
    or checked applies) plays exactly the games main's ``random_playout`` played."""
    for game in DATA["games"][:30]:
        cfg = {k: game[k] for k in ("seed", "players", "options", "agent")}
        for check in (False, True):
            assert play_playout(cfg, check) == game["playout"], (game["seed"], check)
