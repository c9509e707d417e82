"""Space sectors and maps (rulebook 'Tabuleiro Espacial', 'Montagem Variável do Tabuleiro').

The 13 sector faces come from ``data/sectors.json``; a map is a list of placements
``(face, centre, rotation)`` and :func:`build_map` turns it into the global hex -> planet map
with the labels of the move notation. Hex math is in :mod:`gamekit.games.gaia.geometry`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from . import geometry as geo
from .components import PLANETS, DataError, load_json

__all__ = ["Face", "Placement", "Layout", "SpaceMap", "FACES", "LAYOUTS", "RANDOM_SLOTS",
           "XSHAPE_SLOTS", "BOARD_OPTIONS", "build_map", "layout_map", "map_memo", "map_from_hexes",
           "sector_number"]

_DATA = load_json("sectors.json")


@dataclass(frozen=True)
class Face:
    """One side of a sector tile: planets by local (unrotated) hex; other hexes are empty."""

    id: str
    number: int
    side: str | None
    planets: Mapping[geo.Hex, str]


@dataclass(frozen=True)
class Placement:
    face: str
    centre: geo.Hex
    rotation: int = 0


@dataclass(frozen=True)
class Layout:
    id: str
    players: tuple[int, ...]
    placements: tuple[Placement, ...]
    confidence: str
    why: str


def sector_number(face: str) -> str:
    """The sector number of a face id as map labels write it: ``'5B'`` -> ``'5'``."""
    return face.rstrip("AB")


def _face(d: Mapping) -> Face:
    where = f"sectors.json face {d['id']!r}"
    planets: dict[geo.Hex, str] = {}
    for q, r, p in d["planets"]:
        if p not in PLANETS or p in ("empty", "lost"):
            raise DataError(f"{where}: unknown planet {p!r}")
        if geo.distance((q, r), (0, 0)) > 2 or (q, r) in planets:
            raise DataError(f"{where}: hex {(q, r)} is off the tile or given twice")
        planets[(q, r)] = p
    if sector_number(d["id"]) != str(d["number"]):
        raise DataError(f"{where}: id does not match number {d['number']}")
    return Face(d["id"], d["number"], d.get("side"), MappingProxyType(planets))


FACES: dict[str, Face] = {}
for _d in _DATA["faces"]:
    if _d["id"] in FACES:
        raise DataError(f"sectors.json: face {_d['id']!r} is given twice")
    FACES[_d["id"]] = _face(_d)
if len(FACES) != 13 or {f.number for f in FACES.values()} != set(range(1, 11)):
    raise DataError("sectors.json: 13 faces of tiles 1-10 expected")
if {k: tuple(v) for k, v in _DATA["ring_labels"].items()} != geo.RING_LABELS:
    raise DataError("sectors.json: ring_labels disagree with geometry.RING_LABELS")


def _placements(rows: Iterable[Mapping], where: str) -> tuple[Placement, ...]:
    out = tuple(Placement(p["face"], tuple(p["centre"]), p["rotation"]) for p in rows)
    for p in out:
        if p.face not in FACES:
            raise DataError(f"{where}: unknown face {p.face!r}")
    return out


LAYOUTS: dict[str, Layout] = {
    k: Layout(k, tuple(v["players"]), _placements(v["placements"], f"sectors.json layout {k}"),
              v["confidence"], v["why"])
    for k, v in _DATA["layouts"].items()
}
RANDOM_SLOTS: dict[int, tuple[geo.Hex, ...]] = {
    int(k): tuple(tuple(c) for c in v) for k, v in _DATA["random_slots"].items()}
XSHAPE_SLOTS: tuple[geo.Hex, ...] = tuple(tuple(c) for c in _DATA["xshape_slots"])
BOARD_OPTIONS = MappingProxyType(_DATA["board_options"])


@dataclass(frozen=True)
class SpaceMap:
    """The global map: ``planets`` holds every hex of every sector (``'empty'`` for space),
    ``sector`` the sector number of each hex, ``centres`` each sector number's centre."""

    planets: Mapping[geo.Hex, str]
    sector: Mapping[geo.Hex, str]
    centres: Mapping[str, geo.Hex]
    placements: tuple[Placement, ...]

    def label(self, h: geo.Hex) -> str | None:
        """The map label of ``h`` (None: off the map), read from its sector's entry."""
        number = self.sector.get(h)
        return None if number is None else geo.sector_label(h, number, self.centres[number])

    def hex(self, label: str) -> geo.Hex:
        return geo.label_hex(label, self.centres)

    def rotated(self, turns: Sequence[tuple[geo.Hex, int]]) -> SpaceMap:
        """The map after a ``rotate`` line: each ``(centre, steps)`` turns that sector
        ``steps`` × 60° clockwise in place (board setup with option ``advancedRules``)."""
        planets = dict(self.planets)
        by_centre = {c: n for n, c in self.centres.items()}
        rotation = {p.centre: p.rotation for p in self.placements}
        seen: set[geo.Hex] = set()
        for centre, steps in turns:
            if centre not in by_centre:
                raise ValueError(f"no sector has its centre at {geo.qxr(centre)}")
            if centre in seen:
                raise ValueError(f"sector centre {geo.qxr(centre)} is rotated twice")
            seen.add(centre)
            for off in geo.RING_LABELS.values():
                to = geo.add(centre, geo.rotate(off, steps))
                planets[to] = self.planets[geo.add(centre, off)]
            rotation[centre] = (rotation.get(centre, 0) + steps) % 6
        placed = tuple(Placement(p.face, p.centre, rotation[p.centre]) for p in self.placements)
        return SpaceMap(MappingProxyType(planets), self.sector, self.centres, placed)

    def same_type_neighbours(self, home_only: bool = False) -> list[tuple[geo.Hex, geo.Hex]]:
        """Adjacent planets of one type: the rulebook forbids any; the anchor engine checks
        home types only (``home_only``)."""
        types = [p.id for p in PLANETS.values() if p.home] if home_only else None
        return geo.same_type_neighbours(self.planets, types)


