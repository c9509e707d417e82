"""The decision kinds of Gaia Project's pending decisions (``GaiaState.stack``, the core
decision stack ``gamekit.core.stack``) and the JSON schema of each kind's data: closed tables,
so that a position names a kind from this table, never code.

``Kind`` lists every entry the stack can hold (``subdecisions.HANDLERS`` maps each decision to
its legal-list builder and its handler; ``subdecisions.CONTINUATIONS`` maps the steps that wait
behind a sub-decision, ``income_rest``, to what goes on). ``DATA`` is the one source of each
kind's data shape: ``ASKS`` (the core ``Asks`` table: kind -> its fields in order, the order
of ``Pending.data``) and the position schema are built from it, and the engine writes nothing
else (a test checks the data of random games against it).

Positions saved before the core stack hold a queue ``ask`` (``[seat, kind, data]``, front
first, a waiting step as ``continue`` with ``{"then", "args"}``): ``ask_schema`` checks them
and ``from_queue`` converts them once, at load.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from gamekit.core.stack import Asks, Pending

from .components import BOOSTERS, TRACKS
from .player import RES

__all__ = ["Kind", "Then", "DATA", "THEN_ARGS", "ASKS", "FIELDS", "ask_schema", "from_queue",
           "freeze", "SECTORS", "INCOME_KEYS"]


class Kind(StrEnum):
    """A pending decision (rulebook section in the handler's docstring), or a step waiting
    behind one (``INCOME_REST``)."""

    FACTION = "faction"
    AUCTION = "auction"
    AUCTION_NAME = "auction_name"
    AUCTION_BID = "auction_bid"
    ROTATE = "rotate"
    PLACE = "place"
    BOOSTER = "booster"
    INCOME_ORDER = "income_order"
    ITARS = "itars"
    TERRANS = "terrans"
    TURN = "turn"
    AFTER = "after"
    MINE = "mine"
    TECH = "tech"
    COVER = "cover"
    STEP = "step"
    FEDTOKEN = "fedtoken"
    RESCORE = "rescore"
    LOST = "lost"
    STATION = "station"
    DOWNLAB = "downlab"
    SWAP = "swap"
    RECALL = "recall"
    LEECH = "leech"
    TOKENS = "tokens"
    BRAINSTONE = "brainstone"
    BRAINSTONE_SPEND = "brainstone_spend"
    FEDPICK = "fedpick"
    INCOME_REST = "income_rest"  # Taklons: the rest of the income after the brainstone


class Then(StrEnum):
    """A waiting step of the older saved queue (``continue`` entries), read at load only."""

    POWER_INCOME = "power_income"


#: older queue's waiting step -> the stack kind that holds it now (its ``args`` are the fields)
_THEN_KIND = {Then.POWER_INCOME: Kind.INCOME_REST}


#: sectors of the base game's map (``rotate``: turned sectors)
SECTORS = tuple(range(1, 11))
#: what a source of income may give besides power (``income_order``'s ``rest``)
INCOME_KEYS = (*RES, "vp")

#: bounds: generous for the rules (a leech of 40, 40 tokens), tight for a program
_SMALL = 40


def _n(lo: int, hi: int = _SMALL) -> dict[str, Any]:
    return {"type": "integer", "minimum": lo, "maximum": hi}


def _obj(props: dict[str, Any], required: tuple[str, ...] = ()) -> dict[str, Any]:
    return {"type": "object", "properties": props, "additionalProperties": False,
            "required": list(required)}


def _list(item: dict[str, Any], most: int = _SMALL, unique: bool = False) -> dict[str, Any]:
    return {"type": "array", "items": item, "maxItems": most,
            **({"uniqueItems": True} if unique else {})}


_LABEL = {"type": "string", "minLength": 1, "maxLength": 16}  # a hex label (load: on the map)
_TRACK = {"enum": list(TRACKS)}
_WHY = {"enum": ["gaia_project", "satellites"]}  # why tokens leave the bowls
_AMOUNTS = {"type": "object", "propertyNames": {"enum": list(INCOME_KEYS)},
            "additionalProperties": _n(0, 100)}
#: the other resources of an income source, waiting for its power item: [kind, n, amounts]
_EXTRAS = _list({"type": "array", "minItems": 3, "maxItems": 3, "items": False,
                 "prefixItems": [{"enum": ["charge", "tokens", ""]}, _n(0), _AMOUNTS]})
_POWER = _list(_n(1), 20)

#: decision kind -> JSON schema of its data
DATA: dict[Kind, dict[str, Any]] = {
    Kind.FACTION: _obj({}), Kind.AUCTION: _obj({}), Kind.AUCTION_NAME: _obj({}),
    Kind.AUCTION_BID: _obj({}),
    Kind.ROTATE: _obj({"turned": _list({"enum": list(SECTORS)}, 10, True)}, ("turned",)),
    Kind.PLACE: _obj({"code": {"enum": ["m", "PI"]}}, ("code",)),
    Kind.BOOSTER: _obj({"back": {"enum": [None, *BOOSTERS]}}),
    Kind.INCOME_ORDER: _obj({"charges": _POWER, "tokens": _POWER, "rest": _EXTRAS},
                            ("charges", "tokens", "rest")),
    Kind.ITARS: _obj({}), Kind.TERRANS: _obj({}), Kind.TURN: _obj({}), Kind.AFTER: _obj({}),
    Kind.MINE: _obj({"steps": _n(1, 3), "range": _n(1, 3)}),
    Kind.TECH: _obj({}),
    Kind.COVER: _obj({"track": _TRACK}, ("track",)),
    Kind.STEP: _obj({"tracks": {**_list(_TRACK, len(TRACKS), True), "minItems": 1}},
                    ("tracks",)),
    Kind.FEDTOKEN: _obj({}), Kind.RESCORE: _obj({}), Kind.LOST: _obj({}),
    Kind.STATION: _obj({}), Kind.DOWNLAB: _obj({}), Kind.SWAP: _obj({}), Kind.RECALL: _obj({}),
    Kind.LEECH: _obj({"n": _n(1)}, ("n",)),
    Kind.TOKENS: _obj({"n": _n(1), "to_gaia": _n(0, 1), "why": _WHY}, ("n", "to_gaia", "why")),
    Kind.BRAINSTONE: _obj({
        "dests": {**_list({"enum": [1, 2, 3, 4, "discard"]}, 3, True), "minItems": 1},
        "take": {"type": "array", "minItems": 3, "maxItems": 3, "items": False,
                 "prefixItems": [_n(1), _n(0, 1), _WHY]},
        "charges": {**_list(_n(1), 1), "minItems": 1},
    }, ("dests",)),
    Kind.BRAINSTONE_SPEND: _obj({"n": _n(1), "wasted": _n(0, 2)}, ("n", "wasted")),
    Kind.FEDPICK: _obj({"sel": _list(_LABEL, _SMALL, True)}, ("sel",)),
    Kind.INCOME_REST: _obj({"charges": _POWER, "tokens": _POWER, "rest": _EXTRAS},
                           ("charges", "tokens", "rest")),
}
#: kind -> its data fields, in the order of ``Pending.data``
FIELDS: dict[str, tuple[str, ...]] = {str(k): tuple(d["properties"]) for k, d in DATA.items()}


def _field(schema: dict[str, Any], required: bool) -> dict[str, Any]:
    """A field's schema in the stack: an optional field is saved as ``null`` when absent."""
    return schema if required else {"anyOf": [{"type": "null"}, schema]}


#: the closed table of the stack's kinds (``gamekit.core.stack.Asks``), built from ``DATA``
ASKS = Asks("gaia", {str(k): {f: _field(v, f in d["required"]) for f, v in d["properties"].items()}
                     for k, d in DATA.items()})


def freeze(value: Any) -> Any:
    """A data value as the stack holds it: lists as tuples (entries are immutable). A flat
    sequence is made a tuple in C (no generator)."""
    if not isinstance(value, list | tuple):
        return value
    for x in value:
        if isinstance(x, list | tuple):
            return tuple(freeze(x) for x in value)
    return tuple(value)

#: continuation -> JSON schema of its arguments (after the seat)
THEN_ARGS: dict[Then, dict[str, Any]] = {
    Then.POWER_INCOME: {"type": "array", "minItems": 3, "maxItems": 3, "items": False,
                        "prefixItems": [_POWER, _POWER, _EXTRAS]},
}


def ask_schema(players: int) -> dict[str, Any]:
    """Schema of the older saved queue: ``[seat, kind, data]`` entries, each kind's data by
    ``DATA`` and each ``continue`` entry's arguments by ``THEN_ARGS``."""
    continuing = _obj({"then": {"enum": [str(t) for t in Then]}, "args": {"type": "array"}},
                      ("then", "args"))
    by_kind = [{"if": {"prefixItems": [True, {"const": str(k)}]},
                "then": {"prefixItems": [True, True, s]}}
               for k, s in [*DATA.items(), ("continue", continuing)]]
    by_then = [{"if": {"prefixItems": [True, {"const": "continue"},
                                       {"properties": {"then": {"const": str(t)}}}]},
                "then": {"prefixItems": [True, True, {"properties": {"args": s}}]}}
               for t, s in THEN_ARGS.items()]
    entry = {"type": "array", "minItems": 3, "maxItems": 3, "items": False,
             "prefixItems": [_n(0, players - 1), {"enum": [*map(str, Kind), "continue"]},
                             {"type": "object"}],
             "allOf": by_kind + by_then}
    return {"type": "array", "maxItems": _SMALL, "items": entry}


def from_queue(queue: list, players: int) -> tuple[Pending, ...]:
    """The stack of an older saved queue (checked by ``ask_schema``): front first becomes
    top last; a ``continue`` entry becomes its waiting step's kind. Each entry is checked
    again as a stack entry (``ASKS``)."""
    stack = []
    for seat, kind, d in reversed(queue):
        if kind == "continue":
            kind, values = _THEN_KIND[Then(d["then"])], d["args"]
        else:
            values = [d.get(f) for f in FIELDS[kind]]
        stack.append(Pending(str(kind), seat, freeze(values)))
    return ASKS.from_data(ASKS.to_data(tuple(stack)), players)
