"""Fingerprints of seeded games (random and heuristic players), so a rewrite of the rules can be
checked to play exactly as before: ``python tests/wonderful/replay_fixtures.py`` writes
``fixtures/seeded_games.json`` (generated from main before the rules were split into modules);
``test_fixtures.py`` replays every game and compares.

A game's fingerprint is a SHA-256 of its final ``to_dict()``, log, events and flows, of every
decision asked on the way (kind, params, stack, secrecy, legal actions in order) and of a few
views. Games: seeds 0-99 over 1-5 players and the options (side B, a solo scenario, a fixed
empire list) plus heuristic games.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

FIXTURE = Path(__file__).parent / "fixtures" / "seeded_games.json"


def _fields(data: dict[str, Any]) -> dict[str, Any]:
    """A ``to_dict()`` in the fields of the fixture's time: without ``stack`` (the decision
    stack, added later; the seats' ``pending``, ``choosing_supremacy``, the solo
    ``exchange_first`` and ``to_move`` are written from it and still compared)."""
    return {k: v for k, v in data.items() if k != "stack"}


def _canon(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k): _canon(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_canon(v) for v in value]
    if isinstance(value, (frozenset, set)):
        return sorted(value)
    return value


def configs() -> list[dict[str, Any]]:
    """The 100 random games and 10 heuristic games of the fixture."""
    out = []
    for seed in range(100):
        players = 1 + seed % 5
        options: dict[str, Any] = {}
        if seed % 7 == 3:
            options["empire_side"] = "B"
        if players == 1 and seed % 3 == 0:
            options = {"scenario": f"CO{1 + seed % 6}"}
        if players == 1 and seed % 10 == 5:
            options["solo_exchange"] = False
        out.append({"seed": seed, "players": players, "options": options, "agent": "random"})
    for seed in range(10):
        out.append({"seed": 1000 + seed, "players": 1 + seed % 5, "options": {},
                    "agent": "heuristic"})
    return out


def play(cfg: dict[str, Any]) -> dict[str, Any]:
    """Play one configured game; its final scores and fingerprint."""
    import gamekit
    from gamekit.core import make_agent

    state = gamekit.new("wonderful", players=cfg["players"], seed=cfg["seed"], **cfg["options"])
    rng = random.Random(cfg["seed"])
    agents = None
    if cfg["agent"] == "heuristic":
        agents = [make_agent("wonderful", "heuristic", cfg["seed"] + s)
                  for s in range(cfg["players"])]
    digest = hashlib.sha256()
    step = 0
    while not state.is_over():
        seat = state.to_move()[0]
        decision = state.decision(seat)
        digest.update(json.dumps(_canon([decision.kind, decision.params, decision.stack,
                                          decision.secret, [str(a) for a in decision.legal]]),
                                 sort_keys=True).encode())
        if step % 40 == 0:
            digest.update(json.dumps(_canon(_fields(state.view(seat).to_dict())), sort_keys=True).encode())
        if agents is None:
            action = decision.legal[rng.randrange(len(decision.legal))]
        else:
            action = agents[seat].choose(state.agent_view(seat), decision)
        state.apply(action)
        step += 1
    events = [[e.round, e.phase, e.seat, e.kind, e.data, e.rule, e.visible]
              for e in state.events]
    flows = [list(f) for f in state.flows]
    for part in (_fields(state.to_dict()), state.log, events, flows):
        digest.update(json.dumps(_canon(part), sort_keys=True).encode())
    return {**cfg, "scores": state.result().scores, "decisions": step,
            "fingerprint": digest.hexdigest()}


def play_quiet(cfg: dict[str, Any]) -> str:
    """A quiet random playout (no events, unchecked applies, as bench and rollouts run):
    fingerprint of the final ``to_dict()`` and log."""
    import gamekit

    state = gamekit.new("wonderful", players=cfg["players"], seed=cfg["seed"], **cfg["options"])
    state.quiet = True
    rng = random.Random(cfg["seed"])
    while not state.is_over():
        legal = state.legal_actions(state.to_move()[0])
        state.apply(legal[rng.randrange(len(legal))], False)
    digest = hashlib.sha256()
    for part in (_fields(state.to_dict()), state.log):
        digest.update(json.dumps(_canon(part), sort_keys=True).encode())
    return digest.hexdigest()


def play_playout(cfg: dict[str, Any], check: bool = False) -> str:
    """A quiet ``random_playout`` (the bench path: no draw when a single action is legal):
    fingerprint of the final ``to_dict()`` and log."""
    import gamekit
    from gamekit.core.agents import random_playout

    state = gamekit.new("wonderful", players=cfg["players"], seed=cfg["seed"], **cfg["options"])
    state.quiet = True
    rng = random.Random(cfg["seed"])
    if check:
        random_playout(state, rng, check=True)
    else:
        random_playout(state, rng)
    assert state.is_over()
    digest = hashlib.sha256()
    for part in (_fields(state.to_dict()), state.log):
        digest.update(json.dumps(_canon(part), sort_keys=True).encode())
    return digest.hexdigest()


#: games kept as saved records (their index in ``configs()``)
RECORDS = (1, 3, 4, 10, 17, 100, 103)


def main() -> None:
    import gamekit

    games = []
    for cfg in configs():
        game = play(cfg)
        if cfg["agent"] == "random":
            game["quiet"] = play_quiet(cfg)
            game["playout"] = play_playout(cfg)
        games.append(game)
    # saved records: replayed through ``gamekit.replay`` to the same final scores
    records = []
    for i in RECORDS:
        cfg = configs()[i]
        state = gamekit.new("wonderful", players=cfg["players"], seed=cfg["seed"],
                            **cfg["options"])
        rng = random.Random(cfg["seed"])
        while not state.is_over():
            legal = state.legal_actions(state.to_move()[0])
            state.apply(legal[rng.randrange(len(legal))])
        records.append({"record": state.record().to_dict(), "scores": state.result().scores})
    lesson = Path(__file__).parents[2] / "widgets" / "lessons" / "data" / "wonderful-3p-seed31.json"
    lesson_scores = gamekit.replay(lesson.read_text(encoding="utf-8")).result().scores
    FIXTURE.write_text(json.dumps({"games": games, "records": records,
                                   "lesson_scores": lesson_scores}, indent=1) + "\n",
                       encoding="utf-8")
    print(f"wrote {len(games)} games to {FIXTURE}", file=sys.stderr)


if __name__ == "__main__":
    main()
