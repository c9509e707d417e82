"""Gaia Project components, loaded once from ``data/*.json`` (our own format) and checked on load.

``board.json`` (resources, planets, default faction board, board and free actions, setup and
turn order), ``factions.json`` (rulebook 'Apêndice I: Facções'), ``research.json`` ('Apêndice II'),
``tiles.json`` (tech tiles, federation tokens, boosters, round and final scoring). Sector faces
and map layouts live in :mod:`gamekit.games.gaia.sectors`. A broken data file raises
``DataError`` at import naming the file, the entry and the problem.
"""

from __future__ import annotations

import copyreg
import json
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import MappingProxyType
from typing import Any

__all__ = [
    "DataError", "Name", "Resource", "Planet", "Building", "Faction", "Level", "Track",
    "TechTile", "FederationToken", "Booster", "RoundScoring", "FinalScoring", "BoardAction",
    "BOARD", "RESOURCES", "PLANETS", "PLANET_BY_LETTER", "HOME_PLANETS", "BUILDINGS",
    "BUILDING_BY_CODE", "FACTIONS", "TRACKS", "BASIC_TECH", "ADVANCED_TECH", "TECH",
    "FEDERATION_TOKENS", "BOOSTERS", "ROUND_SCORING", "FINAL_SCORING", "BOARD_ACTIONS",
    "FREE_ACTIONS", "VARIANTS", "FIRST_GAME", "load_json", "frozen", "faction_board",
    "starting_resources", "terraform_steps",
]

DATA = Path(__file__).parent / "data"


class DataError(ValueError):
    """A component data file that breaks a rule of its schema."""


def load_json(name: str) -> dict:
    with open(DATA / name, encoding="utf-8") as f:
        return json.load(f)


def frozen(value: Any) -> Any:
    """Read-only deep copy: dicts become mapping proxies, lists tuples."""
    if isinstance(value, dict):
        return MappingProxyType({k: frozen(v) for k, v in value.items()})
    if isinstance(value, list):
        return tuple(frozen(v) for v in value)
    return value


def read_only(data: dict) -> MappingProxyType:
    """A read-only view of ``data`` (what a pickled mapping proxy is rebuilt with)."""
    return MappingProxyType(data)


def _reduce_proxy(proxy: MappingProxyType) -> tuple:
    return read_only, (dict(proxy),)


# a faction board (read-only mappings) travels with the state: snapshots pickle the state
copyreg.pickle(MappingProxyType, _reduce_proxy)


def _need(ok: bool, where: str, problem: str) -> None:
    if not ok:
        raise DataError(f"{where}: {problem}")


def _unique(items: Any, where: str) -> dict:
    out: dict = {}
    for it in items:
        _need(it.id not in out, where, f"id {it.id!r} is given twice")
        out[it.id] = it
    return out


@dataclass(frozen=True)
class Name:
    """A name shown to people; ``pt_source`` says whether the pt-BR rulebook attests ``pt``."""

    en: str | None
    pt: str
    pt_source: str

    @classmethod
    def of(cls, d: Mapping) -> Name:
        return cls(d.get("en"), d["pt"], d["pt_source"])


@dataclass(frozen=True)
class Resource:
    id: str
    letter: str
    cap: int | None
    name: Name


@dataclass(frozen=True)
class Planet:
    id: str
    letter: str
    home: bool
    colour: str | None
    name: Name


@dataclass(frozen=True)
class Building:
    """One building row of a faction board. ``income_slots[i]``: income while the (i+1)-th piece
    stands on the map; ``income``: flat income (PI, academy); ``action``: once-per-round gain."""

    id: str
    code: str
    name: Name
    count: int
    upgrades_from: str | None
    cost: Mapping[str, int] | None
    power_value: int
    cost_alone: Mapping[str, int] | None = None
    income_slots: tuple[Mapping[str, int], ...] = ()
    income: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    action: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    tech_tile: bool = False


@dataclass(frozen=True)
class Faction:
    """A faction with its board: ``buildings`` already holds the faction's overrides."""

    id: str
    name: Name
    home: str
    start: Mapping[str, int]
    bowls: tuple[int, int, int]
    research: Mapping[str, int]
    income: Mapping[str, int]
    pi_income: Mapping[str, int]
    buildings: Mapping[str, Building]
    actions: tuple[tuple[str, str | None], ...]
    ability: str
    pi_ability: str
    extra: Mapping[str, Any]


