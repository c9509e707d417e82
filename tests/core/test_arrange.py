"""Forcing chance at its point (issue 10, "Chance under control"): ``state.arrange`` puts named
cards on top of the draw pile as a line the record keeps and replays at its place."""

import pytest

import gamekit
from gamekit.core import GameRecord, IllegalAction
from gamekit.core.records import replay
from gamekit.kit.deck import Deck


def test_deck_put_on_top_moves_named_cards_and_refuses_missing_ones():
    deck = Deck(["a", "b", "c", "a"])
    deck.put_on_top(["c", "a"])
    assert deck.order() == ["c", "a", "b", "a"]  # the topmost "a" was taken
    with pytest.raises(ValueError, match="'z' is not in the draw pile"):
        deck.put_on_top(["b", "z"])
    with pytest.raises(ValueError, match="'c' is not in the draw pile"):
        deck.put_on_top(["c", "c"])
    assert deck.order() == ["c", "a", "b", "a"]  # nothing moved


def test_race_next_card_drawn_is_forced_and_the_record_replays_it():
    from gamekit.games.race.cards import COPIES

    s = gamekit.new("race", players=2, seed=3)
    names = [COPIES[c].id for c in s.deck]
    copy = next(c for c in s.deck if names.count(COPIES[c].id) == 1)  # lowest one-copy card
    wanted = COPIES[copy].id
    s.arrange("deck", wanted)
    assert s.deck[-1] == copy and s.log[-1] == f"chance arrange deck {wanted}"
    assert s.decisions_made() == 0
    again = replay(GameRecord.from_dict(s.record().to_dict()))
    assert again.fingerprint() == s.fingerprint()
    # play on until the first card leaves the draw pile: it is the forced one
    size = len(s.deck)
    for _ in range(50):  # set-up discards, then both players choose Explore: cards are drawn
        if len(s.deck) != size:
            break
        legal = s.legal_actions(s.to_move()[0])
        s.apply(next((a for a in legal if "explore" in str(a)), legal[-1]))
    assert copy not in s.deck
    assert any(copy in s.seats[i].hand or copy in s.seats[i].explored for i in range(2))
    assert replay(s.record()).fingerprint() == s.fingerprint()


def test_arrange_refusals_name_the_problem_and_change_nothing():
    s = gamekit.new("bluemoon", players=2, seed=5)
    before = s.fingerprint()
    with pytest.raises(IllegalAction, match="bluemoon can arrange deck"):
        s.arrange("tiles", "x")
    with pytest.raises(IllegalAction, match="'dragon_9' is not in the draw pile"):
        s.arrange("deck", "dragon_9")
    with pytest.raises(IllegalAction, match="not a kind and value ids"):
        s.arrange("deck", "../../etc/passwd")
    with pytest.raises(IllegalAction, match="wonderful can arrange unknown, unknown_hand, reveal"):
        gamekit.new("wonderful", players=2, seed=1).arrange("deck", "x")
    assert s.fingerprint() == before


def test_bluemoon_forced_cards_are_the_next_drawn_and_replay():
    from gamekit.games.bluemoon.data import KINDS

    s = gamekit.new("bluemoon", players=2, seed=5)
    kinds = [KINDS[k] for k in s.deck[:2]]  # two cards from the bottom
    s.arrange("deck", *kinds)
    assert [KINDS[k] for k in s.cards.peek(2)] == kinds
    rec = s.record().to_dict()
    assert [m for m in rec["moves"] if m.startswith("chance arrange")] == [
        "chance arrange deck " + " ".join(kinds)]
    assert replay(GameRecord.from_dict(rec)).fingerprint() == s.fingerprint()
    # a record whose arrangement no longer fits is refused with the line named
    rec["moves"] = [m if not m.startswith("chance arrange") else "chance arrange deck dragon_9"
                    for m in rec["moves"]]
    with pytest.raises(gamekit.core.RecordError, match=r"moves\[\d+\].*dragon_9"):
        replay(GameRecord.from_dict(rec))
