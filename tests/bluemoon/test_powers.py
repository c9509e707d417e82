"""Card powers and the edge cases listed in the reference README."""

from __future__ import annotations

import pytest
from bluemoon_helpers import each, legal, markers_on_buildings, play

from gamekit.core.invariants import assert_illegal_unchanged


# ---------------------------------------------------------------- payment
def test_khind_are_wild_ones_added_to_any_colour(bm):
    s = bm.new({(2, 3): "earth_temple"})
    s = bm.arrange(s, hands={0: ["khind_3", "khind_2", "terrah_3"]}, positions={0: (2, 3)})
    play(s, "p1 done")
    assert "p1 contribute 0" in legal(s)  # 3 + 1 + 1 = 5
    play(s, "p1 contribute 0", "p1 pay khind_3")
    assert s.to_dict()["turn"]["payment"]["total"] == 1  # a Khind 3 is a wild 1
    play(s, "p1 pay khind_2", "p1 pay terrah_3", "p1 done")
    assert s.to_dict()["tiles"]["earth_temple"]["markers"][0] == 1


def test_mimix_pair_is_a_wild_three(bm):
    s = bm.new({(2, 3): "earth_temple"})
    s = bm.arrange(s, hands={0: ["mimix_2", "mimix_2", "terrah_1"]}, positions={0: (2, 3)})
    play(s, "p1 done")
    assert "p1 contribute 1" in legal(s)  # 3 (pair) + 1 = 4
    assert "p1 contribute 0" not in legal(s)  # not 5: a 2 + 2 pair is worth 3
    play(s, "p1 contribute 1", "p1 pay mimix_2")
    assert s.to_dict()["turn"]["payment"]["total"] == 0  # half a pair counts nothing yet
    play(s, "p1 pay mimix_2")
    assert s.to_dict()["turn"]["payment"]["total"] == 3
    play(s, "p1 pay terrah_1", "p1 done")


def test_single_mimix_is_not_wild_but_brown_counts_face_or_pair(bm):
    s = bm.new({(2, 3): "earth_temple", (2, 1): "city_residence"})
    s = bm.arrange(s, hands={0: ["mimix_2", "terrah_1", "terrah_2"]}, positions={0: (2, 3)})
    play(s, "p1 done")
    assert "p1 contribute 2" in legal(s)  # red 3 with 1 + 2
    play(s, "p1 contribute 2")
    assert "p1 pay mimix_2" not in legal(s)
    s = bm.new({(2, 1): "city_residence"})
    s = bm.arrange(s, hands={0: ["mimix_2", "mimix_2"]}, positions={0: (2, 1)})
    play(s, "p1 done")
    assert "p1 contribute 0" in legal(s)  # brown 4 = 2 + 2 at face value
    s = bm.new({(2, 1): "city_residence"})
    s = bm.arrange(s, hands={0: ["mimix_1", "mimix_1"]}, positions={0: (2, 1)})
    play(s, "p1 done")
    assert "p1 contribute 1" in legal(s)  # brown 3 = a 1 + 1 pair as a wild 3
    assert "p1 contribute 0" not in legal(s)


def test_lux_1_recolours_up_to_four_cards_of_one_colour(bm):
    s = bm.new({(2, 3): "earth_temple"})
    s = bm.arrange(s, hands={0: ["lux_1", "aqua_1", "aqua_1", "aqua_2", "aqua_1", "aqua_3"]},
               positions={0: (2, 3)})
    play(s, "p1 done")
    assert "p1 contribute 0" in legal(s)  # red 5 from 4 blue cards recoloured (3 + 2 + 1 + 1)
    play(s, "p1 contribute 0")
    assert legal(s) == {"p1 recolour lux_1 blue"}
    play(s, "p1 recolour lux_1 blue")
    assert s.to_dict()["turn"]["payment"]["total"] == 0  # the Lux card adds nothing
    play(s, "p1 pay aqua_3", "p1 pay aqua_2")
    assert s.to_dict()["turn"]["payment"]["total"] == 5
    play(s, "p1 done")
    assert s.seats[0].hand[6] == 3  # three blue 1s kept


