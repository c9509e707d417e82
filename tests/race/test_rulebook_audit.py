"""Audit of the rulebook, section by section: scenarios for rules not pinned elsewhere (start
worlds, military worlds and payment, cards placed earlier in the round, the advanced game's
second phases, the VP pool reaching exactly 0)."""

from race_helpers import filler, game, goods_on, ids, legal, play, tableau

from gamekit.core.invariants import assert_illegal_unchanged


def test_military_world_is_never_paid_in_cards_without_contact_specialist():
    # III: "military worlds cannot be placed by paying; they must be conquered" -- a full
    # hand does not help, and a Colony Ship only places non-military worlds
    hand = ["rebel_warrior_race"] + filler(6)
    s = game(start=["old_earth", "new_sparta"], hands=[hand, []],
             tableaus=[["colony_ship", "replicant_robots"], []])
    play(s, "p1 choose settle", "p2 choose settle")
    assert "p1 settle rebel_warrior_race" not in legal(s, 0)  # military 0 < defense 3
    exc = assert_illegal_unchanged(s, "p1 settle rebel_warrior_race")
    assert "conquer" in str(exc)


def test_start_worlds_from_the_deck_are_ordinary_worlds():
    # unused start worlds are shuffled into the deck: placed later, they cost / defend as
    # printed, windfall ones get their good, and the turn order keeps the original start world
    hand = ["alpha_centauri", "gem_world", "spice_world"]
    s = game(start=["new_sparta", "old_earth"], hands=[hand, []])
    assert s.order == [1, 0]  # Old Earth (0) before New Sparta (3)
    # (the only two other cards pay for it: a forced step)
    play(s, "p1 choose settle", "p2 choose settle", "p1 settle alpha_centauri", "p2 pass")
    assert tableau(s, 0) == ["new_sparta", "alpha_centauri"]
    assert goods_on(s, 0) == ["alpha_centauri"]  # windfall good when placed
    assert s.order == [1, 0]
    # New Sparta from the deck is a military world (defense 2): Epsilon Eridani's +1 is short
    s = game(start=["epsilon_eridani", "old_earth"], hands=[["new_sparta"] + filler(4), []])
    play(s, "p1 choose settle", "p2 choose settle")
    assert "p1 settle new_sparta" not in legal(s, 0)


def test_start_world_powers():
    # Old Earth: +1 card when trading; consume up to 2 goods for 1 VP each
    s = game(start=["old_earth", "new_sparta"], tableaus=[["gem_world", "mining_world",
                                                           "comet_zone"], []],
             goods=[["gem_world", "mining_world", "comet_zone"], []])
    play(s, "p1 choose consume_x2", "p2 choose develop", "p1 pass", "p2 pass")
    assert s.decision(0).kind == "good"
    play(s, "p1 good gem_world", "p1 good mining_world")
    assert s.seats[0].chips == 4 and goods_on(s, 0) == ["comet_zone"]  # 2 goods x 1 VP x2
    s = game(start=["old_earth", "new_sparta"], tableaus=[["gem_world", "comet_zone"], []],
             goods=[["gem_world", "comet_zone"], []])
    play(s, "p1 choose consume_trade", "p2 choose develop", "p1 pass", "p2 pass")
    play(s, "p1 trade comet_zone")
    assert len(s.seats[0].hand) == 3 + 1 and s.seats[0].chips == 1  # rare 3, Old Earth +1
    # Epsilon Eridani: +1 military (conquers defense 1) and 1 good for 1 VP + 1 card
    s = game(start=["epsilon_eridani", "old_earth"], hands=[["runaway_robots"], []])
    play(s, "p1 choose settle", "p2 choose settle", "p1 settle runaway_robots", "p2 pass")
    assert tableau(s, 0)[-1] == "runaway_robots" and goods_on(s, 0) == ["runaway_robots"]
    play(s, "p1 choose consume_x2", "p2 choose consume_x2")
    assert s.seats[0].chips == 2 and goods_on(s, 0) == [] and len(s.seats[0].hand) == 1 + 1
    # Earth's Lost Colony: a Novelty production world
    s = game(start=["earths_lost_colony", "old_earth"])
    play(s, "p1 choose produce", "p2 choose produce")
    assert goods_on(s, 0) == ["earths_lost_colony"]


