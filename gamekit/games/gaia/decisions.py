"""The decision kinds of Gaia Project's queue (``GaiaState.ask``) and the JSON schema of each
kind's data: closed tables, so that a position names a kind from this table, never code.

``Kind`` lists every decision the queue can hold (``subdecisions.HANDLERS`` maps each one to
its legal-list builder and its handler); ``Then`` lists the steps that wait behind a
sub-decision (a ``continue`` entry: ``{"then": <Then>, "args": [...]}``, its arguments checked
by ``THEN_ARGS``). ``DATA`` is the one source of each kind's data shape: the position schema
is built from it (``position.schema``) and the engine writes nothing else (a test checks the
data of random games against it).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from .components import BOOSTERS, TRACKS
from .player import RES

__all__ = ["Kind", "Then", "DATA", "THEN_ARGS", "ask_schema", "SECTORS", "INCOME_KEYS"]


class Kind(StrEnum):
    """A decision in the queue (rulebook section in the handler's docstring)."""

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
    CONTINUE = "continue"


class Then(StrEnum):
    """A step that waits behind a sub-decision and goes on once it is answered."""

    POWER_INCOME = "power_income"  # Taklons: the rest of the income after the brainstone


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
    Kind.CONTINUE: _obj({"then": {"enum": [str(t) for t in Then]}, "args": {"type": "array"}},
                        ("then", "args")),
}

#: continuation -> JSON schema of its arguments (after the seat)
THEN_ARGS: dict[Then, dict[str, Any]] = {
    Then.POWER_INCOME: {"type": "array", "minItems": 3, "maxItems": 3, "items": False,
                        "prefixItems": [_POWER, _POWER, _EXTRAS]},
}


def ask_schema(players: int) -> dict[str, Any]:
    """Schema of the queue: ``[seat, kind, data]`` entries, each kind's data by ``DATA`` and
    each continuation's arguments by ``THEN_ARGS``."""
    by_kind = [{"if": {"prefixItems": [True, {"const": str(k)}]},
                "then": {"prefixItems": [True, True, s]}} for k, s in DATA.items()]
    by_then = [{"if": {"prefixItems": [True, {"const": "continue"},
                                       {"properties": {"then": {"const": str(t)}}}]},
                "then": {"prefixItems": [True, True, {"properties": {"args": s}}]}}
               for t, s in THEN_ARGS.items()]
    entry = {"type": "array", "minItems": 3, "maxItems": 3, "items": False,
             "prefixItems": [_n(0, players - 1), {"enum": [str(k) for k in Kind]}, {"type": "object"}],
             "allOf": by_kind + by_then}
    return {"type": "array", "maxItems": _SMALL, "items": entry}
