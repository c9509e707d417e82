"""Gaia Project positions (see ``docs/positions.md``): the JSON schema of ``GaiaState.to_dict``
and ``load``, which fills a blank state from it and checks what a schema cannot say (a faction
twice or two of one home planet, a structure off the map or on another's hex, more pieces than
the board holds, tiles that do not exist, a decision for a seat that does not play)."""

from __future__ import annotations

from typing import Any

from gamekit.core.positions import PositionError
from gamekit.kit.bowls import PowerBowls

from . import sectors as S
from .components import (
    ADVANCED_TECH,
    BASIC_TECH,
    BOOSTERS,
    BUILDING_BY_CODE,
    FACTIONS,
    FEDERATION_TOKENS,
    FINAL_SCORING,
    PLANETS,
    ROUND_SCORING,
    TRACKS,
)
from .player import RES, Player

__all__ = ["schema", "load"]

_INT = {"type": "integer"}
_NAT = {"type": "integer", "minimum": 0}
_STR = {"type": "string", "maxLength": 60}
_HEX = {"type": "array", "items": _INT, "minItems": 2, "maxItems": 2}
_HEXES = {"type": "array", "items": _HEX, "maxItems": 400}
_IDS = {"type": "array", "items": _STR, "maxItems": 40}
_KINDS = ("faction", "auction", "auction_name", "auction_bid", "place", "booster", "income_order", "itars", "terrans", "turn", "after",
          "mine", "tech", "cover", "step", "fedtoken", "rescore", "lost", "station", "downlab",
          "swap", "recall", "leech", "tokens", "brainstone", "brainstone_spend", "fedpick",
          "rotate", "continue")


def _obj(props: dict, required: bool = True, optional: tuple[str, ...] = ()) -> dict:
    return {"type": "object", "properties": props, "additionalProperties": False,
            **({"required": sorted(set(props) - set(optional))} if required else {})}


def _player() -> dict:
    return _obj({
        "faction": {"type": ["string", "null"]},
        "resources": _obj({r: _NAT for r in RES}),
        "vp": _NAT, "vp_by": {"type": "object", "additionalProperties": _INT},
        "bowls": {"type": "array", "items": _NAT, "minItems": 4, "maxItems": 4},
        "brainstone": {"type": ["integer", "null"], "minimum": 1, "maximum": 4},
        "research": _obj({t: {"type": "integer", "minimum": 0, "maximum": 5} for t in TRACKS}),
        "gaiaformers": {"type": "integer", "minimum": 0, "maximum": 3},
        "gaiaformers_in_gaia_area": {"type": "integer", "minimum": 0, "maximum": 3},
        "booster": {"type": ["string", "null"]},
        "tech": _IDS, "covered": _IDS, "advanced": _IDS,
        "federation_tokens": {"type": "array", "maxItems": 30, "items": {
            "type": "array", "minItems": 2, "maxItems": 2,
            "prefixItems": [_STR, {"type": "boolean"}]}},
        "federations": {"type": "array", "items": _HEXES, "maxItems": 30},
        "satellites": _HEXES, "federations_formed": _NAT, "bid": _NAT, "used": _IDS,
        "passed": {"type": "boolean"},
        "buildings": {"type": "array", "maxItems": 40, "items": {
            "type": "array", "minItems": 2, "maxItems": 2, "prefixItems": [_HEX, _STR]}},
        "guest_mines": _HEXES,
    })


