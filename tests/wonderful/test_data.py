"""The component data carried into our own files matches the reference facts."""

from collections import Counter

from gamekit.games.wonderful.data import (
    CARDS,
    DECK,
    EMPIRES,
    RES,
    SCENARIOS,
    SOLO,
    TYPES,
)

KEY = {"structure": "materials", "vehicle": "energy", "research": "science", "project": "gold",
       "discovery": "exploration"}


def test_deck_has_150_cards_in_78_kinds():
    assert len(DECK) == 150
    assert len(CARDS) == 78
    by_type = Counter(CARDS[c].type for c in DECK)
    assert by_type == {"structure": 50, "vehicle": 31, "research": 23, "project": 29,
                       "discovery": 17}
    distinct = Counter(c.type for c in CARDS.values())
    assert distinct == {"structure": 9, "vehicle": 9, "research": 23, "project": 20,
                        "discovery": 17}


def test_every_cost_holds_its_type_key_resource():
    for c in CARDS.values():
        assert c.cost.get(KEY[c.type], 0) >= 1, c.id
        assert len(c.spaces) == sum(c.cost.values())
        assert c.recycle in RES
        assert set(c.bonus) <= {"krystallium", "financier", "general"}
        # the base game: at most one kind of VP and one kind of production per card
        kinds = (c.vp_fixed > 0) + any(c.vp_per_type) + any(c.vp_per_char)
        assert kinds <= 1, c.id
        assert not (any(c.prod_fixed) and c.prod_per), c.id


def test_sample_cards_match_the_reference():
    pc = CARDS["propaganda_center"]
    assert (pc.type, pc.copies, pc.cost, pc.recycle, pc.bonus, pc.vp_fixed) == (
        "project", 2, {"gold": 3}, "gold", {"general": 1}, 1)
    assert pc.prod_per == ((RES.index("gold"), TYPES.index("project"), 1),)
    ss = CARDS["super_sonar"]
    assert ss.prod_per == ((RES.index("exploration"), TYPES.index("vehicle"), 1),)
    tt = CARDS["time_travel"]
    assert tt.spaces == ("science",) * 5 + ("krystallium",) * 3 and tt.vp_fixed == 15


def test_empires_both_sides():
    assert sorted(EMPIRES) == ["aztec_empire", "federation_of_asia", "noram_states",
                               "panafrican_union", "republic_of_europe"]
    sides_b = {EMPIRES[e].sides["B"] for e in EMPIRES}
    assert len(sides_b) == 1
    b = next(iter(sides_b))
    assert b.prod == (2, 1, 1, 0, 0) and not any(b.vp_per_type) and b.vp_fixed == 0
    assert EMPIRES["noram_states"].sides["A"].vp_per_char == (1, 0)
    assert EMPIRES["aztec_empire"].sides["A"].vp_per_type[TYPES.index("discovery")] == 3


def test_solo_data():
    assert sorted(SCENARIOS) == [f"CO{i}" for i in range(1, 7)]
    for sc in SCENARIOS.values():
        assert sc["side"] == "B"
        assert all(c in CARDS for c in sc["cards"])
        assert sc["medals"] == sorted(sc["medals"])
    assert SCENARIOS["CO4"]["cards"] == ["research_center", "neuroscience", "time_travel"]
    assert SCENARIOS["CO5"]["medals"] == [75, 95, 120]
    assert SOLO["supremacy_min"] == 5 and SOLO["side_a_adjustment"] == -15
    assert [b[0] for b in SOLO["rating"]] == [0, 60, 80, 100]
    named = [c for c in CARDS.values() if c.pt]
    assert len(named) == 22
