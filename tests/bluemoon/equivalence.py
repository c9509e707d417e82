"""Equivalence fixture of the contract v2 refactor (issue 10): seeded games played before it.

``cases()`` lists ~300 seeded games (2-4 players, both cities and set-ups, the rule variants);
``play(case)`` plays one with a seeded chooser that prefers contributions, payments and
offerings (random games reach the end sooner, and every rule gets exercised) and returns its
digest: the number of decisions, a SHA-256 of the action texts in order and the final score
breakdown of every seat. ``equivalence.json`` holds the digests the engine gave before the
refactor; ``test_equivalence.py`` asserts the engine still plays every game identically, and
replays the full records saved then (``records/*.json``).

Regenerate (only when a rule change is meant to alter games):
``python -m tests.bluemoon.equivalence`` from the repository root.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

import gamekit

HERE = Path(__file__).parent / "fixtures"
DIGESTS = HERE / "equivalence.json"
RECORDS = HERE / "records"
#: verbs the chooser prefers (4 times in 5) when one is legal
ACTIVE = frozenset({"contribute", "pay", "recolour", "offer", "pillar", "draw", "play"})


def cases(count: int = 300) -> list[dict[str, Any]]:
    """The seeded games: seat counts, cities, set-ups and the rule options in rotation."""
    out = []
    for i in range(count):
        options: dict[str, Any] = {
            "city": ("base", "expansion")[i % 2],
            "setup": ("standard", "alternative")[(i // 2) % 2],
        }
        if i % 5 == 1:
            options["golden_temple_surcharge"] = 1
        if i % 7 == 2:
            options["palace_colour_per_space"] = True
        if i % 11 == 3:
            options["scales"] = 4
        if i % 3 == 0:
            options["first_player"] = 1 + i % (2 + i % 3)
        out.append({"players": 2 + i % 3, "seed": 1000 + i, "options": options})
    return out


def play(case: dict[str, Any], keep: bool = False) -> tuple[dict[str, Any], Any]:
    """Play ``case`` to its end; its digest (and the state when ``keep``)."""
    state = gamekit.new("bluemoon", players=case["players"], seed=case["seed"], **case["options"])
    return play_on(state, random.Random(case["seed"]), keep)


def play_on(state: Any, rng: random.Random, keep: bool = False,
            stop: int | None = None) -> tuple[dict[str, Any], Any]:
    """Play ``state`` on with the chooser to its end (or ``stop`` decisions): the digest."""
    digest = hashlib.sha256()
    n = 0
    while not state.is_over() and n != stop:
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        active = [a for a in legal if a.verb in ACTIVE]
        pool = active if active and rng.random() < 0.8 else legal
        action = pool[rng.randrange(len(pool))]
        digest.update(str(action).encode() + b"\n")
        state.apply(action)
        n += 1
    result = {
        "decisions": n,
        "actions": digest.hexdigest(),
        "scores": {str(s): state.score_breakdown(s) for s in range(state.players)},
    }
    return result, (state if keep else None)


def main() -> None:
    rows = []
    RECORDS.mkdir(parents=True, exist_ok=True)
    for i, case in enumerate(cases()):
        digest, state = play(case, keep=i < 6)
        rows.append({**case, **digest})
        if state is not None:
            (RECORDS / f"game{i}.json").write_text(state.record().to_json())
    for i, case in enumerate(cases(6)):  # positions saved mid-game, and how they go on
        state = gamekit.new("bluemoon", players=case["players"], seed=case["seed"],
                            **case["options"])
        rng = random.Random(case["seed"])
        play_on(state, rng, stop=150 + 40 * i)
        position = state.position()
        legal = [str(a) for a in state.legal_actions(state.to_move()[0])]
        digest, _ = play_on(state, random.Random(i))
        (RECORDS / f"position{i}.json").write_text(json.dumps(
            {"position": position, "legal": legal, "chooser": i, "after": digest}))
    DIGESTS.write_text(json.dumps(rows, indent=0, sort_keys=True) + "\n")
    print(len(rows), "games,", sum(r["decisions"] for r in rows), "decisions")


if __name__ == "__main__":
    main()
