"""Phase III (Settle): paying, conquering and every settle power, incl. the rulebook's
Contact Specialist and Colony Ship clarifications."""

from race_helpers import filler, game, goods_on, ids, legal, play, tableau

from gamekit.core.invariants import assert_illegal_unchanged

TOP = ["tourist_world", "merchant_world", "drop_ships", "lost_species_ark_world",
       "galactic_trendsetters", "deficit_spending", "mining_league", "export_duties"]


def settle_round(s, p1=None, p2=None, who=(0,)):
    """p1 chooses settle; p2 settle too or develop (then both pass in Develop)."""
    play(s, "p1 choose settle", "p2 choose " + ("settle" if 1 in who else "develop"))
    if 1 not in who:
        play(s, "p1 pass", "p2 pass")
    play(s, "p1 " + (f"settle {p1}" if p1 else "pass"), "p2 " + (f"settle {p2}" if p2 else "pass"))
    return s


def test_pay_for_a_world_then_draw_the_settle_bonus():
    s = game(hands=[["gem_world", "spice_world", "galactic_resort", "asteroid_belt"], []],
             deck_top=TOP)
    settle_round(s, "gem_world")
    assert s.decision(0).kind == "pay" and s.decision(0).params == {"card": "gem_world", "n": 2}
    play(s, "p1 pay spice_world", "p1 pay asteroid_belt")
    assert tableau(s, 0) == ["old_earth", "gem_world"]
    assert ids(s.seats[0].hand) == sorted(["galactic_resort", TOP[0]])  # bonus draw after placing
    assert goods_on(s, 0) == []  # production world: no good until Produce


def test_no_bonus_for_a_seat_that_did_not_choose_settle():
    s = game(hands=[["gem_world", "spice_world", "asteroid_belt"], ["galactic_resort"]],
             deck_top=TOP)
    play(s, "p1 choose develop", "p2 choose settle", "p1 pass", "p2 pass",
         "p1 settle gem_world", "p2 pass")
    assert tableau(s, 0)[-1] == "gem_world"
    assert s.seats[0].hand == []  # paid 2, drew nothing


def test_windfall_world_gets_a_good_when_placed():
    s = game(hands=[["radioactive_world", "spice_world", "gem_world"], []], deck_top=TOP)
    settle_round(s, "radioactive_world")
    assert goods_on(s, 0) == ["radioactive_world"]


def test_replicant_robots_and_mining_robots_discounts():
    hand = ["new_earth", "mining_world"] + filler(3, avoid=("mining_world",))
    s = game(hands=[hand, []], tableaus=[["replicant_robots"], []])
    settle_round(s, "new_earth")
    assert s.decision(0).params["n"] == 3  # 5 - 2
    s2 = game(hands=[hand, []], tableaus=[["mining_robots"], []])
    settle_round(s2, "mining_world")
    assert s2.decision(0).params["n"] == 2  # rare world: 3 - 1
    s3 = game(hands=[["spice_world"] + filler(3), []], tableaus=[["mining_robots"], []])
    settle_round(s3, "spice_world")
    assert s3.decision(0).params["n"] == 2  # novelty world: no discount


def test_conquer_with_military_and_windfall_good():
    s = game(hands=[[], ["former_penal_colony", "rebel_warrior_race"]], deck_top=TOP)
    assert "p2 settle rebel_warrior_race" not in legal(play(s, "p1 choose settle",
                                                            "p2 choose settle"), 1)
    assert_illegal_unchanged(s, "p2 settle rebel_warrior_race")  # defense 3 > military 2
    play(s, "p1 pass", "p2 settle former_penal_colony")
    # New Sparta +2 >= defense 2: conquered without paying, good placed, bonus card drawn
    assert tableau(s, 1) == ["new_sparta", "former_penal_colony"]
    assert goods_on(s, 1) == ["former_penal_colony"]
    assert ids(s.seats[1].hand) == sorted(["rebel_warrior_race", TOP[1]])


def test_contact_specialist_minus_one_military_and_pay_defense_minus_one():
    # New Sparta +2, Contact Specialist -1: military 1 < 2, so the world must be paid: 2 - 1 = 1
    hand = ["former_penal_colony", "spice_world", "asteroid_belt"]
    s = game(hands=[[], hand], tableaus=[[], ["contact_specialist"]])
    play(s, "p1 choose develop", "p2 choose settle", "p1 pass", "p2 pass", "p1 pass",
         "p2 settle former_penal_colony")
    d = s.decision(1)
    assert d.kind == "pay" and d.params["n"] == 1
    play(s, "p2 pay spice_world")
    assert tableau(s, 1)[-1] == "former_penal_colony"
    assert len(s.seats[1].hand) == 2 and "asteroid_belt" in ids(s.seats[1].hand)  # + settle bonus card


