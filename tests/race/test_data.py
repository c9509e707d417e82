"""Our card data against the card statistics printed in the rulebook ("About the cards")."""

from collections import Counter

from gamekit.games.race.cards import ALIEN, ANY, COPIES, GENES, NOVELTY, RARE

GAME = [c for c in COPIES if c.start < 0]  # the 109 game cards


def test_distribution():
    assert len(COPIES) == 114 and len(GAME) == 109
    assert sum(1 for c in GAME if c.world) == 59 and sum(1 for c in GAME if c.dev) == 50
    starts = [c for c in COPIES if c.start >= 0]
    assert sum(1 for c in starts if not c.military) == 4
    assert sum(1 for c in GAME if c.military) == 22
    assert sum(1 for c in GAME if c.dev and c.cost == 6) == 12


def test_military_worlds_by_defense():
    mil = [c for c in COPIES if c.military]
    assert len(mil) == 23
    by = Counter(c.defense for c in mil)
    assert by == {1: 6, 2: 7, 3: 3, 4: 2, 5: 2, 6: 2, 7: 1}
    rebels = Counter(c.defense for c in mil if c.rebel)
    assert rebels == {1: 1, 2: 1, 3: 2, 5: 1, 6: 1, 7: 1}
    aliens = Counter(c.defense for c in mil if c.good == ALIEN)
    assert aliens == {2: 1, 4: 1, 5: 1, 6: 1}
    assert sum(1 for c in mil if c.good == RARE) == 3  # Alpha Centauri's +1


def test_military_powers():
    plus = [c for c in COPIES if c.mil > 0 or c.mil_discard]
    assert len(plus) == 19
    assert sum(1 for c in COPIES if c.mil < 0) == 5
    assert sum(1 for c in COPIES if c.mil_rebel) == 1
    assert sum(1 for c in COPIES if c.mil_good[ALIEN]) == 2
    assert sum(1 for c in COPIES if c.mil_good[RARE]) == 1


def test_costs():
    paid = [c for c in COPIES if not c.military]
    assert len(paid) == 91
    assert Counter(c.cost for c in paid) == {0: 2, 1: 18, 2: 23, 3: 14, 4: 13, 5: 7, 6: 14}


def test_goods_worlds():
    wind = Counter(c.good for c in COPIES if c.windfall)
    assert wind == {NOVELTY: 5, RARE: 7, GENES: 7, ALIEN: 6}
    prod = Counter(c.good for c in COPIES if c.production)
    assert prod == {NOVELTY: 9, RARE: 6, GENES: 4, ALIEN: 2}


def test_powers_counts():
    specific = sum(1 for c in COPIES for g in c.windfall_produce if g != ANY)
    anyk = sum(1 for c in COPIES for g in c.windfall_produce if g == ANY)
    assert (specific, anyk) == (8, 1)
    goods_consumers = [c for c in COPIES if any(p[0] in ("goods", "all", "sell")
                                                for p in c.consume)]
    assert len(goods_consumers) == 33
    assert sum(1 for c in COPIES if any(p[0] == "hand" for p in c.consume)) == 3


def test_reference_caveats():
    """Edge cases listed in the reference README."""
    from race_helpers import game

    from gamekit.games.race.cards import TYPE_BY_ID

    # base-game counts only (expansion changes not applied)
    assert TYPE_BY_ID["contact_specialist"].count == 2
    assert TYPE_BY_ID["research_labs"].count == 2
    assert TYPE_BY_ID["gambling_world"].count == 1
    # the "sell a good" powers of Black Market Trading World and Trade League are consume
    # powers, not trade powers, for Trade League / New Economy scoring
    assert TYPE_BY_ID["black_market_trading_world"].classes == {"consume"}
    assert TYPE_BY_ID["trade_league"].classes == {"trade", "consume"}
    s = game(tableaus=[["trade_league", "black_market_trading_world"], []])
    assert s.score_breakdown(0)["six_dev:trade_league"] == 2 + 1  # itself, Old Earth; not BMTW
    s = game(tableaus=[["new_economy", "black_market_trading_world"], []])
    assert s.score_breakdown(0)["six_dev:new_economy"] == 2 + 1 + 1  # itself, BMTW, Old Earth
    # six-cost developments print "?": no printed VP
    s = game(tableaus=[["galactic_imperium"], []])
    assert s.score_breakdown(0)["tableau"] == 2  # Old Earth only
