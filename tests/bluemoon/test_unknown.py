"""Unknown cards (issue 10, "Chance under control"): a game recorded from one seat says a seat
drew unknown cards (``chance arrange unknown <seat> <n>``) or holds them from the start
(``chance arrange unknown_hand <seat>``); the engine carries them hidden and binds each one when
the record reveals it (``chance arrange reveal <seat> <card>``), consistently with every card
known to be elsewhere (gamekit/core/unknown.py). Every way a card reaches a hand is covered
(docs/positions.md, "Unknown cards"), and a position keeps the marking."""

from __future__ import annotations

import json
import random

import pytest
from bluemoon_helpers import each, play

import gamekit
from gamekit import PositionError
from gamekit.core import IllegalAction
from gamekit.core.invariants import reloaded
from gamekit.core.records import GameRecord, replay
from gamekit.games.bluemoon.data import KINDS


def _to_refill(state):
    """Play the turn's seat to its refill step by ending each phase at once."""
    while state.step != "refill":
        state.apply(f"p{state.turn_seat + 1} done")
    return state


def _deck_dealing_p1_every(card):
    """A deck order whose top cards, every copy of ``card``, go to p1's starting hand."""
    composition = gamekit.new("bluemoon", players=3, seed=0).composition
    cards = [KINDS[k] for k in range(len(KINDS)) for _ in range(composition[k])]
    return sorted(cards, key=lambda c: c != card)


def _game_with_unknown_draws(seed=5):
    state = _to_refill(gamekit.new("bluemoon", players=3, seed=seed, first_player=2,
                                   deck=_deck_dealing_p1_every("pillar_2")))
    known = list(state.seats[1].hand)
    state.arrange("unknown", "p2", "2")
    state.apply("p2 done")  # the refill draw: 2 cards, both unknown
    return state, known


def test_unknown_draws_are_held_hidden_and_cannot_be_played():
    state, known = _game_with_unknown_draws()
    assert state.unknown.count(1) == 2
    assert state.seats[1].hand == known  # the known cards are unchanged
    assert state.seats[1].hand_size == sum(known) + 2
    state.check_invariants()  # every card still in exactly one place
    assert state.log[-2] == "chance arrange unknown p2 2"


def test_a_view_hides_the_provisional_cards_and_determinizes_consistently():
    state, _ = _game_with_unknown_draws()
    view = state.view(0)
    assert view.unknown.held == [[], [None, None], []]
    again = view.determinize(random.Random(1))
    assert again.unknown.count(1) == 2 and None not in again.unknown.held[1]
    again.check_invariants()


def test_reveal_binds_a_provisional_card_or_exchanges_it_with_the_draw_pile():
    state, known = _game_with_unknown_draws()
    first = KINDS[state.unknown.held[1][0]]
    state.arrange("reveal", "p2", first)
    assert state.seats[1].hand[KINDS.index(first)] == known[KINDS.index(first)] + 1
    assert state.unknown.count(1) == 1
    in_pile = next(k for k in state.deck if k not in state.unknown.held[1])
    state.arrange("reveal", "p2", KINDS[in_pile])
    assert state.unknown.count(1) == 0
    assert state.seats[1].hand_size == sum(state.seats[1].hand)
    state.check_invariants()
    assert state.events[-1].kind == "reveal"


def test_reveals_that_cannot_hold_are_refused_by_name_with_the_state_unchanged():
    state, _ = _game_with_unknown_draws()
    before = state.position(), list(state.log)
    assert state.seats[0].hand[KINDS.index("pillar_2")] == state.composition[KINDS.index("pillar_2")]
    for words, message in [
        (("p2", "pillar_2"), "every pillar_2 is known to be elsewhere"),
        (("p1", "vulca_1"), "p1 holds no unknown card"),
        (("p2", "dragon_9"), "not a card"),
        (("p7", "vulca_1"), "not a seat"),
        (("p2",), "takes a seat and a card"),
    ]:
        with pytest.raises(IllegalAction, match=message):
            state.arrange("reveal", *words)
        assert (state.position(), state.log) == before


def test_a_record_with_unknown_cards_and_reveals_replays_the_same_game():
    state, _ = _game_with_unknown_draws()
    in_pile = next(k for k in state.deck if k not in state.unknown.held[1])
    state.arrange("reveal", "p2", KINDS[in_pile])
    rng = random.Random(4)
    for _ in range(40):
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        state.apply(legal[rng.randrange(len(legal))])
    again = replay(GameRecord.from_json(state.record().to_json()))
    assert again.log == state.log
    assert again.unknown == state.unknown and each(again, "hand") == each(state, "hand")
    assert again.position() == state.position()