def build_map(placements: Iterable[Placement]) -> SpaceMap:
    """Place each face at its centre with its rotation. Sectors must not overlap and each
    sector number is used once (a map label must name one hex)."""
    planets: dict[geo.Hex, str] = {}
    sector: dict[geo.Hex, str] = {}
    centres: dict[str, geo.Hex] = {}
    placed = tuple(placements)
    for p in placed:
        if p.face not in FACES:
            raise ValueError(f"unknown sector face {p.face!r}; known: {', '.join(FACES)}")
        number = sector_number(p.face)
        if number in centres:
            raise ValueError(f"sector {number} is placed twice")
        centres[number] = p.centre
        local = FACES[p.face].planets
        for off in geo.RING_LABELS.values():
            h = geo.add(p.centre, off)
            if h in planets:
                raise ValueError(f"sector {number} overlaps another sector at {geo.qxr(h)}")
            planets[h] = "empty"
            sector[h] = number
        for h, planet in geo.place(((q, r, v) for (q, r), v in local.items()),
                                   p.centre, p.rotation).items():
            planets[h] = planet
    return SpaceMap(MappingProxyType(planets), MappingProxyType(sector),
                    MappingProxyType(centres), placed)


def map_from_hexes(hexes: Iterable[tuple[int, int, str, str]]) -> SpaceMap:
    """A map given hex by hex as ``(q, r, sector number, planet)`` (e.g. a record's explicit
    setup); each sector must have all 19 hexes around its centre."""
    planets: dict[geo.Hex, str] = {}
    sector: dict[geo.Hex, str] = {}
    by_sector: dict[str, list[tuple[int, int]]] = {}  # each sector's hexes, in the given order
    for q, r, number, planet in hexes:
        if planet not in PLANETS:
            raise ValueError(f"unknown planet {planet!r} at {q}x{r}")
        h = (q, r)
        if h in planets:
            raise ValueError(f"hex {q}x{r} is given twice")
        planets[h] = planet
        sector[h] = number
        mine = by_sector.get(number)
        if mine is None:
            by_sector[number] = [h]
        else:
            mine.append(h)
    centres: dict[str, geo.Hex] = {}
    for number in sorted(by_sector):
        mine = by_sector[number]
        q0 = sum(h[0] for h in mine) / len(mine)
        r0 = sum(h[1] for h in mine) / len(mine)
        c = cq, cr = (round(q0), round(r0))
        # every hex within 2 of the centre (the distance, doubled: |dq| + |dr| + |dq + dr|)
        if len(mine) != 19 or any(abs(q - cq) + abs(r - cr) + abs(q - cq + r - cr) > 4
                                  for q, r in mine):
            raise ValueError(f"sector {number} does not have its 19 hexes around one centre")
        centres[number] = c
    return SpaceMap(MappingProxyType(planets), MappingProxyType(sector),
                    MappingProxyType(centres), ())


#: layout name -> its map, built once (a ``SpaceMap`` is read-only: every game on a layout
#: shares one, as a game's clones share its map)
_LAYOUT_MAPS: dict[str, SpaceMap] = {}


#: id of a map -> (the map, {memo name: memo}): the answers that depend on the map alone
#: (labels, hexes of labels, the actions naming them), shared by every game on that map
_MAP_MEMOS: dict[int, tuple[SpaceMap, dict[str, dict]]] = {}


def map_memo(space: SpaceMap, name: str) -> dict:
    """The memo ``name`` of ``space``, shared by every game on it (it may hold only what
    the map alone decides); the last 16 maps are kept."""
    got = _MAP_MEMOS.get(id(space))
    if got is None or got[0] is not space:
        if len(_MAP_MEMOS) >= 16:
            _MAP_MEMOS.clear()
        got = _MAP_MEMOS[id(space)] = (space, {})
    memo = got[1].get(name)
    if memo is None:
        memo = got[1][name] = {}
    return memo


def layout_map(layout: str) -> SpaceMap:
    """The map of a named layout (``first_game_2``, ``first_game_4``), built once."""
    got = _LAYOUT_MAPS.get(layout)
    if got is None:
        got = _LAYOUT_MAPS[layout] = build_map(LAYOUTS[layout].placements)
    return got