def test_lux_2_recolours_one_card_and_limits(bm):
    s = bm.new({(2, 3): "earth_temple"})
    s = bm.arrange(s, hands={0: ["lux_2", "aqua_3", "aqua_3"]}, positions={0: (2, 3)})
    play(s, "p1 done")
    assert "p1 contribute 2" in legal(s)  # red 3: one blue 3 recoloured
    assert "p1 contribute 1" not in legal(s)  # red 4 would need two blue cards
    play(s, "p1 contribute 2", "p1 recolour lux_2 blue", "p1 pay aqua_3")
    assert legal(s) == {"p1 done"}
    play(s, "p1 done")


def test_lux_4_cards_must_share_one_colour(bm):
    s = bm.new({(2, 3): "earth_temple"})
    s = bm.arrange(s, hands={0: ["lux_1", "aqua_2", "vulca_2", "venti_1"]}, positions={0: (2, 3)})
    play(s, "p1 done")
    assert not any(a.startswith("p1 contribute") for a in legal(s))  # 2 + 2 + 1 mixed colours


def test_royal_palace_one_colour_per_space(bm):
    s = bm.new({(2, 3): "royal_palace"})
    s = bm.arrange(s, hands={0: ["aqua_3", "vulca_2", "khind_1", "aqua_1"]}, positions={0: (2, 3)})
    play(s, "p1 done")
    got = legal(s)
    assert "p1 contribute 3 blue" in got  # 3 + 1 = 4 >= 3 in blue
    assert "p1 contribute 1 blue" in got  # blue 3 + 1 + Khind 1 = 5 >= 4
    assert "p1 contribute 0 blue" in got  # 5
    assert "p1 contribute 0 black" not in got  # black 2 + Khind 1 = 3 < 5
    play(s, "p1 contribute 1 blue")
    assert "p1 pay vulca_2" not in legal(s)  # one colour for the space
    play(s, "p1 pay aqua_3", "p1 pay aqua_1", "p1 done")
    assert s.to_dict()["tiles"]["royal_palace"]["markers"] == [None, 1, None, None]


def test_no_free_marker_no_contribution(bm):
    s = bm.new({(2, 3): "earth_temple"})
    s = bm.arrange(s, hands={0: ["terrah_3"]}, positions={0: (2, 3)}, obelisk=[0] * 3,
                   markers=markers_on_buildings(s, 0, 7, spare=("earth_temple",)))
    assert s.seats[0].markers == 0
    play(s, "p1 done")
    assert s.step == "refill"  # nothing possible: the contribution phase is skipped


# ---------------------------------------------------------------- movement powers
def test_venti_1_flies_anywhere_and_venti_2_adds_two_steps(bm):
    s = bm.new({})
    s = bm.arrange(s, hands={0: ["venti_1", "venti_2"]})
    play(s, "p1 play venti_1")
    assert s.step == "teleport" and len(legal(s)) == 20
    play(s, "p1 move 0 1")
    assert s.steps_left == 2
    play(s, "p1 play venti_2")
    assert s.steps_left == 4
    play(s, "p1 move 1 1", "p1 move 2 1", "p1 move 3 1", "p1 move 4 1")
    assert not any(a.startswith("p1 move") for a in legal(s))


def test_dragon_powers(bm):
    s = bm.new({})
    s = bm.arrange(s, hands={0: ["vulca_1", "vulca_2", "terrah_2", "aqua_1"]})
    assert "p1 play vulca_2" not in legal(s)  # red dragon not yet in the city
    assert "p1 play terrah_2" not in legal(s)
    play(s, "p1 play vulca_1")
    assert s.step == "dragon" and len(legal(s)) == 21
    play(s, "p1 dragon 0 1")
    assert s.dragons[0] == 1  # black cards move the RED dragon
    assert "p1 play vulca_2" in legal(s)
    play(s, "p1 play vulca_2")
    assert "p1 dragon 4 3" not in legal(s)  # 5 steps away
    assert "p1 dragon 3 1" in legal(s) and "p1 dragon 0 1" not in legal(s)  # 3 steps; not 0
    play(s, "p1 dragon 3 1")
    assert s.step == "move" and s.dragons[0] == 16
    play(s, "p1 play aqua_1", "p1 dragon 3 1")
    assert s.dragons[2] == 16  # dragons share a tile
    assert_illegal_unchanged(s, "p1 play terrah_2")


