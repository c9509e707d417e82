"""Write ``data/saved.json``: records and positions saved by the engine before the
contract-v2 refactor (issue 10), which every later engine must still read. Three random games
(2, 3 and 4 players, one advanced): each record, and positions every 25 decisions with the
position's legal actions. ``python tests/race/saved.py`` (``PYTHONPATH`` on the worktree)
rewrites it; only do so when the saved format changes on purpose."""

from __future__ import annotations

import json
import random
from pathlib import Path

from gamekit.games.race import RaceState

SAVED = Path(__file__).parent / "data" / "saved.json"
GAMES = [(2, 7, True), (3, 8, False), (4, 9, False)]


def save(players: int, seed: int, advanced: bool) -> dict:
    state = RaceState.new(players, seed, **({"advanced": True} if advanced else {}))
    rng = random.Random(seed)
    positions = []
    n = 0
    while not state.is_over():
        if n % 25 == 0:
            positions.append({"position": state.position(),
                              "legal": {s: [str(a) for a in state.legal_actions(s)]
                                        for s in state.to_move()}})
        seat = state.to_move()[0]
        state.apply(rng.choice(state.legal_actions(seat)))
        n += 1
    return {"record": state.record().to_dict(), "positions": positions,
            "scores": [state.score(s) for s in range(players)]}


if __name__ == "__main__":
    SAVED.write_text(json.dumps([save(*g) for g in GAMES], sort_keys=True) + "\n")
