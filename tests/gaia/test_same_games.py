"""The engine plays the same seeded games as before its decisions moved onto the core stack
(issue 24 §2): the digest of ``same_games`` (every decision, legal list, action, log, event,
final VP and final position) over 14 games (2-4 players, two with the greedy bot), measured
with the code before the move (main at d69cfa9); 300 games with ``GAMEKIT_SOAK=1``."""

from __future__ import annotations

import os

from .same_games import digest

#: games -> digest measured on main at d69cfa9 (the queue before the core stack)
BEFORE = {14: "c0bef5a19abfd55e93dbff4cf79eec408a1ecf7fb567779aac7ca81b51d70f7d",
          300: "fa053dae049e2ebb5733c9ee8502bd2fc38a997eaf73b18c51d4cc9e8ddb13ca"}


#: 14 games in ``make test``; the 300 with ``GAMEKIT_SOAK=1`` (``make soak``)
GAMES = 300 if os.environ.get("GAMEKIT_SOAK") == "1" else 14


def test_same_games() -> None:
    assert digest(GAMES) == BEFORE[GAMES]