def test_dragon_value_2_moves_one_to_three_steps(bm):
    s = bm.new({})
    s = bm.arrange(s, hands={0: ["terrah_2"]}, dragons={"green": (1, 1)})
    play(s, "p1 play terrah_2")
    cells = {a for a in legal(s)}
    assert "p1 dragon 1 2" in cells and "p1 dragon 3 2" in cells and "p1 dragon 1 1" not in cells
    assert "p1 dragon 4 2" not in cells  # 4 steps away
    play(s, "p1 dragon 1 2")
    assert s.step == "move" and s.dragons[1] == 7


def test_movement_powers_only_in_the_movement_phase(bm):
    s = bm.new({(2, 3): "earth_temple"})
    s = bm.arrange(s, hands={0: ["venti_1", "terrah_3", "terrah_2"]}, positions={0: (2, 3)})
    play(s, "p1 done")
    assert_illegal_unchanged(s, "p1 play venti_1")


# ---------------------------------------------------------------- dragons & scales
def test_dragon_scales_only_for_the_first_contribution(bm):
    s = bm.new({(2, 3): "earth_temple"})
    s = bm.arrange(s, hands={0: ["terrah_3", "terrah_2", "terrah_3"]}, positions={0: (2, 3)},
               dragons={"red": (2, 3), "green": (2, 3)})
    play(s, "p1 done", "p1 contribute 0", "p1 pay terrah_3", "p1 pay terrah_2", "p1 done")
    assert s.seats[0].scales == 2  # one per dragon
    play(s, "p1 contribute 2", "p1 pay terrah_3", "p1 done")
    assert s.seats[0].scales == 2


def test_no_scales_for_offerings_with_a_dragon_on_the_square(bm):
    s = bm.new({})
    s = bm.arrange(s, crystals={0: 7}, dragons={"blue": (2, 2)})
    play(s, "p1 done", "p1 offer")
    assert s.seats[0].scales == 0 and s.seats[0].offerings == 1


def test_scale_scoring_tie_for_most_gives_three_each(bm):
    s = bm.new({(2, 3): "earth_temple"}, players=3)  # 10 scales
    s = bm.arrange(s, hands={0: ["terrah_3"]}, positions={0: (2, 3)}, scales={0: 3, 1: 4, 2: 2},
               dragons={"red": (2, 3)})
    play(s, "p1 done", "p1 contribute 2", "p1 pay terrah_3", "p1 done")
    # p1 4, p2 4 tied for most -> 3 each and both return; p3 keeps 2
    assert each(s, "crystals") == [3, 3, 0] and each(s, "scales") == [0, 0, 2] and s.supply == 8


def test_scales_still_earned_when_the_supply_is_out(bm):
    s = bm.new({(2, 3): "earth_temple"}, players=2)  # 7 scales
    s = bm.arrange(s, hands={0: ["terrah_3"]}, positions={0: (2, 3)}, scales={0: 1, 1: 5},
               dragons={"red": (2, 3), "green": (2, 3), "blue": (2, 3)})
    play(s, "p1 done", "p1 contribute 2", "p1 pay terrah_3", "p1 done")
    # 1 real + 2 beyond the supply: p1 has 4, p2 5 -> p2 6 crystals, p1 3 crystals, both return
    assert each(s, "crystals") == [3, 6] and each(s, "scales") == [0, 0] and s.supply == 7


# ---------------------------------------------------------------- rewards
def test_neighbourhood_bonus_once_per_neighbour_even_with_many_markers(bm):
    s = bm.new({(1, 1): "university", (0, 1): "citadel", (1, 0): "aqueduct"})
    s = bm.arrange(s, hands={0: ["lux_3", "lux_2"]}, positions={0: (1, 1)}, built=["citadel"],
               markers={"university": [0, None]})
    play(s, "p1 done", "p1 contribute 1", "p1 pay lux_2", "p1 done")
    # majority 1 scale, construction 1 crystal, Citadel 1 crystal (once); Aqueduct not rebuilt
    assert s.seats[0].crystals == 2 and s.seats[0].scales == 1