def test_contact_specialist_combines_with_settle_discounts():
    # Rebel Miners: rare, defense 2; Contact Specialist 2 - 1, Mining Robots -1 -> free
    s = game(start=["old_earth", "earths_lost_colony"],
             hands=[["rebel_miners"], []], tableaus=[["contact_specialist", "mining_robots"], []])
    settle_round(s, "rebel_miners")
    assert tableau(s, 0)[-1] == "rebel_miners"


def test_contact_specialist_not_for_alien_military_worlds():
    s = game(start=["old_earth", "earths_lost_colony"],
             hands=[["alien_robot_sentry"] + filler(4), []], tableaus=[["contact_specialist"], []])
    play(s, "p1 choose settle", "p2 choose settle")
    assert "p1 settle alien_robot_sentry" not in legal(s, 0)


def test_military_and_payment_never_combine():
    # military 1 cannot lower the Contact Specialist price of Rebel Outpost (5 - 1 = 4)
    s = game(start=["epsilon_eridani", "earths_lost_colony"],
             hands=[["rebel_outpost", "gem_world", "spice_world", "comet_zone", "artist_colony",
                     "asteroid_belt"], []],
             tableaus=[["contact_specialist", "space_marines"], []])
    settle_round(s, "rebel_outpost")
    # military 1 + 2 - 1 = 2 < 5: only the payment, 4 cards
    assert s.decision(0).params["n"] == 4


def test_choice_between_conquering_and_paying():
    s = game(start=["new_sparta", "old_earth"],
             hands=[["former_penal_colony", "gem_world", "spice_world"], []],
             tableaus=[["contact_specialist", "space_marines"], []])
    settle_round(s, "former_penal_colony")
    d = s.decision(0)
    assert d.kind == "method" and legal(s, 0) == ["p1 method conquer", "p1 method contact"]
    play(s, "p1 method contact", "p1 pay gem_world")
    assert tableau(s, 0)[-1] == "former_penal_colony"


def test_colony_ship_places_a_world_for_free_when_it_cannot_be_paid():
    s = game(hands=[["new_earth"], []], tableaus=[["colony_ship"], []])
    settle_round(s, "new_earth")
    assert tableau(s, 0) == ["old_earth", "new_earth"]  # Colony Ship left the tableau
    assert ids(s.discard) == ["colony_ship"]


def test_colony_ship_is_optional_when_the_world_can_be_paid():
    s = game(hands=[["new_earth"] + filler(5, avoid=("new_earth",)), []],
             tableaus=[["colony_ship"], []])
    settle_round(s, "new_earth")
    assert "p1 use colony_ship" in legal(s, 0)
    play(s, "p1 use colony_ship")
    assert tableau(s, 0) == ["old_earth", "new_earth"]
    assert len(s.seats[0].hand) == 5 + 1  # nothing paid, bonus draw


def test_colony_ship_not_for_alien_worlds_but_for_alien_rosetta_stone():
    s = game(hands=[["deserted_alien_outpost", "alien_rosetta_stone_world"], []],
             tableaus=[["colony_ship"], []])
    play(s, "p1 choose settle", "p2 choose settle")
    assert legal(s, 0) == ["p1 pass", "p1 settle alien_rosetta_stone_world"]


def test_colony_ship_with_contact_specialist_places_military_world_free():
    # rulebook: "a Colony Ship lets a Contact Specialist place a (non-Alien) military world free"
    s = game(hands=[["rebel_base"], []], tableaus=[["colony_ship", "contact_specialist"], []])
    settle_round(s, "rebel_base")
    assert tableau(s, 0) == ["old_earth", "contact_specialist", "rebel_base"]


def test_new_military_tactics_temporary_plus_three():
    s = game(start=["new_sparta", "old_earth"], hands=[["rebel_outpost"], []],
             tableaus=[["new_military_tactics"], []])
    settle_round(s, "rebel_outpost")
    # 2 + 3 >= 5: conquered; New Military Tactics discarded from the tableau
    assert tableau(s, 0) == ["new_sparta", "rebel_outpost"]
    assert [seat.temp_military for seat in s.seats] == [0, 0]  # the bonus lasts only for that phase


