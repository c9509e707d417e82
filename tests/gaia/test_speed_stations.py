"""Session 17: whether the Ivits may place a space station (their PI's special action,
Apêndice I) is read next to the seat's structures first (``actions.any_station``): the
space found there is one of ``station_options``, and the answer is ``bool`` of the whole
list, for every seat at random points of random games (the Ivits seated in some)."""

from __future__ import annotations

import random

import pytest
from gaia_helpers import random_stops

from gamekit.games.gaia import GaiaState
from gamekit.games.gaia.actions import any_station, station_next_to, station_options

GAMES = 16


@pytest.mark.parametrize("chunk", range(2))
def test_a_station_next_to_the_seat_is_one_of_the_options(chunk: int) -> None:
    found = compared = 0
    for i in range(chunk, GAMES, 2):
        players = 2 + i % 3
        factions = ["ivits", "terrans", "taklons", "nevlas"][:players]
        game = GaiaState.new(players, seed=300 + i, **({"factions": factions} if i % 4 < 2 else {}))
        game.quiet = True
        for s in random_stops(game, 41 * i, random.Random(i), 1, 10):
            for seat in range(players):
                if s.pl[seat].faction is None:
                    continue
                listed = station_options(s, seat)
                near = station_next_to(s, seat)
                assert near is None or near in listed
                assert any_station(s, seat) == bool(listed)
                found += near is not None
                compared += 1
    assert compared > 500 and found > 100
