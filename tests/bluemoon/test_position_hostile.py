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


@pytest.mark.parametrize(("change", "field"), [
    (lambda st: st["stack"][0].update(kind="add_vp"), "stack[0].kind"),      # not a kind
    (lambda st: st["stack"][0].update(kind="_canary"), "stack[0].kind"),
    (lambda st: st["stack"][0].update(seat=9), "stack[0].seat"),            # no such seat
    (lambda st: st["stack"][0].update(seat="1"), "stack[0].seat"),          # wrong type
    (lambda st: st["stack"][0].update(data={"then": "add_vp"}), "stack[0].data"),
    (lambda st: st["stack"][0].update(data=[]), "stack[0].data"),
    (lambda st: st["stack"][0].update(then="x"), "stack[0]"),
    (lambda st: st["stack"].append({"kind": "pay", "seat": 1, "data": {}}), "stack"),
    (lambda st: st["stack"].clear(), "stack"),                              # the turn's step lost
    (lambda st: st["stack"][0].update(seat=st["turn"]["seat"] % 2 + 1), "stack"),  # another seat
])
def test_the_decision_stack_is_refused_when_malformed(monkeypatch, change, field):
    """The core decision stack (``state.stack``) saved with the turn: an unknown kind, a seat
    that is not the turn's, data of the wrong shape or a stack the turn's stage does not have
    is refused naming the field; nothing runs."""
    plant_canaries(monkeypatch, "bluemoon")
    doc = copy.deepcopy(sample_positions("bluemoon", 2, 5, 1)[0])
    assert doc["state"]["stack"], "the sample is a position where the turn's player decides"
    change(doc["state"])
    assert f"position field {field}:" in str(refused(doc))


def test_positions_saved_before_the_stack_still_load():
    """A position without ``stack`` (saved before the core decision stack) reads its turn's
    stage into the stack."""
    from gamekit.core.positions import position

    doc = copy.deepcopy(sample_positions("bluemoon", 2, 5, 1)[0])
    want = doc["state"].pop("stack")
    state = position(doc)
    assert [e.kind for e in state.stack] == [e["kind"] for e in want]
