"""Phase V (Produce): production, windfall production and every produce-phase draw power."""

from race_helpers import deck_split, game, goods_on, legal, play


def produce(tab1, tab2=(), goods1=(), goods2=(), who=("produce", "produce"), **kw):
    s = game(start=["new_sparta", "old_earth"], tableaus=[list(tab1), list(tab2)],
             goods=[list(goods1), list(goods2)], **kw)
    play(s, f"p1 choose {who[0]}", f"p2 choose {who[1]}")
    return s


def test_production_worlds_fill_and_draw_if_produced():
    s = produce(["gem_world", "comet_zone"], goods1=["comet_zone"], who=("produce", "develop"))
    play(s, "p1 pass", "p2 pass")
    assert goods_on(s, 0) == ["comet_zone", "gem_world"]
    assert len(s.seats[0].hand) == 1  # Gem World produced: draw 1; Comet Zone already had a good


def test_produce_bonus_windfall_choice_only_for_the_chooser():
    s = produce(["radioactive_world", "pre_sentient_race"], ["asteroid_belt"],
                who=("produce", "develop"))
    play(s, "p1 pass", "p2 pass")
    assert s.decision(0).kind == "windfall"
    assert legal(s, 0) == ["p1 windfall radioactive_world", "p1 windfall pre_sentient_race"]
    play(s, "p1 windfall pre_sentient_race")
    assert goods_on(s, 0) == ["pre_sentient_race"]
    assert goods_on(s, 1) == []  # p2 did not choose Produce


def test_windfall_powers_specific_kind_then_any():
    tab = ["mining_robots", "radioactive_world", "pre_sentient_race"]
    s = produce(tab)
    # Mining Robots: the rare windfall; Produce bonus: the remaining (genes) windfall
    assert goods_on(s, 0) == ["pre_sentient_race", "radioactive_world"]
    s = produce(tab, who=("develop", "produce"))
    play(s, "p1 pass", "p2 pass")
    assert goods_on(s, 0) == ["radioactive_world"]


def test_galactic_engineers_any_windfall():
    s = produce(["galactic_engineers", "pre_sentient_race"], who=("develop", "produce"))
    play(s, "p1 pass", "p2 pass")
    assert goods_on(s, 0) == ["pre_sentient_race"]


def test_consumer_markets_draw_per_novelty_produced():
    s = produce(["consumer_markets", "spice_world", "artist_colony", "mining_world"])
    # 2 novelty produced -> 2; Mining World draws 1 for its own production
    assert len(s.seats[0].hand) == 3


def test_research_labs_draw_per_alien_produced():
    s = produce(["research_labs", "alien_robotic_factory"])
    assert len(s.seats[0].hand) == 1


def test_diversified_economy_draw_per_kind():
    s = produce(["diversified_economy", "spice_world", "artist_colony", "new_earth"])
    assert len(s.seats[0].hand) == 2  # novelty and rare


def test_mining_conglomerate_draws_only_with_strictly_most_rare():
    s = produce(["mining_conglomerate", "new_earth", "bio_hazard_mining_world"],
                ["space_port", "imperium_armaments_world"])
    assert len(s.seats[0].hand) == 2  # 2 rare against 1
    s = produce(["mining_conglomerate", "new_earth"], ["imperium_armaments_world"])
    assert len(s.seats[0].hand) == 0  # tie: nobody


def test_pan_galactic_league_draw_per_genes_world():
    s = produce(["pan_galactic_league", "plague_world", "pre_sentient_race", "spice_world"],
                who=("develop", "develop"))
    play(s, "p1 pass", "p2 pass")
    assert s.phase == "choose"  # nobody chose produce: nothing drawn
    assert len(s.seats[0].hand) == 0
    s = produce(["pan_galactic_league", "plague_world", "pre_sentient_race", "spice_world"],
                who=("develop", "produce"))
    play(s, "p1 pass", "p2 pass")
    assert len(s.seats[0].hand) == 2  # two genes worlds (production and windfall)


def test_produce_draw_powers():
    s = produce(["rebel_underground", "merchant_guild"], who=("develop", "produce"))
    play(s, "p1 pass", "p2 pass")
    assert len(s.seats[0].hand) == 1 + 2


def test_runaway_robots_draws_when_its_windfall_is_produced():
    s = produce(["runaway_robots"])
    assert goods_on(s, 0) == ["runaway_robots"] and len(s.seats[0].hand) == 1


def test_no_production_when_no_card_is_left():
    # every remaining card in p2's hand: nothing to draw
    s = deck_split(game(start=["new_sparta", "old_earth"], tableaus=[["gem_world"], []]), deck=0)
    play(s, "p1 choose produce", "p2 choose produce")
    assert goods_on(s, 0) == []
    s.check_invariants()


def test_genetics_lab_produces_on_a_genes_windfall():
    s = produce(["genetics_lab", "pre_sentient_race", "radioactive_world"],
                who=("develop", "develop"))
    assert goods_on(s, 0) == []  # no Produce phase
    s = produce(["genetics_lab", "pre_sentient_race", "radioactive_world"],
                who=("develop", "produce"))
    play(s, "p1 pass", "p2 pass")
    assert goods_on(s, 0) == ["pre_sentient_race"]
