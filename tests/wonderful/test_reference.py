"""Our data files against the reference facts (``shared/reference/wonderful``), field by field:
every card, both sides of every Empire, the solo mode and the scenarios, the rule constants.
Skipped where the shared folder is not next to the checkout."""

import json
import os
from pathlib import Path

import pytest

from gamekit.games.wonderful.data import (
    CARDS,
    CHARACTERS,
    DECK,
    EMPIRES,
    RES,
    SCENARIOS,
    SOLO,
    SUPREMACY,
    TYPES,
)

REF = Path(os.environ.get("GAMEKIT_SHARED", Path(__file__).resolve().parents[3] / "shared"))
REF = REF / "reference" / "wonderful"

pytestmark = pytest.mark.skipif(not REF.is_dir(), reason="shared/reference/wonderful not found")


def _ref(name):
    return json.loads((REF / name).read_text(encoding="utf-8"))


def _vp(v):
    return (v["fixed"], tuple(sum(p["points"] for p in v["per_type"] if p["type"] == t)
                              for t in TYPES),
            tuple(sum(p["points"] for p in v["per_character"] if p["character"] == c)
                  for c in CHARACTERS))


def test_every_card_field_by_field():
    ref = _ref("developments.json")
    assert ref["deck_size"] == len(DECK) and ref["distinct_cards"] == len(CARDS)
    assert [d["id"] for d in ref["developments"]] == list(CARDS)  # same ids, same order
    for d in ref["developments"]:
        c = CARDS[d["id"]]
        assert (c.en, c.pt, c.type, c.copies) == (
            d["names"]["en"], d["names"]["pt"], d["type"], d["copies"]), c.id
        assert c.cost == d["cost"] and len(c.spaces) == d["cost_slots"], c.id
        fixed = tuple(d["production"]["fixed"].get(r, 0) for r in RES)
        per = tuple((RES.index(p["resource"]), TYPES.index(p["per"]), p["amount"])
                    for p in d["production"]["per_type"])
        assert (c.prod_fixed, c.prod_per) == (fixed, per), c.id
        assert c.recycle == d["recycling_bonus"], c.id
        assert c.bonus == d["construction_bonus"], c.id
        assert (c.vp_fixed, c.vp_per_type, c.vp_per_char) == _vp(d["victory_points"]), c.id
    assert DECK.count("zeppelin") == CARDS["zeppelin"].copies


def test_every_empire_side_field_by_field():
    ref = _ref("empires.json")
    assert sorted(EMPIRES) == sorted(e["id"] for e in ref["empires"])
    for e in ref["empires"]:
        ours = EMPIRES[e["id"]]
        assert ours.en == e["names"]["en"] and ours.pt == e["names"]["pt"]
        assert sorted(ours.sides) == sorted(e["sides"]) == ["A", "B"]
        for side, d in e["sides"].items():
            mine = ours.sides[side]
            assert mine.prod == tuple(d["production"].get(r, 0) for r in RES), (e["id"], side)
            assert (mine.vp_fixed, mine.vp_per_type, mine.vp_per_char) == _vp(
                d["victory_points"]), (e["id"], side)
            assert d["starting_krystallium"] == 0 and d["special"] is None
    # the expansion Empires are not offered
    assert not set(x["id"] for x in ref["not_in_base_box"]["empires"]) & set(EMPIRES)


def test_solo_mode_and_scenarios():
    ref = _ref("solo_scenarios.json")
    solo = ref["solo_mode"]
    dev = solo["setup"]["development_projects"]
    assert SOLO["projects"] == {"piles": dev["piles"], "cards_per_pile": dev["cards_per_pile"]}
    assert SOLO["sequences_per_round"] == solo["planning_phase"]["sequences_per_round"]
    assert SOLO["supremacy_min"] == solo["production_phase"]["supremacy_min_production"]
    rating = solo["end_of_game_rating"]
    assert rating["table_is_for_side"] == "B"
    assert SOLO["side_a_adjustment"] == rating["side_A_adjustment_vp"]
    assert [(b[0], b[1], b[2]) for b in SOLO["rating"]] == [
        (b["min_vp"] or 0, b["en"], b["pt"]) for b in rating["bands"]]
    assert sorted(SCENARIOS) == [s["code"] for s in ref["scenarios"]]
    for s in ref["scenarios"]:
        ours = SCENARIOS[s["code"]]
        assert ours["side"] == s["empire_side"] == "B"
        assert ours["pt"] == s["title"]["pt"]
        assert ours["cards"] == [c["id"] for c in s["setup_construction_area"]]
        assert ours["medals"] == [s["medals_min_vp"][m] for m in ("bronze", "silver", "gold")]
        for c in s["setup_construction_area"]:
            assert CARDS[c["id"]].pt == c["pt"] and CARDS[c["id"]].en == c["en"]
    for pt, d in ref["pt_card_name_to_id"].items():
        assert CARDS[d["id"]].pt == pt


def test_rule_constants():
    ref = _ref("rules.json")
    assert tuple(ref["production"]["step_order"]) == RES
    bonus = ref["production"]["supremacy_bonus"]
    assert SUPREMACY == tuple("choice" if bonus[r].startswith("choice") else bonus[r]
                              for r in RES)
    assert ref["draft"]["cards_dealt"] == {"3-5": 7, "2": 10}
    assert ref["draft"]["direction_by_round"] == {"1": "left", "2": "right", "3": "left",
                                                  "4": "right"}
    assert ref["krystallium"]["conversion"]["cubes_on_empire_card"] == 5
    assert ref["components"]["development_cards"] == len(DECK)
