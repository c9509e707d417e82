"""Same seed, same game: every agent on every game gives a byte-identical record, in this
process and in fresh processes with different ``PYTHONHASHSEED`` values (so no outcome may hang
on OS entropy, on set/dict order of strings or on anything but the seeds)."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from gamekit.core import LookaheadAgent, available, get, make_agent, play

GAMES = [g for g in available() if g != "toy"]
ROOT = Path(__file__).resolve().parents[2]
#: decisions played in games with a look-ahead seat (its rollouts are slow)
LOOKAHEAD_DECISIONS = 20


def _agents(game: str, mix: str, players: int, seed: int) -> list:
    if mix == "lookahead":  # a small look-ahead next to a heuristic and random seats
        rest = ["heuristic"] + ["random"] * (players - 2)
        return [LookaheadAgent(seed * 7919, rollouts=1, max_actions=3)] + [
            make_agent(game, name, seed * 7919 + s) for s, name in enumerate(rest, 1)]
    return [make_agent(game, mix, seed * 7919 + s) for s in range(players)]


def records(games: list[str]) -> dict[str, str]:
    """``game/players/agents/seed -> sha256 of the record JSON`` for a fixed set of games."""
    out = {}
    for game in games:
        st = get(game).state
        for players in sorted({max(2, st.min_players), st.max_players}):
            for mix in ("random", "heuristic", "lookahead"):
                for seed in (3, 11):
                    state = st.new(players, seed)
                    limit = LOOKAHEAD_DECISIONS if mix == "lookahead" else None
                    play(state, _agents(game, mix, players, seed), limit=limit)
                    text = state.record().to_json()
                    out[f"{game}/{players}/{mix}/{seed}"] = hashlib.sha256(text.encode()).hexdigest()
    return out


def _spawn(hashseed: str) -> subprocess.Popen:
    code = ("import json, sys; sys.path.insert(0, 'tests/core'); import test_determinism as t; "
            f"print(json.dumps(t.records({GAMES!r})))")
    env = {**os.environ, "PYTHONHASHSEED": hashseed,
           "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    return subprocess.Popen([sys.executable, "-c", code], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


#: the hash seeds of the fresh processes (make test: one, whose seed differs from this
#: process's; GAMEKIT_SOAK=1: two)
HASH_SEEDS = ("0", "4242") if os.environ.get("GAMEKIT_SOAK") == "1" else ("4242",)


def test_same_seed_same_record_across_processes_and_hash_seeds():
    procs = {h: _spawn(h) for h in HASH_SEEDS}
    here = records(GAMES)
    for h, proc in procs.items():
        out, err = proc.communicate(timeout=900)
        assert proc.returncode == 0, err[-2000:]
        there = json.loads(out.strip().splitlines()[-1])
        differ = sorted(k for k in here if there.get(k) != here[k])
        assert not differ, f"PYTHONHASHSEED={h}: records differ for {differ}"
    assert len(here) == len(set(here.values())), "distinct games gave the same record"


@pytest.mark.parametrize("game", GAMES)
def test_lookahead_is_deterministic_in_process(game):
    """Two look-ahead games with the same seeds in one process: the same record (the view's
    chance is fixed-seed and every sample is reseeded from the agent's own rng)."""
    got = []
    for _ in range(2):
        state = get(game).state.new(2, 5)
        play(state, _agents(game, "lookahead", 2, 5), limit=LOOKAHEAD_DECISIONS)
        got.append(state.record().to_json())
    assert got[0] == got[1]
