"""Positions of Race for the Galaxy: round trip, same future, clear errors, scores."""

from __future__ import annotations

import copy
import random

import pytest

import gamekit
from gamekit import PositionError
from gamekit.core import fold_flows
from gamekit.core.invariants import reloaded, same_future
from gamekit.games.race.cardmoves import pending
from gamekit.games.race.cards import TYPE_BY_ID

#: (players, options) of the games sampled: 2, 3, 4 players and the advanced 2-player game
SETUPS = [(2, {}), (2, {"advanced": True}), (3, {}), (4, {})]


def _random_states(players: int, options: dict, seeds: range, every: int):
    """Every ``every``-th state of random games (and each final state)."""
    for seed in seeds:
        state = gamekit.new("race", players=players, seed=seed, **options)
        rng = random.Random(seed)
        n = 0
        while not state.is_over():
            if n % every == 0:
                yield state
            state.apply(rng.choice(state.legal_actions(state.to_move()[0])))
            n += 1
        yield state


@pytest.mark.parametrize("players, options", SETUPS)
def test_round_trip_andsame_future(players, options):
    checked = futures = 0
    for i, state in enumerate(_random_states(players, options, range(3), every=9)):
        loaded = reloaded(state)
        assert loaded.to_dict() == state.to_dict()
        assert loaded.to_move() == state.to_move()
        for seat in range(players):
            if seat in state.to_move():
                assert loaded.legal_actions(seat) == state.legal_actions(seat)
                assert loaded.decision(seat) == state.decision(seat)
        assert loaded.scores() == state.scores()
        if i % 10 == 3 and not state.is_over():
            same_future(state.clone(), loaded, i)
            futures += 1
        checked += 1
    assert checked > 60 and futures >= 6


def test_same_future_through_reshuffles():
    """A position saved with few cards left: the reshuffles after it match (the generator
    state travels in the position)."""
    state = gamekit.new("race", players=4, seed=11)
    rng = random.Random(2)
    while len(state.deck) > 8 or not state.discard:
        state.apply(rng.choice(state.legal_actions(state.to_move()[0])))
    loaded = reloaded(state)
    before = sum(1 for line in state.log if line.startswith("chance reshuffle"))
    a = state.clone()
    same_future(a, loaded, 5)
    assert sum(1 for line in a.log if line.startswith("chance reshuffle")) > before
    assert any(line.startswith("chance reshuffle") for line in loaded.log)


def test_loaded_ledger_balances_and_invariants_hold():
    state = next(s for i, s in enumerate(_random_states(3, {}, range(1), every=1)) if i == 120)
    loaded = gamekit.position(state.position())
    assert loaded.log == []
    for seat in range(3):
        held = {k: v for k, v in loaded.holdings(seat).items() if v}
        assert dict(fold_flows(loaded.flows, seat, loaded.ledger_places)) == held
    rng = random.Random(4)
    while not loaded.is_over():
        loaded.apply(rng.choice(loaded.legal_actions(loaded.to_move()[0])))
        loaded.check_invariants()
    for seat in range(3):
        held = {k: v for k, v in loaded.holdings(seat).items() if v}
        assert dict(fold_flows(loaded.flows, seat, loaded.ledger_places)) == held


def test_a_position_without_the_order_keys_reads_the_display_order():
    state = gamekit.new("race", players=2, seed=3)
    data = state.position()
    for seat in data["state"]["seats"]:
        for key in ("hand_order", "explore_order", "goods_order", "keep", "temp_military",
                    "placed_this_phase", "consume_used", "produced", "produced_on",
                    "windfall_queue", "score", "military"):
            seat.pop(key)
    loaded = gamekit.position(data)
    assert loaded.to_dict()["seats"][0]["hand_order"] == data["state"]["seats"][0]["hand"]
    assert sorted(loaded.legal_actions(0)) == sorted(state.legal_actions(0))
    for key in ("hand", "goods", "tableau", "vp_chips"):
        assert [x[key] for x in loaded.to_dict()["seats"]] == [
            x[key] for x in state.to_dict()["seats"]]


def _position(players: int = 2, seed: int = 5, steps: int = 0, **options):
    state = gamekit.new("race", players=players, seed=seed, **options)
    rng = random.Random(seed)
    for _ in range(steps):
        state.apply(rng.choice(state.legal_actions(state.to_move()[0])))
    return state.position()


def _at(phase: str, players: int = 2, seed: int = 1, **options):
    """The position of the first state of a random game in ``phase``."""
    state = gamekit.new("race", players=players, seed=seed, **options)
    rng = random.Random(seed)
    while state.phase != phase:
        state.apply(rng.choice(state.legal_actions(state.to_move()[0])))
    return state.position()


