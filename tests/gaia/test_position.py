"""Gaia Project positions: every field round-trips, a loaded position plays on exactly like
the saved game, and broken positions are refused naming the field."""

from __future__ import annotations

import json
import random

import pytest

import gamekit
from gamekit.core.positions import PositionError
from gamekit.games.gaia import GaiaState


def _play(state, rng, n):
    for _ in range(n):
        if state.is_over():
            return
        state.apply(rng.choice(state.legal_actions(state.to_move()[0])))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_positions_round_trip_and_play_on_the_same(players):
    s = GaiaState.new(players, players, layout="random", factions=None)
    rng = random.Random(players)
    for _ in range(12):
        data = json.loads(json.dumps(s.position()))
        t = gamekit.position(data)
        assert t.to_dict() == s.to_dict()
        assert t.scores() == s.scores()
        same = s.clone()
        r = random.Random(len(s.log))
        acts = []
        for _ in range(30):
            if same.is_over():
                break
            a = r.choice(same.legal_actions(same.to_move()[0]))
            acts.append(a)
            same.apply(a)
        for a in acts:
            t.apply(a)
        assert t.to_dict() == same.to_dict()
        _play(s, rng, 25)


def _saved():
    s = GaiaState.new(2, 1, factions=["terrans", "xenos"])
    _play(s, random.Random(1), 40)
    return json.loads(json.dumps(s.position()))


def test_a_position_with_two_factions_of_one_home_planet_is_refused():
    data = _saved()
    data["state"]["players"][1]["faction"] = "lantids"
    with pytest.raises(PositionError, match="home planet"):
        gamekit.position(data)


def test_a_position_with_a_structure_on_another_structure_is_refused():
    data = _saved()
    first = data["state"]["players"][0]["buildings"][0]
    data["state"]["players"][1]["buildings"].append([first[0], "m"])
    with pytest.raises(PositionError, match="two structures"):
        gamekit.position(data)


def test_a_position_with_an_unknown_tile_is_refused():
    data = _saved()
    data["state"]["round_tiles"][0] = "score99"
    with pytest.raises(PositionError, match="round_tiles"):
        gamekit.position(data)


def test_a_position_whose_vp_breakdown_does_not_add_up_is_refused():
    data = _saved()
    data["state"]["players"][0]["vp"] += 1
    with pytest.raises(PositionError, match="vp_by"):
        gamekit.position(data)
