"""Positions of Blue Moon City: round trip, same future (reshuffles included), clear errors.

A position is ``state.position()``; ``gamekit.position(data)`` must give back a state with the
same ``to_dict``, seats to move, legal actions of every seat and scores, and the same future
under the same actions (the chance generator state travels in the envelope)."""

from __future__ import annotations

import copy
import itertools
import random

import pytest

import gamekit
from gamekit import PositionError
from gamekit.core import fold_flows
from gamekit.core.invariants import reloaded, same_future

CONFIGS = list(itertools.product((2, 3, 4), ("base", "expansion"), ("standard", "alternative")))
#: attributes that are not the game's: history, caches, and the seed a position does not keep
_NOT_GAME = {"log", "events", "flows", "chance", "_legal_cache", "_seen", "seed"}
#: attributes read only in one stage of the turn (stale, unread, outside it)
_STAGE_ONLY = {"dragon": ("dragon_moving", "dragon_reach"),
               "pay": ("pay_space", "pay_colour", "pay_value", "pay_pool", "pay_recoloured",
                       "pay_cards")}


def _random_states(players, seed, every, **options):
    """Every ``every``-th state of a random game (and its last), as independent copies."""
    state = gamekit.new("bluemoon", players=players, seed=seed, **options)
    rng = random.Random(seed)
    n = 0
    while not state.is_over():
        if n % every == every // 2:
            yield state.clone()
        state.apply(rng.choice(state.legal_actions(state.to_move()[0])))
        n += 1
    yield state


def _play(state, rng, until) -> bool:
    """Random actions on ``state`` until ``until(state, n)`` holds (``False``: game over)."""
    n = 0
    while not state.is_over():
        if until(state, n):
            return True
        state.apply(rng.choice(state.legal_actions(state.to_move()[0])))
        n += 1
    return False


def _state_at(players, seed, fraction, **options):
    """The state ``fraction`` of the way through a random game."""
    length = 0

    def count(s, n):
        nonlocal length
        length = n
        return False

    _play(gamekit.new("bluemoon", players=players, seed=seed, **options), random.Random(seed),
          count)
    state = gamekit.new("bluemoon", players=players, seed=seed, **options)
    _play(state, random.Random(seed), lambda s, n: n >= int(length * fraction))
    return state


def _balanced(state) -> bool:
    """The flow ledger folds to every seat's holdings (empty places left out)."""
    return all(
        {k: v for k, v in fold_flows(state.flows, seat, state.ledger_places).items() if v}
        == {k: v for k, v in state.holdings(seat).items() if v}
        for seat in range(state.players))


def _game_fields(state) -> dict:
    """The state's own fields, the ones of other stages of the turn left out."""
    skip = set(_NOT_GAME)
    for stage, names in _STAGE_ONLY.items():
        if state.step != stage:
            skip.update(names)
    out = {k: v for k, v in vars(state).items() if k not in skip}
    out["cards"] = (state.deck, state.discard)  # the kit's Deck: its two piles
    return out


def _assert_same(loaded, state) -> None:
    assert loaded.to_dict() == state.to_dict()
    assert loaded.to_move() == state.to_move()
    for seat in range(state.players):
        assert loaded.legal_actions(seat) == state.legal_actions(seat)
    assert loaded.scores() == state.scores()
    assert _game_fields(loaded) == _game_fields(state)


def _same_future(a, b, seed: int) -> int:
    """``same_future`` of both; returns the reshuffles seen."""
    start = len(a.events)
    same_future(a, b, seed)
    return sum(1 for e in a.events[start:] if e.kind == "reshuffle")


@pytest.mark.parametrize("players, city, setup", CONFIGS)
def test_round_trip_of_states_from_random_games(players, city, setup):
    stages = set()
    checked = 0
    for seed in (1, 2):
        for state in _random_states(players, seed, 350, city=city, setup=setup):
            _assert_same(reloaded(state), state)
            stages.add(state.step)
            checked += 1
    assert checked >= 6 and {"move", "over"} <= stages


