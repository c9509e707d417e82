"""The core decision stack (gamekit/core/stack.py, issue 24 §2): push a sub-decision, answer
it and the step that asked is current again; each seat's top; the saved form read back, and a
malformed one refused with ``PositionError`` naming ``stack[i].field``."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest

from gamekit.core import PositionError
from gamekit.core.course import Step, Steps, act, on_stack
from gamekit.core.stack import Asks, Pending, answer, deciding, push, replace, top

ASKS = Asks("toy", {
    "turn": {},
    "pay": {"tile": {"type": "string", "maxLength": 20}, "value": {"type": "integer",
                                                                  "minimum": 1, "maximum": 12}},
    "leech": {"power": {"type": "integer", "minimum": 1, "maximum": 5},
              "from": {"type": "array", "maxItems": 4, "items": {"type": "integer"}}},
})


def test_a_sub_decision_answered_returns_to_the_step_that_asked():
    stack = push((), "turn", 0)
    stack = push(stack, "pay", 0, "tower", 5)
    assert top(stack, 0) == Pending("pay", 0, ("tower", 5))
    stack = answer(stack, 0)
    assert top(stack, 0) == Pending("turn", 0, ())
    assert answer(stack, 0) == ()


def test_each_seat_has_its_own_top_and_simultaneous_decisions_stay_apart():
    stack = push(push(push((), "turn", 1), "leech", 0, 2, (1,)), "leech", 2, 3, (1,))
    assert top(stack, 0).kind == "leech" and top(stack, 1).kind == "turn"
    assert top(stack, 3) is None
    assert deciding(stack) == (0, 1, 2)
    # seat 0 answers first: seat 2's leech and seat 1's turn are untouched
    stack = answer(stack, 0)
    assert [e.seat for e in stack] == [1, 2] and deciding(stack) == (1, 2)
    with pytest.raises(IndexError, match="seat 0"):
        answer(stack, 0)


def test_replace_moves_a_seat_to_its_next_step_in_place():
    stack = push(push((), "turn", 0), "leech", 1, 1, ())
    stack = replace(stack, 0, "pay", "tower", 3)
    assert stack == (Pending("pay", 0, ("tower", 3)), Pending("leech", 1, (1, ())))


def test_the_saved_stack_reads_back_identical():
    stack = push(push(push((), "turn", 1), "pay", 1, "tower", 12), "leech", 0, 5, (1, 2))
    data = ASKS.to_data(stack)
    assert data[2] == {"kind": "leech", "seat": 0, "data": {"power": 5, "from": [1, 2]}}
    again = ASKS.from_data(data, 2)
    assert again == stack and hash(again) == hash(stack)


@pytest.mark.parametrize("entry,field", [
    ({"kind": "add_vp", "seat": 0, "data": {}}, "stack[0].kind"),           # not a kind
    ({"kind": "__init__", "seat": 0, "data": {}}, "stack[0].kind"),
    ({"kind": "turn", "seat": 2, "data": {}}, "stack[0].seat"),             # seat out of range
    ({"kind": "turn", "seat": -1, "data": {}}, "stack[0].seat"),
    ({"kind": "turn", "seat": True, "data": {}}, "stack[0].seat"),          # not an integer
    ({"kind": "pay", "seat": 0, "data": {"tile": "x", "value": "5"}}, "stack[0].data.value"),
    ({"kind": "pay", "seat": 0, "data": {"tile": "x", "value": 13}}, "stack[0].data.value"),
    ({"kind": "pay", "seat": 0, "data": {"tile": "x"}}, "stack[0].data"),   # a field missing
    ({"kind": "pay", "seat": 0, "data": {"tile": "x", "value": 2, "then": "add_vp"}},
     "stack[0].data"),                                                      # unknown key
    ({"kind": "leech", "seat": 0, "data": {"power": 1, "from": [1.5]}}, "stack[0].data.from[0]"),
    ({"kind": "turn", "seat": 0, "data": {}, "then": "x"}, "stack[0]"),
    ({"kind": "turn", "seat": 0}, "stack[0]"),
    ("turn", "stack[0]"),
])
def test_a_malformed_entry_is_refused_naming_its_field(entry, field):
    good = {"kind": "turn", "seat": 1, "data": {}}
    with pytest.raises(PositionError, match=re.escape(f"position field {field}: ")):
        ASKS.from_data([entry, good], 2)


def test_a_stack_that_is_not_a_list_or_too_long_is_refused():
    with pytest.raises(PositionError, match="position field stack: "):
        ASKS.from_data({"kind": "turn"}, 2)
    with pytest.raises(PositionError, match="more than 64"):
        ASKS.from_data([{"kind": "turn", "seat": 0, "data": {}}] * 65, 2)


def test_steps_read_the_stack_by_default():
    """``Steps`` without a ``current`` of its own dispatches on each seat's top entry."""
    steps = Steps("toy", {
        "turn": Step("turn", "turn", lambda st, s: [act(s, "pass")], ("pass",), ("turn",)),
        "pay": Step("pay", "pay", lambda st, s: [act(s, "pay", (1,))], ("pay",), ("pay",)),
    }, apply={"pass": lambda st, s: None, "pay": lambda st, s, n: None})
    assert steps.current is on_stack
    state = SimpleNamespace(stack=push(push((), "turn", 0), "pay", 0, "tower", 2))
    assert steps.legal(state, 0) == [act(0, "pay", (1,))]
    state.stack = answer(state.stack, 0)
    assert steps.legal(state, 0) == [act(0, "pass")]
    assert steps.stack(state, 0) == ("turn",)
