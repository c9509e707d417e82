"""The saved stack of pending decisions, owned by the core (contract v3, issue 24 §2).

A game's pending decisions are one value on its state, ``state.stack``: a tuple of
``Pending(kind, seat, data)`` records, bottom first. ``kind`` is a member of the game's closed
table of kinds (``Asks``), ``seat`` the seat that decides, ``data`` a tuple of plain JSON
values (scalars, or lists saved as tuples) in the order of the kind's fields. Each seat's decision now is
its **top**: the last entry with its seat (``top``), so simultaneous decisions (a draft, a
leech round) are one entry per seat and a sub-decision is pushed above the one that asked it.

* ``push(stack, kind, seat, *data)`` -- a new decision on top (a sub-decision, or the next
  step);
* ``answer(stack, seat)`` -- the seat's top is answered: popped, so the decision below it (the
  step that asked) is current again;
* ``replace(stack, seat, kind, *data)`` -- the seat's top becomes another step (a turn moving
  on from one step to the next);
* ``top(stack, seat)`` / ``deciding(stack)`` -- who decides what.

All are plain functions of tuples: a state's clone copies one reference, and the hot paths
(``Steps.current``, playouts) pay one reversed scan of a few entries.

A game whose seats never wait on each other's decisions may keep one sub-stack per seat
instead (It's a Wonderful World): ``by_seat(stack, players)`` splits a flat stack,
``joined(stacks)`` is the flat form again (seat by seat: what positions save),
``seat_push``/``seat_answer``/``put`` change one seat's sub-stack, and a seat's top is
``stacks[seat][-1]``, O(1).

``Asks(game, {kind: {field: json schema}})`` declares the closed table: ``schema(players)``
is the JSON schema of the saved list (each kind's data with its own strict schema),
``to_data(stack)`` writes ``[{"kind", "seat", "data": {field: value}}]`` and
``from_data(data, players)`` reads it back, refusing an unknown kind, a seat out of range or
data of the wrong shape with ``PositionError`` naming ``stack[i].field``. Nothing read selects a
function by name: a kind only ever looks up an entry of a table the game declared.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from .positions import PositionError, _message, _where
from .schema import first_error, strict, strict_validator

__all__ = ["Asks", "Pending", "answer", "by_seat", "deciding", "joined", "only", "push", "put",
           "replace", "seat_answer", "seat_push", "top"]

#: at most this many pending decisions in a saved stack (a real game holds a handful)
MAX_ENTRIES = 64


class Pending(NamedTuple):
    """One pending decision: its kind (of the game's ``Asks``), the seat that decides and the
    kind's data (a tuple of JSON values in the kind's field order)."""

    kind: str
    seat: int
    data: tuple = ()


_new = tuple.__new__  # a ``Pending`` without its keyword-handling constructor (hot path)
_ONLY: dict[tuple[str, int], tuple[Pending, ...]] = {}


def push(stack: tuple[Pending, ...], kind: str, seat: int, *data: Any) -> tuple[Pending, ...]:
    """``stack`` with a new decision of ``seat`` on top."""
    return stack + (_new(Pending, (kind, seat, data)),)


def only(kind: str, seat: int) -> tuple[Pending, ...]:
    """The stack holding just one decision of ``seat`` without data (a phase opening with
    its step): interned, so a turn's steps allocate nothing."""
    found = _ONLY.get((kind, seat))
    if found is None:
        found = _ONLY[kind, seat] = (Pending(kind, seat, ()),)
    return found


def top(stack: tuple[Pending, ...], seat: int) -> Pending | None:
    """The decision ``seat`` is on (its innermost pending entry), ``None`` if it has none."""
    for entry in reversed(stack):
        if entry[1] == seat:
            return entry
    return None


def _index(stack: tuple[Pending, ...], seat: int) -> int:
    i = len(stack)
    for entry in reversed(stack):
        i -= 1
        if entry[1] == seat:
            return i
    raise IndexError(f"seat {seat} has no pending decision")


def answer(stack: tuple[Pending, ...], seat: int) -> tuple[Pending, ...]:
    """``stack`` without the top decision of ``seat`` (answered): the one below it, the step
    that asked, is current again."""
    if stack and stack[-1][1] == seat:  # the usual case: the seat's is the top entry
        return stack[:-1]
    i = _index(stack, seat)
    return stack[:i] + stack[i + 1:]


def replace(stack: tuple[Pending, ...], seat: int, kind: str, *data: Any) -> tuple[Pending, ...]:
    """``stack`` with the top decision of ``seat`` replaced by another (the next step)."""
    i = _index(stack, seat)
    return (*stack[:i], Pending(kind, seat, data), *stack[i + 1:])


def deciding(stack: tuple[Pending, ...]) -> tuple[int, ...]:
    """The seats with a pending decision, each once, in seat order."""
    seats = {entry[1] for entry in stack}
    return tuple(seats) if len(seats) == 1 else tuple(sorted(seats))


# ---------------------------------------------------------------- per-seat sub-stacks
# A game whose seats' decisions never wait on each other (each seat's entries are its own) may
# keep the stack as one sub-stack per seat, ``stacks[seat]`` bottom first: a seat's top is
# ``stacks[seat][-1]``, O(1), where the flat stack needs a scan past the other seats' entries.
# Its flat form (saved positions, ``top``, ``deciding``) is ``joined(stacks)``: seat by seat.

