"""Krystallium, character tokens, and discarding a card under construction."""

from wonderful_helpers import give, legal_text, new, to_planning, to_step

from gamekit.core.invariants import assert_illegal_unchanged
from gamekit.games.wonderful.asks import cubes


def test_five_cubes_on_the_empire_make_one_krystallium():
    st = new(3)
    st = give(st, 0, cubes={"materials": 3, "gold": 1}, constr=["zeppelin"])
    st = to_step(st, "energy")
    st.apply("p1 place energy empire")
    assert st.seats[0].krystallium == 1 and st.seats[0].empire_cubes == [0, 0, 0, 0, 0]
    made = [f for f in st.flows if f.seat == 0 and f.target == "krystallium"]
    assert {(f.resource, f.amount) for f in made} == {("materials", 3), ("gold", 1),
                                                        ("energy", 1)}
    assert any(f.source == "conversion" and f.resource == "krystallium" for f in st.flows)
    assert any(e.kind == "krystallium_made" for e in st.events)
    st.check_invariants()


def test_cubes_on_the_empire_card_cannot_be_taken_back():
    st = new(3)
    st = give(st, 0, cubes={"energy": 2}, constr=["zeppelin"])
    st = to_planning(st, {0: ["zeppelin"], 1: ["zeppelin"], 2: ["zeppelin"]})
    assert not any(a.verb == "place" for a in st.legal_actions(0))
    assert_illegal_unchanged(st, "p1 place energy zeppelin")


def test_krystallium_replaces_any_resource_but_never_a_character():
    st = new(3)
    st = give(st, 0, constr=["giant_tower"], kryst=1)
    st = to_planning(st, {0: ["zeppelin"], 1: ["zeppelin"], 2: ["zeppelin"]})
    legal = legal_text(st, 0)
    assert "p1 use krystallium giant_tower materials" in legal
    assert "p1 use krystallium giant_tower gold" in legal
    assert not any("financier" in a for a in legal)
    assert_illegal_unchanged(st, "p1 use krystallium giant_tower financier")
    assert_illegal_unchanged(st, "p1 use financier giant_tower")  # holds none
    st.apply("p1 use krystallium giant_tower gold")
    assert st.seats[0].construction[0][1] == ("", "", "krystallium", "", "", "")
    assert st.seats[0].krystallium == 0


def test_krystallium_space_takes_only_krystallium():
    st = new(3)
    st = give(st, 0, constr=[("secret_society", {"gold": 2})])
    st = to_step(st, "gold")  # nobody produces gold on side B: nothing happens
    assert st.seats[0].construction[0][1] == ("gold", "gold", "", "")
    st = new(3, side="A", empires=["federation_of_asia", "aztec_empire", "noram_states"])
    st = give(st, 0, constr=[("secret_society", {"gold": 2})])
    st = to_step(st, "gold")  # 2 gold: one on the gold space, the other only fits the Empire
    assert legal_text(st, 0) == ["p1 place gold secret_society", "p1 place gold empire"]
    st.apply("p1 place gold secret_society")
    assert cubes(st, 0) == 0 and st.seats[0].empire_cubes[3] == 1
    assert st.seats[0].construction[0][1] == ("gold", "gold", "gold", "")


def test_tokens_wait_and_complete_a_card_at_any_time():
    """Characters and Krystallium may be kept and placed later; completing a card with them
    builds it at once (here: the game's end, after the last production step)."""
    st = new(3)
    st = give(st, 0, constr=[("center_of_the_earth", {"exploration": 5})], gen=2)
    st = to_step(st, "exploration", round=4)
    assert st.decision(0).kind == "tokens"
    assert legal_text(st, 0)[:2] == ["p1 done", "p1 use general center_of_the_earth"]
    st.apply("p1 use general center_of_the_earth")
    assert st.seats[0].generals == 1 and not st.is_over()
    st.apply("p1 use general center_of_the_earth")
    assert st.built[0] == ["center_of_the_earth"]
    assert st.is_over()
    assert st.score_breakdown(0)["cards"] == 15
    # the two generals on the card went back to the supply
    assert sum(f.amount for f in st.flows if f.seat == 0 and f.resource == "general"
               and f.target == "supply") == 2


def test_discarding_a_card_under_construction():
    st = new(3)
    st = give(st, 0, constr=[("zeppelin", {"energy": 1}), "tank_division"],
         cubes={"materials": 1})
    st = to_planning(st, {0: ["mega_drill"], 1: ["zeppelin"], 2: ["zeppelin"]})
    assert "p1 discard zeppelin" in legal_text(st, 0)
    st.apply("p1 discard zeppelin")
    assert [c for c, _ in st.seats[0].construction] == ["tank_division"]
    assert st.seats[0].empire_cubes[4] == 1  # its recycling bonus (exploration) is on the Empire card
    assert "zeppelin" in st.discard
    lost = [f for f in st.flows if f.seat == 0 and f.source == "construction"
            and f.target == "supply"]
    assert [(f.resource, f.amount) for f in lost] == [("energy", 1)]
    st.check_invariants()


