"""Draft phase (A. Fase de Selecção) and the 2-player draft."""

import gamekit
from gamekit.core.invariants import assert_illegal_unchanged
from gamekit.games.wonderful.asks import cubes
from gamekit.games.wonderful.data import DECK


def first_pick_all(st):
    for s in st.to_move():
        st.apply(st.legal_actions(s)[0])


def play_to(st, round_, phase):
    while not (st.round == round_ and st.phase == phase):
        s = st.to_move()[0]
        st.apply(st.legal_actions(s)[0])


def test_pass_left_in_rounds_1_and_3_right_in_2_and_4():
    for rnd, shift in ((1, 1), (2, -1), (3, 1), (4, -1)):
        st = gamekit.new("wonderful", players=4, seed=5)
        play_to(st, rnd, "draft")
        before = [list(h) for h in st.hands]
        picks = []
        for s in range(4):
            a = st.legal_actions(s)[0]
            picks.append(a.args[0])
            st.apply(a)
        for s in range(4):
            rest = list(before[s])
            rest.remove(picks[s])
            assert st.hands[(s + shift) % 4] == rest
            assert st.drafted[s][-1] == picks[s]


def test_pick_is_secret_until_everyone_has_picked():
    st = gamekit.new("wonderful", players=3, seed=2)
    card = st.hands[0][0]
    st.apply(f"p1 draft {card}")
    assert st.seats[0].pick == card
    other = st.view(1)
    assert other.seats[0].pick == "?" and card not in other.to_dict()["seats"][0]["hand"]
    assert all(e.kind != "picked" for e in other.events)
    seen = [e for e in other.events if e.kind == "picked_face_down"]
    assert seen and seen[-1].seat == 0 and "card" not in seen[-1].data
    assert st.view(None).narration("pt")[-1] == "Jogador 1 escolhe uma carta, virada para baixo."
    assert st.view(0).seats[0].pick == card
    assert any(e.kind == "picked" for e in st.view(0).events)
    assert st.to_move() == (1, 2)
    d = st.decision(1)
    assert d.secret and d.kind == "draft"
    st.apply(st.legal_actions(1)[0])
    st.apply(st.legal_actions(2)[0])
    assert st.view(1).drafted[0] == [card]
    reveal = [e for e in st.events if e.kind == "reveal"][-1]
    assert reveal.visible is None and reveal.data["picks"][0] == card


def test_seven_cards_drafted_last_one_taken_automatically():
    st = gamekit.new("wonderful", players=5, seed=4)
    for _ in range(6):
        first_pick_all(st)
    assert st.phase == "planning"
    assert all(len(st.drafted[s]) == 7 for s in range(5))
    assert all(not h for h in st.hands)
    assert any(e.kind == "last_card" for e in st.events)


def test_two_player_draft_deals_ten_and_discards_three_without_bonus():
    top = list(DECK[:20])
    st = gamekit.new("wonderful", players=2, seed=1, deck=top)
    assert [len(h) for h in st.hands] == [10, 10]
    for _ in range(7):
        first_pick_all(st)
    assert st.phase == "planning"
    assert [len(d) for d in st.drafted] == [7, 7]
    assert len(st.discard) == 6
    assert [x.krystallium for x in st.seats] == [0, 0]
    assert all(sum(x.empire_cubes) == 0 for x in st.seats)
    assert all(cubes(st, s) == 0 for s in range(2))
    assert any(e.kind == "leftover_discarded" for e in st.events)


def test_draft_illegal_actions_leave_state_unchanged():
    st = gamekit.new("wonderful", players=3, seed=8)
    not_in_hand = next(c for c in DECK if c not in st.hands[0])
    assert_illegal_unchanged(st, f"p1 draft {not_in_hand}")
    assert_illegal_unchanged(st, f"p1 keep {st.hands[0][0]}")
    assert_illegal_unchanged(st, "p4 draft zeppelin")
    st.apply(st.legal_actions(0)[0])
    exc = assert_illegal_unchanged(st, st.legal_actions(1)[0]._replace(seat=0))
    assert "not player 1" in str(exc) or "p1" in str(exc)
    assert_illegal_unchanged(st, "p2 draft")
    assert_illegal_unchanged(st, "this is not an action")


def test_a_seat_knows_the_hands_it_has_passed_until_they_are_picked_from():
    st = gamekit.new("wonderful", players=4, seed=6)
    mine = list(st.hands[0])
    for s in range(4):
        st.apply(st.legal_actions(s)[0])
    rest = list(mine)
    rest.remove(st.drafted[0][-1])
    assert st.hands[1] == rest
    v = st.view(0)
    assert v.hands[1] == rest                    # passed left in round 1: known
    assert set(v.hands[2]) == {"?"} and set(v.hands[3]) == {"?"}
    assert set(st.view(2).hands[1]) == {"?"}     # seat 3 never held it
    st.apply(st.legal_actions(1)[0])             # seat 2 picks from it in secret
    assert set(st.view(0).hands[1]) == {"?"}
    for s in (0, 2, 3):
        st.apply(st.legal_actions(s)[0])
    # revealed: the rest is known again (now two seats further on)
    rest.remove(st.drafted[1][-1])
    assert st.view(0).hands[2] == rest