def schema(players: int) -> dict[str, Any]:
    """JSON schema of ``GaiaState.to_dict()`` for ``players`` seats."""
    label_map = {"type": "object", "additionalProperties": _INT}
    return _obj({
        "round": {"type": "integer", "minimum": 0, "maximum": 6},
        "phase": _STR, "stage": _STR, "over": {"type": "boolean"},
        "players": {"type": "array", "items": _player(), "minItems": players,
                    "maxItems": players},
        "planets": {"type": "object", "additionalProperties": _STR},
        "gaiaformers": label_map, "space_stations": label_map,
        "round_tiles": {"type": "array", "items": _STR, "minItems": 6, "maxItems": 6},
        "final_tiles": {"type": "array", "items": _STR, "minItems": 2, "maxItems": 2},
        "boosters": _IDS,
        "tech": {"type": "object", "additionalProperties": _STR},
        "advanced_tech": {"type": "object", "additionalProperties": _STR},
        "basic_left": _IDS, "advanced_left": _IDS,
        "terra_fed": {"type": ["string", "null"]},
        "federation_supply": {"type": "object", "additionalProperties": _NAT},
        "taken": _IDS,
        "order": {"type": "array", "items": _NAT, "maxItems": players},
        "passed_order": {"type": "array", "items": _NAT, "maxItems": players},
        "ask": {"type": "array", "maxItems": 40, "items": {
            "type": "array", "minItems": 3, "maxItems": 3,
            "prefixItems": [_NAT, {"enum": list(_KINDS)}, {"type": "object"}]}},
        "space": {"type": "array", "maxItems": 400, "items": {
            "type": "array", "minItems": 4, "maxItems": 4,
            "prefixItems": [_INT, _INT, _STR, {"enum": list(PLANETS)}]}},
        "turn_pos": _INT, "turn_open": {"type": ["integer", "null"]},
        "pending_seats": {"type": "array", "items": _NAT, "maxItems": players},
        "leech_later": {"type": "array", "maxItems": 40, "items": {
            "type": "array", "items": _NAT, "minItems": 2, "maxItems": 2}},
        "auction": {"oneOf": [{"type": "null"}, _obj({
            "holder": {"type": "object", "additionalProperties": _NAT},
            "bid": {"type": "object", "additionalProperties": _NAT},
            "named": _IDS})]},
        "table": {"oneOf": [{"type": "null"}, {"type": "array", "items": _NAT,
                                               "maxItems": players}]},
    }, optional=("table",))


def _need(ok: bool, field: str, problem: str) -> None:
    if not ok:
        raise PositionError(f"position field {field}: {problem}")


def _known(ids, table, field: str) -> None:
    bad = [x for x in ids if x not in table]
    _need(not bad, field, f"unknown id(s) {bad[:5]}")


def _tiles(state, data: dict) -> None:
    _known(data["round_tiles"], ROUND_SCORING, "round_tiles")
    _known(data["final_tiles"], FINAL_SCORING, "final_tiles")
    _known(data["boosters"], BOOSTERS, "boosters")
    _known(data["tech"].values(), BASIC_TECH, "tech")
    _known(data["advanced_tech"].values(), ADVANCED_TECH, "advanced_tech")
    _known(data["federation_supply"], FEDERATION_TOKENS, "federation_supply")
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
        _need(d["faction"] in FACTIONS, where + ".faction", f"unknown faction {d['faction']!r}")
        p.faction = d["faction"]
        p.board = state.board_of(p.faction)
    p.res = dict(d["resources"])
    p.vp = d["vp"]
    p.vp_by = dict(d["vp_by"])
    _need(sum(p.vp_by.values()) == p.vp, where + ".vp_by", "does not add up to vp")
    p.bowls = PowerBowls(*d["bowls"])
    p.brainstone = d["brainstone"]
    p.research = dict(d["research"])
    p.gaiaformers, p.gf_gaia = d["gaiaformers"], d["gaiaformers_in_gaia_area"]
    _need(d["booster"] is None or d["booster"] in BOOSTERS, where + ".booster", "unknown")
    p.booster = d["booster"]
    _known(d["tech"], BASIC_TECH, where + ".tech")
    _known(d["advanced"], ADVANCED_TECH, where + ".advanced")
    _need(len(set(d["tech"])) == len(d["tech"]), where + ".tech", "a basic tile twice")
    p.tech, p.covered, p.advanced = list(d["tech"]), set(d["covered"]), list(d["advanced"])
    _need(p.covered <= set(p.tech), where + ".covered", "covers a tile not held")
    _known([t for t, _ in d["federation_tokens"]], FEDERATION_TOKENS, where + ".federation_tokens")
    p.fed_tokens = [list(t) for t in d["federation_tokens"]]
    p.feds = [{tuple(h) for h in f} for f in d["federations"]]
    p.satellites = {tuple(h) for h in d["satellites"]}
    p.fed_forms, p.bid = d["federations_formed"], d["bid"]
    p.used, p.passed = set(d["used"]), d["passed"]
    for h, code in d["buildings"]:
        _need(code in BUILDING_BY_CODE or code == "lost", where + ".buildings",
              f"unknown building {code!r}")
        p.built[tuple(h)] = code
        p.counts[code] = p.counts.get(code, 0) + 1
    p.guest = {tuple(h) for h in d["guest_mines"]}
    if p.guest:
        p.counts["m"] = p.counts.get("m", 0) + len(p.guest)
    if p.board:
        for b in p.board.buildings.values():
            _need(p.counts.get(b.code, 0) <= b.count, where + ".buildings",
                  f"{p.counts.get(b.code, 0)} pieces of {b.code}; the board holds {b.count}")
    return p


