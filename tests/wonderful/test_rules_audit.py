"""Rulebook checks added by the audit, one hand-built situation per rule not covered elsewhere."""

from wonderful_helpers import give, legal_text, new, set_side, set_tokens, to_planning, to_step

from gamekit.games.wonderful.scoring import rating


def test_several_copies_of_a_card_each_produce_and_score():
    """"Não há restrição de construção; podes construir vários exemplares da mesma carta.\""""
    st = new(3)
    st = give(st, 0, built=["recycling_plant", "recycling_plant", "propaganda_center",
                       "propaganda_center"])
    prod = st.production_of(0)
    assert prod["materials"] == 2 + 2 + 2  # Empire side B + two plants
    assert prod["gold"] == 2 * 2  # each Propaganda Center: 1 per project (2 projects)
    b = st.score_breakdown(0)
    assert b["cards"] == 2  # 1 VP each
    st = give(st, 0, constr=["wind_turbines", "wind_turbines"])
    st = to_step(st, "materials")
    assert legal_text(st, 0)[:2] == ["p1 place materials wind_turbines",
                                     "p1 place materials wind_turbines.2"]


def test_solo_science_supremacy_is_a_choice_too():
    st = new(1, empires=["aztec_empire"])
    st = give(st, 0, built=["research_center", "research_center"])  # 1 + 2 + 2 science
    st = to_step(st, "science")
    assert st.decision(0).kind == "supremacy"
    st.apply("p1 supremacy financier")
    science = next(x for x in st.supremacy if x["step"] == "science")
    assert st.seats[0].financiers == 1 and science["token"] == "financier" and science["seat"] == 0


def test_rating_band_boundaries():
    st = new(1, empires=["aztec_empire"])
    for vp, band in ((59, "Novice"), (60, "Dictator"), (79, "Dictator"), (80, "Emperor"),
                     (99, "Emperor"), (100, "Living God")):
        st = set_tokens(st, 0, general=vp)
        assert rating(st)["band"] == band, vp
    st = set_side(st, "A")  # the same VP on side A lose 15 first
    st = set_tokens(st, 0, general=75)
    assert rating(st)["vp"] == 60 and rating(st)["band"] == "Dictator"
    st = set_tokens(st, 0, general=74)
    assert rating(st)["band"] == "Novice"


def test_recycled_cube_goes_on_a_card_kept_earlier_in_the_same_planning():
    st = new(3)
    st = to_planning(st, {0: ["wind_turbines", "recycling_plant"], 1: ["zeppelin"],
                     2: ["zeppelin"]})
    st.apply("p1 keep wind_turbines")
    st.apply("p1 recycle recycling_plant")  # materials: on the Wind Turbines or the Empire
    assert legal_text(st, 0) == ["p1 place materials wind_turbines", "p1 place materials empire"]
    st.apply("p1 place materials wind_turbines")
    assert st.seats[0].construction == [("wind_turbines", ("materials", ""))]


def test_tokens_on_a_discarded_card_are_lost():
    st = new(3)
    st = give(st, 0, constr=[("center_of_the_earth", {"exploration": 2, "general": 1}), "zeppelin"],
         kryst=1)
    st = give(st, 0, constr=[("secret_society", {"krystallium": 1})])
    st = to_planning(st, {0: ["mega_drill"], 1: ["zeppelin"], 2: ["zeppelin"]})
    st.apply("p1 discard center_of_the_earth")
    st.apply("p1 discard secret_society")
    assert st.seats[0].generals == 0 and st.seats[0].krystallium == 1  # what lay on them went to the supply
    back = {(f.resource, f.amount) for f in st.flows
            if f.seat == 0 and f.source == "construction" and f.target == "supply"}
    assert back == {("exploration", 2), ("general", 1), ("krystallium", 1)}
    assert st.seats[0].empire_cubes[4] == 1 and st.seats[0].empire_cubes[3] == 1  # their recycling bonuses


def test_cubes_are_placed_before_the_next_step_and_never_kept():
    """A seat cannot hold produced cubes: 'done' is not offered while cubes wait."""
    st = new(3)
    st = give(st, 0, constr=["tank_division"])
    st = to_step(st, "materials")
    assert st.decision(0).kind == "place" and "p1 done" not in legal_text(st, 0)
    assert st.step == 0
