"""Blue Moon City components: loaded once from ``data/*.json`` (our own format).

Also validates a user's own box values (options ``tiles`` and ``cards``) with errors that say
which tile, space or people is wrong. Those options take the JSON data itself, never a file name:
nothing a record or an option holds makes the engine read a path (a record may come from an
upload), and errors quote no file content.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = [
    "COLOURS", "PEOPLES", "KINDS", "KIND_INDEX", "TileDef", "TILES", "TILE_INDEX",
    "DEFAULT_VALUES", "GAME", "load_tiles", "load_card_values", "tile_problem", "card_problem",
]

DATA = Path(__file__).parent / "data"

#: colour index == people index (black Vulca, red Terrah, ...); WILD = Royal Palace spaces
COLOURS = ("black", "red", "blue", "grey", "green", "brown", "white", "yellow")
PEOPLES = ("vulca", "terrah", "aqua", "venti", "khind", "mimix", "lux", "pillar")
BLACK, RED, BLUE, GREY, GREEN, BROWN, WHITE, YELLOW = range(8)
WILD = 8
COLOUR_INDEX = {c: i for i, c in enumerate(COLOURS)}
COLOUR_INDEX["wild"] = WILD
#: dragons: 0 red (moved by Vulca/black), 1 green (Terrah/red), 2 blue (Aqua/blue)
DRAGONS = ("red", "green", "blue")

#: card kinds: index = 3 * people + (value - 1), e.g. "vulca_1"
KINDS = tuple(f"{p}_{v}" for p in PEOPLES for v in (1, 2, 3))
KIND_INDEX = {k: i for i, k in enumerate(KINDS)}
REWARD_KEYS = ("crystals", "scales", "cards")


@dataclass(frozen=True)
class TileDef:
    """One building tile: spaces left to right as ``(colour index, value)``; rewards as
    ``(crystals, scales, cards)`` or ``None``; ``special`` = jump/draw/offer/None."""

    id: str
    group: str
    spaces: tuple[tuple[int, int], ...]
    majority: tuple[int, int, int] | None
    construction: tuple[int, int, int] | None
    neighbourhood: tuple[int, int, int] | None
    special: str | None
    status: dict


def _reward(d: Any) -> tuple[int, int, int] | None:
    if d is None:
        return None
    return tuple(int(d.get(k, 0)) for k in REWARD_KEYS)  # type: ignore[return-value]


def _tile(d: dict, status: dict | None = None) -> TileDef:
    return TileDef(
        d["id"], d["group"],
        tuple((COLOUR_INDEX[s["colour"]], int(s["value"])) for s in d["spaces"]),
        _reward(d.get("majority")), _reward(d.get("construction")),
        _reward(d.get("neighbourhood")), d.get("special"),
        status if status is not None else dict(d.get("status", {})),
    )


with open(DATA / "tiles.json", encoding="utf-8") as _f:
    TILE_DATA = json.load(_f)
with open(DATA / "cards.json", encoding="utf-8") as _f:
    CARD_DATA = json.load(_f)
with open(DATA / "game.json", encoding="utf-8") as _f:
    GAME = json.load(_f)

TILES: tuple[TileDef, ...] = tuple(_tile(d) for d in TILE_DATA["tiles"])
TILE_INDEX = {t.id: i for i, t in enumerate(TILES)}
TILE_NAMES = {d["id"]: d["name"] for d in TILE_DATA["tiles"]}
CONSTRAINTS = TILE_DATA["constraints"]
DEFAULT_VALUES: dict[str, dict[int, int]] = {
    p["id"]: {int(v): n for v, n in p["values"].items()} for p in CARD_DATA["peoples"]
}


# ---------------------------------------------------------------------- user data
#: bounds on user box data (a whole box is ~25 tiles of ~10 spaces: far below these)
MAX_NODES, MAX_DEPTH, MAX_TEXT = 4000, 8, 200


def _check_json(value: Any, what: str) -> Any:
    """``value`` must be JSON data (an object or a list), bounded in size and depth.

    Text is refused without being looked at: options never name files (paths are not read)."""
    if isinstance(value, str):
        raise ValueError(f"{what} data must be JSON data itself (an object or a list), not text: "
                         "file names are not read; load your JSON file yourself and pass its data")
    if not isinstance(value, (dict, list)):
        raise ValueError(f"{what} data must be an object or a list, got {type(value).__name__}")
    nodes = 0
    stack = [(value, 1)]
    while stack:
        v, depth = stack.pop()
        nodes += 1
        if nodes > MAX_NODES:
            raise ValueError(f"{what} data is too large (more than {MAX_NODES} values)")
        if depth > MAX_DEPTH:
            raise ValueError(f"{what} data is nested too deeply (more than {MAX_DEPTH} levels)")
        if isinstance(v, dict):
            for k, x in v.items():
                if not isinstance(k, str) or len(k) > MAX_TEXT:
                    raise ValueError(f"{what} data: keys must be short texts")
                stack.append((x, depth + 1))
        elif isinstance(v, list):
            stack.extend((x, depth + 1) for x in v)
        elif isinstance(v, str):
            if len(v) > MAX_TEXT:
                raise ValueError(f"{what} data: a text is longer than {MAX_TEXT} characters")
        elif v is not None and not isinstance(v, (bool, int, float)):
            raise ValueError(f"{what} data holds a {type(v).__name__}, which JSON does not have")
    return value


def _tile_entries(data: Any) -> list:
    if isinstance(data, dict) and "tiles" in data:
        data = data["tiles"]
    if isinstance(data, dict):  # {id: {...}}
        data = [dict(v, id=k) if isinstance(v, dict) else v for k, v in data.items()]
    if not isinstance(data, list):
        raise ValueError("tile data must be a list of tiles or an object with a 'tiles' list")
    return data


def _check_reward(r: Any, where: str) -> None:
    if r is None:
        return
    if not isinstance(r, dict):
        raise ValueError(f"{where} must be an object like {{\"crystals\": 2}} or null, got {r!r:.60}")
    for k, v in r.items():
        if k not in REWARD_KEYS:
            raise ValueError(f"{where}: unknown reward {k!r:.40}; use {list(REWARD_KEYS)}")
        if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= 20:
            raise ValueError(f"{where}: {k} must be an integer 0-20, got {v!r:.40}")


def _tile_id(i: int, e: Any, seen: set[str]) -> str:
    """The id of user tile entry ``i`` (a known building, given once, no unknown fields)."""
    if not isinstance(e, dict):
        raise ValueError(f"tile entry {i} must be an object, got {e!r:.60}")
    tid = e.get("id")
    if not isinstance(tid, str) or tid not in TILE_INDEX or tid == "central_square":
        known = ", ".join(t.id for t in TILES if t.id != "central_square")
        raise ValueError(f"tile entry {i}: unknown tile id {tid!r:.40}; known: {known}")
    if tid in seen:
        raise ValueError(f"tile {tid!r} is given twice")
    seen.add(tid)
    unknown = sorted(set(e) - {"id", "spaces", "majority", "construction",
                               "neighbourhood", "name", "status", "note", "hints",
                               "group", "people", "special", "name_status"})
    if unknown:
        raise ValueError(f"tile {tid!r}: unknown field(s) {unknown}")
    return tid


def _user_spaces(tid: str, sp: Any) -> tuple[tuple[int, int], ...]:
    """A user tile's ``spaces``: 1 to 10 ``{"colour", "value"}`` (no green, values 1-12)."""
    if not isinstance(sp, list) or not 1 <= len(sp) <= 10:
        raise ValueError(f"tile {tid!r}: spaces must be a list of 1 to 10 spaces")
    new = []
    for j, s in enumerate(sp):
        where = f"tile {tid!r} space {j}"
        if not isinstance(s, dict) or set(s) - {"colour", "value", "position"}:
            raise ValueError(f"{where} must be {{\"colour\": ..., \"value\": ...}}, got {s!r:.60}")
        c = s.get("colour")
        if not isinstance(c, str) or c not in COLOUR_INDEX or c == "green":
            ok = [x for x in COLOUR_INDEX if x != "green"]
            raise ValueError(f"{where}: colour {c!r:.40} is not one of {ok}")
        v = s.get("value")
        if not isinstance(v, int) or isinstance(v, bool) or not 1 <= v <= 12:
            raise ValueError(f"{where}: value must be an integer 1-12, got {v!r:.40}")
        new.append((COLOUR_INDEX[c], v))
    return tuple(new)


