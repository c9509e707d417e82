"""Unknown cards of It's a Wonderful World (issue 10, "Chance under control"): a game recorded
from one seat, the other seats' draft hands unknown (``gamekit/games/wonderful/unknown_cards.py``,
docs/positions.md "Unknown cards")."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

import gamekit
from gamekit.core import IllegalAction
from gamekit.core.positions import PositionError
from gamekit.core.records import GameRecord, replay
from gamekit.games.wonderful.data import DECK


def _known_game(seed: int, players: int) -> tuple[list, object]:
    """A random game played out; its actions and the final state."""
    s = gamekit.new("wonderful", players, seed=seed)
    rng = random.Random(seed)
    actions = []
    while not s.is_over():
        seat = s.to_move()[0]
        a = rng.choice(s.legal_actions(seat))
        actions.append(a)
        s.apply(a)
    return actions, s


def _observed(seed: int, players: int, actions: list):
    """The same game recorded with every deal of p2 unknown: a card is revealed before the
    seat holding it (p2, or whoever the hand was passed to) names it."""
    s = gamekit.new("wonderful", players, seed=seed)
    size = 10 if players == 2 else 7
    s.arrange("unknown", "p2", str(4 * size))
    for a in actions:
        held = s.unknown.held[a.seat]
        if a.args and a.args[0] in held and a not in s.legal_actions(a.seat):
            s.arrange("reveal", f"p{a.seat + 1}", a.args[0])
        s.apply(a)
    return s


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 5), (4, 7), (5, 2)])
def test_every_deal_of_p2_unknown_plays_exactly_as_the_known_game(players, seed):
    actions, known = _known_game(seed, players)
    seen = _observed(seed, players, actions)
    assert seen.is_over()
    assert [seen.score(p) for p in range(players)] == [known.score(p) for p in range(players)]
    assert [x.built for x in seen.seats] == [x.built for x in known.seats]
    assert seen.unknown.expected[1] == 0  # all four deals of p2 were taken unknown
    again = replay(GameRecord.from_json(seen.record().to_json()))
    assert again.to_dict() == seen.to_dict()
    assert any(line.startswith("chance arrange reveal") for line in seen.log)


def test_unknown_cards_cannot_be_picked_and_are_hidden_in_views():
    s = gamekit.new("wonderful", 3, seed=5)
    s.arrange("unknown", "p2", "7")
    assert s.unknown.held[1] == s.seats[1].hand and s.unknown.expected[1] == 0
    assert s.legal_actions(1) == []
    with pytest.raises(IllegalAction, match="the record must reveal it first"):
        s.apply(f"p2 draft {s.seats[1].hand[0]}")
    assert s.legal_actions(0)  # the other seats pick as usual
    v = s.view(0)
    assert v.seats[1].hand == ["?"] * 7 and v.unknown.held[1] == [None] * 7
    assert s.view(1).seats[1].hand == s.seats[1].hand
    full = v.determinize(random.Random(1))
    assert "?" not in full.all_cards() and full.unknown is None


def test_unknown_cards_travel_with_the_hand_passed():
    s = gamekit.new("wonderful", 3, seed=5)
    s.arrange("unknown_hand", "p2")
    first = s.seats[1].hand[0]
    s.arrange("reveal", "p2", first)
    for p in range(3):
        s.apply(s.legal_actions(p)[0])
    # round 1 passes left: p2's hand (6 unknown cards) is now p3's
    assert len(s.unknown.held[2]) == 6 and s.unknown.held[1] == []
    assert Counter(s.unknown.held[2]) == Counter(s.seats[2].hand)
    assert first in s.seats[1].drafted


def test_a_reveal_exchanges_with_the_deck_and_keeps_every_card_once():
    s = gamekit.new("wonderful", 3, seed=5)
    s.arrange("unknown_hand", "p2")
    hand = list(s.seats[1].hand)
    wanted = next(c for c in s.deck if c not in hand)
    s.arrange("reveal", "p2", wanted)
    assert wanted in s.seats[1].hand and len(s.unknown.held[1]) == 6
    assert Counter(s.all_cards()) == Counter(DECK)
    s.check_invariants()
    assert gamekit.new("wonderful", 3, seed=5).deck != s.deck  # the provisional card went back


def test_refusals_name_the_problem_and_change_nothing():
    s = gamekit.new("wonderful", 3, seed=5)
    s.arrange("unknown_hand", "p2")
    before = json.dumps(s.to_dict(), sort_keys=True)
    single = Counter(DECK)
    mine = next(c for c in s.seats[0].hand if single[c] == 1 and c not in s.deck)
    cases = [(("reveal", "p2", mine), f"every {mine} is known to be elsewhere"),
             (("reveal", "p2", "no_such_card"), "is not a card"),
             (("reveal", "p3", mine), "holds no unknown card"),
             (("unknown", "p9", "3"), "is not a seat"),
             (("unknown", "p2", "zero"), "is not a number"),
             (("reveal", "p2"), "takes a seat and a card")]
    for args, words in cases:
        with pytest.raises(IllegalAction, match=words):
            s.arrange(*args)
        assert json.dumps(s.to_dict(), sort_keys=True) == before


def test_positions_keep_the_marking_and_refuse_a_malformed_one():
    s = gamekit.new("wonderful", 4, seed=7)
    s.arrange("unknown", "p3", "14")
    again = gamekit.position(json.loads(json.dumps(s.position())))
    assert again.unknown == s.unknown
    assert again.legal_actions(2) == s.legal_actions(2) == []
    assert again.to_dict() == s.to_dict()
    plain = gamekit.new("wonderful", 4, seed=7)
    assert "unknown" not in plain.to_dict()  # nothing unknown: positions as before
    data = s.position()
    foreign = next(c for c in s.seats[0].hand if c not in s.seats[2].hand)
    data["state"]["unknown"][2]["held"][0] = foreign
    with pytest.raises(PositionError, match=r"unknown\[2\]\.held\[0\]"):
        gamekit.position(data)


def _play_revealing(s, rng: random.Random, steps: int) -> None:
    """Random moves; a seat left with only unknown cards has one of them revealed first."""
    for _ in range(steps):
        if s.is_over():
            return
        seat = s.to_move()[0]
        legal = s.legal_actions(seat)
        if not legal:
            s.arrange("reveal", f"p{seat + 1}", rng.choice(s.unknown.held[seat]))
            legal = s.legal_actions(seat)
        s.apply(rng.choice(legal))
        for o, other in enumerate(s.seats):  # every unknown card is one the seat holds
            s.unknown.known(o, other.hand + other.drafted)


def test_the_last_card_kept_stays_unknown_until_revealed():
    s = gamekit.new("wonderful", 3, seed=11)
    s.arrange("unknown", "p2", "28")
    rng = random.Random(4)
    while s.phase == "draft":
        _play_revealing(s, rng, 1)
    held = [(o, c) for o, cards in enumerate(s.unknown.held) for c in cards]
    assert held, "a hand dealt to p2 was passed on: its last card is kept unknown"
    o, card = held[0]
    assert card in s.seats[o].drafted
    assert all(not a.args or a.args[0] != card or s.seats[o].drafted.count(card) > 1
               for a in s.legal_actions(o))
    s.arrange("reveal", f"p{o + 1}", card)
    assert any(a.args and a.args[0] == card for a in s.legal_actions(o))
    assert s.view((o + 1) % 3).unknown.held[o] == [None] * len(s.unknown.held[o])


def test_a_reveal_can_take_the_card_from_another_seats_unknown_cards():
    s = gamekit.new("wonderful", 3, seed=5)
    s.arrange("unknown_hand", "p2")
    s.arrange("unknown_hand", "p3")
    card = next(c for c in s.seats[2].hand if c not in s.deck and c not in s.seats[1].hand
                and c not in s.seats[0].hand)
    s.arrange("reveal", "p2", card)
    assert card in s.seats[1].hand and card not in s.unknown.held[2]
    assert len(s.unknown.held[1]) == 6 and len(s.unknown.held[2]) == 7
    assert Counter(s.all_cards()) == Counter(DECK)
    s.check_invariants()


@pytest.mark.parametrize("players", [2, 4])
def test_a_position_with_unknown_cards_has_the_same_future(players):
    s = gamekit.new("wonderful", players, seed=3)
    s.arrange("unknown", "p2", "40")
    _play_revealing(s, random.Random(1), 30)
    again = gamekit.position(json.loads(json.dumps(s.position())))
    assert again.unknown == s.unknown
    _play_revealing(s, random.Random(9), 400)
    _play_revealing(again, random.Random(9), 400)
    assert again.to_dict() == s.to_dict() and s.is_over()