def test_cards_won_in_own_turn_wait_others_go_to_hand(bm):
    # Earth Temple neighbourhood bonus = 2 cards; Mill majority (reconstructed) has cards too
    s = bm.new({(1, 1): "water_temple", (0, 1): "earth_temple"})
    s = bm.arrange(s, hands={0: ["aqua_3"], 1: []}, positions={0: (1, 1)}, built=["earth_temple"],
               markers={"water_temple": [1, 1, None]})
    play(s, "p1 done", "p1 contribute 2", "p1 pay aqua_3", "p1 done")
    assert len(s.seats[0].pending) == 2 and s.seats[0].hand_size == 0  # own turn: face down
    assert s.seats[1].hand_size == 2  # another player's turn: straight to hand
    view = s.view(0).to_dict()
    assert view["pending"] == [2, 0, 0, 0]
    play(s, "p1 done", "p1 done")  # end contribution, refill without discarding
    assert s.seats[0].hand_size == 4 and s.seats[0].pending == []


def test_markers_return_and_tile_flips_but_dragons_and_figures_stay(bm):
    s = bm.new({(2, 3): "earth_temple"})
    s = bm.arrange(s, hands={0: ["terrah_3"]}, positions={0: (2, 3), 1: (2, 3)},
               markers={"earth_temple": [1, 2, None]}, dragons={"blue": (2, 3)})
    play(s, "p1 done", "p1 contribute 2", "p1 pay terrah_3", "p1 done")
    assert s.built[13] and each(s, "markers") == [10, 10, 10, 10]
    assert s.seats[1].figure == 13 and s.dragons[2] == 13
    assert s.step == "act"
    assert not any(a.startswith("p1 contribute") for a in legal(s))  # rebuilt: no more spaces


# ---------------------------------------------------------------- obelisk
def test_pillar_extra_offerings(bm):
    s = bm.new({})
    s = bm.arrange(s, hands={0: ["pillar_1", "pillar_2"]}, crystals={0: 7 + 8 + 9})
    play(s, "p1 done")
    assert legal(s) == {"p1 offer", "p1 done"}  # Pillar only after an offering
    play(s, "p1 offer")  # 7
    assert "p1 pillar pillar_1" in legal(s)  # 7 + 1
    assert "p1 pillar pillar_2" in legal(s)  # 7 + 2
    play(s, "p1 pillar pillar_1")
    assert s.seats[0].crystals == 24 - 7 - 8 == 9
    assert "p1 pillar pillar_2" in legal(s)  # next space 7 + 2 = 9: exactly affordable
    play(s, "p1 pillar pillar_2")
    assert s.seats[0].crystals == 0 and s.seats[0].offerings == 3 and s.seats[0].offering_kinds == [1, 2, 0]
    assert legal(s) == {"p1 done"}


def test_pillar_needs_crystals_and_offer_needs_marker(bm):
    s = bm.new({})
    s = bm.arrange(s, hands={0: ["pillar_2"]}, crystals={0: 30}, obelisk=[0] * 2,
                   markers=markers_on_buildings(s, 0, 7))
    play(s, "p1 done", "p1 offer")
    assert s.seats[0].markers == 0
    assert "p1 pillar pillar_2" not in legal(s)  # no free marker


def test_immediate_win(bm):
    s = bm.new({}, players=4)
    s = bm.arrange(s, crystals={0: 7}, obelisk=[0, 0, 0])
    play(s, "p1 done", "p1 offer")
    assert s.is_over() and s.result().winners == [0] and s.result().ranks[0] == 1
    assert s.to_move() == ()


@pytest.mark.parametrize("players,target", [(2, 6), (3, 5), (4, 4)])
def test_offerings_to_win(players, target, bm):
    s = bm.new({}, players=players)
    assert s.target == target
    assert len(s.costs) == (11 if players == 2 else 13)
    assert s.scales_in_play == {2: 7, 3: 10, 4: 12}[players]


def test_all_markers_out_is_a_draw(bm):
    s = bm.new({(2, 3): "earth_temple"}, players=2)
    s = bm.arrange(s, hands={0: ["terrah_3"]}, positions={0: (2, 3)}, obelisk=[0] * 5 + [1] * 5,
               markers={"fire_temple": [0, 0, None], "water_temple": [0, 0, None],
                        "royal_palace": [1, 1, 1, None], "city_residence": [1, 1, None]},
                   wild_colours={"royal_palace": "blue"})
    assert each(s, "markers") == [1, 0]
    play(s, "p1 done", "p1 contribute 2", "p1 pay terrah_3", "p1 done")
    assert s.is_over() and s.drawn_game and s.end_reason == "draw"
    assert s.result().winners == [0, 1]