def load_tiles(value: Any) -> tuple[TileDef, ...]:
    """The tile table with the user's tiles (JSON data, never a path) replacing ours by id.

    A user entry gives ``id`` and any of ``spaces`` (list of ``{"colour", "value"}``),
    ``majority``, ``construction``, ``neighbourhood`` (``{"crystals", "scales", "cards"}`` or
    null). Omitted fields keep our values. Raises ``ValueError`` naming the tile and field.
    """
    if value is None:
        return TILES
    out = list(TILES)
    seen: set[str] = set()
    for i, e in enumerate(_tile_entries(_check_json(value, "tile"))):
        tid = _tile_id(i, e, seen)
        base = out[TILE_INDEX[tid]]
        spaces = _user_spaces(tid, e["spaces"]) if "spaces" in e else base.spaces
        rewards = {}
        for k in ("majority", "construction", "neighbourhood"):
            if k in e:
                _check_reward(e[k], f"tile {tid!r} {k}")
                rewards[k] = _reward(e[k])
            else:
                rewards[k] = getattr(base, k)
        status = dict(base.status)
        for k in ("spaces", "majority", "construction", "neighbourhood"):
            if k in e:
                status[k] = "user"
        out[TILE_INDEX[tid]] = TileDef(tid, base.group, spaces, rewards["majority"],
                                       rewards["construction"], rewards["neighbourhood"],
                                       base.special, status)
    return tuple(out)