def test_every_stage_of_the_turn_round_trips():
    """Positions in each stage: movement, a Venti 1 teleport, a dragon power, contribution,
    a payment in progress, refill, and the end."""
    want = {"move", "teleport", "dragon", "act", "pay", "refill", "over"}
    seen: dict[str, int] = {}
    for seed in range(40):
        state = gamekit.new("bluemoon", players=3, seed=seed, city="expansion")
        rng = random.Random(seed)
        while True:
            if seen.get(state.step, 0) < 3 or state.is_over():
                _assert_same(reloaded(state), state)
                seen[state.step] = seen.get(state.step, 0) + 1
            if state.is_over():
                break
            state.apply(rng.choice(state.legal_actions(state.to_move()[0])))
        if set(seen) == want and min(seen.values()) >= 3:
            break
    assert set(seen) == want


@pytest.mark.parametrize("players, city, setup, at", [
    (2, "base", "standard", 0.5), (3, "expansion", "alternative", 0.3),
    (4, "base", "alternative", 0.7), (4, "expansion", "standard", 0.1),
])
def test_same_future_under_the_same_actions(players, city, setup, at):
    state = _state_at(players, 5, at, city=city, setup=setup)
    assert not state.is_over()
    _same_future(state.clone(), reloaded(state), 11)


def test_same_future_through_a_reshuffle():
    """Saved with the deck nearly empty: both reshuffle the discard pile alike (the chance
    generator's state is part of the position)."""
    for seed in (8, 9):
        state = gamekit.new("bluemoon", players=3, seed=seed)
        assert _play(state, random.Random(seed), lambda s, n: len(s.deck) <= 2 and s.discard)
        assert _same_future(state.clone(), reloaded(state), seed) >= 1


@pytest.mark.parametrize("options", [
    {"palace_colour_per_space": True},
    {"golden_temple_surcharge": 1, "city": "expansion"},
    {"scales": 3},
    {"cards": {"vulca": {"1": 5, "2": 5}, "pillar": {"3": 10}}},
    {"tiles": [{"id": "royal_palace", "spaces": [{"colour": "wild", "value": 2}] * 6}]},
])
def test_options_round_trip(options):
    for state in _random_states(3, 4, 300, **options):
        loaded = reloaded(state)
        assert loaded.options == state.options
        _assert_same(loaded, state)


def test_loaded_ledger_balances_and_invariants_hold():
    state = _state_at(4, 3, 0.4)
    loaded = gamekit.position(state.position())
    assert loaded.log == [] and {f.source for f in loaded.flows} == {"position"}
    assert _balanced(loaded)
    rng = random.Random(4)
    while not loaded.is_over():
        loaded.apply(rng.choice(loaded.legal_actions(loaded.to_move()[0])))
        loaded.check_invariants()
    assert _balanced(loaded)


def test_a_view_is_not_a_position():
    state = gamekit.new("bluemoon", players=3, seed=1)
    with pytest.raises(PositionError, match="view"):
        state.view(0).position()
    data = state.position()
    data["state"] = state.view(0).to_dict()  # a view's data, slipped into an envelope
    with pytest.raises(PositionError, match=r"field (hands\[1\]|crystals\[1\]|deck|pending)"):
        gamekit.position(data)


# ---------------------------------------------------------------------- bad positions
def _base():
    state = gamekit.new("bluemoon", players=3, seed=5)
    return state.position()


def _mutated(change, data=None):
    data = copy.deepcopy(data or _base())
    change(data["state"])
    return data


def _swap_city_cells(d, a, b):
    (ra, ca), (rb, cb) = a, b
    d["city"][ra][ca], d["city"][rb][cb] = d["city"][rb][cb], d["city"][ra][ca]


def _tile_at(d, rc):
    return d["city"][rc[0]][rc[1]]


def _twice(d):
    d["city"][0][1] = d["city"][0][2]


def _built_with_marker(d):
    tid = _tile_at(d, (0, 1))
    d["tiles"][tid].update(built=True)
    d["tiles"][tid]["markers"][0] = 1
    d["markers"][0] -= 1


def _foreign_pending(d):
    d["pending"][d["turn"]["seat"] % 3].append(d["deck"].pop())


