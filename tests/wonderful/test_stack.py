"""It's a Wonderful World on the core decision stack (issue 24 §2): positions write ``stack``
(kinds and data of ``asks.ASKS``), positions saved before it load with the same stack derived
from the seats' fields, and a hostile or inconsistent stack is refused with ``PositionError``
naming ``stack[i]...``, nothing run."""

from __future__ import annotations

import copy
import random

import pytest
from hostile_positions import plant_canaries, refused

import gamekit
from gamekit.core.stack import Pending, deciding
from gamekit.games.wonderful.asks import ASKS, cubes


def _played(players: int, seed: int, until, **opts):
    """A game played at random (seeded) until ``until(state)`` holds."""
    st = gamekit.new("wonderful", players=players, seed=seed, **opts)
    rng = random.Random(seed)
    while not until(st):
        assert not st.is_over(), "the game ended before the situation came up"
        legal = st.legal_actions(st.to_move()[0])
        st.apply(legal[rng.randrange(len(legal))])
    return st


def _kinds(st) -> set[str]:
    return {e.kind for e in st.stack}


def _by_seat(st) -> list[list[Pending]]:
    return [[e for e in st.stack if e.seat == s] for s in range(st.players)]


def _without_stack(st) -> dict:
    return {k: v for k, v in st.to_dict().items() if k != "stack"}


def _production() -> gamekit.GameState:
    """3 players, a production step with cubes to place and a supremacy choice pending."""
    return _played(3, 5, lambda st: st.phase == "production" and {"place", "tokens"} <= _kinds(st))


def test_each_seat_decides_its_top_entry_and_to_move_is_the_stack():
    st = _production()
    assert st.to_move() == deciding(st.stack)
    for s in st.to_move():
        top = [e for e in st.stack if e.seat == s][-1]
        assert st.decision(s).kind == top.kind
    place = next(e for e in st.stack if e.kind == "place")
    assert cubes(st, place.seat) == place.data[1] >= 1
    assert place.data[0] == "materials" or st.step > 0


def test_a_position_writes_the_stack_and_reads_it_back():
    st = _production()
    doc = st.position()
    saved = doc["state"]["stack"]
    assert saved == ASKS.to_data(st.stack) and saved
    assert all(set(e) == {"kind", "seat", "data"} for e in saved)
    back = gamekit.position(doc, "wonderful")
    assert back.stack == st.stack and back.to_move() == st.to_move()
    assert back.to_dict() == st.to_dict()


@pytest.mark.parametrize(("players", "seed", "opts"), [
    (1, 2, {}), (1, 7, {"solo_exchange": True}), (2, 3, {}), (4, 9, {}),
])
def test_positions_saved_before_the_stack_load_with_the_same_stack(players, seed, opts):
    """Every 3rd decision of a game: the position without ``stack`` (as saved before it)
    loads to the same stack (each seat's entries; the seats' entries interleave as the game
    pushed them), the same seats deciding and the same position."""
    st = gamekit.new("wonderful", players=players, seed=seed, **opts)
    rng = random.Random(seed)
    n = seen = 0
    kinds: set[str] = set()
    while not st.is_over():
        if n % 3 == 0:
            doc = st.position()
            del doc["state"]["stack"]
            back = gamekit.position(doc, "wonderful")
            assert _by_seat(back) == _by_seat(st), n
            assert _without_stack(back) == _without_stack(st)
            kinds |= _kinds(st)
            seen += 1
        legal = st.legal_actions(st.to_move()[0])
        st.apply(legal[rng.randrange(len(legal))])
        n += 1
    assert seen > 10
    assert {"tokens", "plan"} <= kinds and ("draft" in kinds) == (players > 1)


def _doc():
    return _production().position()


def _place_index(doc) -> int:
    return next(i for i, e in enumerate(doc["state"]["stack"]) if e["kind"] == "place")


def _set(i, **kw):
    def change(doc):
        doc["state"]["stack"][i if i >= 0 else _place_index(doc)].update(kw)
    return change


def _data(**kw):
    def change(doc):
        doc["state"]["stack"][_place_index(doc)]["data"].update(kw)
    return change


def _push(entry):
    def change(doc):
        doc["state"]["stack"].append(entry)
    return change


