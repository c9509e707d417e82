"""Gaia positions on the core decision stack (issue 24 §2): a position writes its pending
decisions as ``stack`` (``gamekit.core.stack``, kinds of the closed table ``decisions.ASKS``);
a hostile ``stack`` -- an unknown kind, a method name as a kind, a wrong seat, data of the
wrong type, an unknown key, a stack the stage cannot hold -- is refused with ``PositionError``
naming ``stack[i]...``, before any rule runs and with no other exception. Positions saved
before the stack (the queue ``ask``) load to the same state (test_hostile_positions.py spoils
that older form)."""

from __future__ import annotations

import random

import pytest
from test_hostile_positions import _data as _saved
from test_hostile_positions import _refused, older, spies  # noqa: F401  (spies: a fixture)

import gamekit
from gamekit.games.gaia.decisions import ASKS, Kind

#: the saved games of test_hostile_positions: ``rich`` (3 players in round 3, a few decisions
#: pending, the Taklons' brainstone among them), ``turn`` (a 2-player turn in round 1),
#: ``auction`` (a bid in the set-up auction)
NAMES = ("rich", "turn", "auction")
#: every test runs with the spies on the state-changing methods (``_refused`` checks that a
#: refused load called none)
pytestmark = pytest.mark.usefixtures("spies")


def _data(name: str = "rich") -> dict:
    """The saved game as positions are written now (``stack``)."""
    return _saved(name, old=False)


def test_positions_write_the_stack_and_read_it_back():
    for name in NAMES:
        data = _data(name)
        assert "stack" in data["state"] and "ask" not in data["state"]
        s = gamekit.position(data)
        assert s.stack and all(isinstance(e.kind, str) and e.kind in ASKS.kinds for e in s.stack)
        again = s.position()
        del again["chance"]
        assert again == data


def test_the_rich_position_holds_data_of_several_kinds():
    kinds = [e["kind"] for e in _data("rich")["state"]["stack"]]
    assert len(kinds) >= 3 and "brainstone" in kinds, kinds


def test_an_older_position_with_the_queue_loads_to_the_same_state():
    for name in NAMES:
        new = _data(name)
        old = _data(name)
        older(old["state"])
        assert "ask" in old["state"] and "stack" not in old["state"]
        a, b = gamekit.position(new), gamekit.position(old)
        assert a.stack == b.stack and a.to_dict() == b.to_dict()
        rng_a, rng_b = random.Random(5), random.Random(5)
        for _ in range(40):  # and both play on alike
            if a.is_over():
                break
            act = rng_a.choice(a.legal_actions(a.to_move()[0]))
            assert act == rng_b.choice(b.legal_actions(b.to_move()[0]))
            a.apply(act)
            b.apply(act)
        assert a.to_dict() == b.to_dict()


def test_an_older_waiting_step_becomes_its_stack_kind():
    data = _data("turn")
    older(data["state"])
    data["state"]["ask"].insert(1, [0, "continue", {"then": "power_income",
                                                    "args": [[1], [], []]}])
    s = gamekit.position(data)
    assert s.stack[0] == (Kind.INCOME_REST, 0, ((1,), (), ()))


def test_stack_and_ask_together_are_refused():
    data = _data("turn")
    data["state"]["ask"] = []
    _refused(data, "ask", "not both")
    data = _data("turn")
    del data["state"]["stack"]
    _refused(data, "stack", "missing")


@pytest.mark.parametrize("kind", ["add_vp", "power_income", "_do_leech", "ask_front",
                                  "__class__", "continue", "Turn", "", "turn "])
def test_an_unknown_kind_or_a_method_name_is_refused(kind):
    data = _data("turn")
    data["state"]["stack"].insert(0, {"kind": kind, "seat": 0, "data": {}})
    _refused(data, "stack[0].kind")
    data = _data("turn")  # on top: the decision that would run first
    data["state"]["stack"].append({"kind": kind, "seat": 0, "data": {}})
    _refused(data, "stack[1].kind")


@pytest.mark.parametrize("seat", [2, -1, 7, "0", 0.5, True, None, [0]])
def test_a_wrong_seat_is_refused(seat):
    data = _data("turn")
    data["state"]["stack"][-1]["seat"] = seat
    _refused(data, "stack[0].seat")


@pytest.mark.parametrize("data_, where", [
    ({"n": "3"}, "stack[1].data.n"), ({"n": 1.5}, "stack[1].data.n"),
    ({"n": 0}, "stack[1].data.n"), ({"n": 10**9}, "stack[1].data.n"),
    ({"n": [3]}, "stack[1].data.n"), ({}, "stack[1].data"),
    ({"n": 2, "then": "add_vp"}, "stack[1].data"), ({"n": 2, "args": [100]}, "stack[1].data"),
    ("n", "stack[1].data"), ([2], "stack[1].data"), (None, "stack[1].data"),
])
def test_data_of_the_wrong_shape_is_refused(data_, where):
    data = _data("turn")
    data["state"]["stack"].insert(1, {"kind": "leech", "seat": 1, "data": data_})
    _refused(data, where)


@pytest.mark.parametrize("kind, data_, where", [
    ("step", {"tracks": ["add_vp"]}, "stack[1].data.tracks"),
    ("step", {"tracks": []}, "stack[1].data.tracks"),
    ("cover", {"track": "power_income"}, "stack[1].data.track"),
    ("mine", {"steps": 9, "range": None}, "stack[1].data.steps"),
    ("mine", {"steps": 1}, "stack[1].data"),  # every field is written (null when absent)
    ("income_rest", {"charges": [1], "tokens": [], "rest": [["add_vp", 1, {}]]},
     "stack[1].data.rest"),
    ("brainstone", {"dests": [1], "take": None, "charges": None, "x": 1}, "stack[1].data"),
    ("fedpick", {"sel": "A1"}, "stack[1].data.sel"),
])
def test_each_kinds_data_has_its_own_schema(kind, data_, where):
    data = _data("turn")
    data["state"]["stack"].insert(1, {"kind": kind, "seat": 0, "data": data_})
    _refused(data, where)


def test_an_unknown_key_in_an_entry_is_refused():
    data = _data("turn")
    data["state"]["stack"][0]["then"] = "add_vp"
    _refused(data, "stack[0]")
    data = _data("turn")
    data["state"]["stack"] = {"0": data["state"]["stack"][0]}
    _refused(data, "stack")


def test_too_many_entries_are_refused():
    data = _data("turn")
    data["state"]["stack"] = [{"kind": "after", "seat": 0, "data": {}}] * 65
    _refused(data, "stack")


@pytest.mark.parametrize("change, words", [
    (lambda st: st.append({"kind": "place", "seat": 0, "data": {"code": "m"}}),
     ("stack[1]", "set-up")),  # a placement in round 1
    (lambda st: st.append({"kind": "income_rest", "seat": 0,
                           "data": {"charges": [1], "tokens": [], "rest": []}}),
     ("stack[1]", "never on top")),  # a waiting step deciding now
    (lambda st: st.clear(), ("stack", "nobody decides")),
    (lambda st: st.append({"kind": "recall", "seat": 0, "data": {}}),
     ("stack[1]", "nothing is legal")),
    (lambda st: st.append({"kind": "auction", "seat": 1, "data": {}}),
     ("stack[1]", "no auction")),
    (lambda st: st.append({"kind": "cover", "seat": 0, "data": {"track": "nav"}}),
     ("stack[1]", "no advanced tile")),
])
def test_a_stack_the_stage_cannot_hold_is_refused(change, words):
    data = _data("turn")
    change(data["state"]["stack"])
    _refused(data, *words)
