"""Final scoring: hand-built tableaus against known totals, every six-cost development,
tie-breaks and the end of the game."""

import pytest
from race_helpers import game, play

SIX = [
    # (start world, other tableau cards, chips, expected breakdown)
    ("old_earth", ["galactic_federation", "investment_credits", "drop_ships", "mining_league"], 0,
     {"tableau": 5, "chips": 0, "six_dev:galactic_federation": 6, "six_dev:mining_league": 0}),
    ("new_sparta", ["new_galactic_order", "space_marines", "contact_specialist",
                    "galactic_imperium", "new_military_tactics"], 2,
     {"tableau": 4, "chips": 2, "six_dev:new_galactic_order": 5,
      "six_dev:galactic_imperium": 1}),
    ("old_earth", ["galactic_renaissance", "research_labs", "artist_colony"], 10,
     {"tableau": 5, "chips": 10, "six_dev:galactic_renaissance": 9}),
    ("old_earth", ["galactic_survey_seti", "expedition_force", "malevolent_lifeforms",
                   "star_nomad_lair", "gem_world", "investment_credits"], 0,
     {"tableau": 8, "chips": 0, "six_dev:galactic_survey_seti": 8}),
    ("old_earth", ["alien_tech_institute", "alien_robotic_factory", "deserted_alien_outpost",
                   "alien_rosetta_stone_world"], 0,
     {"tableau": 13, "chips": 0, "six_dev:alien_tech_institute": 9}),
    ("earths_lost_colony", ["free_trade_association", "spice_world", "galactic_resort",
                            "consumer_markets", "expanding_colony"], 0,
     {"tableau": 8, "chips": 0, "six_dev:free_trade_association": 9}),
    ("alpha_centauri", ["mining_league", "mining_world", "mining_robots", "mining_conglomerate",
                        "rebel_miners"], 0,
     {"tableau": 6, "chips": 0, "six_dev:mining_league": 9}),
    ("new_sparta", ["pan_galactic_league", "plague_world", "malevolent_lifeforms",
                    "contact_specialist", "pre_sentient_race"], 0,
     {"tableau": 5, "chips": 0, "six_dev:pan_galactic_league": 10}),
    ("earths_lost_colony", ["merchant_guild", "mining_world", "radioactive_world",
                            "alien_robotic_factory", "plague_world"], 0,
     {"tableau": 9, "chips": 0, "six_dev:merchant_guild": 8}),
    ("old_earth", ["new_economy", "consumer_markets", "export_duties",
                   "black_market_trading_world", "gambling_world", "deficit_spending"], 0,
     {"tableau": 10, "chips": 0, "six_dev:new_economy": 9}),
    ("old_earth", ["trade_league", "export_duties", "consumer_markets", "pirate_world",
                   "black_market_trading_world", "spice_world"], 0,
     {"tableau": 11, "chips": 0, "six_dev:trade_league": 7}),
    ("old_earth", ["galactic_imperium", "rebel_outpost", "pirate_world", "rebel_fuel_cache"], 0,
     {"tableau": 10, "chips": 0, "six_dev:galactic_imperium": 5}),
]


@pytest.mark.parametrize("start,cards,chips,expected", SIX, ids=[x[1][0] for x in SIX])
def test_six_cost_developments(start, cards, chips, expected):
    other = "new_sparta" if start != "new_sparta" else "old_earth"
    s = game(start=[start, other], tableaus=[cards, []], chips=[chips, 0])
    assert s.score_breakdown(0) == expected
    assert s.score(0) == sum(expected.values())


def test_every_six_cost_development_is_covered():
    from gamekit.games.race.cards import CARDS

    six = {c.id for c in CARDS if c.dev and c.cost == 6}
    covered = {k.split(":")[1] for _s, _c, _ch, exp in SIX for k in exp if k.startswith("six")}
    assert six == covered and len(six) == 12


def test_new_galactic_order_counts_negative_military():
    s = game(start=["old_earth", "new_sparta"],
             tableaus=[["new_galactic_order", "contact_specialist", "empath_world",
                        "refugee_world", "pan_galactic_league"], []])
    # +2 -1 -1 -1 -1 = -2; Pan-Galactic League: Contact Specialist 3
    assert s.score_breakdown(0)["six_dev:new_galactic_order"] == -2


def end_game(hands, tableaus, goods=None, chips=None):
    """A game that ends at the end of its first round (a tableau of 12 cards)."""
    s = game(start=["old_earth", "new_sparta"], hands=hands, tableaus=tableaus, goods=goods,
             chips=chips)
    play(s, "p1 choose develop", "p2 choose develop", "p1 pass", "p2 pass")
    assert s.is_over()
    return s


TWELVE = ["gem_world", "spice_world", "comet_zone", "artist_colony", "secluded_world",
          "new_vinland", "space_port", "mining_world", "plague_world", "asteroid_belt",
          "radioactive_world"]


def test_game_ends_at_round_end_with_twelve_cards_and_tie_break():
    # p1: 11 cards + Old Earth = 12; p2 gets the same VP through chips
    s = game(start=["old_earth", "new_sparta"], tableaus=[TWELVE, []])
    p1 = s.score(0)
    s = end_game([[], ["pre_sentient_race"]], [TWELVE, []], chips=[0, p1 - 1])
    res = s.result()
    assert res.scores == [p1, p1]
    assert res.winners == [1]  # tie broken by hand + goods
    assert res.tiebreaks == [(0,), (1,)]


def test_shared_win_when_still_tied():
    s = game(start=["old_earth", "new_sparta"], tableaus=[TWELVE, []])
    p1 = s.score(0)
    s = end_game([[], []], [TWELVE, []], chips=[0, p1 - 1])
    assert s.result().winners == [0, 1]


def test_game_does_not_end_with_eleven_cards():
    s = game(start=["old_earth", "new_sparta"], tableaus=[TWELVE[:10], []])
    play(s, "p1 choose develop", "p2 choose develop", "p1 pass", "p2 pass")
    assert not s.is_over() and s.round == 2


def test_twelfth_card_ends_game_only_at_round_end_and_thirteen_possible():
    hand = ["investment_credits", "refugee_world"]
    s = game(start=["old_earth", "new_sparta"], hands=[hand, []], tableaus=[TWELVE[:10], []])
    play(s, "p1 choose develop", "p2 choose settle", "p1 develop investment_credits", "p2 pass")
    assert len(s.seats[0].tableau) == 12 and not s.is_over()  # the round goes on
    play(s, "p1 settle refugee_world", "p2 pass")
    assert len(s.seats[0].tableau) == 13 and s.is_over()


def test_hand_limit_at_round_end():
    hand = TWELVE
    s = game(start=["old_earth", "new_sparta"], hands=[hand, []])
    play(s, "p1 choose develop", "p2 choose develop", "p1 pass", "p2 pass")
    d = s.decision(0)
    assert d.kind == "limit" and d.params == {"n": 1}
    play(s, "p1 discard gem_world")
    assert len(s.seats[0].hand) == 10 and s.round == 2
