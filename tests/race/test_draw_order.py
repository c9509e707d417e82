"""Draw order when the deck runs short ("Quem joga primeiro?" / "Who goes first?"): every
phase takes cards from the deck seat by seat, clockwise from the lowest-numbered start world,
and the discards are reshuffled as soon as the deck runs out. Each test builds a deck of a few
named cards (option ``deck``) and checks exactly which card goes to whom."""

from race_helpers import card_ids, edited, play, short_deck_game

# p2 (Epsilon Eridani, start world 1) resolves before p1 (New Sparta, 3)
P2_FIRST = ["new_sparta", "epsilon_eridani"]


def good_of(state, seat, world):
    return next(card_ids([g])[0] for w, g in state.seats[seat].goods.items()
                if card_ids([w])[0] == world)


def test_setup_deal_and_alpha_centauri_follow_the_order():
    # p2 holds Alpha Centauri (2) and so deals first: 6 cards, then p1, then Alpha's good
    deck = ["gem_world", "spice_world", "comet_zone", "mining_world", "new_earth", "space_port",
            "artist_colony", "secluded_world", "gambling_world", "expanding_colony",
            "destroyed_world", "empath_world", "asteroid_belt", "radioactive_world"]
    s = short_deck_game(deck, ["new_sparta", "alpha_centauri"], sink="tableau")
    assert s.order == [1, 0]
    assert card_ids(s.seats[1].hand) == deck[:6]
    assert card_ids(s.seats[0].hand) == deck[6:12]
    assert good_of(s, 1, "alpha_centauri") == "asteroid_belt"
    assert card_ids(s.deck) == ["radioactive_world"]
    order = next(e for e in s.events if e.kind == "order")
    assert order.text("en").endswith("order: Player 2, Player 1.")
    assert order.text("pt").endswith("ordem: Jogador 2, Jogador 1.")


def test_produce_goods_windfalls_and_draws_of_a_seat_before_the_next():
    # p2: Mining World (draws 1 when it produces) and the windfall Destroyed World (Produce
    # bonus); p1: Gem World (draws 1 when it produces)
    deck = ["spice_world", "new_earth", "space_port", "comet_zone", "artist_colony"]
    s = short_deck_game(deck, P2_FIRST, tableaus=[["gem_world"],
                                                  ["mining_world", "destroyed_world"]])
    n1 = len(s.seats[0].hand)
    play(s, "p1 choose produce", "p2 choose produce")
    assert good_of(s, 1, "mining_world") == "spice_world"
    assert good_of(s, 1, "destroyed_world") == "new_earth"
    assert card_ids(s.seats[1].hand) == ["space_port"]
    assert good_of(s, 0, "gem_world") == "comet_zone"
    assert card_ids(s.seats[0].hand[n1:]) == ["artist_colony"]


def test_produce_reshuffle_feeds_the_next_seat():
    # deck of 2 and one discard: p2 takes both (good + draw), the reshuffled discard is p1's good
    s = short_deck_game(["spice_world", "new_earth"], P2_FIRST,
                        tableaus=[["gem_world"], ["mining_world"]], initial_discard=1)
    play(s, "p1 discard comet_zone")
    assert card_ids(s.discard) == ["comet_zone"]
    n1 = len(s.seats[0].hand)
    play(s, "p1 choose produce", "p2 choose produce")
    assert good_of(s, 1, "mining_world") == "spice_world"
    assert card_ids(s.seats[1].hand) == ["new_earth"]
    assert good_of(s, 0, "gem_world") == "comet_zone"
    assert len(s.seats[0].hand) == n1  # nothing left for Gem World's draw
    assert [e.kind for e in s.events].count("reshuffle") == 1


def test_produce_three_players_clockwise_from_the_lowest_start_world():
    deck = ["spice_world", "new_earth", "space_port", "artist_colony", "secluded_world",
            "gambling_world"]
    s = short_deck_game(deck, ["new_sparta", "epsilon_eridani", "old_earth"],
                        tableaus=[["gem_world"], ["comet_zone"], ["mining_world"]], sink=0)
    assert s.order == [2, 0, 1]
    n0 = len(s.seats[0].hand)
    play(s, "p1 choose produce", "p2 choose produce", "p3 choose produce")
    assert good_of(s, 2, "mining_world") == "spice_world"
    assert card_ids(s.seats[2].hand) == ["new_earth"]
    assert good_of(s, 0, "gem_world") == "space_port"
    assert card_ids(s.seats[0].hand[n0:]) == ["artist_colony"]
    assert good_of(s, 1, "comet_zone") == "secluded_world"
    assert card_ids(s.seats[1].hand) == ["gambling_world"]


def test_mining_conglomerate_draws_after_everyone_has_produced():
    # p2 resolves first but "produced the most Rare" needs p1's production: drawn last
    deck = ["spice_world", "space_port", "artist_colony", "secluded_world", "gambling_world"]
    s = short_deck_game(deck, P2_FIRST,
                        tableaus=[["imperium_armaments_world"],
                                  ["mining_conglomerate", "new_earth", "bio_hazard_mining_world"]])
    play(s, "p1 choose produce", "p2 choose produce")
    assert {good_of(s, 1, "new_earth"), good_of(s, 1, "bio_hazard_mining_world")} == {
        "spice_world", "space_port"}
    assert good_of(s, 0, "imperium_armaments_world") == "artist_colony"
    assert card_ids(s.seats[1].hand) == ["secluded_world", "gambling_world"]