def load(state, data: dict[str, Any]) -> None:
    """Fill ``state`` (blank, from ``gamekit.core.positions``) from ``to_dict()`` data."""
    try:
        state.space = S.map_from_hexes((q, r, sec, t) for q, r, sec, t in data["space"])
    except ValueError as exc:
        raise PositionError(f"position field space: {exc}") from None
    by_label = {state.space.label(h) or f"{h[0]}x{h[1]}": h for h in state.space.planets}
    state.ptype = {}
    for lab, t in data["planets"].items():
        _need(lab in by_label and t in PLANETS, "planets", f"{lab!r}: not a map hex or planet")
        state.ptype[by_label[lab]] = t
    state.planet_hexes = tuple(sorted(state.ptype))
    state.gf = {by_label[x]: s for x, s in data["gaiaformers"].items() if x in by_label}
    state.stations = {by_label[x]: s for x, s in data["space_stations"].items() if x in by_label}
    _need(len(state.gf) == len(data["gaiaformers"]), "gaiaformers", "a hex not on the map")
    _tiles(state, data)
    n = state.players
    state.pl = [_player_from(state, s, d) for s, d in enumerate(data["players"])]
    homes = [p.board.home for p in state.pl if p.board]
    _need(len(set(homes)) == len(homes), "players[].faction", "two factions of one home planet")
    state.owner = {}
    for s, p in enumerate(state.pl):
        for h in p.built:
            _need(h in state.ptype, f"players[{s}].buildings", f"{h} is not a planet of the map")
            _need(h not in state.owner, f"players[{s}].buildings", f"{h} holds two structures")
            state.owner[h] = s
    _need(all(0 <= s < n for s in [*state.gf.values(), *state.stations.values()]),
          "gaiaformers", "a seat that does not play")
    state.round, state.phase, state.stage = data["round"], data["phase"], data["stage"]
    state.over = data["over"]
    state.order, state.passed_order = list(data["order"]), list(data["passed_order"])
    state.turn_pos, state.turn_open = data["turn_pos"], data["turn_open"]
    state.pending_seats = list(data["pending_seats"])
    state.leech_later = [tuple(x) for x in data["leech_later"]]
    state.ask = [(s, k, dict(d)) for s, k, d in data["ask"]]
    a = data["auction"]
    if a is not None:
        _known([*a["holder"], *a["named"]], FACTIONS, "auction")
        a = {"holder": dict(a["holder"]), "bid": dict(a["bid"]), "named": list(a["named"])}
    state.auction_state = a
    table = data.get("table")
    _need(table is None or sorted(table) == list(range(n)), "table", "must name every seat once")
    state.table = None if table is None else list(table)
    _need(all(0 <= s < n for s, _, _ in state.ask), "ask", "a seat that does not play")
    _need(state.over or bool(state.ask), "ask", "nobody decides in a game that is not over")
    try:
        state.check_invariants()
        state._legal_cache = {}
        if state.ask:
            seat, kind, d = state.ask[0]
            _need(bool(state._legal_kind(seat, kind, d)), "ask", f"{kind}: nothing is legal")
    except (AssertionError, KeyError, TypeError, ValueError) as exc:
        raise PositionError(f"position breaks a rule: {str(exc)[:160]}") from None
