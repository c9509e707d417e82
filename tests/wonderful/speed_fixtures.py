"""Fixtures of the speed work (issue 15): random games as ``bench`` and ``simulate`` play them,
recorded from main's engine before the speed work, so a faster engine can be checked to play
exactly the same games: ``python tests/wonderful/speed_fixtures.py`` writes
``fixtures/speed_games.json``; ``test_speed_fixtures.py`` replays and compares.

Per game: the final scores, the number of decisions and a SHA-256 of the log (every action's
text and every chance line, in order) for

* ``playout``: ``random_playout`` (quiet, unchecked; the ``bench`` path), seeds 0-199 with 4
  players and 0-39 with 1, 2, 3 and 5 players;
* ``simulate``: the rows ``run_one`` returns (random agents, seats rotating): the seats'
  scores, the decisions and a SHA-256 of the rows (every column but the timing), games 0-59
  with 4 players and 0-19 with 1, 2, 3 and 5 players.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

FIXTURE = Path(__file__).parent / "fixtures" / "speed_games.json"

#: (players, games) of each kind
PLAYOUTS = ((4, 200), (1, 40), (2, 40), (3, 40), (5, 40))
SIMULATED = ((4, 60), (1, 20), (2, 20), (3, 20), (5, 20))


def log_digest(log: list[str]) -> str:
    return hashlib.sha256("\n".join(log).encode()).hexdigest()


def playout(players: int, seed: int, check: bool = False) -> dict[str, Any]:
    """One quiet ``random_playout`` (rng seeded with ``seed``): scores, decisions, log digest."""
    import gamekit
    from gamekit.core.agents import random_playout

    state = gamekit.new("wonderful", players=players, seed=seed)
    state.quiet = True
    decisions = random_playout(state, random.Random(seed), check=check)
    return {"scores": state.result().scores, "decisions": decisions,
            "log": log_digest(state.log)}


def simulated(players: int, index: int) -> dict[str, Any]:
    """Game ``index`` (seed ``index``) of a random ``simulate`` run: the seats' scores, the
    decisions and a SHA-256 of its rows (every column but the timing, keys sorted)."""
    from gamekit.core.simulate import SimConfig, run_one

    config = SimConfig("wonderful", players, ("random",) * players)
    rows = [{k: v for k, v in row.items() if k != "seconds"}
            for row in run_one(config, index, index)]
    digest = hashlib.sha256(json.dumps(rows, sort_keys=True).encode()).hexdigest()
    return {"scores": [row["score"] for row in rows], "decisions": rows[0]["decisions"],
            "rows": digest}


def load() -> dict[str, dict[int, list[Any]]]:
    """The fixture: ``{kind: {players: [game, ...]}}``."""
    data: dict[str, dict[int, list[Any]]] = {}
    for line in FIXTURE.read_text(encoding="utf-8").splitlines():
        item = json.loads(line)
        games = data.setdefault(item["kind"], {}).setdefault(item["players"], [])
        assert item["game"] == len(games)
        games.append(item["got"])
    return data


def main() -> None:
    data: dict[str, Any] = {"playout": {}, "simulate": {}}
    for players, games in PLAYOUTS:
        data["playout"][str(players)] = [playout(players, seed) for seed in range(games)]
    for players, games in SIMULATED:
        data["simulate"][str(players)] = [simulated(players, i) for i in range(games)]
    lines = []  # one game a line: small and readable
    for kind, per_count in data.items():
        for players, games in per_count.items():
            lines += [json.dumps({"kind": kind, "players": int(players), "game": i, "got": game},
                                 sort_keys=True) for i, game in enumerate(games)]
    FIXTURE.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {FIXTURE}", file=sys.stderr)


if __name__ == "__main__":
    main()
