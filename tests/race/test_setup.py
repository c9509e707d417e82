"""Setup: standard deal, first game, Alpha Centauri, explicit options and their errors."""

import pytest
from race_helpers import game, goods_on, ids, play, tableau

import gamekit
from gamekit.core import OptionError
from gamekit.core.invariants import assert_illegal_unchanged
from gamekit.games.race.cards import COPIES, START_WORLDS


def test_standard_setup_deals_six_and_asks_to_discard_two():
    for n in (2, 3, 4):
        s = gamekit.new("race", players=n, seed=5)
        assert all(len(seat.hand) == 6 for seat in s.seats)
        assert all(len(seat.tableau) == 1 and COPIES[seat.tableau[0]].start >= 0 for seat in s.seats)
        assert len({seat.tableau[0] for seat in s.seats}) == n
        assert s.to_move() == tuple(range(n))
        d = s.decision(0)
        assert d.kind == "discard0" and d.params == {"n": 2}
        assert s.pool == 12 * n
        s.check_invariants()


def test_initial_discard_then_round_one():
    s = gamekit.new("race", players=2, seed=3)
    for seat in (0, 1):
        for _ in range(2):
            s.apply(s.legal_actions(seat)[0])
    assert [len(seat.hand) for seat in s.seats] == [4, 4]
    assert len(s.discard) == 4
    assert s.round == 1 and s.phase == "choose"
    assert s.decision(0).secret


def test_first_game_uses_start_worlds_and_preset_hands():
    for n in (2, 3, 4):
        s = gamekit.new("race", players=n, seed=2, first_game=True)
        assert [COPIES[seat.tableau[0]].start for seat in s.seats] == list(range(1, n + 1))
        assert s.round == 1 and s.phase == "choose"  # no discard in the first game
        assert ids(s.seats[0].hand) == sorted(["rebel_fuel_cache", "public_works", "gem_world",
                                         "colony_ship"])
        assert ids(s.seats[1].hand) == sorted(["comet_zone", "expedition_force", "mining_robots",
                                         "rebel_miners"])
        # start world 0 (Old Earth) and unused start worlds are in the deck
        deck_ids = {COPIES[c].id for c in s.deck}
        assert "old_earth" in deck_ids
        # Alpha Centauri (start world 2) has its windfall good
        assert goods_on(s, 1) == ["alpha_centauri"]
        s.check_invariants()


def test_alpha_centauri_gets_a_good_at_setup():
    s = game(start=["alpha_centauri", "old_earth"], deck_top=["gem_world"])
    assert goods_on(s, 0) == ["alpha_centauri"]
    assert COPIES[s.seats[0].goods[s.seats[0].tableau[0]]].id == "gem_world"
    assert goods_on(s, 1) == []


def test_resolution_order_starts_at_lowest_start_world():
    s = game(players=3, start=["new_sparta", "earths_lost_colony", "old_earth"])
    assert s.order == [2, 0, 1]


def test_start_worlds_are_shuffled_in_a_normal_game():
    seen = set()
    for seed in range(12):
        s = gamekit.new("race", players=2, seed=seed)
        seen.add(COPIES[s.seats[0].tableau[0]].id)
    assert len(seen) >= 3
    assert {c.id for c in START_WORLDS} >= seen


def test_explicit_deck_order_is_used():
    s0 = game(hands=[["gem_world"], ["spice_world"]])
    order = [COPIES[c].id for c in reversed(s0.deck)]
    order[0], order[5] = order[5], order[0]
    s = game(hands=[["gem_world"], ["spice_world"]], deck=order)
    assert [COPIES[c].id for c in reversed(s.deck)] == order


@pytest.mark.parametrize(
    "options,name",
    [
        ({"start_worlds": ["old_earth", "gem_world"]}, "start_worlds"),
        ({"start_worlds": ["old_earth", "old_earth"]}, "start_worlds"),
        ({"start_worlds": ["old_earth"]}, "start_worlds"),
        ({"hands": [["no_such_card"], []]}, "hands"),
        ({"hands": [["gem_world"], ["gem_world"]]}, "hands"),
        ({"deck": ["gem_world"]}, "deck"),
        ({"deck_top": ["old_earth"], "start_worlds": ["old_earth", "new_sparta"]}, "deck_top"),
        ({"advanced": True}, "advanced"),
        ({"goods": [["gem_world"], []]}, "goods"),
        ({"chips": [1]}, "chips"),
        ({"vp_pool": -1}, "vp_pool"),
        ({"tableaus": [["public_works", "public_works"], []]}, "tableaus"),
        ({"initial_discard": 9}, "initial_discard"),
    ],
)
def test_bad_options_name_the_option(options, name):
    players = 3 if name == "advanced" else 2
    with pytest.raises(OptionError, match=name):
        gamekit.new("race", players=players, seed=0, **options)


def test_unknown_option_and_player_count():
    with pytest.raises(OptionError):
        gamekit.new("race", players=5)
    with pytest.raises(OptionError, match="unknown option"):
        gamekit.new("race", players=2, colour="red")


def test_illegal_actions_leave_state_unchanged():
    s = game(hands=[["gem_world"], ["spice_world"]])
    assert_illegal_unchanged(s, "p1 choose nothing")
    assert_illegal_unchanged(s, "p1 choose develop_2")  # only in the advanced game
    assert_illegal_unchanged(s, "p3 choose develop")
    assert_illegal_unchanged(s, "p1 settle gem_world")
    play(s, "p1 choose settle")
    assert_illegal_unchanged(s, "p1 choose develop")  # already chose
    play(s, "p2 choose develop")
    assert_illegal_unchanged(s, "p1 settle gem_world")  # develop comes first
    play(s, "p1 pass", "p2 pass")
    assert s.phase == "settle"
    exc = assert_illegal_unchanged(s, "p1 settle spice_world")
    assert "not in your hand" in str(exc)


def test_tableau_option_builds_a_tableau():
    s = game(tableaus=[["public_works", "gem_world"], []], goods=[["gem_world"], []])
    assert tableau(s, 0) == ["old_earth", "public_works", "gem_world"]
    assert goods_on(s, 0) == ["gem_world"]
    s.check_invariants()


def test_card_data_counts():
    from gamekit.games.race.cards import CARDS, DATA

    assert len(COPIES) == 114 and len(CARDS) == 95
    assert sum(1 for c in COPIES if c.world and c.start < 0) == 59
    assert sum(1 for c in COPIES if c.dev) == 50
    assert sum(1 for c in COPIES if c.military) == 23
    assert sum(1 for c in COPIES if c.dev and c.cost == 6) == 12
    assert sum(1 for c in COPIES if c.windfall) == 25
    assert sum(1 for c in COPIES if c.production) == 21
    # uncertain reference values keep their mark in our data
    marked = [p for c in DATA["cards"] for p in c.get("powers", ())
              if len(p) > 2 and "uncertain" in p[2]]
    assert len(marked) == 2 and DATA["uncertain"]


def test_first_game_second_copies_stay_in_the_deck():
    s = gamekit.new("race", players=2, seed=4, first_game=True)
    deck_ids = [COPIES[c].id for c in s.deck + s.discard]
    goods = [COPIES[g].id for g in s.seats[1].goods.values()]
    # one Public Works and one Colony Ship in p1's hand, the other copy in the deck
    assert (deck_ids + goods).count("public_works") == 1
    assert (deck_ids + goods).count("colony_ship") == 1