# ------------------------------------------------------------------ every way into a hand
def test_a_starting_hand_can_be_made_unknown_and_revealed_card_by_card():
    state = gamekit.new("bluemoon", players=3, seed=2, first_player=2)
    dealt = list(state.seats[1].hand)
    assert any(a.verb == "play" for a in state.legal_actions(1))  # a card with a power
    state.arrange("unknown_hand", "p2")
    assert state.seats[1].hand == [0] * 24 and state.seats[1].hand_size == 8
    assert sorted(state.unknown.held[1]) == [k for k in range(24) for _ in range(dealt[k])]
    state.check_invariants()
    assert not any(a.verb == "play" for a in state.legal_actions(1))  # unknown: unplayable
    state.arrange("reveal", "p2", KINDS[state.unknown.held[1][-1]])
    assert sum(state.seats[1].hand) == 1 and state.unknown.count(1) == 7
    with pytest.raises(IllegalAction, match="p1 holds no known card"):
        gamekit.new("bluemoon", players=3, seed=2).arrange("unknown_hand", "p1").arrange(
            "unknown_hand", "p1")
    with pytest.raises(IllegalAction, match="unknown_hand takes a seat"):
        state.arrange("unknown_hand", "p1", "2")
    assert state.log[-2:] == ["chance arrange unknown_hand p2",
                              f"chance arrange reveal p2 {state.events[-1].data['card']}"]


def test_the_hospital_draw_is_covered(bm):
    s = bm.new({(0, 0): "hospital"}, city="expansion")
    s = bm.arrange(s, hands={0: ["vulca_1"]}, positions={0: (0, 0)})
    s.arrange("unknown", "p1", "2")
    play(s, "p1 done", "p1 draw")
    assert s.unknown.count(0) == 2 and s.unknown.expected[0] == 0
    assert sum(s.seats[0].hand) == 1 and s.seats[0].hand[KINDS.index("vulca_1")] == 1
    assert s.seats[0].hand_size == 3
    s.check_invariants()


def test_cards_won_go_unknown_at_once_on_anothers_turn_and_after_the_refill_on_ones_own(bm):
    """A bonus of cards goes to another seat's hand at once; the turn's seat gets its own face
    down and takes them in hand after the refill draw (rulebook "Bônus Disponíveis"): the
    unknown draws declared are taken in that order."""
    s = bm.new({(1, 1): "water_temple", (0, 1): "earth_temple"})
    s = bm.arrange(s, hands={0: ["aqua_3"], 1: []}, positions={0: (1, 1)},
                   built=["earth_temple"], markers={"water_temple": [1, 1, None]})
    s.arrange("unknown", "p2", "2")
    s.arrange("unknown", "p1", "3")
    play(s, "p1 done", "p1 contribute 2", "p1 pay aqua_3", "p1 done")
    assert s.unknown.count(1) == 2 and s.seats[1].hand == [0] * 24  # p2's: at once
    pending = list(s.seats[0].pending)
    assert len(pending) == 2 and s.unknown.count(0) == 0  # p1's wait face down
    refill = s.deck[-2:][::-1]  # the next two cards drawn (the pile's top is its end)
    play(s, "p1 done", "p1 done")  # the refill: 2 drawn, then the 2 face-down cards
    assert s.unknown.held[0] == refill + pending[:1] and s.unknown.expected[0] == 0
    assert s.seats[0].hand[pending[1]] == 1 and s.seats[0].hand_size == 4
    s.check_invariants()


def test_a_reshuffle_inside_an_unknown_draw_keeps_every_card_once(bm):
    s = bm.new({(2, 3): "earth_temple"})
    s = bm.arrange(s, hands={0: ["terrah_1"]})
    data = s.position()
    cards = data["state"]["deck"]
    data["state"]["deck"], data["state"]["discard"] = cards[:1], cards[1:]
    s = gamekit.position(data)
    s.arrange("unknown", "p1", "2")
    _to_refill(s).apply("p1 done")  # the refill: 1 card from the pile, then a reshuffle
    assert s.unknown.count(0) == 2 and any(e.kind == "reshuffle" for e in s.events)
    s.check_invariants()
    s.arrange("reveal", "p1", KINDS[s.deck[0]])  # bound by exchange with the new pile
    s.check_invariants()


# ------------------------------------------------------------------ positions keep the marking
def _recorded_game(seed, players=3, steps=400):
    """A random game recorded from p1's seat: the others' starting hands and every card they
    draw are unknown; now and then one of their unknown cards is revealed (a provisional one or
    one of the draw pile). Yields copies of states along the way, each with unknown cards."""
    state = gamekit.new("bluemoon", players=players, seed=seed)
    rng = random.Random(seed)
    for p in range(2, players + 1):
        state.arrange("unknown_hand", f"p{p}")
        state.arrange("unknown", f"p{p}", "40")
    for n in range(steps):
        if state.is_over():
            return
        for p in range(1, players):  # what the others draw stays unknown
            if state.unknown.expected[p] < 10:
                state.arrange("unknown", f"p{p + 1}", "40")
        seat = state.to_move()[0]
        if seat and state.unknown.count(seat) and rng.random() < 0.3:
            held = state.unknown.held[seat]
            card = rng.choice(held) if rng.random() < 0.5 or not state.deck else \
                rng.choice(state.deck)
            state.arrange("reveal", f"p{seat + 1}", KINDS[card])
        state.apply(rng.choice(state.legal_actions(seat)))
        if n % 37 == 5:
            yield state.clone()


