"""End of the game (VI Final do jogo): the 62-VP example and the tie-breaks."""

from wonderful_helpers import finish, give, new

from gamekit.games.wonderful.scoring import BREAKDOWN_KEYS


def test_rulebook_62_vp_example():
    st = new(3)
    st = give(st, 0, built=["giant_tower", "king_solomons_mines", "universal_vaccine",
                       "world_congress", "national_monument", "secret_society",
                       "space_elevator"],
         constr=["zeppelin"], gen=2, fin=6, kryst=3, cubes={"gold": 2})
    b = st.score_breakdown(0)
    assert b["cards"] == 12  # 10 + 2 direct VP
    assert b["per_type:project"] == (1 + 3 + 2) * 5 == 30
    assert b["generals"] == 1 * 2
    assert b["financiers"] == (1 + 1 + 1) * 6 == 18
    assert sum(b.values()) == st.score(0) == 62  # Krystallium and unbuilt cards: nothing
    assert tuple(b) == BREAKDOWN_KEYS


def test_empire_multipliers_side_a():
    st = new(3, side="A", empires=["noram_states", "aztec_empire", "federation_of_asia"])
    st = give(st, 0, fin=3, gen=1)
    assert st.score_breakdown(0)["financiers"] == 6 and st.score_breakdown(0)["generals"] == 1
    st = give(st, 1, built=["zeppelin", "cities_of_gold", "roswell"])
    b = st.score_breakdown(1)
    assert b["per_type:discovery"] == 3 * 2 and b["cards"] == 3
    st = give(st, 2, built=["museum"])
    assert st.score_breakdown(2)["per_type:project"] == 2


def _end(st):
    return finish(st).result()


def test_tie_break_most_cards_then_most_characters_then_shared():
    st = new(3)
    st = give(st, 0, built=["underground_city", "zeppelin"])  # 3 VP, 2 cards
    st = give(st, 1, built=["underwater_city"])               # 3 VP, 1 card, no token
    st = give(st, 2, built=["harbor_zone"], gen=1)            # 2 + 1 VP, 1 card, 1 token
    res = _end(st)
    assert res.scores == [3, 3, 3]
    assert res.winners == [0] and res.ranks == [1, 3, 2]
    assert res.tiebreaks == [(2, 0), (1, 0), (1, 1)]


def test_shared_victory():
    st = new(3)
    st = give(st, 0, built=["underground_city"], fin=1)
    st = give(st, 1, built=["underwater_city"], gen=1)
    st = give(st, 2, built=["espionage_agency"])
    res = _end(st)
    assert res.scores == [4, 4, 1] and res.winners == [0, 1] and res.ranks == [1, 1, 3]
    st = new(3)
    st = give(st, 0, built=["underground_city"], fin=1)
    st = give(st, 1, built=["underwater_city"], gen=1)
    st = give(st, 2, built=["zeppelin"], fin=4)
    res = _end(st)
    assert res.scores == [4, 4, 4] and res.winners == [2]