@pytest.mark.parametrize("change, message", [
    (lambda d: d["deck"].append(d["deck"][0]), r"field cards: \w+ appears \d+ times"),
    (lambda d: d["deck"].pop(), r"field cards: 1 card\(s\) are nowhere"),
    (_twice, r"field city: tile '\w+' is placed twice"),
    (lambda d: _swap_city_cells(d, (1, 2), (0, 1)), r"field city: the standard set-up"),
    (lambda d: d["scales"].__setitem__(1, 2), r"field scale_supply: \d+ in the supply and 2 held"),
    (lambda d: d["figures"].__setitem__(1, [0, 0]), r"field figures\[1\]: row 0 col 0 is not a "
                                                    "cell of the base city"),
    (lambda d: d["dragons"].update(blue=[4, 4]), r"field dragons.blue: row 4 col 4"),
    (lambda d: d.update(to_move=[d["to_move"][0] % 3 + 1]), "field to_move"),
    (lambda d: d["turn"].update(stage="lunch"), r"field turn.stage: 'lunch' is not one of"),
    (lambda d: d["markers"].__setitem__(2, 9), r"field markers\[2\]: 9 in reserve"),
    (_built_with_marker, r"field tiles.\w+.markers: a rebuilt tile holds no markers"),
    (_foreign_pending, r"field pending\[\d\]: cards won face down"),
    (lambda d: d["hands"][0].update(vulca_9=1), r"field hands\[0\]"),
    (lambda d: d["crystals"].__setitem__(0, -1), r"field crystals\[0\]"),
    (lambda d: d["obelisk"].update(costs=[1] * 13), r"field obelisk.costs"),
    (lambda d: d["offerings"].__setitem__(0, 1), r"field offerings\[0\]: 1, but the obelisk"),
    (lambda d: d.update(winner=2), r"field over: false, yet .* a winner"),
    (lambda d: d["tiles"][_tile_at(d, (0, 1))].update(wild_colour="red"),
     r"field tiles.\w+.wild_colour"),
    (lambda d: d["turn"].update(payment={"tile": "university", "space": 0, "colour": "white",
                                         "value": 5, "paid": [], "total": 0, "recolour": {}}),
     r"field turn.payment: given exactly while the turn's stage is 'pay'"),
    (lambda d: d.update(extra=1), "unknown key 'extra'"),
])
def test_bad_positions_name_the_field(change, message):
    with pytest.raises(PositionError, match=message):
        gamekit.position(_mutated(change))


def test_bad_envelopes():
    with pytest.raises(PositionError, match=r"field (players|contributions|figures)"):
        gamekit.position(dict(_base(), players=2))
    with pytest.raises(PositionError, match="unknown option"):
        gamekit.position(dict(_base(), options={"colour": "red"}))
    with pytest.raises(PositionError, match="expected 'race'"):
        gamekit.position(_base(), game="race")


def test_cards_are_counted_per_the_options_composition():
    """The same cards under a ``cards`` option with other counts: refused, naming a card."""
    data = _base()
    data["options"]["cards"] = {"vulca": {"1": 4, "2": 3, "3": 3}}
    with pytest.raises(PositionError, match=r"field cards: .*vulca_[13]"):
        gamekit.position(data)


def _in_payment():
    for seed in range(30):
        state = gamekit.new("bluemoon", players=3, seed=seed)
        if _play(state, random.Random(seed), lambda s, n: s.step == "pay" and s.pay_cards):
            return state.position()
    raise AssertionError("no payment in progress found")


@pytest.mark.parametrize("change, message", [
    (lambda p: p.update(value=p["value"] + 1), r"field turn.payment.value: that space is worth"),
    (lambda p: p.update(space=9), r"field turn.payment.space: \w+ has no free space 9"),
    (lambda p: p.update(tile="central_square"), r"field turn.payment.tile"),
    (lambda p: p.update(recolour={p["colour"]: 1}), r"field turn.payment.recolour"),
])
def test_a_payment_in_progress_is_checked(change, message):
    data = _in_payment()
    assert gamekit.position(data).to_dict() == data["state"]
    bad = copy.deepcopy(data)
    change(bad["state"]["turn"]["payment"])
    with pytest.raises(PositionError, match=message):
        gamekit.position(bad)
