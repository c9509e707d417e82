"""Gaia Project positions (see ``docs/positions.md``): the JSON schema of ``GaiaState.to_dict``
and ``load``, which fills a blank state from it; ``position_checks`` then checks what a schema
cannot say (a faction twice, a structure off the map, a tile held twice, a decision for a seat
that does not play, a stage the round cannot be in).

The schema is strict everywhere (no unknown keys, every id from the game's tables, every number
bounded): its shapes come from one source each, the component tables (``components``), the
decision kinds (``decisions.DATA``) and the player's ``to_dict`` (checked by a test against
``Player``: ``NOT_SAVED`` lists the attributes a position derives or resets).
"""

from __future__ import annotations

from typing import Any

from gamekit.core.positions import PositionError
from gamekit.kit.bowls import PowerBowls

from . import sectors as S
from .components import (
    ADVANCED_TECH,
    BASIC_TECH,
    BOARD_ACTIONS,
    BOOSTERS,
    BUILDING_BY_CODE,
    FACTIONS,
    FEDERATION_TOKENS,
    FINAL_SCORING,
    PLANETS,
    ROUND_SCORING,
    TECH,
    TRACKS,
)
from .decisions import ASKS, SECTORS, ask_schema, from_queue
from .player import CAPS, RES, Player
from .position_checks import check, need, whole_numbers
from .rounds import board_of
from .setup import ADV_POS, BASIC_POS

__all__ = ["schema", "load", "STAGES", "PHASES", "NOT_SAVED", "OPTIONAL", "VP_SOURCES"]

#: where the round stands between decisions (``GaiaState._next_stage``)
STAGES = ("setup", "income", "income_run", "gaia", "gaia_run", "actions_start", "actions")
PHASES = ("setup", "income", "gaia", "actions", "cleanup", "end")
#: special actions a player marks used (``actions.special_options``): boosters' and tiles'
#: by their id, the factions' by these
_SPECIALS = (*BOOSTERS, *TECH, "ac2", "up-lowest", "space-station", "swap-PI", "down-lab")
#: ``Player`` attributes a position does not hold: derived from what it holds, or only set
#: within one action
NOT_SAVED = {"seat": "the index in players", "board": "from faction and the options",
             "counts": "from buildings and guest_mines",
             "range_bonus": "within an action"}
_MOST = 1000  # VP, QIC: far beyond any game
#: fields a position may leave out (written by ``to_dict``; older positions lack them): the
#: pending decisions are ``stack`` (the core stack), or ``ask`` in positions saved before it
OPTIONAL = ("table", "stack", "ask")


def _n(lo: int, hi: int) -> dict[str, Any]:
    return {"type": "integer", "minimum": lo, "maximum": hi}


def _ids(table, most: int, unique: bool = True) -> dict[str, Any]:
    return {"type": "array", "items": {"enum": list(table)}, "maxItems": most,
            **({"uniqueItems": True} if unique else {})}


def _pair(first: dict, second: dict) -> dict[str, Any]:
    return {"type": "array", "minItems": 2, "maxItems": 2, "items": False,
            "prefixItems": [first, second]}


def _obj(props: dict, optional: tuple[str, ...] = ()) -> dict[str, Any]:
    return {"type": "object", "properties": props, "additionalProperties": False,
            "required": sorted(set(props) - set(optional))}


_HEX = _pair(_n(-99, 99), _n(-99, 99))
_HEXES = {"type": "array", "items": _HEX, "maxItems": 200, "uniqueItems": True}
_LABEL = {"type": "string", "minLength": 1, "maxLength": 16}
#: what a player's VP come from (``vp_by``: the reasons the rules give ``add_vp``, ``gain``
#: and ``pay``; the end game's by track and by final tile)
VP_SOURCES = ("start", "round", "leech", "federation", "federation_token", "bid", "tech",
              "board_action", "booster", "faction", "research", "special", "income", "free",
              "mine", "upgrade", "range", "satellites", "gaia_project", "end", "end_resources",
              *(f"end_research_{t}" for t in TRACKS), *(f"end_{t}" for t in FINAL_SCORING))