def test_discard_under_construction_can_make_krystallium():
    st = new(3)
    st = give(st, 0, constr=["zeppelin"], cubes={"materials": 4})
    st = to_planning(st, {0: ["mega_drill"], 1: ["zeppelin"], 2: ["zeppelin"]})
    st.apply("p1 discard zeppelin")
    assert st.seats[0].krystallium == 1 and sum(st.seats[0].empire_cubes) == 0


def test_bonus_krystallium_is_not_one_of_the_five_cubes():
    st = new(3)
    st = new(3, side="A", empires=["aztec_empire", "noram_states", "panafrican_union"])
    st = give(st, 0, constr=[("ark_of_the_covenant", {"exploration": 3})], cubes={"energy": 4})
    st = to_step(st, "exploration")  # Aztec Empire A: 1 exploration -> completes the Ark
    st.apply("p1 place exploration ark_of_the_covenant")
    assert st.built[0] == ["ark_of_the_covenant"]
    assert st.seats[0].krystallium == 1 and st.seats[0].empire_cubes[1] == 4


def test_supremacy_token_can_be_used_in_the_same_step():
    st = new(3)
    st = give(st, 0, built=["nuclear_plant"], constr=[("center_of_the_earth", {"exploration": 5}),
                                            "wind_turbines"], gen=1)
    st = to_step(st, "energy")  # 4 energy for seat 0: supremacy general, now 2 generals
    assert st.seats[0].generals == 2 and st.step == 1
    assert st.decision(0).kind == "tokens"  # 4 energy went to the Empire card: no space
    st.apply("p1 use general center_of_the_earth")
    st.apply("p1 use general center_of_the_earth")
    assert "center_of_the_earth" in st.built[0]


def test_illegal_actions_name_the_rule():
    st = new(3)
    st = give(st, 0, constr=["giant_tower"], kryst=1)
    st = to_planning(st, {0: ["zeppelin"], 1: ["zeppelin"], 2: ["zeppelin"]})
    exc = assert_illegal_unchanged(st, "p1 keep atlantis")
    assert "selection area" in str(exc) and exc.rule == "fase_de_planeamento"
    exc = assert_illegal_unchanged(st, "p1 use krystallium giant_tower financier")
    assert exc.rule == "transformar_krystallium"
    exc = assert_illegal_unchanged(st, "p1 draft zeppelin")
    assert exc.rule == "fase_de_seleccao"
    exc = assert_illegal_unchanged(st, "p1 discard zeppelin")
    assert exc.rule == "descartar_em_construcao"
    exc = assert_illegal_unchanged(st, "p1 exchange zeppelin")
    assert exc.rule == "modo_a_solo"
    st.apply("p1 recycle zeppelin")  # exploration: goes to the Empire card at once
    st.apply("p2 recycle zeppelin")
    exc = assert_illegal_unchanged(st, "p3 place gold empire")
    assert exc.rule == "construcao"


def test_a_discard_that_would_complete_a_card_opens_the_token_window():
    """Discarding is allowed at any time: after the last step of the game, discarding the Tank
    Division makes the 5th cube on the Empire card, hence a Krystallium that completes the
    Giant Tower (10 VP). The seat holds no token, yet it is asked."""
    st = new(3)
    st = give(st, 0, constr=[("giant_tower", {"materials": 2, "gold": 2, "financier": 1}),
                        "tank_division"], cubes={"materials": 4})
    st = to_step(st, "exploration", round=4)
    assert not st.is_over() and st.to_move() == (0,)
    assert st.decision(0).kind == "tokens"
    assert legal_text(st, 0) == ["p1 done", "p1 discard giant_tower", "p1 discard tank_division"]
    st.apply("p1 discard tank_division")
    assert st.seats[0].krystallium == 1
    st.apply("p1 use krystallium giant_tower gold")
    assert st.built[0] == ["giant_tower"] and st.is_over() and st.score(0) == 10


def test_a_discard_that_completes_nothing_does_not_open_the_window():
    st = new(3)
    # 3 cubes + 1 discard: no Krystallium
    st = give(st, 0, constr=[("giant_tower", {"materials": 2, "gold": 2, "financier": 1}),
                        "tank_division"], cubes={"materials": 3})
    # a Krystallium from a discard would not complete the World Congress without financiers
    st = give(st, 1, constr=[("world_congress", {"gold": 5}), "zeppelin"], cubes={"gold": 4})
    st = to_step(st, "exploration", round=4)
    assert st.is_over() and st.built == [[], [], []]
