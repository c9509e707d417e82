"""Unknown cards, the generic part (gamekit/core/unknown.py; issue 10, "Chance under
control"): hidden draws, binding consistent with the cards known elsewhere, and the marking a
position carries (``to_data`` / ``from_data`` / ``known`` / ``schema``), refused by field when
malformed. Games use it with their own card ids: strings here, as in Race for the Galaxy."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from jsonschema import Draft202012Validator

from gamekit.core.positions import PositionError
from gamekit.core.unknown import (
    HiddenCards,
    UnknownCardError,
    parse_count,
    parse_seat,
    schema,
)

CARDS = ("a", "b", "c", "d", "e")


def _card(word: str) -> str:
    if word not in CARDS:
        raise KeyError(word)
    return word


# ------------------------------------------------------------------ drawing and binding
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


def test_binding_never_makes_a_card_appear_twice():
    """Random draws, hidden or not, and reveals (of held cards, of pile cards, of cards known
    elsewhere): every card stays in exactly one place, revealed cards included."""
    for seed in range(200):
        rng = random.Random(seed)
        deck = [f"{c}{i}" for c in CARDS for i in range(3)]  # 15 cards, each once
        rng.shuffle(deck)
        hidden, hands = HiddenCards(3), [[], [], []]
        for _ in range(40):
            seat = rng.randrange(3)
            roll = rng.random()
            if roll < 0.2:
                hidden.expect(seat, rng.randint(1, 2))
            elif roll < 0.6 and deck:
                card = deck.pop()
                if not hidden.take(seat, card):
                    hands[seat].append(card)
            elif hidden.count(seat):
                card = rng.choice([*deck, *hidden.held[seat], *hands[(seat + 1) % 3]] or ["x"])
                try:
                    hidden.bind(seat, card, deck)
                except UnknownCardError:
                    assert card not in deck and card not in hidden.held[seat]
                    continue
                hands[seat].append(card)
            places = deck + [c for h in hands for c in h] + [c for h in hidden.held for c in h]
            assert sorted(places) == sorted(f"{c}{i}" for c in CARDS for i in range(3))


def test_hide_makes_cards_already_held_unknown():
    hidden = HiddenCards(2)
    hidden.hide(1, ["c", "a"])
    assert hidden.held == [[], ["c", "a"]] and hidden.expected == [0, 0] and hidden


# ------------------------------------------------------------------ the position's marking
def _marked() -> HiddenCards:
    hidden = HiddenCards(3)
    hidden.expect(1, 3)
    hidden.take(1, "b")
    hidden.take(1, "b")
    hidden.expect(2, 1)
    return hidden


def test_the_marking_round_trips_and_fits_its_schema():
    hidden = _marked()
    data = hidden.to_data()
    assert data == [{"held": [], "expected": 0}, {"held": ["b", "b"], "expected": 1},
                    {"held": [], "expected": 1}]
    Draft202012Validator(schema(3, {"enum": list(CARDS)}, 10)).validate(data)
    again = HiddenCards.from_data(data, 3, _card)
    assert again == hidden and again.held is not hidden.held
    assert HiddenCards.from_data(None, 3, _card) == HiddenCards(3)
    named = HiddenCards.from_data([{"held": ["x1"], "expected": 0}], 1,
                                  lambda w: int(w[1:]))  # the game's own card ids
    assert named.held == [[1]] and named.to_data(lambda k: f"x{k}") == [
        {"held": ["x1"], "expected": 0}]


def test_a_view_writes_the_hidden_identities_as_null():
    hidden = _marked()
    hidden.held[1][:] = [None, None]
    assert hidden.to_data()[1] == {"held": [None, None], "expected": 1}


@pytest.mark.parametrize("data, field", [
    ([{"held": [], "expected": 0}], r"field unknown: one entry per seat \(3\)"),
    ("b", r"field unknown: one entry per seat"),
    ([{"held": []}, {}, {}], r"field unknown\[0\]: write"),
    ([{"held": [], "expected": 0, "more": 1}] * 3, r"field unknown\[0\]: write"),
    ([{"held": [], "expected": 0}, {"held": [], "expected": -1}, {"held": [], "expected": 0}],
     r"field unknown\[1\]\.expected: a number of cards"),
    ([{"held": [], "expected": True}] * 3, r"field unknown\[0\]\.expected"),
    ([{"held": "ab", "expected": 0}] * 3, r"field unknown\[0\]\.held: a list of cards"),
    ([{"held": [], "expected": 0}, {"held": ["a", "z"], "expected": 0},
      {"held": [], "expected": 0}], r"field unknown\[1\]\.held\[1\]: 'z' is not a card"),
    ([{"held": [7], "expected": 0}] * 3, r"field unknown\[0\]\.held\[0\]: '7' is not a card"),
])
def test_a_malformed_marking_is_refused_naming_the_field(data, field):
    with pytest.raises(PositionError, match=field):
        HiddenCards.from_data(data, 3, _card)
    errors = list(Draft202012Validator(schema(3, {"enum": list(CARDS)}, 10)).iter_errors(data))
    assert errors  # the schema refuses it too (card names: the game's enum)


def test_known_cards_are_the_seats_cards_without_the_hidden_ones():
    hidden = _marked()
    assert hidden.known(1, ["a", "b", "c", "b", "d"]) == ["a", "c", "d"]  # order kept
    assert hidden.known(0, ["e"]) == ["e"]
    with pytest.raises(PositionError, match=r"field hidden\[1\]\.held\[1\]: card b is not among"):
        hidden.known(1, ["a", "b"], field="hidden", name=lambda c: f"card {c}")
    assert Counter(hidden.held[1]) == Counter({"b": 2})  # nothing changed
