"""Solo mode (MODO A SOLO) and the solo scenarios (CENÁRIOS A SOLO)."""

from wonderful_helpers import build_all, give, legal_text, new, thin_deck, to_step

import gamekit
from gamekit.core.invariants import assert_illegal_unchanged
from gamekit.games.wonderful.data import DECK


def test_solo_setup_eight_projects_of_five():
    st = gamekit.new("wonderful", players=1, seed=3, deck=list(DECK[:45]))
    assert st.phase == "planning" and st.round == 1
    # pile 1 is in the selection area; 7 piles wait; the deck holds the rest
    assert st.drafted[0] == list(DECK[:5])
    assert st.projects == [list(DECK[5 * i:5 * i + 5]) for i in range(1, 8)]
    assert len(st.deck) == 110 and st.pile.order()[:5] == list(DECK[40:45])
    assert st.hands == [[]]


def test_two_sequences_per_planning_phase():
    st = gamekit.new("wonderful", players=1, seed=3, deck=list(DECK[:40]),
                     empire_side="B", empires=["aztec_empire"])
    for cid in list(DECK[:5]):
        st.apply(f"p1 recycle {cid}")
    # every card of the first project is done: the second sequence starts
    assert st.phase == "planning" and st.solo_sequence == 1
    assert st.drafted[0] == list(DECK[5:10])
    for cid in DECK[5:10]:
        st.apply(f"p1 recycle {cid}")
    assert st.round == 2 and st.drafted[0] == list(DECK[10:15])
    st.check_invariants()


def test_exchange_discard_two_look_at_five_keep_one():
    st = gamekit.new("wonderful", players=1, seed=3, deck=list(DECK[:45]))
    hand = list(DECK[:5])
    legal = legal_text(st, 0)
    assert f"p1 exchange {hand[0]}" in legal
    st.apply(f"p1 exchange {hand[0]}")
    assert st.decision(0).kind == "exchange_second"
    assert_illegal_unchanged(st, f"p1 keep {hand[1]}")
    st.apply(f"p1 exchange {hand[1]}")
    assert st.looking == list(DECK[40:45])
    assert st.decision(0).kind == "exchange_take"
    assert st.view(None).looking == ["?"] * 5 and st.view(0).looking == list(DECK[40:45])
    st.apply(f"p1 take {DECK[42]}")
    assert st.drafted[0] == hand[2:] + [DECK[42]]
    assert st.discard == [hand[0], hand[1], DECK[40], DECK[41], DECK[43], DECK[44]]
    assert len(st.deck) == 105
    # a card just received may be among the two discarded next time
    assert f"p1 exchange {DECK[42]}" in legal_text(st, 0)
    st.check_invariants()


def test_exchange_needs_two_cards_and_five_in_the_deck_and_can_be_switched_off():
    st = gamekit.new("wonderful", players=1, seed=3, solo_exchange=False)
    assert not any(a.verb == "exchange" for a in st.legal_actions(0))
    st = gamekit.new("wonderful", players=1, seed=3)
    for cid in st.drafted[0][:4]:
        st.apply(f"p1 keep {cid}")
    assert not any(a.verb == "exchange" for a in st.legal_actions(0))
    st = gamekit.new("wonderful", players=1, seed=3)
    assert any(a.verb == "exchange" for a in st.legal_actions(0))  # with the full deck
    st = thin_deck(st, keep=4)
    assert len(st.deck) == 4
    assert not any(a.verb == "exchange" for a in st.legal_actions(0))
    assert_illegal_unchanged(gamekit.new("wonderful", players=3, seed=1), "p1 exchange zeppelin")


def test_solo_supremacy_needs_five():
    st = new(1, empires=["aztec_empire"])
    st = give(st, 0, built=["recycling_plant"])  # 2 + 2 = 4 materials
    st = to_step(st, "materials")
    assert st.seats[0].financiers == 0 and st.supremacy[0]["seat"] is None
    st.check_invariants()
    st = new(1, empires=["aztec_empire"])
    st = give(st, 0, built=["recycling_plant", "industrial_complex"])  # 5 materials
    st = to_step(st, "materials")
    assert st.seats[0].financiers == 1 and st.supremacy[0]["seat"] == 0


def test_solo_rating_side_a_minus_15():
    st = new(1, side="A", empires=["republic_of_europe"])
    st = give(st, 0, built=["time_travel", "center_of_the_earth", "alexanders_tomb",
                       "lunar_base", "teleportation", "giant_tower"])  # 15+15+10+10+8+10
    assert st.score(0) == 68
    r = st.rating()
    assert (r["score"], r["adjustment"], r["vp"], r["band"]) == (68, -15, 53, "Novice")
    assert r["band_pt"] == "Novato"
    st = new(1, side="B", empires=["republic_of_europe"])
    st = give(st, 0, built=["time_travel", "center_of_the_earth", "alexanders_tomb",
                       "lunar_base", "teleportation", "giant_tower"])
    assert st.rating()["band"] == "Dictator"
    st = give(st, 0, gen=12)
    assert st.rating()["band"] == "Emperor"
    st = give(st, 0, gen=20)
    assert st.rating()["band"] == "Living God"


def test_scenario_medals_need_every_card_built():
    st = gamekit.new("wonderful", players=1, seed=2, scenario="CO4")
    out = st.to_dict()["solo"]["scenario"]
    assert out["built_all"] is False and out["medal"] is None
    assert out["missing"] == ["research_center", "neuroscience", "time_travel"]
    # finish the three cards by hand and add points
    st = build_all(st, 0)
    assert st.score(0) == 15 + 1
    st = give(st, 0, fin=49)
    assert st.rating()["vp"] == 65
    out = st.to_dict()["solo"]["scenario"]
    assert out["built_all"] and out["medal"] == "bronze"
    st = give(st, 0, fin=20)
    assert st.to_dict()["solo"]["scenario"]["medal"] == "silver"
    st = give(st, 0, fin=20)
    assert st.to_dict()["solo"]["scenario"]["medal"] == "gold"
    st.check_invariants()


def test_scenario_game_plays_to_the_end_with_result_events():
    import random

    from gamekit.core.agents import random_playout

    st = gamekit.new("wonderful", players=1, seed=5, scenario="CO1")
    random_playout(st, random.Random(5))
    assert st.is_over()
    kinds = [e.kind for e in st.events]
    assert "solo_rating" in kinds and "scenario_result" in kinds
    assert st.result().winners == [0]
    cols = st.sim_columns(0)
    assert cols["scenario"] == "CO1" and cols["medal"] in ("none", "bronze", "silver", "gold")


def test_scenario_card_may_be_another_copy():
    st = gamekit.new("wonderful", players=1, seed=2, scenario="CO6")
    # the scenario's Propaganda Center is discarded; the other copy gets built instead
    st.apply("p1 discard propaganda_center")
    st = give(st, 0, built=["propaganda_center"])
    st = build_all(st, 0)
    out = st.to_dict()["solo"]["scenario"]
    assert out["built_all"] and out["missing"] == []
    st.check_invariants()
