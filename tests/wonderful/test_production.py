"""Planning and production: the rulebook's worked examples and the edge cases."""

from wonderful_helpers import give, legal_text, new, to_planning, to_step

from gamekit.core.invariants import assert_illegal_unchanged
from gamekit.games.wonderful.asks import cubes
from gamekit.games.wonderful.data import CARDS


def produced(st, rnd, res):
    """Production of ``res`` by seat in round ``rnd``, from the public events."""
    return next(e.data["amounts"] for e in st.events
                if e.kind == "produce" and e.round == rnd and e.data["resource"] == res)


def check(st):
    st.check_invariants()
    from gamekit.core.events import fold_flows

    for s in range(st.players):
        held = {k: v for k, v in st.holdings(s).items() if v}
        assert dict(fold_flows(st.flows, s, st.ledger_places)) == held


def test_materials_production_counts_empire_and_built_cards_only():
    """Rulebook example: 5 materials from the Empire card and built cards; cards under
    construction produce nothing."""
    st = new(3, side="A", empires=["noram_states", "aztec_empire", "republic_of_europe"])
    st = give(st, 0, built=["recycling_plant"], constr=["industrial_complex"])
    st = to_step(st, "materials")
    assert st.seats[0].produced[0] == 5  # 3 (Noram States, side A) + 2 (Recycling Plant)
    assert st.seats[1].produced[0] == 0 and st.seats[2].produced[0] == 2
    check(st)


def test_super_sonar_produces_per_vehicle():
    """Rulebook example: the Super-Sonar's exploration counts the vehicles of the Empire."""
    st = new(3)
    st = give(st, 0, built=["super_sonar", "zeppelin", "tank_division"])
    assert st.production_of(0)["exploration"] == 2 + 1 + 1  # 2 vehicles + their own icons
    st = give(st, 1, built=["robot_assistants"])  # materials per structure: none built
    assert st.production_of(1)["materials"] == 2
    st = to_step(st, "exploration")
    assert produced(st, 1, "exploration")[0] == 4
    flows = [f for f in st.flows if f.seat == 0 and f.source == "income:super_sonar"]
    assert flows and flows[0].amount == 2 and flows[0].resource == "exploration"


def test_per_type_production_counts_the_card_itself():
    st = new(3)
    st = give(st, 0, built=["propaganda_center", "museum"])
    assert st.production_of(0)["gold"] == 2  # 1 per project, itself included


def test_wind_turbines_example():
    """Rulebook example: 2 materials complete the Wind Turbines, which produce 1 energy
    already in the next step (energy)."""
    st = new(3)
    st = give(st, 0, constr=["wind_turbines"])
    st = to_step(st, "materials")
    assert st.to_move() == (0,)
    assert legal_text(st, 0) == ["p1 place materials wind_turbines", "p1 place materials empire"]
    st.apply("p1 place materials wind_turbines")
    st.apply("p1 place materials wind_turbines")
    assert st.built[0] == ["wind_turbines"] and st.seats[0].construction == []
    # nobody had another choice: the round went on; the energy step counted the turbines
    assert produced(st, 1, "energy") == [2, 1, 1]
    assert st.seats[0].generals == 1  # energy supremacy
    # the two materials cubes went back to the supply
    back = [f for f in st.flows if f.seat == 0 and f.target == "supply"]
    assert sum(f.amount for f in back if f.resource == "materials") == 2
    check(st)


def test_card_built_in_a_step_does_not_produce_in_that_step():
    st = new(3)
    st = give(st, 0, constr=["recycling_plant"])
    st = to_step(st, "materials")
    st.apply("p1 place materials recycling_plant")
    st.apply("p1 place materials recycling_plant")
    assert st.built[0] == ["recycling_plant"]
    assert produced(st, 1, "materials")[0] == 2  # not 4
    assert st.production_of(0)["materials"] == 4


def test_recycled_cube_that_completes_a_card_builds_it_at_once_and_it_produces():
    st = new(3)
    st = give(st, 0, constr=[("wind_turbines", {"materials": 1})])
    st = to_planning(st, {0: ["military_base"], 1: ["zeppelin"], 2: ["zeppelin"]})
    st.apply("p1 recycle military_base")  # recycling bonus: materials
    assert cubes(st, 0) == 1
    assert legal_text(st, 0) == ["p1 place materials wind_turbines", "p1 place materials empire"]
    assert_illegal_unchanged(st, "p1 keep military_base")
    st.apply("p1 place materials wind_turbines")
    assert st.built[0] == ["wind_turbines"]
    st.apply("p2 keep zeppelin")
    st.apply("p3 recycle zeppelin")  # exploration: nowhere but the Empire card -> automatic
    assert st.seats[2].empire_cubes[4] == 1
    assert produced(st, 1, "energy") == [2, 1, 1]
    check(st)