def _player() -> dict[str, Any]:
    return _obj({
        "faction": {"enum": [None, *FACTIONS]},
        "resources": _obj({r: _n(0, CAPS[r] if CAPS[r] < _MOST else _MOST) for r in RES}),
        "vp": _n(-_MOST, _MOST),
        "vp_by": {"type": "object", "propertyNames": {"enum": list(VP_SOURCES)},
                  "additionalProperties": _n(-_MOST, _MOST)},
        "bowls": {"type": "array", "items": _n(0, 99), "minItems": 4, "maxItems": 4},
        "brainstone": {"enum": [None, 1, 2, 3, 4]},
        "research": _obj({t: _n(0, len(TRACKS[t].levels) - 1) for t in TRACKS}),
        "gaiaformers": _n(0, 3), "gaiaformers_in_gaia_area": _n(0, 3),
        "booster": {"enum": [None, *BOOSTERS]},
        "tech": _ids(BASIC_TECH, len(BASIC_TECH)), "covered": _ids(BASIC_TECH, len(BASIC_TECH)),
        "advanced": _ids(ADVANCED_TECH, len(ADVANCED_TECH)),
        "federation_tokens": {"type": "array", "maxItems": 30, "items": _pair(
            {"enum": list(FEDERATION_TOKENS)}, {"type": "boolean"})},
        "federations": {"type": "array", "items": {**_HEXES, "minItems": 1}, "maxItems": 30},
        "satellites": _HEXES, "federations_formed": _n(0, 30), "bid": _n(0, 99),
        "used": _ids(_SPECIALS, len(_SPECIALS)),
        "passed": {"type": "boolean"},
        "buildings": {"type": "array", "maxItems": 40, "items": _pair(
            _HEX, {"enum": [*BUILDING_BY_CODE, "lost"]})},
        "guest_mines": _HEXES,
    })


def schema(players: int) -> dict[str, Any]:
    """JSON schema of ``GaiaState.to_dict()`` for ``players`` seats."""
    seat = _n(0, players - 1)
    seats = {"type": "array", "items": seat, "maxItems": players, "uniqueItems": True}
    on_hex = {"type": "object", "maxProperties": 40, "propertyNames": _LABEL,
              "additionalProperties": seat}
    return _obj({
        "round": _n(0, 6), "phase": {"enum": list(PHASES)}, "stage": {"enum": list(STAGES)},
        "over": {"type": "boolean"},
        "players": {"type": "array", "items": _player(), "minItems": players,
                    "maxItems": players},
        "planets": {"type": "object", "maxProperties": 400, "propertyNames": _LABEL,
                    "additionalProperties": {"enum": list(PLANETS)}},
        "gaiaformers": on_hex, "space_stations": on_hex,
        "round_tiles": {**_ids(ROUND_SCORING, 6), "minItems": 6},
        "final_tiles": {**_ids(FINAL_SCORING, 2), "minItems": 2},
        "boosters": _ids(BOOSTERS, len(BOOSTERS)),
        "tech": _obj({pos: {"enum": list(BASIC_TECH)} for pos in BASIC_POS}),
        "advanced_tech": _obj({pos: {"enum": list(ADVANCED_TECH)} for pos in ADV_POS}),
        "basic_left": _ids(BASIC_TECH, len(BASIC_TECH)),
        "advanced_left": _ids(ADVANCED_TECH, len(ADVANCED_TECH)),
        "terra_fed": {"enum": [None, *FEDERATION_TOKENS]},
        "federation_supply": {"type": "object", "propertyNames": {"enum": list(FEDERATION_TOKENS)},
                              "additionalProperties": _n(0, 9)},
        "taken": _ids(BOARD_ACTIONS, len(BOARD_ACTIONS)),
        "order": seats, "passed_order": seats, "pending_seats": seats,
        "stack": ASKS.schema(players),
        "ask": ask_schema(players),  # older positions: the queue before the core stack
        "space": {"type": "array", "maxItems": 19 * len(SECTORS), "items": {
            "type": "array", "minItems": 4, "maxItems": 4, "items": False,
            "prefixItems": [_n(-99, 99), _n(-99, 99), {"enum": [str(n) for n in SECTORS]},
                            {"enum": list(PLANETS)}]}},
        "turn_pos": _n(-1, players - 1), "turn_open": {"oneOf": [{"type": "null"}, seat]},
        "leech_later": {"type": "array", "maxItems": 40, "items": _pair(seat, _n(1, 40))},
        "auction": {"oneOf": [{"type": "null"}, _obj({
            "holder": {"type": "object", "propertyNames": {"enum": list(FACTIONS)},
                       "additionalProperties": seat},
            "bid": {"type": "object", "propertyNames": {"enum": list(FACTIONS)},
                    "additionalProperties": _n(0, 99)},
            "named": _ids(FACTIONS, len(FACTIONS))})]},
        # the seating after a faction auction (the site's reading; docs/games/gaia.md)
        "table": {"oneOf": [{"type": "null"}, {**seats, "minItems": players}]},
    }, optional=OPTIONAL)


def _tiles(state, data: dict) -> None:
    state.round_tiles = list(data["round_tiles"])
    state.final_tiles = list(data["final_tiles"])
    state.booster_pool = list(data["boosters"])
    state.tech_at = dict(data["tech"])
    state.adv_at = dict(data["advanced_tech"])
    state.basic_left = set(data["basic_left"])
    state.adv_left = set(data["advanced_left"])
    state.terra_fed = data["terra_fed"]
    state.fed_supply = dict(data["federation_supply"])
    state.taken = set(data["taken"])


