"""Helpers for the Blue Moon City tests: build a city with given tiles at given cells."""

from __future__ import annotations

import pytest

import gamekit
from gamekit.games.bluemoon import data as D
from gamekit.games.bluemoon.scenario import arrange

BASE_IDS = [t.id for t in D.TILES if t.group in ("starting", "base")]
EXP_IDS = [t.id for t in D.TILES if t.group == "expansion"]
CORNERS = {(0, 0), (0, 4), (4, 0), (4, 4)}


def make_layout(places: dict[tuple[int, int], str], city: str = "base") -> list[list]:
    """A 5x5 layout with ``places`` fixed, the Central Square in the middle and the other
    tiles of the city filling the remaining cells in data order."""
    ids = BASE_IDS + (EXP_IDS if city == "expansion" else [])
    rest = [t for t in ids if t not in places.values()]
    grid: list[list] = [[None] * 5 for _ in range(5)]
    for r in range(5):
        for c in range(5):
            if city == "base" and (r, c) in CORNERS:
                continue
            if (r, c) == (2, 2):
                grid[r][c] = "central_square"
            elif (r, c) in places:
                grid[r][c] = places[(r, c)]
            else:
                grid[r][c] = rest.pop(0)
    assert not rest
    return grid


def new_game(places=None, players=4, city="base", first=1, **opts):
    """A game with an alternative-set-up layout built from ``places`` (seat ``first`` starts)."""
    return gamekit.new(
        "bluemoon", players=players, seed=7, city=city, setup="alternative",
        layout=make_layout(places or {}, city), first_player=first, **opts,
    )


@pytest.fixture
def bm():
    class Helpers:
        layout = staticmethod(make_layout)
        new = staticmethod(new_game)
        arrange = staticmethod(arrange)

    return Helpers