def _assert_same(loaded, state):
    assert loaded.to_dict() == state.to_dict() and loaded.unknown == state.unknown
    assert loaded.seats == state.seats and loaded.to_move() == state.to_move()
    for seat in range(state.players):
        assert loaded.legal_actions(seat) == state.legal_actions(seat)
    assert reloaded(loaded).fingerprint() == loaded.fingerprint()


def _same_future(a, b, seed):
    """The same actions and reveals on both: the same states all along."""
    rng = random.Random(seed)
    while not a.is_over():
        seat = a.to_move()[0]
        if a.unknown.count(seat) and rng.random() < 0.3:
            word = KINDS[rng.choice(a.unknown.held[seat])]
            a.arrange("reveal", f"p{seat + 1}", word)
            b.arrange("reveal", f"p{seat + 1}", word)
        assert a.legal_actions(seat) == b.legal_actions(seat)
        action = rng.choice(a.legal_actions(seat))
        a.apply(action)
        b.apply(str(action))
        assert a.to_dict() == b.to_dict() and a.unknown == b.unknown
    assert a.result().as_dict() == b.result().as_dict()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_positions_with_unknown_cards_round_trip_and_go_on_alike(players):
    checked = 0
    for seed in (1, 2):
        for i, state in enumerate(_recorded_game(seed, players)):
            assert state.unknown and "unknown" in state.to_dict()
            loaded = reloaded(state)
            _assert_same(loaded, state)
            if i % 4 == 0:
                _same_future(state.clone(), loaded, seed + i)
            checked += 1
    assert checked >= 10


def test_a_record_from_one_seat_replays_with_its_hidden_hands():
    """A whole recorded game's lines (``unknown_hand``, ``unknown``, ``reveal``) replay to the
    same state, hidden cards included; so does its position, saved midway and reloaded."""
    *_, state = _recorded_game(3, 3, steps=300)
    assert any(line.startswith("chance arrange unknown_hand") for line in state.log)
    again = replay(GameRecord.from_json(state.record().to_json()))
    assert again.log == state.log and again.unknown == state.unknown
    assert again.position() == state.position() and each(again, "hand") == each(state, "hand")


def test_a_position_without_unknown_cards_writes_no_marking():
    state = gamekit.new("bluemoon", players=3, seed=3)
    assert "unknown" not in state.to_dict()
    state.arrange("unknown", "p2", "1")  # a draw declared unknown is kept too
    assert state.to_dict()["unknown"][1] == {"held": [], "expected": 1}
    assert reloaded(state).unknown.expected == [0, 1, 0]


def _with_unknown():
    state, _ = _game_with_unknown_draws()
    return state.position()


@pytest.mark.parametrize("change, field", [
    (lambda d: d.update(unknown=[{"held": [], "expected": 0}]), r"field unknown: "),
    (lambda d: d["unknown"][1].update(expected=-2), r"field unknown\[1\]\.expected"),
    (lambda d: d["unknown"][1].update(held=["dragon_9"]), r"field unknown\[1\]\.held\[0\]"),
    (lambda d: d["unknown"][1].pop("held"), r"field unknown\[1\]"),
    (lambda d: d["unknown"][0].update(held=[next(k for k in KINDS if k not in d["hands"][0])]),
     r"field unknown\[0\]\.held\[0\]: \w+ is not among the cards of seat p1"),
    (lambda d: d["unknown"][1]["held"].extend(d["unknown"][1]["held"] * 5),
     r"field unknown\[1\]\.held\[\d+\]: \w+ is not among the cards of seat p2"),
])
def test_a_malformed_marking_is_refused_naming_the_field(change, field):
    data = _with_unknown()
    before = json.dumps(data)
    change(data["state"])
    with pytest.raises(PositionError, match=field):
        gamekit.position(data)
    assert gamekit.position(json.loads(before)).unknown.count(1) == 2


def test_a_views_data_names_no_unknown_card():
    state, known = _game_with_unknown_draws()
    for seat in (0, 1):
        data = state.view(seat).to_dict()
        assert data["unknown"][1] == {"held": [None, None], "expected": 0}
    own = state.view(1).to_dict()["hands"][1]  # p2's own view: its known cards only
    assert own == {KINDS[k]: n for k, n in enumerate(known) if n}
