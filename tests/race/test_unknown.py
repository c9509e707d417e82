"""Unknown cards in Race for the Galaxy (issue 10, "Chance under control"): a game recorded from
one seat says another seat drew unknown cards (``chance arrange unknown <seat> <n>``; its dealt
hand: ``chance arrange unknown_hand <seat>``); the engine
carries them hidden and binds each one when the record reveals it (``chance arrange reveal
<seat> <card>``), consistently with every card known to be elsewhere
(gamekit/games/race/unknown_cards.py, docs/positions.md "Unknown cards")."""

from __future__ import annotations

import json
import random

import pytest

import gamekit
from gamekit.core import IllegalAction
from gamekit.core.invariants import check_state, reloaded
from gamekit.core.records import GameRecord, replay
from gamekit.games.race.common import _cid


def _observed(seed=3, players=2, seat="p2", n="114"):
    """A new game whose ``seat`` holds only unknown cards: its deal and every draw."""
    state = gamekit.new("race", players, seed=seed)
    state.arrange("unknown_hand", seat)
    state.arrange("unknown", seat, n)
    return state


def _reveal_for(state, action):
    """Reveal the card ``action`` names when it waits for a reveal (not legal yet)."""
    if action not in state.legal_actions(action.seat):
        state.arrange("reveal", f"p{action.seat + 1}", action.args[0])


def _play_revealing(state, rng, steps):
    """Random play; a seat whose every choice is an unknown card reveals one of them."""
    for _ in range(steps):
        if state.is_over():
            return state
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        if not legal:
            state.arrange("reveal", f"p{seat + 1}", _cid(state.unknown.held[seat][-1]))
            continue
        state.apply(rng.choice(legal))
    return state


def test_the_deal_declared_unknown_is_held_and_cannot_be_played():
    state = _observed()
    p2 = state.seats[1]
    assert sorted(state.unknown.held[1]) == sorted(p2.hand) and len(p2.hand) == 6
    assert state.unknown.expected[1] == 114  # the next draws come unknown too
    assert state.legal_actions(1) == []  # the initial discard waits for a reveal
    assert state.legal_actions(0)  # p1 is not concerned
    assert state.log[-2:] == ["chance arrange unknown_hand p2", "chance arrange unknown p2 114"]
    with pytest.raises(IllegalAction, match="holds no known card to make unknown"):
        state.arrange("unknown_hand", "p2")
    state.check_invariants()
    with pytest.raises(IllegalAction, match="one of your unknown cards"):
        state.apply(f"p2 discard {_cid(p2.hand[0])}")
    why, _rule = state.why_illegal(gamekit.core.Action.parse(f"p2 discard {_cid(p2.hand[0])}"))
    assert "desconhecidas" in why.text("pt")


def test_draws_after_the_declaration_come_unknown():
    state = gamekit.new("race", 2, seed=8)
    rng = random.Random(1)
    while state.phase == "setup":  # the initial discards
        _play_revealing(state, rng, 1)
    state.arrange("unknown", "p1", "3")
    assert state.unknown.held[0] == [] and state.unknown.expected[0] == 3
    before = list(state.seats[0].hand) + list(state.seats[0].explored)
    _play_revealing(state, random.Random(2), 60)
    drawn = state.unknown.held[0]
    assert state.unknown.expected[0] < 3  # p1 drew since
    assert state.unknown.expected[0] == 0 or not drawn
    assert all(c not in before for c in drawn)


def test_views_hide_the_unknown_cards_from_other_seats():
    state = _play_revealing(_observed(seed=4), random.Random(4), 40)
    k = len(state.unknown.held[1])
    assert k
    other = state.view(0)
    assert other.unknown.held[1] == [None] * k
    shown = other.to_dict()["unknown"][1]
    assert shown == {"held": [None] * k, "expected": state.unknown.expected[1]}
    assert set(other.to_dict()["seats"][1]["hand"]) <= {"?"} | {
        _cid(c) for c in state.seats[1].hand if c not in state.unknown.held[1]}
    own = state.view(1)  # the seat itself holds its provisional cards
    assert own.unknown.held[1] == state.unknown.held[1]
    check_state(state, random.Random(5))  # determinized views stay consistent


