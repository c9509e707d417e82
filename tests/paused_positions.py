"""Shared check of stopping points (issue 10): a position saved while paused reads back paused
and goes on exactly as the state it was saved from (used by the core and the games' tests)."""

from __future__ import annotations

import json

import gamekit


def assert_paused_reads_back(state, boundary: str) -> None:
    """``state`` is paused at ``boundary``: its position, through JSON, loads paused with nobody
    to move; both resumed, they hold the same position and offer the same legal actions."""
    saved = json.loads(json.dumps(state.position()))
    assert saved["paused"] == boundary
    loaded = gamekit.position(saved)
    assert loaded.paused == boundary and loaded.to_move() == ()
    state.resume()
    loaded.resume()
    assert loaded.to_dict() == state.to_dict()
    seat = state.to_move()[0]
    assert loaded.legal_actions(seat) == state.legal_actions(seat)