def test_cubes_must_be_placed_at_once_and_only_on_matching_spaces():
    st = new(3)
    st = give(st, 0, constr=["zeppelin", "tank_division"], kryst=1)
    st = to_step(st, "materials")  # 2 materials: only the tank division takes materials
    assert legal_text(st, 0) == ["p1 place materials tank_division", "p1 place materials empire"]
    assert_illegal_unchanged(st, "p1 place materials zeppelin")
    assert_illegal_unchanged(st, "p1 use krystallium zeppelin energy")
    assert_illegal_unchanged(st, "p1 done")
    assert_illegal_unchanged(st, "p1 place energy tank_division")
    st.apply("p1 place materials tank_division")
    # the tank division's only materials space is full: the second cube goes to the Empire
    assert st.seats[0].empire_cubes[0] == 1 and cubes(st, 0) == 0
    # Krystallium may wait: the seat is asked whether to use it now
    assert st.decision(0).kind == "tokens"
    assert "p1 done" in legal_text(st, 0)
    st.apply("p1 done")
    assert st.step == 1


def test_supremacy_strict_winner_tie_gives_nothing():
    st = new(3)
    st = give(st, 0, built=["recycling_plant"])
    st = to_step(st, "materials")
    assert [x.financiers for x in st.seats] == [1, 0, 0]
    assert st.supremacy[0]["seat"] == 0 and st.supremacy[0]["token"] == "financier"
    # energy: 1 each -> tie, nobody
    assert st.supremacy[1]["seat"] is None and [x.generals for x in st.seats] == [0, 0, 0]
    assert [e.kind for e in st.events].count("supremacy_none") >= 1


def test_supremacy_bonus_of_each_step():
    st = new(3, empires=["aztec_empire", "noram_states", "federation_of_asia"])
    st = give(st, 0, built=["recycling_plant", "nuclear_plant", "research_center",
                       "cities_of_gold", "zeppelin"])
    st = to_step(st, "materials")
    assert st.decision(0).kind == "supremacy" and st.to_move() == (0,)
    assert st.decision(0).kind == "supremacy"
    assert legal_text(st, 0) == ["p1 supremacy financier", "p1 supremacy general"]
    st.apply("p1 supremacy general")
    tokens = [(x["step"], x["seat"], x["token"]) for x in st.supremacy]
    assert tokens == [("materials", 0, "financier"), ("energy", 0, "general"),
                      ("science", 0, "general"), ("gold", 0, "financier"),
                      ("exploration", 0, "general")]
    assert st.seats[0].financiers == 2 and st.seats[0].generals == 3


def test_construction_bonus_goes_to_the_empire():
    st = new(3)
    st = give(st, 0, constr=[("tank_division", {"energy": 2})])
    st = to_step(st, "materials")
    st.apply("p1 place materials tank_division")
    assert st.built[0] == ["tank_division"]
    assert st.seats[0].generals >= 1
    assert any(f.source == "bonus:tank_division" and f.resource == "general" for f in st.flows)
    check(st)


def test_cards_under_construction_and_cubes_stay_between_rounds():
    st = new(3)
    st = give(st, 0, constr=[("giant_dam", {"materials": 1})])
    st = to_step(st, "exploration")
    assert st.round == 2 and st.phase == "draft"
    assert st.seats[0].construction == [("giant_dam", ("materials", "", "", "", ""))]


def test_two_copies_under_construction_get_distinct_labels():
    st = new(3)
    st = give(st, 0, constr=["zeppelin", ("zeppelin", {"energy": 1})])
    st = to_step(st, "energy")
    assert legal_text(st, 0)[:2] == ["p1 place energy zeppelin", "p1 place energy zeppelin.2"]
    st.apply("p1 place energy zeppelin.2")
    assert st.built[0] == ["zeppelin"] and [c for c, _ in st.seats[0].construction] == ["zeppelin"]
    assert st.to_dict()["seats"][0]["construction"][0]["label"] == "zeppelin"


def test_card_data_drive_costs():
    st = new(3)
    st = give(st, 0, constr=["secret_society"])
    entry = st.to_dict()["seats"][0]["construction"][0]
    assert [x["kind"] for x in entry["spaces"]] == list(CARDS["secret_society"].spaces)
    assert all(x["filled_by"] is None for x in entry["spaces"])