def test_new_military_tactics_is_a_choice_when_not_needed():
    s = game(start=["new_sparta", "old_earth"], hands=[["former_penal_colony"], []],
             tableaus=[["new_military_tactics"], []])
    settle_round(s, "former_penal_colony")
    assert legal(s, 0) == ["p1 method conquer", "p1 method tactics"]
    play(s, "p1 method conquer")
    assert "new_military_tactics" in tableau(s, 0)


def test_specialised_military_alpha_centauri_against_rare_worlds():
    s = game(start=["alpha_centauri", "old_earth"],
             hands=[["rebel_fuel_cache", "new_survivalists"], []])
    play(s, "p1 choose settle", "p2 choose settle")
    assert legal(s, 0) == ["p1 pass", "p1 settle rebel_fuel_cache"]


def test_galactic_imperium_against_rebel_military_worlds():
    s = game(hands=[["rebel_warrior_race", "pirate_world", "rebel_homeworld"], []],
             tableaus=[["galactic_imperium"], []])
    play(s, "p1 choose settle", "p2 choose settle")
    assert legal(s, 0) == ["p1 pass", "p1 settle rebel_warrior_race"]


def test_negative_military_of_worlds():
    s = game(start=["new_sparta", "old_earth"], hands=[["former_penal_colony"], []],
             tableaus=[["empath_world"], []])
    play(s, "p1 choose settle", "p2 choose settle")
    assert legal(s, 0) == ["p1 pass"]  # 2 - 1 < 2


def test_terraforming_robots_draw_after_placing_a_world_from_the_next_phase():
    hand = ["terraforming_robots", "gem_world", "spice_world", "galactic_resort",
            "artist_colony", "asteroid_belt"]
    s = game(hands=[hand, []], deck_top=TOP)
    play(s, "p1 choose develop", "p2 choose settle")
    play(s, "p1 develop terraforming_robots", "p2 pass")
    play(s, "p1 pay gem_world", "p1 pay spice_world")
    # same round, Settle phase: the robots (placed in the previous phase) already work
    play(s, "p1 settle artist_colony", "p2 pass")
    play(s, "p1 pay galactic_resort")
    assert tableau(s, 0)[-1] == "artist_colony"
    assert ids(s.seats[0].hand) == sorted(["asteroid_belt", TOP[0]])


def test_world_placed_in_first_settle_helps_in_second_advanced():
    s = game(start=["old_earth", "earths_lost_colony"],
             hands=[["blaster_gem_mines", "new_survivalists", "gem_world", "spice_world",
                     "galactic_resort"], ["secluded_world", "refugee_world",
                                          "asteroid_belt", "radioactive_world"]],
             advanced=True, deck_top=TOP)
    play(s, "p1 choose settle", "p1 choose settle_2", "p2 choose settle", "p2 choose produce")
    # first phase: New Survivalists (defense 1) cannot be conquered yet
    assert "p1 settle new_survivalists" not in legal(s, 0)
    play(s, "p1 settle blaster_gem_mines", "p2 settle secluded_world")
    play(s, "p1 pay gem_world", "p1 pay spice_world", "p1 pay galactic_resort")
    play(s, "p2 pay asteroid_belt")
    assert len(s.seats[1].hand) == 3  # paid 1, drew 1 (bonus in the first phase)
    # second phase: Blaster Gem Mines (+1 military) now works
    assert s.phase_step == ("settle", 2)
    play(s, "p1 settle new_survivalists", "p2 settle refugee_world")
    assert tableau(s, 0)[-1] == "new_survivalists"
    # p2 chose only one settle card: no bonus card in the second phase
    assert len(s.seats[1].hand) == 2


def test_alien_specialised_military_and_discount():
    # Alien Tech Institute: +2 military only against Alien worlds, -2 on non-military Alien worlds
    s = game(start=["new_sparta", "old_earth"],
             hands=[["lost_alien_warship", "pirate_world", "deserted_alien_colony",
                     "gem_world", "spice_world", "comet_zone"], []],
             tableaus=[["alien_tech_institute"], []])
    play(s, "p1 choose settle", "p2 choose settle")
    # 2 + 2 >= 5? no; pirate world (not alien, defense 3): 2 < 3; alien colony: 5 - 2 = 3
    got = legal(s, 0)
    assert "p1 settle deserted_alien_colony" in got
    assert "p1 settle lost_alien_warship" not in got and "p1 settle pirate_world" not in got
    s = game(start=["new_sparta", "old_earth"], hands=[["alien_robot_scout_ship"], []],
             tableaus=[["alien_rosetta_stone_world"], []])
    play(s, "p1 choose settle", "p2 choose settle")
    assert legal(s, 0) == ["p1 pass", "p1 settle alien_robot_scout_ship"]  # 2 + 2 >= 4