def _player_from(state, seat: int, d: dict) -> Player:
    where = f"players[{seat}]"
    p = Player(seat)
    if d["faction"] is not None:
        p.faction = d["faction"]
        p.board = board_of(state, p.faction)
    p.res = dict(d["resources"])
    p.vp = d["vp"]
    p.vp_by = dict(d["vp_by"])
    need(sum(p.vp_by.values()) == p.vp, where + ".vp_by", "does not add up to vp")
    p.bowls = PowerBowls(*d["bowls"])
    p.brainstone = d["brainstone"]
    p.research = dict(d["research"])
    p.gaiaformers, p.gf_gaia = d["gaiaformers"], d["gaiaformers_in_gaia_area"]
    p.booster = d["booster"]
    p.tech, p.covered, p.advanced = list(d["tech"]), set(d["covered"]), list(d["advanced"])
    p.fed_tokens = [list(t) for t in d["federation_tokens"]]
    p.feds = [{tuple(h) for h in f} for f in d["federations"]]
    p.satellites = {tuple(h) for h in d["satellites"]}
    p.fed_forms, p.bid = d["federations_formed"], d["bid"]
    p.used, p.passed = set(d["used"]), d["passed"]
    for h, code in d["buildings"]:
        need(tuple(h) not in p.built, where + ".buildings", f"{h} is given twice")
        p.built[tuple(h)] = code
        p.counts[code] = p.counts.get(code, 0) + 1
    p.guest = {tuple(h) for h in d["guest_mines"]}
    if p.guest:
        p.counts["m"] = p.counts.get("m", 0) + len(p.guest)
    return p


def _board(state, data: dict) -> None:
    """The map, its planets (Gaia planets, the lost planet) and what stands on it."""
    try:
        state.space = S.map_from_hexes((q, r, sec, t) for q, r, sec, t in data["space"])
    except ValueError as exc:
        raise PositionError(f"position field space: {exc}") from None
    by_label = {state.label(h): h for h in state.space.planets}
    for field in ("planets", "gaiaformers", "space_stations"):
        bad = [x for x in data[field] if x not in by_label]
        need(not bad, field, f"not a hex of the map: {bad[:3]}")
    state.ptype = {by_label[x]: t for x, t in data["planets"].items()}
    state.planet_hexes = tuple(sorted(state.ptype))
    state.gf = {by_label[x]: s for x, s in data["gaiaformers"].items()}
    state.stations = {by_label[x]: s for x, s in data["space_stations"].items()}


def _stack(data: dict[str, Any], players: int) -> tuple:
    """The pending decisions: ``stack``, or an older position's queue ``ask`` converted once
    (``decisions.from_queue``, each entry checked as a stack entry); exactly one of them."""
    need(not ("stack" in data and "ask" in data), "ask", "give stack or the older ask, not both")
    if "stack" in data:
        return ASKS.from_data(data["stack"], players)
    need("ask" in data, "stack", "missing (the pending decisions)")
    return from_queue(data["ask"], players)


def load(state, data: dict[str, Any]) -> None:
    """Fill ``state`` (blank, from ``gamekit.core.positions``) from ``to_dict()`` data, then
    check its meaning (``position_checks.check``): a ``PositionError`` naming the field."""
    whole_numbers(data)
    _board(state, data)
    _tiles(state, data)
    state.pl = [_player_from(state, s, d) for s, d in enumerate(data["players"])]
    state.owner = {}
    for s, p in enumerate(state.pl):
        for h in p.built:
            need(h in state.ptype, f"players[{s}].buildings", f"{h} is not a planet of the map")
            need(h not in state.owner, f"players[{s}].buildings", f"{h} holds two structures")
            state.owner[h] = s
    state.round, state.phase, state.stage = data["round"], data["phase"], data["stage"]
    state.over = data["over"]
    state.order, state.passed_order = list(data["order"]), list(data["passed_order"])
    state.turn_pos, state.turn_open = data["turn_pos"], data["turn_open"]
    state.pending_seats = list(data["pending_seats"])
    state.leech_later = [tuple(x) for x in data["leech_later"]]
    state.stack = _stack(data, state.players)
    a = data["auction"]
    if a is not None:
        a = {"holder": dict(a["holder"]), "bid": dict(a["bid"]), "named": list(a["named"])}
    state.auction_state = a
    table = data.get("table")
    need(table is None or sorted(table) == list(range(len(state.pl))), "table",
         "must name every seat once")
    state.table = None if table is None else list(table)
    check(state)