@pytest.mark.parametrize(
    "where, change, message",
    [
        ("choose", lambda d: d["state"]["deck"].append(d["state"]["deck"][0]),
         r"field cards: \w+ appears \d+ times"),
        ("choose", lambda d: d["state"]["deck"].pop(), r"field cards: 1 card\(s\) are nowhere"),
        ("choose", lambda d: d["state"]["seats"][0]["tableau"].append("plague_world"),
         r"field cards: plague_world appears 2 times|field seats\[0\]"),
        ("choose", lambda d: d["state"].update(phase="lunch"),
         r"field phase: 'lunch' is not one of"),
        ("choose", lambda d: d["state"].update(to_move=[0]), r"field to_move: \[0\] given"),
        ("choose", lambda d: d["state"]["seats"][1].update(vp_chips=-1),
         r"field seats\[1\]\.vp_chips"),
        ("choose", lambda d: d["state"]["seats"][1].update(vp_chips=3), r"field vp_pool: "),
        ("choose", lambda d: d["state"]["seats"][0]["actions"].append("develop_2"),
         r"field seats\[0\]\.actions: .*advanced"),
        ("choose", lambda d: d["state"]["seats"][0].update(pending=["keep"]),
         r"field seats\[0\]\.pending: a keep step is not asked in phase choose"),
        ("choose", lambda d: d["state"].update(order=d["state"]["order"][::-1]),
         r"field order: "),
        ("choose", lambda d: d["state"].update(step=["explore", 1]),
         r"field step: \['explore', 1\] is not a step of phase choose"),
        ("choose", lambda d: d["state"]["seats"][0].update(hand=["?"]),
         r"field seats\[0\]\.hand\[0\]"),
        ("round_end", lambda d: d["state"]["seats"][0]["hand"].append("?"),
         r"field seats\[0\]\.hand"),
        ("develop", lambda d: d["state"]["seats"][1].update(chosen="gem_world"),
         r"field seats\[1\]\.chosen"),
        ("choose", lambda d: d["state"].update(round=0), r"field round: round 0 in phase"),
        ("choose", lambda d: d["state"].update(over=True), r"field over: "),
        ("choose", lambda d: d.update(chance=[1, 2, 3]), "field chance"),
        ("choose", lambda d: d["state"]["seats"].pop(), "field seats"),
    ],
)
def test_bad_positions_name_the_field(where, change, message):
    data = copy.deepcopy(_at(where))
    change(data)
    with pytest.raises(PositionError, match=message):
        gamekit.position(data)


def test_a_hand_too_large_for_the_phase():
    data = _at("choose", seed=3)
    state = data["state"]
    assert state["round"] == 1
    state["round"] = 2  # a later round: the hand limit has been applied
    seat = state["seats"][0]
    while len(seat["hand"]) <= 10:
        card = state["deck"].pop(0)
        seat["hand"].append(card)
        seat["hand_order"].append(card)
    with pytest.raises(PositionError, match=r"field seats\[0\]\.hand: 11 cards after a round "
                       r"end; the hand limit is 10"):
        gamekit.position(data)


def test_goods_only_on_worlds_with_a_good_slot():
    data = _at("choose", seed=2)
    seat = data["state"]["seats"][0]
    deck = data["state"]["deck"]
    plain = next(c for c in deck if TYPE_BY_ID[c].world
                 and not (TYPE_BY_ID[c].windfall or TYPE_BY_ID[c].production))
    deck.remove(plain)
    seat["tableau"].append(plain)
    under = deck.pop()
    seat["goods"][plain] = ["novelty", under]
    seat["goods_order"].append(plain)
    with pytest.raises(PositionError, match=rf"field seats\[0\]\.goods\.{plain}: {plain} has "
                       "no good slot"):
        gamekit.position(data)
    del seat["goods"][plain]
    seat["goods_order"] = list(seat["goods"])
    gem = next(c for c in deck if TYPE_BY_ID[c].production and TYPE_BY_ID[c].good != 1)
    deck.remove(gem)
    seat["tableau"].append(gem)
    seat["goods"][gem] = ["rare", under]
    seat["goods_order"] = list(seat["goods"])
    with pytest.raises(PositionError, match=rf"field seats\[0\]\.goods\.{gem}: {gem} holds "
                       r"\w+ goods, not rare"):
        gamekit.position(data)


def test_a_pending_payment_must_be_for_the_chosen_card():
    state = gamekit.new("race", players=2, seed=0)
    rng = random.Random(0)
    while not any(p is not None and p[0] == "pay" for p in (pending(state, s) for s in range(state.players))):
        state.apply(rng.choice(state.legal_actions(state.to_move()[0])))
    data = state.position()
    s = state.to_move()[0]
    seat = data["state"]["seats"][s]
    other = next(c for c in seat["hand"] if c != seat["pending"][1])
    seat["pending"][1] = other
    with pytest.raises(PositionError, match=rf"field seats\[{s}\]\.pending: pay for {other}"):
        gamekit.position(data)


def test_a_view_is_not_a_position():
    state = gamekit.new("race", players=3, seed=1)
    with pytest.raises(PositionError, match="view"):
        state.view(0).position()
    data = state.position()
    data["state"] = state.view(0).to_dict()  # a view's data in a full envelope
    with pytest.raises(PositionError, match=r"position field (deck|seats\[\d\]\.\w+)"):
        gamekit.position(data)


def test_options_are_checked_and_the_advanced_game_keeps_its_second_card():
    data = _at("develop", advanced=True)
    bad = copy.deepcopy(data)
    bad["options"]["advanced"] = False
    with pytest.raises(PositionError, match=r"field seats\[\d\]\.actions|field step"):
        gamekit.position(bad)
    with pytest.raises(PositionError, match="advanced game is for 2 players"):
        gamekit.position({**_position(3), "options": {"advanced": True}})
    assert gamekit.position(data).npicks == 2


def test_scores_of_any_position_and_a_result_declared_final():
    state = next(s for i, s in enumerate(_random_states(4, {}, range(3, 4), every=1)) if i == 150)
    assert not state.is_over()
    loaded = gamekit.position(state.position())
    live = loaded.scores()
    assert live == state.scores()
    with pytest.raises(gamekit.IllegalAction, match="not over"):
        loaded.result()
    res = loaded.result(final=True)
    assert res.scores == [live[s]["total"] for s in range(4)]
