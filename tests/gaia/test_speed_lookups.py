"""Session 18's Gaia speed-ups give the answers of the plain computations they replace, at
random points of random games of 2, 3 and 4 players (the anchor-engine options every other
game): leech values and "another structure within 2" read from the hexes within 2 of a hex
(a table per hex) against distances measured structure by structure; the set-up placements
from the map's planets of the home type against a scan of every planet; the Nevlas' free
actions remembered by the amounts they compare against those made now; the working tech
tiles (one concatenation while none is covered) against the rule. A dozen games by default;
many more with ``GAMEKIT_SOAK=1``."""

from __future__ import annotations

import os
import random

import pytest
from gaia_helpers import ANCHOR, random_stops

from gamekit.games.gaia import GaiaState
from gamekit.games.gaia.actions import free_kept, free_legal_now
from gamekit.games.gaia.build import _neighbour_within_2_now, leech_value, power_value
from gamekit.games.gaia.rounds import place_options
from gamekit.kit.hexgrid import distance

SOAK = os.environ.get("GAMEKIT_SOAK") == "1"
GAMES = 300 if SOAK else 12


def _game(i: int) -> GaiaState:
    return GaiaState.new(2 + i % 3, seed=1800 + i, **(ANCHOR if i % 2 else {}))


def _leech_plain(s: GaiaState, seat: int, h) -> int:
    """"9) Ganhando Poder": the highest power value of the seat's structures within 2."""
    p = s.pl[seat]
    best = max((power_value(s, seat, c, x) for x, c in p.built.items() if distance(h, x) <= 2),
               default=0)
    return best or int(any(distance(h, x) <= 2 for x in p.guest))


def _near_plain(s: GaiaState, seat: int, h) -> bool:
    """Another seat's structure (or guest mine) within 2 of ``h``."""
    return (any(o != seat and distance(h, x) <= 2 for x, o in s.owner.items())
            or any(q.seat != seat and distance(h, x) <= 2 for q in s.pl for x in q.guest))


@pytest.mark.parametrize("chunk", range(2))
def test_lookups_match_plain_computations(chunk: int) -> None:
    leeches = nevlas = 0
    for i in range(chunk, GAMES, 2):
        for s in random_stops(_game(i), 31 * i, random.Random(i), 5, 40):
            hexes = s.planet_hexes
            for seat in range(s.players):
                p = s.pl[seat]
                for h in hexes:
                    got = leech_value(s, seat, h)
                    assert got == _leech_plain(s, seat, h)
                    leeches += got > 0
                    assert _neighbour_within_2_now(s, seat, h) == _near_plain(s, seat, h)
                if p.board is None:
                    continue
                assert place_options(s, seat) == [
                    h for h in hexes if s.ptype[h] == p.board.home and h not in s.owner]
                assert p.active_tech() == [t for t in p.tech if t not in p.covered] + p.advanced
                if p.faction == "nevlas":
                    nevlas += 1
                    assert list(free_kept(s, seat)) == free_legal_now(s, seat)
    assert leeches > 0 and nevlas > 0
