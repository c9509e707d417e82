"""Phase IV (Consume) and the Trade bonus: every trade and consume power, the ordering rules
(free order, each power once, used to the maximum once started), x2 and the optional powers."""

from race_helpers import game, goods_on, legal, play

from gamekit.core.invariants import assert_illegal_unchanged


def consume(tab, goods, action="consume_x2", start="new_sparta", hand=(), **kw):
    """p1 (with ``tab`` and ``goods``) chooses ``action``; p2 chooses Consume x2 (no goods)."""
    other = "new_sparta" if start != "new_sparta" else "old_earth"
    s = game(start=[start, other], hands=[list(hand), []], tableaus=[tab, []],
             goods=[goods, []], **kw)
    play(s, f"p1 choose {action}", "p2 choose consume_x2")
    return s


def test_trade_sells_a_good_with_trade_bonuses():
    s = consume(["gem_world"], ["gem_world"], "consume_trade", start="old_earth")
    # novelty sells for 2, Old Earth's trade power +1
    assert len(s.seats[0].hand) == 3 and s.seats[0].chips == 0
    assert goods_on(s, 0) == []


def test_trade_first_then_consume_powers():
    s = consume(["gem_world", "mining_world"], ["gem_world", "mining_world"], "consume_trade",
                start="old_earth")
    assert s.decision(0).kind == "trade"
    play(s, "p1 trade mining_world")  # rare: 3 + 1
    assert len(s.seats[0].hand) == 4
    # Old Earth then consumes the remaining good for 1 VP (not doubled)
    assert s.seats[0].chips == 1 and goods_on(s, 0) == []


def test_trade_bonus_of_this_world_pirate_world():
    s = consume(["pirate_world", "gem_world"], ["pirate_world", "gem_world"], "consume_trade")
    play(s, "p1 trade pirate_world")
    assert len(s.seats[0].hand) == 2 + 3
    s = consume(["pirate_world", "gem_world"], ["pirate_world", "gem_world"], "consume_trade")
    play(s, "p1 trade gem_world")
    assert len(s.seats[0].hand) == 2


def test_trade_bonus_for_a_good_kind():
    tab = ["spice_world", "genetics_lab", "plague_world"]
    s = consume(tab, ["spice_world", "plague_world"], "consume_trade")
    play(s, "p1 trade plague_world")  # genes 4 + Genetics Lab 1
    assert len(s.seats[0].hand) == 5 and s.seats[0].chips == 0  # Plague World has no genes left
    s = consume(tab, ["spice_world", "plague_world"], "consume_trade")
    play(s, "p1 trade spice_world")  # novelty 2 + Spice World 2
    # Plague World then consumes the genes for 1 VP + 1 card
    assert len(s.seats[0].hand) == 4 + 1 and s.seats[0].chips == 1


def test_no_trade_without_goods_and_only_for_the_chooser():
    s = consume(["gem_world"], ["gem_world"], "consume_x2", start="old_earth")
    # x2 chooser does not sell; Old Earth consumes 1 good for 1 VP x2
    assert s.seats[0].chips == 2 and len(s.seats[0].hand) == 0


def test_consume_x2_doubles_vp_not_cards():
    s = consume(["gem_world"], ["gem_world"], "consume_x2", start="epsilon_eridani")
    assert s.seats[0].chips == 2 and len(s.seats[0].hand) == 1


def test_free_trade_association_and_new_vinland_ordering():
    """Rulebook example: once FTA is started it must take all three Novelty goods."""
    tab = ["free_trade_association", "new_vinland", "gem_world", "artist_colony"]
    goods = ["new_vinland", "gem_world", "artist_colony"]
    s = consume(tab, goods)
    assert legal(s, 0) == ["p1 consume free_trade_association", "p1 consume new_vinland"]
    assert_illegal_unchanged(s, "p1 done")
    play(s, "p1 consume free_trade_association")
    # all three consumed by FTA (1 VP x2 + 1 card each); New Vinland gets nothing
    assert goods_on(s, 0) == [] and s.seats[0].chips == 6 and len(s.seats[0].hand) == 3
    # the other order, decided before starting FTA
    s = consume(tab, goods)
    play(s, "p1 consume new_vinland")
    assert s.decision(0).kind == "good"
    play(s, "p1 good gem_world")
    # New Vinland: 2 cards; then FTA must take the remaining two
    assert goods_on(s, 0) == [] and s.seats[0].chips == 4 and len(s.seats[0].hand) == 2 + 2


def test_up_to_power_used_to_the_maximum_once_started():
    tab = ["consumer_markets", "gem_world", "artist_colony", "mining_world"]
    s = consume(tab, ["gem_world", "artist_colony", "mining_world"], start="old_earth")
    assert s.decision(0).kind == "consume"
    play(s, "p1 consume consumer_markets")
    # both novelty goods go to Consumer Markets (2 x 1 VP x2); Old Earth then takes the rare
    assert goods_on(s, 0) == [] and s.seats[0].chips == 4 + 2


def test_each_power_once_per_phase():
    s = consume(["gem_world", "artist_colony"], ["gem_world", "artist_colony"],
                start="earths_lost_colony")
    # Earth's Lost Colony: 1 good for 1 VP, once; the second good stays
    assert s.decision(0).kind == "good"
    play(s, "p1 good artist_colony")
    assert s.seats[0].chips == 2 and goods_on(s, 0) == ["gem_world"]