@dataclass(frozen=True)
class Level:
    level: int
    text: str
    once: Mapping[str, int]
    income: Mapping[str, int]
    ore_per_step: int | None
    range: int | None
    gaiaform_tokens: int | None


@dataclass(frozen=True)
class Track:
    id: str
    name: Name
    levels: tuple[Level, ...]


@dataclass(frozen=True)
class TechTile:
    id: str
    name: Name
    advanced: bool
    kind: str
    gain: Mapping[str, int]
    per: str | None = None
    trigger: str | None = None
    effect: str | None = None


@dataclass(frozen=True)
class FederationToken:
    id: str
    vp: int
    gain: Mapping[str, int]
    green: bool
    copies: int
    only: str | None = None


@dataclass(frozen=True)
class Booster:
    id: str
    rulebook_no: int
    income: Mapping[str, int]
    action: str | None
    pass_vp: int
    pass_per: str | None
    name: Name


@dataclass(frozen=True)
class RoundScoring:
    id: str
    trigger: str
    vp: int
    name: Name


@dataclass(frozen=True)
class FinalScoring:
    id: str
    counts: str
    neutral: int
    name: Name


@dataclass(frozen=True)
class BoardAction:
    id: str
    cost: Mapping[str, int]
    gain: Mapping[str, int]
    name: Name
    then: str | None = None
    requires: str | None = None


BOARD = frozen(load_json("board.json"))
_FACTIONS = load_json("factions.json")
_RESEARCH = load_json("research.json")
TILES_DATA = frozen(load_json("tiles.json"))

RESOURCES: dict[str, Resource] = _unique(
    (Resource(r["id"], r["letter"], r["cap"], Name.of(r["name"])) for r in BOARD["resources"]),
    "board.json resources")
PLANETS: dict[str, Planet] = _unique(
    (Planet(p["id"], p["letter"], p["home"], p["colour"], Name.of(p["name"]))
     for p in BOARD["planets"]), "board.json planets")
PLANET_BY_LETTER = {p.letter: p.id for p in PLANETS.values()}
HOME_PLANETS: tuple[str, ...] = tuple(BOARD["terraforming"]["wheel"])
_GAIN_KEYS = set(RESOURCES) | {
    "terraforming_steps", "tech_tile", "rescore_federation_token", "vp_per_planet_type",
    "gaiaformer", "federation_token_on_track", "lost_planet", "vp_per_gaia_planet",
}


def _amounts(d: Any, where: str) -> Mapping[str, int]:
    _need(isinstance(d, Mapping), where, f"must be an object of amounts, got {d!r:.60}")
    for k, v in d.items():
        _need(k in _GAIN_KEYS, where, f"unknown resource {k!r}")
        _need(isinstance(v, int) and not isinstance(v, bool) and v >= 0, where,
              f"{k} must be a whole number >= 0, got {v!r}")
    return frozen(dict(d))


def _building(b: Mapping, where: str) -> Building:
    w = f"{where} {b['id']}"
    slots = tuple(_amounts(s, f"{w} income slot") for s in b.get("income_slots", ()))
    _need(not slots or len(slots) == b["count"], w,
          f"{len(slots)} income slots for {b['count']} pieces")
    return Building(
        b["id"], b["code"], Name.of(b["name"]), b["count"], b.get("from"),
        None if b.get("cost") is None else _amounts(b["cost"], f"{w} cost"), b["power_value"],
        None if b.get("cost_alone") is None else _amounts(b["cost_alone"], f"{w} cost_alone"),
        slots, _amounts(b.get("income", {}), f"{w} income"),
        _amounts(b.get("action", {}), f"{w} action"), bool(b.get("tech_tile")))


BUILDINGS: dict[str, Building] = _unique(
    (_building(b, "board.json building") for b in BOARD["default_board"]["buildings"]),
    "board.json buildings")