def by_seat(stack: tuple[Pending, ...], players: int) -> tuple[tuple[Pending, ...], ...]:
    """Each seat's entries of ``stack``, bottom first, one sub-stack per seat (seats
    ``0..players-1``; ``IndexError`` for an entry of another seat)."""
    mine: list[tuple[Pending, ...]] = [()] * players
    for entry in stack:
        seat = entry[1]
        if not 0 <= seat < players:
            raise IndexError(f"seat {seat} of {players}")
        mine[seat] += (entry,)
    return tuple(mine)


def joined(stacks: tuple[tuple[Pending, ...], ...]) -> tuple[Pending, ...]:
    """The flat stack of per-seat sub-stacks: seat 0's entries first, bottom first."""
    return sum(stacks, ())


def put(stacks: tuple[tuple[Pending, ...], ...], seat: int,
        mine: tuple[Pending, ...]) -> tuple[tuple[Pending, ...], ...]:
    """``stacks`` with the sub-stack of ``seat`` replaced by ``mine``."""
    return (*stacks[:seat], mine, *stacks[seat + 1:])


def seat_push(stacks: tuple[tuple[Pending, ...], ...], kind: str, seat: int,
              *data: Any) -> tuple[tuple[Pending, ...], ...]:
    """``push`` on per-seat sub-stacks: a new decision on top of ``seat``'s."""
    return (*stacks[:seat], stacks[seat] + (_new(Pending, (kind, seat, data)),),
            *stacks[seat + 1:])


def seat_answer(stacks: tuple[tuple[Pending, ...], ...],
                seat: int) -> tuple[tuple[Pending, ...], ...]:
    """``answer`` on per-seat sub-stacks: ``seat``'s top decision popped."""
    return (*stacks[:seat], stacks[seat][:-1], *stacks[seat + 1:])


def _freeze(value: Any) -> Any:
    """A JSON value with its lists as tuples (entries are immutable and hashable)."""
    return tuple(_freeze(x) for x in value) if isinstance(value, list) else value


def _thaw(value: Any) -> Any:
    return [_thaw(x) for x in value] if isinstance(value, tuple) else value


class Asks:
    """A game's closed table of decision kinds: kind -> its data fields, each with the JSON
    schema of its value (in order: ``Pending.data`` holds the values in this order).
    ``first_seat``: the number of seat 0 in the saved form (1 for a game whose positions count
    seats from 1)."""

    __slots__ = ("game", "kinds", "first_seat", "_validators")

    def __init__(self, game: str, kinds: Mapping[str, Mapping[str, dict[str, Any]]], *,
                 first_seat: int = 0) -> None:
        self.game = game
        self.kinds = {kind: dict(fields) for kind, fields in kinds.items()}
        self.first_seat = first_seat
        self._validators: dict[int, Any] = {}

    def schema(self, players: int) -> dict[str, Any]:
        """The JSON schema of a saved stack of ``players`` seats: each entry's kind, seat and
        data, the data checked by its kind's own schema (``if`` the kind, ``then`` its data),
        every object closed to unknown keys."""
        first = self.first_seat
        cases = [{
            "if": {"properties": {"kind": {"const": kind}, "seat": {}, "data": {}},
                   "additionalProperties": False},
            "then": {"properties": {"kind": {}, "seat": {}, "data": {
                "type": "object", "required": list(fields), "properties": fields,
                "additionalProperties": False}}, "additionalProperties": False},
        } for kind, fields in self.kinds.items()]
        return {"type": "array", "maxItems": MAX_ENTRIES, "items": {
            "type": "object", "required": ["kind", "seat", "data"],
            "properties": {
                "kind": {"enum": list(self.kinds)},
                "seat": {"type": "integer", "minimum": first, "maximum": first + players - 1},
                "data": {"type": "object"},
            },
            "additionalProperties": False,
            "allOf": cases,
        }}

    def to_data(self, stack: tuple[Pending, ...]) -> list[dict[str, Any]]:
        """The saved form of ``stack``: ``[{"kind", "seat", "data": {field: value}}]``."""
        return [{"kind": e.kind, "seat": e.seat + self.first_seat,
                 "data": {f: _thaw(v) for f, v in zip(self.kinds[e.kind], e.data)}}
                for e in stack]

    def from_data(self, data: Any, players: int, where: str = "stack") -> tuple[Pending, ...]:
        """The stack saved as ``data`` (see ``to_data``); ``PositionError`` naming
        ``<where>[i].field`` for an unknown kind, a seat out of range or malformed data."""
        validator = self._validators.get(players)
        if validator is None:
            validator = self._validators[players] = strict_validator(strict(self.schema(players)))
        error = first_error(validator, data)
        if error is not None:
            raise PositionError(f"position field {_where(error, where)}: {_message(error)}")
        return tuple(Pending(e["kind"], e["seat"] - self.first_seat,
                             tuple(_freeze(e["data"][f]) for f in self.kinds[e["kind"]]))
                     for e in data)
