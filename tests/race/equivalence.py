"""Play seeded random games of Race for the Galaxy and digest everything observable about them
(each decision's seat, kind, parameters, stack and legal actions, the action taken, the
position every tenth decision, the log, the events and the final scores): the equivalence
fixture ``data/equivalence.json`` that guards the engine's refactors (contract v2, issue 10)
and speed-ups (issue 15). ``python tests/race/equivalence.py`` (with ``PYTHONPATH`` on the worktree) rewrites the fixture."""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

from gamekit.games.race import RaceState

FIXTURE = Path(__file__).parent / "data" / "equivalence.json"

#: (players, advanced, seeds): 300 games over 2, 3, 4 players and the advanced 2-player game
CONFIGS = [(2, False, range(0, 75)), (3, False, range(75, 150)), (4, False, range(150, 225)),
           (2, True, range(225, 300))]


def digest(players: int, seed: int, advanced: bool) -> dict:
    """Play one random game (choices drawn from ``random.Random(seed)``) and digest it."""
    options = {"advanced": True} if advanced else {}
    state = RaceState.new(players, seed, **options)
    rng = random.Random(seed)
    h = hashlib.sha256()
    n = 0
    while not state.is_over():
        seat = state.to_move()[0]
        d = state.decision(seat)
        action = rng.choice(d.legal)
        h.update(repr((seat, d.kind, sorted(d.params.items()), d.stack, d.secret,
                       [str(a) for a in d.legal], str(action))).encode())
        if n % 10 == 0:
            h.update(json.dumps(state.to_dict(), sort_keys=True).encode())
        state.apply(action)
        n += 1
    h.update("\n".join(state.log).encode())
    h.update(repr([(e.round, e.phase, e.seat, e.kind, sorted(e.data.items(), key=str), e.rule,
                    sorted(e.visible) if e.visible is not None else None)
                   for e in state.events]).encode())
    h.update(repr(state.flows).encode())
    h.update(json.dumps(state.to_dict(), sort_keys=True).encode())
    return {"players": players, "seed": seed, "advanced": advanced, "decisions": n,
            "scores": [state.score(s) for s in range(players)], "digest": h.hexdigest()[:20]}


def games() -> list[tuple[int, int, bool]]:
    return [(p, s, adv) for p, adv, seeds in CONFIGS for s in seeds]


if __name__ == "__main__":
    rows = [json.dumps(digest(*g), sort_keys=True) for g in games()]
    FIXTURE.write_text("[\n" + ",\n".join(rows) + "\n]\n")
