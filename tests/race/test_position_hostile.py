"""Hostile positions of race (issue 24): method names, unknown kinds, unknown keys, wrong
types and values out of range in every field are refused with ``PositionError``; nothing runs."""

from __future__ import annotations

import copy

import pytest
from hostile_positions import check_hostile, plant_canaries, refused

from gamekit.core.fuzz import sample_positions

#: fields written for readers and recomputed when loading
FREE = ("military", "score")


@pytest.mark.parametrize(("players", "seed"), [(2, 21), (3, 8)])
def test_every_field_refuses_hostile_values(monkeypatch, players, seed):
    plant_canaries(monkeypatch, "race")
    assert check_hostile("race", players, seed, FREE) > 100


@pytest.mark.parametrize("change", [
    lambda s: s["seats"][0].update(pending=["_act_canary"]),
    lambda s: s["seats"][0].update(pending=["canary", 1]),
    lambda s: s.update(phases_left=[["_begin_canary", 1]]),
    lambda s: s.update(phases_left=[["canary", 1]]),
    lambda s: s.update(step=["_begin_canary", 0]),
    lambda s: s["seats"][1].update(actions=["_act_canary"]),
])
def test_unknown_kinds_and_method_names_are_refused(monkeypatch, change):
    plant_canaries(monkeypatch, "race")
    doc = copy.deepcopy(sample_positions("race", 2, 5, 1)[0])
    change(doc["state"])
    assert "field" in str(refused(doc))