def test_deficit_spending_is_optional_and_not_doubled():
    s = consume(["deficit_spending"], [], hand=["gem_world", "spice_world", "comet_zone"])
    assert legal(s, 0) == ["p1 consume deficit_spending", "p1 done"]
    play(s, "p1 consume deficit_spending")
    assert s.decision(0).kind == "hand"
    play(s, "p1 discard gem_world", "p1 discard spice_world")
    assert s.seats[0].chips == 2 and len(s.seats[0].hand) == 1  # x2 does not apply
    s = consume(["deficit_spending"], [], hand=["gem_world", "spice_world", "comet_zone"])
    play(s, "p1 consume deficit_spending", "p1 discard gem_world", "p1 done")
    assert s.seats[0].chips == 1 and len(s.seats[0].hand) == 2


def test_merchant_world_trade_bonus_and_discard_for_vp():
    s = consume(["merchant_world", "gem_world"], ["gem_world"], "consume_trade",
                hand=["spice_world"])
    # sells the novelty for 2 + 2; then may discard up to 2 cards for 1 VP each
    assert len(s.seats[0].hand) == 5
    assert legal(s, 0)[-1] == "p1 done"
    play(s, "p1 done")
    assert s.seats[0].chips == 0


def test_tourist_world_two_goods_for_three_vp_once():
    s = consume(["tourist_world", "gem_world", "artist_colony", "mining_world"],
                ["gem_world", "artist_colony", "mining_world"], "consume_trade")
    play(s, "p1 trade mining_world")
    assert s.seats[0].chips == 3 and goods_on(s, 0) == []
    s = consume(["tourist_world", "gem_world", "artist_colony", "mining_world"],
                ["gem_world", "artist_colony", "mining_world"])
    assert s.decision(0).kind == "good"  # choose 2 of 3
    play(s, "p1 good gem_world", "p1 good mining_world")
    assert s.seats[0].chips == 6 and goods_on(s, 0) == ["artist_colony"]


def test_diversified_economy_three_different_kinds():
    tab = ["diversified_economy", "gem_world", "artist_colony", "mining_world", "comet_zone",
           "plague_world"]
    s = consume(tab, ["gem_world", "artist_colony", "mining_world", "comet_zone",
                      "plague_world"])
    play(s, "p1 consume diversified_economy", "p1 good gem_world")
    # the other novelty good is no longer a choice
    assert legal(s, 0) == ["p1 good mining_world", "p1 good comet_zone", "p1 good plague_world"]
    play(s, "p1 good plague_world")
    assert legal(s, 0) == ["p1 good mining_world", "p1 good comet_zone"]
    play(s, "p1 good comet_zone")
    # then Plague World has no genes left: the phase ends
    assert s.seats[0].chips == 6 and goods_on(s, 0) == ["artist_colony", "mining_world"]
    # two kinds only: the power cannot be used
    s = consume(tab, ["gem_world", "artist_colony", "mining_world"])
    assert s.seats[0].chips == 0 and s.round == 2


def test_pilgrimage_world_consumes_all_goods_for_count_minus_one():
    tab = ["pilgrimage_world", "gem_world", "artist_colony", "mining_world"]
    s = consume(tab, ["gem_world", "artist_colony", "mining_world"], "consume_trade")
    play(s, "p1 trade mining_world")
    assert s.seats[0].chips == 1 and goods_on(s, 0) == []
    s = consume(tab, ["gem_world", "artist_colony", "mining_world"])
    assert s.seats[0].chips == 4  # (3 - 1) x2


def test_new_economy_draws_in_consume():
    s = consume(["new_economy"], [])
    assert len(s.seats[0].hand) == 1


def test_gambling_world_gamble():
    s = consume(["gambling_world"], [], deck_top=["gem_world", "spice_world"])
    assert legal(s, 0) == [f"p1 gamble {n}" for n in range(1, 8)]
    play(s, "p1 gamble 2")  # Gem World costs 2: kept
    assert len(s.seats[0].hand) == 1
    s = consume(["gambling_world"], [], deck_top=["gem_world", "spice_world"])
    play(s, "p1 gamble 5")
    assert len(s.seats[0].hand) == 0 and len(s.discard) == 1


def test_black_market_sells_without_bonuses_trade_league_with():
    s = consume(["black_market_trading_world", "gem_world", "export_duties"], ["gem_world"])
    assert len(s.seats[0].hand) == 2  # base price only
    s = consume(["trade_league", "gem_world", "export_duties"], ["gem_world"])
    assert len(s.seats[0].hand) == 2 + 1 + 1  # Trade League and Export Duties bonuses


def test_mandatory_consume_cannot_be_skipped():
    s = consume(["gem_world", "artist_colony", "new_vinland"],
                ["gem_world", "artist_colony"], start="earths_lost_colony")
    assert "p1 done" not in legal(s, 0)
    exc = assert_illegal_unchanged(s, "p1 done")
    assert "mandatory" in str(exc)


def test_advanced_trade_then_double_vp():
    s = game(start=["old_earth", "new_sparta"], tableaus=[["gem_world", "mining_world"], []],
             goods=[["gem_world", "mining_world"], []], advanced=True)
    play(s, "p1 choose consume_trade", "p1 choose consume_x2", "p2 choose develop",
         "p2 choose settle", "p1 pass", "p2 pass", "p1 pass", "p2 pass")
    play(s, "p1 trade mining_world")
    assert len(s.seats[0].hand) == 4 and s.seats[0].chips == 2  # then Old Earth x2


def test_vp_pool_runs_out_chips_keep_coming_game_ends_at_round_end():
    s = consume(["free_trade_association", "gem_world", "artist_colony"],
                ["gem_world", "artist_colony"], vp_pool=1)
    assert s.seats[0].chips == 4 and s.pool == -3
    assert s.is_over()
    s.check_invariants()
    res = s.result()
    assert res.winners == [0]
