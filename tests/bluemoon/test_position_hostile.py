"""Hostile positions of bluemoon (issue 24): method names, unknown kinds, unknown keys, wrong
types and values out of range in every field are refused with ``PositionError``; nothing runs."""

from __future__ import annotations

import copy

import pytest
from hostile_positions import check_hostile, plant_canaries, refused

from gamekit.core.fuzz import sample_positions


@pytest.mark.parametrize(("players", "seed"), [(2, 21), (4, 8)])
def test_every_field_refuses_hostile_values(monkeypatch, players, seed):
    plant_canaries(monkeypatch, "bluemoon")
    assert check_hostile("bluemoon", players, seed) > 100


@pytest.mark.parametrize("change", [
    lambda s: s["turn"].update(stage="_canary"),
    lambda s: s["turn"].update(stage="canary"),
    lambda s: s.update(end="_act_canary"),
    lambda s: s["hands"][0].update(_canary=1),
    lambda s: s["dragons"].update(canary=None),
])
def test_unknown_kinds_and_method_names_are_refused(monkeypatch, change):
    plant_canaries(monkeypatch, "bluemoon")
    doc = copy.deepcopy(sample_positions("bluemoon", 2, 5, 1)[0])
    change(doc["state"])
    assert "field" in str(refused(doc))