BUILDING_BY_CODE = {b.code: b for b in BUILDINGS.values()}
for _b in BUILDINGS.values():
    _need(_b.upgrades_from is None or _b.upgrades_from in BUILDINGS,
          f"board.json building {_b.id}", f"upgrades from unknown {_b.upgrades_from!r}")


def _override(base: Building, o: Mapping, where: str) -> Building:
    unknown = set(o) - {"income_slots", "from", "action", "income", "cost", "cost_note"}
    _need(not unknown, where, f"unknown field(s) {sorted(unknown)}")
    b = replace(base, upgrades_from=o.get("from", base.upgrades_from))
    _need(b.upgrades_from is None or b.upgrades_from in BUILDINGS, where,
          f"upgrades from unknown {b.upgrades_from!r}")
    if "income_slots" in o:
        slots = tuple(_amounts(s, f"{where} income slot") for s in o["income_slots"])
        _need(len(slots) == base.count, where, f"{len(slots)} income slots for {base.count}")
        b = replace(b, income_slots=slots)
    if "income" in o:
        b = replace(b, income=_amounts(o["income"], f"{where} income"))
    if "action" in o:
        b = replace(b, action=_amounts(o["action"], f"{where} action"))
    if "cost" in o:
        b = replace(b, cost=_amounts(o["cost"], f"{where} cost"))
    return b


_FACTION_KEYS = {"id", "name", "home", "start", "bowls", "research", "income", "pi_income",
                 "buildings", "actions", "ability", "pi_ability"}


def _faction(f: Mapping) -> Faction:
    w = f"factions.json faction {f.get('id')!r}"
    _need(f["home"] in HOME_PLANETS, w, f"home planet {f['home']!r} is not a home type")
    bowls = tuple(f["bowls"])
    _need(len(bowls) == 3 and all(isinstance(x, int) and x >= 0 for x in bowls), w,
          f"bowls must be three counts, got {f['bowls']!r}")
    for track, lv in f["research"].items():
        _need(track in {t["id"] for t in _RESEARCH["tracks"]}, w, f"unknown track {track!r}")
        _need(0 <= lv <= 4, w, f"starting level {lv} of {track} is out of 0-4")
    buildings = dict(BUILDINGS)
    for bid, o in f.get("buildings", {}).items():
        _need(bid in BUILDINGS, w, f"override of unknown building {bid!r}")
        buildings[bid] = _override(BUILDINGS[bid], o, f"{w} building {bid}")
    actions = tuple((a["id"], a["needs"]) for a in f.get("actions", ()))
    for _, needs in actions:
        _need(needs is None or needs in BUILDING_BY_CODE, w, f"action needs unknown {needs!r}")
    extra = {k: v for k, v in f.items() if k not in _FACTION_KEYS}
    return Faction(
        f["id"], Name.of(f["name"]), f["home"], _amounts(f["start"], f"{w} start"),
        bowls, frozen(dict(f["research"])), _amounts(f["income"], f"{w} income"),
        _amounts(f["pi_income"], f"{w} pi_income"), MappingProxyType(buildings), actions,
        f["ability"], f["pi_ability"], frozen(extra))


FACTIONS: dict[str, Faction] = _unique(map(_faction, _FACTIONS["factions"]), "factions.json")
VARIANTS = frozen(_FACTIONS["variants"])
FIRST_GAME = frozen(_FACTIONS["first_game"])


def _level(d: Mapping, where: str) -> Level:
    return Level(d["level"], d["text"], _amounts(d.get("once", {}), f"{where} once"),
                 _amounts(d.get("income", {}), f"{where} income"), d.get("ore_per_step"),
                 d.get("range"), d.get("gaiaform_tokens"))


def _track(t: Mapping) -> Track:
    w = f"research.json track {t['id']!r}"
    levels = tuple(_level(d, f"{w} level {d['level']}") for d in t["levels"])
    _need([lv.level for lv in levels] == list(range(6)), w, "levels must be 0..5 in order")
    return Track(t["id"], Name.of(t["name"]), levels)


TRACKS: dict[str, Track] = _unique(map(_track, _RESEARCH["tracks"]), "research.json tracks")


