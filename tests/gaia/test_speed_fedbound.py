"""Session 14's quick exit of a turn's federation part: ``build.value_bound`` (every structure
at its highest power value, federated or not) is never below the power value of the seat's
unfederated structures, so a seat under the threshold by that bound has no federation to form
("4) Forjando Alianças"), and the turn's federation part is the one computed in full. Checked
at random points of random games of 2, 3 and 4 players (base rules and the anchor-engine
options); many more with ``GAMEKIT_SOAK=1``."""

from __future__ import annotations

import os
import pickle
import random

import pytest
from gaia_helpers import ANCHOR, random_stops

from gamekit.games.gaia import GaiaState
from gamekit.games.gaia import actions as acts
from gamekit.games.gaia.build import value_bound
from gamekit.games.gaia.federation import fed_threshold, fed_values, federation_part

SOAK = os.environ.get("GAMEKIT_SOAK") == "1"
GAMES = 300 if SOAK else 16


def _points(i: int):
    """Game ``i`` played at random, stopped every 5 to 30 decisions until it ends."""
    s = GaiaState.new(2 + i % 3, seed=300 + i, **(ANCHOR if i % 2 else {}))
    yield from random_stops(s, 31 * i, random.Random(i), 5, 30)


@pytest.mark.parametrize("chunk", range(2))
def test_bound_holds_and_the_exit_gives_the_full_part(chunk: int,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    cut = full = 0
    for i in range(chunk, GAMES, 2):
        for s in _points(i):
            for seat in range(s.players):
                p = s.pl[seat]
                if p.board is None:  # no faction yet
                    continue
                bound = value_bound(s, seat)
                assert bound >= sum(fed_values(s, seat).values())
                part = acts._federation_part(s, seat)
                with monkeypatch.context() as m:  # the same part without the quick exit
                    m.setattr(acts, "value_bound", lambda st, seat: 1 << 30)
                    assert acts._federation_part(pickle.loads(pickle.dumps(s)), seat) == part
                if p.faction != "ivits" and bound < fed_threshold(s, seat):
                    cut += 1
                    assert federation_part(s, seat) == ({}, False) and part == []
                else:
                    full += 1
    assert cut > 0 and full > 0  # both ways exercised