def test_explore_draws_in_order_and_reshuffles_before_anyone_keeps():
    # p2 (first) draws 2; p1 (Explore +1,+1) gets the last card, then the reshuffled discard
    s = short_deck_game(["spice_world", "new_earth", "space_port"], P2_FIRST, initial_discard=1)
    play(s, "p1 discard comet_zone")
    n1 = len(s.seats[0].hand)
    play(s, "p1 choose explore_1_1", "p2 choose develop")
    assert card_ids(s.seats[1].explored) == ["spice_world", "new_earth"]  # p2 still to keep one
    assert card_ids(s.seats[0].hand[n1:]) == ["space_port", "comet_zone"]  # p1 keeps both (forced)
    assert s.deck == [] and s.discard == []
    play(s, "p2 keep new_earth")
    assert card_ids(s.discard) == ["spice_world"]  # the unkept card after every draw


def test_develop_start_draws_in_order_then_payments_seat_by_seat():
    # both have Interstellar Bank (draw 1 at the start of Develop): p2 first. Then p2 pays 1 for
    # Mining Robots and its Public Works draws the last card: the deck runs out and only p2's
    # payment is reshuffled; p1's payment comes after and stays in the discards.
    s = short_deck_game(["spice_world", "new_earth", "space_port"], P2_FIRST,
                        tableaus=[["interstellar_bank"], ["interstellar_bank", "public_works"]],
                        hands=[["investment_credits", "artist_colony"],
                               ["mining_robots", "secluded_world"]])
    n1 = len(s.seats[0].hand)
    play(s, "p1 choose settle", "p2 choose develop")
    assert card_ids(s.seats[1].hand) == ["mining_robots", "secluded_world", "spice_world"]
    assert card_ids(s.seats[0].hand[n1:]) == ["new_earth"]
    play(s, "p1 develop investment_credits", "p2 develop mining_robots")
    play(s, "p2 pay secluded_world")  # cost 2 - bonus 1; p1 waits for p2
    assert s.to_move() == (0,)
    # p2's Public Works drew the last card
    assert card_ids(s.seats[1].hand) == ["spice_world", "space_port"]
    assert card_ids(s.deck) == ["secluded_world"] and s.discard == []
    play(s, "p1 pay artist_colony")  # p1 pays the full cost 1 (a choice: its hand is large)
    assert card_ids(s.discard) == ["artist_colony"] and card_ids(s.deck) == ["secluded_world"]


def test_settle_windfall_good_and_bonus_draw_seat_by_seat():
    # p2 pays, gets Empath World's good and the Settle bonus card (the last two), the deck runs
    # out and p2's payment is reshuffled: it becomes p1's windfall good; p1's own payment is
    # then reshuffled and drawn back as p1's bonus card
    s = short_deck_game(["spice_world", "new_earth"], P2_FIRST,
                        hands=[["destroyed_world", "artist_colony"],
                               ["empath_world", "secluded_world"]])
    n1 = len(s.seats[0].hand)
    play(s, "p1 choose settle", "p2 choose settle",
         "p1 settle destroyed_world", "p2 settle empath_world")
    assert good_of(s, 1, "empath_world") == "spice_world"
    assert card_ids(s.seats[1].hand) == ["new_earth"]
    assert card_ids(s.deck) == ["secluded_world"]
    play(s, "p1 pay artist_colony")
    assert good_of(s, 0, "destroyed_world") == "secluded_world"
    assert card_ids(s.seats[0].hand[n1 - 2:]) == ["artist_colony"]
    assert s.deck == [] and s.discard == []


def test_consume_trade_draws_seat_by_seat_with_reshuffles():
    # goods (option) come off the deck first: p1's then p2's. p2 sells first (2 cards: the last
    # two), its sold good is reshuffled and p1 draws it, then p1's own sold good
    s = short_deck_game(["gem_world", "comet_zone", "new_earth", "space_port"], P2_FIRST,
                        tableaus=[["artist_colony"], ["secluded_world"]],
                        goods=[["artist_colony"], ["secluded_world"]])
    assert good_of(s, 0, "artist_colony") == "gem_world"
    assert good_of(s, 1, "secluded_world") == "comet_zone"
    n1 = len(s.seats[0].hand)
    play(s, "p1 choose consume_trade", "p2 choose consume_trade")
    assert card_ids(s.seats[1].hand) == ["new_earth", "space_port"]
    assert card_ids(s.seats[0].hand[n1:]) == ["comet_zone", "gem_world"]
    sells = [(e.seat, e.data["world"]) for e in s.events if e.kind == "sell"]
    assert sells == [(1, "secluded_world"), (0, "artist_colony")]


def test_discard_order_never_changes_a_reshuffle():
    # round-end (and other simultaneous) discards: the pile is sorted before it is shuffled, so
    # the order in which seats discard never matters
    start = short_deck_game(["gem_world"], P2_FIRST)
    games = []
    for backwards in (False, True):
        def change(data, backwards=backwards):
            hand = data["seats"][0]["hand"]
            pile = hand[:6]
            del hand[:6]
            data["discard"] = pile[::-1] if backwards else pile
        games.append(edited(start, change))
    a, b = games
    assert card_ids(a.discard) == card_ids(b.discard)[::-1] != card_ids(b.discard)
    # explore: p2 draws the last card, the deck runs out and the 6 discards are reshuffled at
    # once; then p2's other draws and p1's come from the new deck
    for st in games:
        play(st, "p1 choose develop", "p2 choose explore_1_1")
    drawn = card_ids(a.seats[1].explored)
    assert drawn[0] == "gem_world" and a.discard == [] and len(drawn) > 1
    assert len(a.deck) == 6 - (len(drawn) - 1) - len(a.seats[0].explored)
    assert a.deck == b.deck and a.seats[0].explored == b.seats[0].explored
    assert a.seats[1].explored == b.seats[1].explored