def _tech(d: Mapping, advanced: bool) -> TechTile:
    return TechTile(d["id"], Name.of(d["name"]), advanced, d["kind"],
                    _amounts(d.get("gain", {}), f"tiles.json tech {d['id']} gain"),
                    d.get("per"), d.get("trigger"), d.get("effect"))


BASIC_TECH: dict[str, TechTile] = _unique(
    (_tech(d, False) for d in TILES_DATA["basic_tech"]), "tiles.json basic_tech")
ADVANCED_TECH: dict[str, TechTile] = _unique(
    (_tech(d, True) for d in TILES_DATA["advanced_tech"]), "tiles.json advanced_tech")
TECH: dict[str, TechTile] = {**BASIC_TECH, **ADVANCED_TECH}
FEDERATION_TOKENS: dict[str, FederationToken] = _unique(
    (FederationToken(d["id"], d["vp"], _amounts(d["gain"], f"federation {d['id']}"),
                     d["green"], d["copies"], d.get("only"))
     for d in TILES_DATA["federation_tokens"]), "tiles.json federation_tokens")
BOOSTERS: dict[str, Booster] = _unique(
    (Booster(d["id"], d["rulebook_no"], _amounts(d["income"], f"booster {d['id']}"),
             d.get("action"), d.get("pass_vp", 0), d.get("pass_per"), Name.of(d["name"]))
     for d in TILES_DATA["boosters"]), "tiles.json boosters")
ROUND_SCORING: dict[str, RoundScoring] = _unique(
    (RoundScoring(d["id"], d["trigger"], d["vp"], Name.of(d["name"]))
     for d in TILES_DATA["round_scoring"]), "tiles.json round_scoring")
FINAL_SCORING: dict[str, FinalScoring] = _unique(
    (FinalScoring(d["id"], d["counts"], d["neutral"], Name.of(d["name"]))
     for d in TILES_DATA["final_scoring"]), "tiles.json final_scoring")
BOARD_ACTIONS: dict[str, BoardAction] = _unique(
    (BoardAction(d["id"], _amounts(d["cost"], f"board action {d['id']}"),
                 _amounts(d["gain"], f"board action {d['id']}"), Name.of(d["name"]),
                 d.get("then"), d.get("requires"))
     for d in BOARD["board_actions"]), "board.json board_actions")
FREE_ACTIONS: tuple[tuple[Mapping[str, int], Mapping[str, int]], ...] = tuple(
    (_amounts(a["cost"], "free action"), _amounts(a["gain"], "free action"))
    for a in BOARD["free_actions"])

_COUNTS = {
    "factions": (FACTIONS, 14), "research tracks": (TRACKS, 6), "basic tech tiles": (BASIC_TECH, 9),
    "advanced tech tiles": (ADVANCED_TECH, 15), "federation tokens": (FEDERATION_TOKENS, 7),
    "boosters": (BOOSTERS, 10), "round-scoring tiles": (ROUND_SCORING, 10),
    "final-scoring tiles": (FINAL_SCORING, 6), "board actions": (BOARD_ACTIONS, 10),
    "planet types": (PLANETS, 11), "home planet types": (HOME_PLANETS, 7),
}


