"""Events name a card exactly where the rules make it public: face-up cards (tableaus, revealed
picks, the gamble's flipped card) by name; goods (face-down cards), hands, the deck and the
discards never, except in the events only their owner sees."""

import random

from race_helpers import card_ids, game, play

import gamekit
from gamekit.games.race.cardmoves import pending
from gamekit.games.race.common import _CT

NAMED = ("card", "world")


def _public_names_ok(before, after, events):
    """Every public event names only face-up cards: in a tableau before or after the step,
    a revealed pick, or the card the gamble flips."""
    face_up = {_CT[c].id for st in (before, after) for seat in st.seats for c in seat.tableau}
    face_up |= {_CT[c].id for st in (before, after) if not any(
        p is not None and p[0] in ("dev_pick", "set_pick") for p in (pending(st, s) for s in range(st.players)))
        for c in (seat.chosen for seat in st.seats) if c is not None and c >= 0}
    for e in events:
        if e.visible is not None:
            assert e.visible == frozenset([e.seat]), e
            continue
        assert "cards" not in e.data, e
        for key in NAMED:
            if key in e.data and not e.kind.startswith("gamble_"):
                assert e.data[key] in face_up, e


def test_random_games_never_name_a_hidden_card_in_public():
    for seed, players, opts in ((1, 2, {}), (2, 3, {}), (3, 4, {}), (4, 2, {"advanced": True})):
        s = gamekit.new("race", players=players, seed=seed, **opts)
        rng = random.Random(seed)
        while not s.is_over():
            seat = s.to_move()[0]
            before = s.clone()
            n = len(s.events)
            s.apply(rng.choice(s.legal_actions(seat)))
            _public_names_ok(before, s, s.events[n:])


def test_consumed_goods_name_their_worlds_not_their_cards():
    # Old Earth consumes up to 2 goods of any kind: both, without a choice
    s = game(start=["old_earth", "new_sparta"], tableaus=[["gem_world", "artist_colony"], []],
             goods=[["gem_world", "artist_colony"], []])
    hidden = set(card_ids(s.seats[0].goods.values()))
    n = len(s.events)
    play(s, "p1 choose consume_x2", "p2 choose consume_x2")
    spent = [e for e in s.events[n:] if e.kind == "discard_good"]
    assert sorted(e.data["world"] for e in spent) == ["artist_colony", "gem_world"]
    assert all(e.visible is None and e.data["good"] == "novelty" for e in spent)
    view = s.view(1)  # the other seat sees which worlds were emptied, never the good cards
    assert {e.data["world"] for e in view.events if e.kind == "discard_good"} == {
        "artist_colony", "gem_world"}
    assert not hidden & {v for e in view.events for v in e.data.values() if isinstance(v, str)}
    assert "Player 1 discards the Novelty good of Gem World." in [
        e.text("en") for e in spent]


def test_hand_discard_for_vp_is_counted_in_public_and_named_only_to_its_owner():
    s = game(start=["new_sparta", "old_earth"], tableaus=[["deficit_spending"], []],
             hands=[["gem_world", "spice_world"], []])
    play(s, "p1 choose consume_x2", "p2 choose consume_x2", "p1 consume deficit_spending")
    n = len(s.events)
    play(s, "p1 discard spice_world")
    new = s.events[n:]
    public = [e for e in new if e.kind == "discard"]
    assert len(public) == 1 and public[0].visible is None and public[0].data == {"n": 1}
    private = [e for e in new if e.kind == "discarded"]
    assert private[0].visible == frozenset([0]) and private[0].data["card"] == "spice_world"
    assert not any(e.kind == "discarded" for e in s.view(1).events[n:])


def test_goods_placed_name_the_world_and_draws_stay_secret():
    s = game(start=["new_sparta", "old_earth"], tableaus=[["gem_world"], []],
             deck_top=["comet_zone", "spice_world"])
    play(s, "p1 choose produce", "p2 choose produce")
    good = next(e for e in s.events if e.kind == "good")
    assert good.visible is None and good.data["world"] == "gem_world"
    assert "comet_zone" not in good.data.values()  # the face-down good card
    drew = next(e for e in s.events if e.kind == "drew")
    assert drew.visible == frozenset([0]) and drew.data["cards"] == ["spice_world"]
    other = s.view(1).events
    assert any(e.kind == "draw" and e.data["n"] == 1 for e in other)
    assert not any(e.kind == "drew" for e in other)


def test_the_gamble_flips_a_public_card():
    s = game(start=["new_sparta", "old_earth"], tableaus=[["gambling_world"], []],
             deck_top=["gem_world"])
    play(s, "p1 choose consume_x2", "p2 choose consume_x2", "p1 gamble 2")
    flip = next(e for e in s.view(1).events if e.kind.startswith("gamble_"))
    assert flip.kind == "gamble_win" and flip.data["card"] == "gem_world"


def test_a_payment_is_counted_in_public_and_named_only_to_the_payer():
    s = game(start=["new_sparta", "old_earth"], hands=[["artist_colony", "spice_world"], []])
    play(s, "p1 choose settle", "p2 choose settle", "p1 settle artist_colony", "p2 pass")
    paid = [e for e in s.events if e.kind in ("pay", "discarded")]
    assert [(e.kind, e.visible) for e in paid] == [("pay", None), ("discarded", frozenset([0]))]
    assert paid[1].data["card"] == "spice_world" and "card" not in paid[0].data
