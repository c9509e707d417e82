"""Hostile positions of wonderful (issue 24): method names, unknown kinds, unknown keys, wrong
types and values out of range in every field are refused with ``PositionError``; nothing runs."""

from __future__ import annotations

import copy

import pytest
from hostile_positions import check_hostile, plant_canaries, refused

from gamekit.core.fuzz import sample_positions

#: fields written for readers and recomputed when loading, and the free text of a pending cube
FREE = ("seat", "built_by_type", "production", "score", "total", "label", "kind", "deck_size",
        "draft_direction", "rating", "scenario", "source")


@pytest.mark.parametrize(("players", "seed"), [(1, 4), (3, 21)])
def test_every_field_refuses_hostile_values(monkeypatch, players, seed):
    plant_canaries(monkeypatch, "wonderful")
    assert check_hostile("wonderful", players, seed, FREE) > 100


@pytest.mark.parametrize("change", [
    lambda s: s.update(phase="_canary"),
    lambda s: s.update(step="canary"),
    lambda s: s["seats"][0].update(empire="__class__"),
    lambda s: s["seats"][0].update(pending={"resource": "_act_canary", "amount": 1,
                                            "source": "x"}),
    lambda s: s["seats"][0].update(choosing_supremacy="apply"),
])
def test_unknown_kinds_and_method_names_are_refused(monkeypatch, change):
    plant_canaries(monkeypatch, "wonderful")
    doc = copy.deepcopy(sample_positions("wonderful", 2, 5, 1)[0])
    change(doc["state"])
    assert "field" in str(refused(doc))
