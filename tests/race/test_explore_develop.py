"""Phase I (Explore) and phase II (Develop), with every power of those phases."""

from race_helpers import deck_split, filler, game, ids, legal, play, tableau

from gamekit.core.invariants import assert_illegal_unchanged

TOP = ["gem_world", "spice_world", "comet_zone", "new_vinland", "artist_colony",
       "plague_world", "mining_world", "space_port", "secluded_world", "destroyed_world"]


def test_explore_bonuses_draw_and_keep():
    s = game(deck_top=TOP)
    play(s, "p1 choose explore_5_0", "p2 choose explore_1_1")
    assert ids(s.seats[0].explored) == sorted(TOP[:7])  # +5: draw 7 keep 1
    assert ids(s.seats[1].explored) == sorted(TOP[7:10])  # +1,+1: draw 3 keep 2
    assert s.decision(0).params == {"n": 1, "of": 7}
    assert s.decision(1).params == {"n": 2, "of": 3}
    play(s, "p1 keep comet_zone", "p2 keep space_port")
    assert s.to_move() == (1,)
    play(s, "p2 keep destroyed_world")
    assert ids(s.seats[0].hand) == ["comet_zone"]
    assert ids(s.seats[1].hand) == ["destroyed_world", "space_port"]
    assert len(s.discard) == 7
    assert s.round == 2 and s.phase == "choose"


def test_explore_without_bonus_and_explore_draw_power():
    # Expedition Force: look at one more card (draw 3, keep 1 without a bonus)
    s = game(deck_top=TOP, tableaus=[[], ["expedition_force"]])
    play(s, "p1 choose explore_1_1", "p2 choose develop")
    assert len(s.seats[0].explored) == 3 and len(s.seats[1].explored) == 3
    assert s.decision(1).params == {"n": 1, "of": 3}


def test_galactic_renaissance_example_draw_four_keep_two():
    # rulebook example: with this Explore power a player without bonus draws 4 and keeps 2
    s = game(deck_top=TOP, tableaus=[["galactic_renaissance"], []])
    play(s, "p1 choose produce", "p2 choose explore_5_0")
    assert len(s.seats[0].explored) == 4
    assert s.decision(0).params == {"n": 2, "of": 4}


def test_research_labs_keep_one_more_keeps_all_when_forced():
    s = game(deck_top=TOP, tableaus=[["research_labs"], []])
    play(s, "p1 choose produce", "p2 choose explore_5_0")
    # p1 draws 2 and keeps 2: no decision
    assert s.to_move() == (1,)
    assert ids(s.seats[0].hand) == sorted(TOP[:2])


def test_explore_advanced_both_bonuses_combine():
    s = game(deck_top=TOP, advanced=True)
    play(s, "p1 choose explore_5_0", "p1 choose explore_1_1", "p2 choose settle",
         "p2 choose produce")
    assert len(s.seats[0].explored) == 8
    assert s.decision(0).params == {"n": 2, "of": 8}
    assert len(s.seats[1].explored) == 2


def test_explore_draws_happen_before_discards_and_deck_reshuffles():
    # leave only 3 cards in the deck; the rest goes to the discard pile
    s = game(deck_top=TOP)
    s = deck_split(s, deck=3, discard=len(s.deck) - 3)
    play(s, "p1 choose explore_5_0", "p2 choose produce")
    # p1 drew 7: 3 from the deck, then the discards were reshuffled into a new deck
    assert len(s.seats[0].explored) == 7
    assert any(line.startswith("chance reshuffle") for line in s.log)
    s.check_invariants()


def test_develop_bonus_and_cost_floor_without_refund():
    hand = ["investment_credits"] + filler(2)
    s = game(hands=[hand, []])
    play(s, "p1 choose develop", "p2 choose settle")
    assert "p1 develop investment_credits" in legal(s, 0)
    play(s, "p1 develop investment_credits", "p2 pass")
    # cost 1 - 1 (bonus) = 0: placed without paying, no refund
    assert tableau(s, 0) == ["old_earth", "investment_credits"]
    assert len(s.seats[0].hand) == 2
    assert s.phase == "settle"