def _swap(doc):
    """The cubes to place below the seat's tokens step (a sub-decision under its step)."""
    stack = doc["state"]["stack"]
    i = _place_index(doc)
    seat = stack[i]["seat"]
    j = next(k for k, e in enumerate(stack) if e["kind"] == "tokens" and e["seat"] == seat)
    stack[i], stack[j] = stack[j], stack[i]


@pytest.mark.parametrize(("change", "where"), [
    (_set(0, kind="_act_canary"), "stack[0].kind"),
    (_set(0, kind="apply"), "stack[0].kind"),
    (_set(0, kind="__class__"), "stack[0].kind"),
    (_set(0, seat=7), "stack[0].seat"),
    (_set(0, seat=-1), "stack[0].seat"),
    (_set(0, seat="0"), "stack[0].seat"),
    (_set(0, extra=1), "stack[0]"),
    (_set(0, data=[]), "stack[0].data"),
    (_data(amount="2"), ".data.amount"),
    (_data(amount=0), ".data.amount"),
    (_data(resource="_act_canary"), ".data.resource"),
    (_data(source="apply"), ".data.source"),
    (_data(extra=None), ".data"),
    (_push({"kind": "tokens", "seat": 0, "data": {"n": 1}}), ".data"),
    (_push({"kind": "draft", "seat": 0, "data": {}}), "draft"),
    (_push({"kind": "plan", "seat": 1, "data": {}}), "plan"),
    (_push({"kind": "exchange_take", "seat": 0, "data": {}}), "exchange_take"),
    (_push({"kind": "exchange_second", "seat": 0, "data": {"card": "__init__"}}),
     ".data.card"),
    (_push({"kind": "supremacy", "seat": 0, "data": {}}), "supremacy"),
    (_push({"kind": "place", "seat": 0, "data": {"resource": "gold", "amount": 1,
                                                 "source": "production"}}), "place"),
    (_swap, "order"),
    (lambda doc: doc["state"].update(stack={"kind": "tokens"}), "stack"),
    (lambda doc: doc["state"].update(stack=[[]] * 3), "stack[0]"),
    (lambda doc: doc["state"].update(stack=[{"kind": "tokens", "seat": 0, "data": {}}] * 65),
     "stack"),
])
def test_a_hostile_or_inconsistent_stack_is_refused(monkeypatch, change, where):
    plant_canaries(monkeypatch, "wonderful")
    doc = copy.deepcopy(_DOC)
    change(doc)
    error = str(refused(doc))
    assert where in error and "stack" in error, error


_DOC = _doc()


def test_the_seats_written_fields_must_agree_with_the_stack():
    doc = copy.deepcopy(_DOC)
    i = _place_index(doc)
    seat = doc["state"]["stack"][i]["seat"]
    doc["state"]["seats"][seat]["pending"]["amount"] += 1
    assert f"seats[{seat}].pending" in str(refused(doc))
    doc = copy.deepcopy(_DOC)
    del doc["state"]["stack"][i]
    assert "stack" in str(refused(doc)) or "to_move" in str(refused(doc))


def test_a_step_that_asks_nothing_cannot_be_pending():
    """A ``plan`` step with an empty selection area on top is refused (the rules answer it)."""
    st = _played(3, 2, lambda st: st.phase == "planning")
    doc = st.position()
    seat = doc["state"]["stack"][-1]["seat"]
    doc["state"]["seats"][seat]["drafted"], moved = [], doc["state"]["seats"][seat]["drafted"]
    doc["state"]["discard"] += moved
    assert "plan step that asks nothing more" in str(refused(doc))


def test_a_loaded_stack_plays_on_like_the_game():
    st = _production()
    back = gamekit.position(st.position(), "wonderful")
    rng_a, rng_b = random.Random(1), random.Random(1)
    while not st.is_over():
        a = st.legal_actions(st.to_move()[0])
        b = back.legal_actions(back.to_move()[0])
        assert a == b
        st.apply(a[rng_a.randrange(len(a))])
        back.apply(b[rng_b.randrange(len(b))])
        assert back.stack == st.stack
    assert back.result().scores == st.result().scores
    assert isinstance(st.stack, tuple) and all(type(e) is Pending for e in st.stack)
