"""Fingerprint of seeded Gaia Project games, to show that a refactoring plays the same games.

Each game is played by seeded random choices (and a few by the greedy bot) from a seeded
start; the digest covers, at every step, who moves, the decision (kind, parameters, stack)
and its legal list, the action taken; at the end the log, the events, each seat's VP and
the position without its pending-decision field (``ask`` before the core stack, ``stack``
after: the decisions themselves are covered step by step). Run as a script to print the
digest of N games (``python tests/gaia/same_games.py N``), e.g. against older code with
``PYTHONPATH``; ``test_same_games`` holds the digest measured before the move onto the core
stack."""

from __future__ import annotations

import hashlib
import json
import random
import sys

from gamekit.games.gaia import GaiaState

#: the position fields holding the pending decisions (their old and new names)
_PENDING = ("ask", "stack")


def _game(i: int, h) -> None:
    players = 2 + i % 3
    rng = random.Random(1000 + i)
    s = GaiaState.new(players, seed=i)
    greedy = None
    if i % 7 == 6:
        from gamekit.games.gaia.bot_greedy import GreedyAgent

        greedy = GreedyAgent(seed=i)
    while not s.is_over():
        seat = s.to_move()[0]
        d = s.decision(seat)
        legal = [str(a) for a in d.legal]
        h.update(json.dumps([seat, d.kind, sorted(d.params.items()), list(d.stack), legal])
                 .encode())
        a = greedy.choose(s, d) if greedy is not None and seat == 0 else rng.choice(d.legal)
        h.update(str(a).encode())
        s.apply(a)
    pos = {k: v for k, v in s.to_dict().items() if k not in _PENDING}
    h.update(json.dumps([s.log, [str(e) for e in s.events], [p.vp for p in s.pl], pos],
                        sort_keys=True, default=str).encode())


def digest(games: int) -> str:
    h = hashlib.sha256()
    for i in range(games):
        _game(i, h)
    return h.hexdigest()


if __name__ == "__main__":
    print(digest(int(sys.argv[1]) if len(sys.argv) > 1 else 10))