def test_development_from_develop_helps_settle_in_the_same_round():
    # powers act from the phase after their card is placed: Space Marines (Develop) add
    # +2 military in the Settle phase of the same round
    hand = ["space_marines", "gem_world", "spice_world", "rebel_warrior_race"]
    s = game(start=["epsilon_eridani", "old_earth"], hands=[hand, []])
    play(s, "p1 choose develop", "p2 choose settle", "p1 develop space_marines", "p2 pass")
    play(s, "p1 pay gem_world")
    play(s, "p1 settle rebel_warrior_race", "p2 pass")  # 1 + 2 >= 3
    assert tableau(s, 0) == ["epsilon_eridani", "space_marines", "rebel_warrior_race"]
    assert ids(s.seats[0].hand) == ["spice_world"]  # Develop bonus paid 1; no Settle bonus


def test_placement_is_simultaneous_between_players():
    # both seats reveal before anyone pays: a card placed by one seat gives nothing to the
    # other seat in that phase, and each seat pays its own price
    hands = [["investment_credits", "gem_world"], ["space_marines", "spice_world",
                                                   "comet_zone"]]
    s = game(hands=hands)
    play(s, "p1 choose develop", "p2 choose develop")
    play(s, "p1 develop investment_credits", "p2 develop space_marines")
    play(s, "p2 pay spice_world")  # 2 - 1 (bonus) = 1: Investment Credits of p1 is not p2's
    assert tableau(s, 1)[-1] == "space_marines" and ids(s.seats[1].hand) == ["comet_zone"]


def test_advanced_draw_at_start_of_develop_in_both_phases():
    # 2-player game: two full Develop phases; Interstellar Bank draws at the start of each,
    # and a bank placed in the first phase already draws at the start of the second
    s = game(hands=[["interstellar_bank", "gem_world"], []], tableaus=[[], ["interstellar_bank"]],
             advanced=True)
    play(s, "p1 choose develop", "p1 choose develop_2", "p2 choose produce",
         "p2 choose settle")
    assert len(s.seats[1].hand) == 1  # p2's bank, first phase
    play(s, "p1 develop interstellar_bank", "p2 pass")  # 2 - 1: pays with its only card
    assert s.phase_step == ("develop", 2)
    assert len(s.seats[1].hand) == 2 and len(s.seats[0].hand) == 1  # both banks draw


def test_produce_bonus_skips_a_windfall_world_settled_with_its_good():
    # a windfall world gets its good when settled; the same round's Produce bonus then needs
    # another empty windfall world
    hand = ["radioactive_world", "gem_world", "spice_world"]
    s = game(start=["old_earth", "new_sparta"], hands=[hand, []],
             tableaus=[["asteroid_belt"], []])
    play(s, "p1 choose settle", "p2 choose produce", "p1 settle radioactive_world", "p2 pass")
    assert goods_on(s, 0) == ["radioactive_world"]
    play(s, "p1 choose produce", "p2 choose develop", "p1 pass", "p2 pass")
    assert goods_on(s, 0) == ["asteroid_belt", "radioactive_world"]


def test_vp_pool_reaching_exactly_zero_ends_the_game_at_round_end():
    s = game(start=["old_earth", "new_sparta"], tableaus=[["gem_world"], []],
             goods=[["gem_world"], []], vp_pool=2)
    play(s, "p1 choose consume_x2", "p2 choose produce")
    assert s.seats[0].chips == 2 and s.pool == 0
    assert s.is_over() and s.round == 1  # the Produce phase of that round was played first
    assert goods_on(s, 0) == ["gem_world"]


def test_first_game_preset_hands_follow_the_start_worlds_in_any_seat_order():
    # the rulebook deals start worlds 1..N at random; with start_worlds the deal can be given
    # in any order and each seat gets the preset hand of its world
    import gamekit

    s = gamekit.new("race", players=2, seed=1, first_game=True,
                    start_worlds=["alpha_centauri", "epsilon_eridani"])
    assert ids(s.seats[0].hand) == ["comet_zone", "expedition_force", "mining_robots", "rebel_miners"]
    assert ids(s.seats[1].hand) == ["colony_ship", "gem_world", "public_works", "rebel_fuel_cache"]
    assert s.order == [1, 0] and goods_on(s, 0) == ["alpha_centauri"]
    assert s.phase == "choose"  # no initial discard in the first game