def load_card_values(value: Any) -> dict[str, dict[int, int]]:
    """Per people ``{value: count}`` (values 1-3, 10 cards a people), the user's replacing ours."""
    if value is None:
        return DEFAULT_VALUES
    data = _check_json(value, "card")
    if isinstance(data, dict) and "peoples" in data:
        data = data["peoples"]
    if isinstance(data, list):
        conv = {}
        for i, p in enumerate(data):
            if not isinstance(p, dict) or "id" not in p or "values" not in p:
                raise ValueError(f"people entry {i} must be an object with 'id' and 'values'")
            if not isinstance(p["id"], str):
                raise ValueError(f"people entry {i}: 'id' must be a people's name like 'vulca'")
            conv[p["id"]] = p["values"]
        data = conv
    if not isinstance(data, dict):
        raise ValueError("card data must map each people to {\"1\": n, \"2\": n, \"3\": n}")
    out = dict(DEFAULT_VALUES)
    for people, vals in data.items():
        if people not in PEOPLES:
            raise ValueError(f"unknown people {people!r:.40}; known: {list(PEOPLES)}")
        if not isinstance(vals, dict):
            raise ValueError(f"{people}: values must be an object like {{\"1\": 3, \"2\": 3, \"3\": 4}}")
        counts = {}
        for k, n in vals.items():
            if str(k) not in ("1", "2", "3"):
                raise ValueError(f"{people}: card value {k!r:.40} is not 1, 2 or 3")
            if not isinstance(n, int) or isinstance(n, bool) or n < 0:
                raise ValueError(f"{people}: count of value {k} must be a non-negative integer, "
                                 f"got {n!r:.40}")
            counts[int(k)] = n
        total = sum(counts.values())
        if total != 10:
            raise ValueError(f"{people}: a people has 10 cards, these counts add up to {total}")
        out[people] = {v: counts.get(v, 0) for v in (1, 2, 3)}
    return out


def tile_problem(value: Any, players: int) -> str | None:
    try:
        load_tiles(value)
    except ValueError as exc:
        return str(exc)
    return None


def card_problem(value: Any, players: int) -> str | None:
    try:
        load_card_values(value)
    except ValueError as exc:
        return str(exc)
    return None


def composition(values: dict[str, dict[int, int]]) -> list[int]:
    """Counts per card kind (24) for the deck given per-people value counts."""
    out = [0] * len(KINDS)
    for p, people in enumerate(PEOPLES):
        for v in (1, 2, 3):
            out[3 * p + v - 1] = values[people].get(v, 0)
    return out