def _check() -> None:
    """Counts and cross-references between the files (run once at import)."""
    for what, (table, n) in _COUNTS.items():
        _need(len(table) == n, "data", f"{n} {what} expected, found {len(table)}")
    positions = TILES_DATA["tech_positions"]
    _need(positions["basic"][:6] == tuple(TRACKS), "tiles.json tech_positions",
          "the first six basic positions must be the tracks in board order")
    _need(positions["advanced"] == tuple(f"adv-{t}" for t in TRACKS), "tiles.json tech_positions",
          "advanced positions must be adv-<track> for each track")
    _need(sorted(b.rulebook_no for b in BOOSTERS.values()) == list(range(1, 11)),
          "tiles.json boosters", "rulebook numbers must be 1..10 once each")
    _need(sum(t.copies for t in FEDERATION_TOKENS.values() if t.only is None) == 18,
          "tiles.json federation_tokens", "the box has 18 ordinary tokens (3 of each)")
    for f in FACTIONS.values():
        _need(f.pi_income.keys() <= RESOURCES.keys(), f"faction {f.id}", "bad PI income")
        for a in f.extra.get("free_actions", ()):
            _need(a["needs"] is None or a["needs"] in BUILDING_BY_CODE, f"faction {f.id}",
                  f"free action needs unknown {a['needs']!r}")
    by_home: dict[str, int] = {}
    for f in FACTIONS.values():
        by_home[f.home] = by_home.get(f.home, 0) + 1
    _need(all(n == 2 for n in by_home.values()) and len(by_home) == 7, "factions.json",
          "each of the 7 home planets must have exactly 2 factions")
    for n, codes in FIRST_GAME.items():
        _need(all(c in FACTIONS for c in codes), "factions.json first_game", f"unknown in {n}")
    for vname, rows in VARIANTS.items():
        for r in rows:
            w = f"factions.json variant {vname} {r['faction']} v{r['version']}"
            _need(r["faction"] in FACTIONS, w, "unknown faction")
            bad = set(r["changes"]) - {"start", "bowls", "research", "income", "pi_income",
                                       "buildings"}
            _need(not bad, w, f"unknown field(s) {sorted(bad)}")


_check()


def terraform_steps(home: str, target: str) -> int:
    """Terraforming steps from ``home`` to ``target`` (both home types): the shorter way round
    the wheel (rulebook '1) Construir uma Mina', 'Habitabilidade')."""
    a, b = HOME_PLANETS.index(home), HOME_PLANETS.index(target)
    d = abs(a - b)
    return min(d, len(HOME_PLANETS) - d)


def _variant_rows(variant: str, version: int, players: int | None) -> dict[str, Mapping]:
    if variant == "standard":
        return {}
    if variant not in VARIANTS:
        raise KeyError(f"unknown faction variant {variant!r}; known: standard, "
                       f"{', '.join(VARIANTS)}")
    best: dict[str, Mapping] = {}
    for r in VARIANTS[variant]:
        if r["version"] > version or r.get("players", players) != players:
            continue
        if r["faction"] not in best or r["version"] >= best[r["faction"]]["version"]:
            best[r["faction"]] = r
    return best


def faction_board(
    faction: str, variant: str = "standard", version: int = 0, players: int | None = None
) -> Faction:
    """The faction's board under a community variant (engine option ``factionVariant``): the
    entry with the highest version <= ``version``; ``start`` merges, other fields replace."""
    f = FACTIONS[faction]
    row = _variant_rows(variant, version, players).get(faction)
    if row is None:
        return f
    ch = row["changes"]
    out = f
    if "start" in ch:
        out = replace(out, start=frozen({**f.start, **ch["start"]}))
    if "bowls" in ch:
        out = replace(out, bowls=tuple(ch["bowls"]))
    for key in ("research", "income", "pi_income"):
        if key in ch:
            out = replace(out, **{key: frozen(dict(ch[key]))})
    if "buildings" in ch:
        bs = dict(out.buildings)
        for bid, o in ch["buildings"].items():
            bs[bid] = _override(bs[bid], o, f"variant {variant} {faction} {bid}")
        out = replace(out, buildings=MappingProxyType(bs))
    if row.get("setup"):  # a set-up rule of the variant (``pi_second``: Ivits, 2 players)
        out = replace(out, extra=frozen({**out.extra, row["setup"]: True}))
    return out


def starting_resources(f: Faction) -> dict[str, int]:
    """Resources after setup: the board's start plus the one-time bonus of each starting research
    level (rulebook 'Preparação': take it immediately; Economy/Science level 1 are income).
    Gleens take ore for QIC. ``gaiaformers`` counts the unlocked gaiaformers."""
    out = {k: f.start.get(k, 0) for k in ("credits", "ore", "knowledge", "qic", "vp")}
    out["gaiaformers"] = 0
    out["power_tokens"] = 0
    qic_as_ore = "qic_as_ore_until" in f.extra
    for track, top in f.research.items():
        for lv in TRACKS[track].levels[1:top + 1]:
            for k, v in lv.once.items():
                if k == "qic" and qic_as_ore:
                    k = "ore"
                key = "gaiaformers" if k == "gaiaformer" else k
                out[key] = out.get(key, 0) + v
    return out