def test_develop_payment_one_card_at_a_time():
    hand = ["space_marines", "gem_world", "spice_world", "comet_zone"]
    s = game(hands=[hand, []])
    play(s, "p1 choose settle", "p2 choose develop", "p1 develop space_marines", "p2 pass")
    d = s.decision(0)
    assert d.kind == "pay" and d.stack == ("develop", "space_marines", "pay")
    assert d.params["n"] == 2
    assert_illegal_unchanged(s, "p1 pay space_marines")
    play(s, "p1 pay gem_world")
    assert s.decision(0).params["n"] == 1
    play(s, "p1 pay comet_zone")
    assert tableau(s, 0) == ["old_earth", "space_marines"]
    assert ids(s.seats[0].hand) == ["spice_world"]
    assert len(s.discard) == 2


def test_investment_credits_discount_and_unaffordable_developments():
    hand = ["drop_ships", "space_marines", "gem_world"]
    s = game(hands=[hand, []], tableaus=[["investment_credits"], []])
    play(s, "p1 choose settle", "p2 choose develop")
    # drop ships costs 4 - 1 = 3 > 2 other cards; space marines 2 - 1 = 1
    assert legal(s, 0) == ["p1 pass", "p1 develop space_marines"]
    assert_illegal_unchanged(s, "p1 develop drop_ships")


def test_no_duplicate_development():
    hand = ["investment_credits", "gem_world"]
    s = game(hands=[hand, []], tableaus=[["investment_credits"], []])
    play(s, "p1 choose develop", "p2 choose develop")
    assert legal(s, 0) == ["p1 pass"]
    exc = assert_illegal_unchanged(s, "p1 develop investment_credits")
    assert "duplicate" in str(exc)


def test_public_works_does_not_draw_for_itself_but_later():
    hand = ["public_works", "investment_credits", "rebel_base"]
    s = game(hands=[hand, []], deck_top=TOP)
    play(s, "p1 choose develop", "p2 choose develop", "p1 develop public_works", "p2 pass")
    assert len(s.seats[0].hand) == 2  # placed for 0, no draw for itself
    play(s, "p1 choose develop", "p2 choose develop", "p1 develop investment_credits",
         "p2 pass")
    # 1 - 1 = 0, and Public Works draws one card afterwards
    assert ids(s.seats[0].hand) == sorted(["rebel_base", TOP[0]])


def test_interstellar_bank_draws_at_start_of_develop():
    s = game(hands=[["gem_world"], []], tableaus=[["interstellar_bank"], []],
             deck_top=["investment_credits"])
    play(s, "p1 choose develop", "p2 choose develop")
    assert "p1 develop investment_credits" in legal(s, 0)


def test_galactic_federation_discount_two():
    s = game(hands=[["drop_ships", "gem_world"], []], tableaus=[["galactic_federation"], []])
    play(s, "p1 choose develop", "p2 choose develop", "p2 pass")
    play(s, "p1 develop drop_ships")  # 4 - 2 - 1 = 1
    assert tableau(s, 0)[-1] == "drop_ships"
    assert s.seats[0].hand == []


def test_advanced_double_develop_bonus_rules():
    hands = [["investment_credits", "space_marines", "gem_world", "spice_world"],
             ["public_works", "contact_specialist", "comet_zone", "artist_colony"]]
    s = game(hands=hands, advanced=True)
    play(s, "p1 choose develop", "p1 choose develop_2", "p2 choose develop",
         "p2 choose produce")
    assert s.queue[0] == ("develop", 2)
    # first phase: both have the bonus (cost 1 - 1 = 0)
    play(s, "p1 develop investment_credits", "p2 develop public_works")
    assert len(s.seats[0].hand) == 3 and len(s.seats[1].hand) == 3
    assert s.phase_step == ("develop", 2)
    # second phase: p1 still has the bonus and Investment Credits now works: 2 - 1 - 1 = 0
    play(s, "p1 develop space_marines", "p2 develop contact_specialist")
    assert len(s.seats[0].hand) == 2
    assert tableau(s, 0)[-1] == "space_marines"
    # p2 has no bonus in the second phase: pays 1, then Public Works (placed in phase 1) draws
    assert s.decision(1).kind == "pay"
    play(s, "p2 pay comet_zone")
    assert tableau(s, 1)[-1] == "contact_specialist"
    assert len(s.seats[1].hand) == 2  # 3 - 1 (placed) - 1 (paid) + 1 (Public Works)
