"""The engine plays exactly as it did before the contract-v2 refactor and the speed work
(issues 10 and 15): 300 seeded random games (2, 3 and 4 players and the advanced 2-player
game) give the same decisions (kind, parameters, stack, legal actions), positions, log,
events, flows and final scores as the recorded fixture ``data/equivalence.json``."""

import json

import pytest
from equivalence import FIXTURE, digest, games

RECORDED = {(g["players"], g["seed"], g["advanced"]): g for g in json.loads(FIXTURE.read_text())}


def test_fixture_covers_every_game():
    assert sorted(RECORDED) == sorted(games())
    assert len(RECORDED) == 300


@pytest.mark.parametrize(("players", "seed", "advanced"), games())
def test_plays_as_recorded(players, seed, advanced):
    assert digest(players, seed, advanced) == RECORDED[(players, seed, advanced)]