# ---------------------------------------------------------------- expansion
def test_hospital_draws_two(bm):
    s = bm.new({(0, 0): "hospital"}, city="expansion")
    s = bm.arrange(s, hands={0: []}, positions={0: (0, 0)})
    play(s, "p1 done", "p1 draw")
    assert s.seats[0].hand_size == 2 and s.step == "refill"


def test_golden_temple_offering_without_pillar(bm):
    s = bm.new({(0, 0): "golden_temple"}, city="expansion")
    s = bm.arrange(s, hands={0: ["pillar_1"]}, crystals={0: 20}, positions={0: (0, 0)})
    play(s, "p1 done")
    assert "p1 offer" in legal(s)
    play(s, "p1 offer")
    assert s.seats[0].crystals == 13  # plain price, no surcharge
    assert s.step == "refill" and s.seats[0].offering_kinds == [0, 0, 1]
    assert_illegal_unchanged(s, "p1 pillar pillar_1")


def test_theatre_has_no_action(bm):
    s = bm.new({(0, 0): "theatre"}, city="expansion")
    s = bm.arrange(s, hands={0: []}, positions={0: (0, 0)})
    play(s, "p1 done")
    assert s.step == "refill"  # nothing to do there


def test_main_hall_jump_is_usable_when_rebuilt(bm):
    s = bm.new({(0, 0): "main_hall"}, city="expansion")
    s = bm.arrange(s, hands={0: []}, positions={0: (0, 0)}, built=["main_hall"])
    play(s, "p1 done")
    assert len([a for a in legal(s) if a.startswith("p1 jump")]) == 24


def test_mimix_3_is_a_plain_brown_card(bm):
    s = bm.new({(2, 3): "earth_temple", (2, 1): "city_residence"})
    s = bm.arrange(s, hands={0: ["mimix_3", "mimix_1", "terrah_1"]}, positions={0: (2, 3)})
    play(s, "p1 done")
    assert not any(a.startswith("p1 contribute") for a in legal(s))  # no pair: no wild 3
    s = bm.new({(2, 1): "city_residence"})
    s = bm.arrange(s, hands={0: ["mimix_3"]}, positions={0: (2, 1)})
    play(s, "p1 done")
    assert "p1 contribute 1" in legal(s)  # brown 3


def test_recoloured_cards_do_not_gain_powers(bm):
    # Lux 1 turns red 1s brown for the City Residence: they count 1 each, never as Mimix pairs
    s = bm.new({(2, 1): "city_residence"})
    s = bm.arrange(s, hands={0: ["lux_1", "terrah_1", "terrah_1"]}, positions={0: (2, 1)})
    play(s, "p1 done")
    assert "p1 contribute 2" in legal(s) and "p1 contribute 1" not in legal(s)
    play(s, "p1 contribute 2", "p1 recolour lux_1 red", "p1 pay terrah_1", "p1 pay terrah_1")
    assert s.to_dict()["turn"]["payment"]["total"] == 2


def test_scales_for_every_dragon_and_markers_left_most_tiebreak(bm):
    s = bm.new({(2, 1): "university"})
    s = bm.arrange(s, hands={0: ["lux_2"]}, positions={0: (2, 1)}, markers={"university": [1, None]},
               dragons={"red": (2, 1), "green": (2, 1), "blue": (2, 1)})
    play(s, "p1 done", "p1 contribute 1", "p1 pay lux_2", "p1 done")
    # three dragons: 3 scales; 1 - 1 tie: p2's marker is left-most -> p2 gets the majority scale
    assert s.seats[0].scales == 3 and s.seats[1].scales == 1


def test_golden_temple_surcharge_option_for_the_2006_reading(bm):
    s = bm.new({(0, 0): "golden_temple"}, city="expansion", golden_temple_surcharge=1)
    s = bm.arrange(s, hands={0: []}, crystals={0: 7}, positions={0: (0, 0)})
    play(s, "p1 done")
    assert s.step == "refill"  # 7 + 1 not affordable: nothing to do there
    s = bm.new({(0, 0): "golden_temple"}, city="expansion", golden_temple_surcharge=1)
    s = bm.arrange(s, hands={0: []}, crystals={0: 8}, positions={0: (0, 0)})
    play(s, "p1 done", "p1 offer")
    assert s.seats[0].crystals == 0
