"""Unknown cards (issue 10, "Chance under control"): a game recorded from one seat says a seat
drew unknown cards (``chance arrange unknown <seat> <n>``); the engine carries them hidden and
binds each one when the record reveals it (``chance arrange reveal <seat> <card>``),
consistently with every card known to be elsewhere (gamekit/core/unknown.py)."""

from __future__ import annotations

import random

import pytest
from bluemoon_helpers import each

import gamekit
from gamekit.core import IllegalAction
from gamekit.core.records import GameRecord, replay
from gamekit.core.unknown import HiddenCards, UnknownCardError, parse_count, parse_seat
from gamekit.games.bluemoon.data import KINDS


# ------------------------------------------------------------------ the core piece
def test_hidden_cards_take_only_the_draws_declared_unknown():
    hidden = HiddenCards(2)
    assert not hidden.take(0, "a")
    hidden.expect(0, 2)
    assert hidden.take(0, "a") and hidden.take(0, "b") and not hidden.take(0, "c")
    assert hidden.count(0) == 2 and hidden.count(1) == 0


def test_binding_takes_the_provisional_card_or_exchanges_one_with_the_unordered_pile():
    hidden = HiddenCards(1)
    hidden.expect(0, 2)
    hidden.take(0, "a")
    hidden.take(0, "b")
    pile = ["c", "d"]
    hidden.bind(0, "a", pile)  # the provisional card itself
    assert hidden.held[0] == ["b"] and pile == ["c", "d"]
    hidden.bind(0, "d", pile)  # exchanged: "b" goes back where "d" was
    assert hidden.held[0] == [] and pile == ["c", "b"]


def test_binding_refuses_what_cannot_be_hidden_and_changes_nothing():
    hidden = HiddenCards(2)
    hidden.expect(0, 1)
    hidden.take(0, "a")
    pile = ["c"]
    with pytest.raises(UnknownCardError, match="every z is known to be elsewhere"):
        hidden.bind(0, "z", pile)
    with pytest.raises(UnknownCardError, match="p2 holds no unknown card"):
        hidden.bind(1, "c", pile)
    assert hidden.held == [["a"], []] and pile == ["c"]
    with pytest.raises(UnknownCardError, match="not a seat"):
        parse_seat("p3", 2)
    with pytest.raises(UnknownCardError, match="not a number of cards"):
        parse_count("0", 5)


# ------------------------------------------------------------------ Blue Moon City
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
