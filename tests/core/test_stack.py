"""The core decision stack (gamekit/core/stack.py, issue 24 §2): push a sub-decision, answer
it and the step that asked is current again; each seat's top; the saved form read back, and a
malformed one refused with ``PositionError`` naming ``stack[i].field``."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest

from gamekit.core import PositionError
from gamekit.core.course import Step, Steps, act, on_stack
from gamekit.core.stack import (
    Asks,
    Pending,
    answer,
    by_seat,
    deciding,
    joined,
    push,
    put,
    replace,
    seat_answer,
    seat_push,
    top,
)

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


def test_only_is_one_interned_stack_and_answer_finds_a_lower_entry():
    """``only(kind, seat)``: a phase opening with its step, the same tuple each time (no
    allocation on the hot path); ``answer`` of a seat whose entry is not the top one."""
    from gamekit.core.stack import only

    assert only("turn", 1) is only("turn", 1) == (Pending("turn", 1, ()),)
    stack = push(push(only("turn", 1), "leech", 0, 1, ()), "leech", 2, 1, ())
    assert answer(stack, 1) == (Pending("leech", 0, (1, ())), Pending("leech", 2, (1, ())))
    assert type(push((), "pay", 0, "x", 1)[0]) is Pending


def test_per_seat_sub_stacks_keep_each_seats_top_and_join_seat_by_seat():
    flat = push(push(push(push((), "turn", 1), "turn", 0), "pay", 1, "tower", 5),
                "leech", 0, 2, (1,))
    stacks = by_seat(flat, 3)
    assert stacks == ((Pending("turn", 0), Pending("leech", 0, (2, (1,)))),
                      (Pending("turn", 1), Pending("pay", 1, ("tower", 5))), ())
    # each seat's top is the flat stack's top of that seat; the joined form goes seat by seat
    assert all(top(flat, s) == (stacks[s][-1] if stacks[s] else None) for s in range(3))
    assert joined(stacks) == stacks[0] + stacks[1]
    assert by_seat(joined(stacks), 3) == stacks
    # pushing and answering one seat's sub-stack is push and answer of the flat stack
    pushed = seat_push(stacks, "pay", 2, "well", 3)
    assert pushed[:2] == stacks[:2] and pushed[2] == (Pending("pay", 2, ("well", 3)),)
    assert by_seat(push(flat, "pay", 2, "well", 3), 3) == pushed
    assert seat_answer(stacks, 1) == by_seat(answer(flat, 1), 3)
    assert put(stacks, 0, ()) == ((), stacks[1], ())
    with pytest.raises(IndexError, match="seat 3 of 3"):
        by_seat(push(flat, "turn", 3), 3)
