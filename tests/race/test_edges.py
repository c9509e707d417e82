"""Edge cases: empty deck, reshuffle timing, forced and optional steps, advanced choices."""

from race_helpers import deck_split, game, goods_on, ids, legal, play

from gamekit.core.invariants import assert_illegal_unchanged


def test_pilgrimage_world_with_one_good_gives_nothing():
    s = game(start=["new_sparta", "old_earth"], tableaus=[["pilgrimage_world", "gem_world"], []],
             goods=[["gem_world"], []])
    play(s, "p1 choose consume_x2", "p2 choose consume_x2")
    assert s.seats[0].chips == 0 and goods_on(s, 0) == []


def test_colony_ship_only_before_paying_a_card():
    hand = ["new_earth", "gem_world", "spice_world", "comet_zone", "artist_colony",
            "asteroid_belt", "secluded_world"]
    s = game(hands=[hand, []], tableaus=[["colony_ship"], []])
    play(s, "p1 choose settle", "p2 choose settle", "p1 settle new_earth", "p2 pass")
    play(s, "p1 pay gem_world")
    assert "p1 use colony_ship" not in legal(s, 0)
    assert_illegal_unchanged(s, "p1 use colony_ship")


def test_reshuffle_happens_as_soon_as_the_deck_runs_out():
    # 5 cards left in the deck, 5 in the discard pile, the rest parked in p2's hand
    s = deck_split(game(), deck=5, discard=5)
    play(s, "p1 choose explore_1_1", "p2 choose explore_5_0")
    # p1 draws 3 then p2 would draw 7: the deck ran out after 5 and was reshuffled at once
    assert len(s.seats[0].explored) == 3 and len(s.seats[1].explored) == 7
    s = deck_split(game(), deck=5, discard=5)
    play(s, "p1 choose explore_1_1", "p2 choose develop")
    # 3 + 2 draws empty the deck exactly: the 5 discards become the deck before the explore
    # discards are made, which stay in the new discard pile
    assert len(s.deck) == 5 and s.discard == []
    play(s, "p1 keep " + legal(s, 0)[0].split()[-1])
    play(s, "p1 keep " + legal(s, 0)[0].split()[-1])
    play(s, "p2 keep " + legal(s, 1)[0].split()[-1])
    assert len(s.deck) == 5 and len(s.discard) == 2
    assert sum(1 for line in s.log if line.startswith("chance reshuffle")) == 1


def test_nothing_to_draw_anywhere():
    s = deck_split(game(hands=[[], []]), deck=0)  # park every card in p2's hand
    play(s, "p1 choose explore_5_0", "p2 choose explore_1_1")
    assert [seat.explored for seat in s.seats] == [[], []] and s.phase == "round_end"  # p2 must discard down to 10
    assert s.decision(1).kind == "limit"


def test_gamble_needs_a_card_to_flip():
    s = deck_split(game(start=["new_sparta", "old_earth"], tableaus=[["gambling_world"], []]),
                   deck=0)
    play(s, "p1 choose consume_x2", "p2 choose consume_x2")
    assert s.phase == "round_end"  # no gamble possible, consume over


def test_advanced_choices():
    s = game(advanced=True)
    assert "p1 choose develop_2" not in legal(s, 0)
    play(s, "p1 choose develop")
    assert "p1 choose develop" not in legal(s, 0)
    assert "p1 choose develop_2" in legal(s, 0)
    assert_illegal_unchanged(s, "p1 choose develop")
    v = s.view(1).to_dict()
    assert v["seats"][0]["actions"] == ["?"]
    play(s, "p1 choose explore_1_1")
    assert s.to_move() == (1,)


def test_explore_keep_of_two_copies():
    s = game(deck_top=["public_works", "public_works", "gem_world"])
    play(s, "p1 choose explore_1_1", "p2 choose develop")
    assert legal(s, 0) == ["p1 keep public_works", "p1 keep gem_world"]
    play(s, "p1 keep public_works", "p1 keep public_works")
    assert ids(s.seats[0].hand) == ["public_works", "public_works"]


def test_develop_pick_is_revealed_to_others_for_payment():
    hand = ["space_marines", "gem_world", "spice_world", "comet_zone"]
    s = game(hands=[hand, []])
    play(s, "p1 choose develop", "p2 choose develop", "p1 develop space_marines")
    assert s.view(1).to_dict()["seats"][0]["chosen"] == "?"
    play(s, "p2 pass")
    # p1 pays 1 card of 3: the development is now public
    d = s.view(1).to_dict()["seats"][0]
    assert d["chosen"] == "space_marines" and "space_marines" in d["hand"]