def test_reveal_binds_the_provisional_card_or_exchanges_one_with_the_draw_pile():
    state = _observed()
    hand = state.seats[1].hand
    first = _cid(hand[0])
    state.arrange("reveal", "p2", first)
    assert len(state.unknown.held[1]) == 5 and hand[0] not in state.unknown.held[1]
    assert state.legal_actions(1) == [gamekit.core.Action.parse(f"p2 discard {first}")]
    top = state.deck[-1]
    state.arrange("reveal", "p2", _cid(top))
    assert len(state.unknown.held[1]) == 4 and len(hand) == 6
    assert top in hand and top not in state.deck  # exchanged with a provisional card
    assert state.events[-1].kind == "shown" and state.events[-1].data == {"card": _cid(top)}
    for lang in ("en", "pt"):  # narrated through the catalogs, the card by its name
        text = state.events[-1].text(lang)
        assert _cid(top) not in text and "{" not in text
    state.check_invariants()


def test_impossible_reveals_are_refused_by_name_with_the_state_unchanged():
    state = _observed()
    before = state.position(), list(state.log)
    start = _cid(state.seats[0].start)  # p1's start world: known to be in its tableau
    for words, message in [
        (("p2", start), f"every {start} is known to be elsewhere"),
        (("p1", _cid(state.deck[0])), "p1 holds no unknown card"),
        (("p2", "dragon_lord"), "not a card"),
        (("p5", _cid(state.deck[0])), "not a seat"),
        (("p2",), "takes a seat and a card"),
    ]:
        with pytest.raises(IllegalAction, match=message):
            state.arrange("reveal", *words)
        assert (state.position(), state.log) == before
    with pytest.raises(IllegalAction, match="not a number of cards"):
        state.arrange("unknown", "p1", "0")
    assert (state.position(), state.log) == before


def test_a_record_with_unknown_cards_replays_and_a_position_keeps_the_marking():
    state = _play_revealing(_observed(seed=6, players=3), random.Random(6), 120)
    assert state.unknown.held[1] and any(" reveal " in line for line in state.log)
    again = replay(GameRecord.from_json(state.record().to_json()))
    assert again.log == state.log and again.unknown == state.unknown
    assert again.position() == state.position()
    back = reloaded(state)
    assert back.unknown == state.unknown  # the same copies (the hand order is kept)
    assert back.to_dict() == state.to_dict()
    assert json.loads(json.dumps(state.position()))["state"]["unknown"][1]["held"]
    a, b = random.Random(9), random.Random(9)
    _play_revealing(state, a, 80)
    _play_revealing(back, b, 80)
    assert back.to_dict() == state.to_dict()  # the same future


def test_a_position_naming_an_unknown_card_not_held_is_refused():
    state = _observed()
    data = json.loads(json.dumps(state.position()))
    data["state"]["unknown"][1]["held"][0] = _cid(state.deck[0])
    with pytest.raises(gamekit.core.PositionError, match=r"unknown\[1\]\.held\[0\]"):
        gamekit.position(data)
    del data["state"]["unknown"][1]["expected"]
    with pytest.raises(gamekit.core.PositionError, match="unknown"):
        gamekit.position(data)


@pytest.mark.parametrize(("players", "seed"), [(2, 11), (3, 12), (4, 13)])
def test_the_observed_game_has_the_same_future_as_the_known_game(players, seed):
    """Every draw of p2 unknown, each card revealed when played: the same game."""
    known = gamekit.new("race", players, seed=seed)
    seen = _observed(seed=seed, players=players)
    rng = random.Random(seed)
    while not known.is_over():
        seat = known.to_move()[0]
        assert seen.to_move() == known.to_move()
        action = rng.choice(known.legal_actions(seat))
        known.apply(action)
        _reveal_for(seen, action)
        seen.apply(action)
        mine = seen.to_dict()
        mine.pop("unknown", None)
        assert mine == known.to_dict()
    assert seen.is_over() and seen.scores() == known.scores()
    assert [line for line in seen.log if "arrange" not in line] == known.log
    assert [e for e in seen.events if e.kind != "shown"] == known.events
