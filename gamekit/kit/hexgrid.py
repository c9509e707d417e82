"""Axial coordinates on flat-topped hexes, in Gaia Project's orientation.

Conventions (``shared/reference/gaia/README.md``, "Coordinates"; ``sectors.json`` → ``coordinates``):

- A hex is ``Hex(q, r)``, a plain tuple: hashable, equal to ``(q, r)``; the third cube coordinate
  is ``s = -q - r``.
- Drawn with north up, ``+q`` points north (straight up) and ``+r`` points north-east. The hexes are
  flat-topped: each has a neighbour straight above and straight below.
- :data:`DIRECTIONS` lists the six neighbour offsets clockwise from north: north, north-east,
  south-east, south, south-west, north-west. :func:`neighbours` keeps this order.
- :func:`ring` starts at the hex ``radius`` steps due north of the centre and goes clockwise (the
  order of Gaia's ring labels ``A0..A11`` and ``B0..B5``).
- :func:`rotate` by one step turns 60° clockwise about the centre: ``(q, r) → (−r, q + r)``.
- Pixels (:func:`to_pixel`, :func:`corners`) are SVG coordinates: ``x`` to the right, ``y`` down.

>>> neighbours(Hex(0, 0))[:2]
(Hex(q=1, r=0), Hex(q=0, r=1))
>>> distance(Hex(0, 0), Hex(2, -1))
2
>>> rotate(Hex(1, 0), 1)
Hex(q=0, r=1)
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable
from typing import NamedTuple

from .paths import shortest_path

__all__ = [
    "Hex", "ORIGIN", "DIRECTIONS", "DIRECTION_NAMES", "add", "sub", "scale", "length", "distance",
    "neighbours", "neighbour", "adjacency", "ring", "spiral", "within", "ring_position", "rotate",
    "place_tile", "to_pixel", "from_pixel", "hex_round", "corners", "svg_points", "line", "path",
]


class Hex(NamedTuple):
    """One hex in axial coordinates (see the module docstring for the orientation)."""

    q: int
    r: int


_new = tuple.__new__  # builds a Hex without NamedTuple.__new__'s overhead (hot paths)

ORIGIN = Hex(0, 0)
#: neighbour offsets, clockwise from north: N, NE, SE, S, SW, NW
DIRECTIONS: tuple[Hex, ...] = (Hex(1, 0), Hex(0, 1), Hex(-1, 1), Hex(-1, 0), Hex(0, -1), Hex(1, -1))
DIRECTION_NAMES = ("north", "north_east", "south_east", "south", "south_west", "north_west")
_SQRT3 = math.sqrt(3.0)


def add(a: tuple[int, int], b: tuple[int, int]) -> Hex:
    """``a + b`` (a hex plus an offset)."""
    return _new(Hex, (a[0] + b[0], a[1] + b[1]))


def sub(a: tuple[int, int], b: tuple[int, int]) -> Hex:
    """``a - b`` (the offset from ``b`` to ``a``)."""
    return _new(Hex, (a[0] - b[0], a[1] - b[1]))


def scale(h: tuple[int, int], k: int) -> Hex:
    """``k * h``."""
    return _new(Hex, (h[0] * k, h[1] * k))


def length(h: tuple[int, int]) -> int:
    """Steps from the origin to ``h``."""
    q, r = h
    return (abs(q) + abs(r) + abs(q + r)) >> 1


def distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    """Steps between two hexes: ``(|dq| + |dr| + |dq + dr|) / 2``."""
    dq = a[0] - b[0]
    dr = a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) >> 1


_NEIGHBOURS: dict[tuple[int, int], tuple[Hex, ...]] = {}
_MEMO_LIMIT = 1 << 16


def neighbours(h: tuple[int, int]) -> tuple[Hex, ...]:
    """The six hexes next to ``h``, clockwise from north (the order of :data:`DIRECTIONS`).

    Results are memoised (the tuple is shared: do not rely on its identity).
    """
    got = _NEIGHBOURS.get(h)
    if got is None:
        q, r = h
        got = (_new(Hex, (q + 1, r)), _new(Hex, (q, r + 1)), _new(Hex, (q - 1, r + 1)),
               _new(Hex, (q - 1, r)), _new(Hex, (q, r - 1)), _new(Hex, (q + 1, r - 1)))
        if len(_NEIGHBOURS) >= _MEMO_LIMIT:
            _NEIGHBOURS.clear()
        _NEIGHBOURS[h] = got
    return got


def neighbour(h: tuple[int, int], direction: int) -> Hex:
    """The hex next to ``h`` in ``direction`` (an index into :data:`DIRECTIONS`, 0 = north)."""
    d = DIRECTIONS[direction % 6]
    return _new(Hex, (h[0] + d[0], h[1] + d[1]))


def adjacency(cells: Iterable[tuple[int, int]]) -> dict[Hex, tuple[Hex, ...]]:
    """For a fixed map: each cell's neighbours that are on the map (clockwise from north).

    Precompute once per map; ``adjacency(cells).__getitem__`` is the fastest ``neighbours`` for
    :mod:`gamekit.kit.paths`.
    """
    hexes = [Hex(*c) for c in cells]
    on = set(hexes)
    return {h: tuple(n for n in neighbours(h) if n in on) for h in hexes}


def ring(center: tuple[int, int], radius: int) -> tuple[Hex, ...]:
    """The ``6 * radius`` hexes at distance ``radius`` from ``center`` (just the centre for 0).

    The ring starts ``radius`` steps due north of the centre and goes clockwise.
    """
    if radius < 0:
        raise ValueError(f"a ring radius cannot be negative, got {radius}")
    cq, cr = center
    if radius == 0:
        return (_new(Hex, (cq, cr)),)
    q, r = cq + radius, cr
    out = []
    for side in range(6):
        dq, dr = DIRECTIONS[(side + 2) % 6]
        for _ in range(radius):
            out.append(_new(Hex, (q, r)))
            q += dq
            r += dr
    return tuple(out)


def spiral(center: tuple[int, int], radius: int) -> tuple[Hex, ...]:
    """Every hex within ``radius`` of ``center``: the centre, then ring 1, ring 2, ... in ring order."""
    out: list[Hex] = []
    for k in range(radius + 1):
        out.extend(ring(center, k))
    return tuple(out)


def within(center: tuple[int, int], radius: int) -> frozenset[Hex]:
    """The set of hexes at distance at most ``radius`` from ``center`` (``1 + 3r(r+1)`` hexes)."""
    return frozenset(spiral(center, radius))


def ring_position(h: tuple[int, int], center: tuple[int, int] = ORIGIN) -> tuple[int, int]:
    """``(radius, index)`` such that ``ring(center, radius)[index] == h``.

    This is Gaia's map label: radius 2 is ring ``A``, 1 is ``B``, 0 is ``C``; labels name
    positions in map orientation, so they are computed after the tile is placed.

    >>> ring_position(Hex(1, 1))
    (2, 1)
    """
    q = h[0] - center[0]
    r = h[1] - center[1]
    R = (abs(q) + abs(r) + abs(q + r)) >> 1
    if R == 0:
        return 0, 0
    if q > 0 and r >= 0:
        return R, r
    if q <= 0 < r:
        return R, (R - q) if q + r >= 0 else (3 * R - r)
    if q < 0 and r <= 0:
        return R, 3 * R - r
    return R, (4 * R + q) if q + r <= 0 else (6 * R + r)


def rotate(h: tuple[int, int], steps: int, center: tuple[int, int] = ORIGIN) -> Hex:
    """``h`` turned ``steps`` times 60° clockwise about ``center`` (negative: anticlockwise).

    One step maps the offset ``(q, r)`` from the centre to ``(−r, q + r)``.
    """
    cq, cr = center
    q = h[0] - cq
    r = h[1] - cr
    k = steps % 6
    if k == 1:
        q, r = -r, q + r
    elif k == 2:
        q, r = -q - r, q
    elif k == 3:
        q, r = -q, -r
    elif k == 4:
        q, r = r, -q - r
    elif k == 5:
        q, r = q + r, -q
    return _new(Hex, (q + cq, r + cr))


def place_tile(
    local_hexes: Iterable[tuple[int, int]], centre: tuple[int, int], rotation: int
) -> tuple[Hex, ...]:
    """Map coordinates of a tile's hexes: each local hex (relative to the tile's centre, as
    printed unrotated) turned ``rotation`` steps clockwise, then moved to ``centre``.

    The order of ``local_hexes`` is kept, so the result zips with the tile's other data.
    """
    cq, cr = centre
    return tuple(_new(Hex, (q + cq, r + cr)) for q, r in (rotate(h, rotation) for h in local_hexes))


# ---------------------------------------------------------------------- pixels (SVG)
def to_pixel(h: tuple[int, int], size: float = 1.0) -> tuple[float, float]:
    """Centre of ``h`` in SVG coordinates (``y`` down) for hexes of circumradius ``size``."""
    q, r = h
    return 1.5 * size * r, _SQRT3 * size * (-q - r / 2)


def hex_round(q: float, r: float) -> Hex:
    """The hex containing the fractional axial point ``(q, r)``."""
    s = -q - r
    rq, rr, rs = math.floor(q + 0.5), math.floor(r + 0.5), math.floor(s + 0.5)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return Hex(int(rq), int(rr))


def from_pixel(x: float, y: float, size: float = 1.0) -> Hex:
    """The hex under the SVG point ``(x, y)`` (the inverse of :func:`to_pixel`)."""
    r = x / (1.5 * size)
    q = -y / (_SQRT3 * size) - r / 2
    return hex_round(q, r)


_CORNER_UNIT = tuple((math.cos(math.pi / 3 * k), math.sin(math.pi / 3 * k)) for k in range(6))


def corners(h: tuple[int, int], size: float = 1.0) -> tuple[tuple[float, float], ...]:
    """The six corners of flat-topped ``h`` in SVG coordinates: the east corner first, then
    clockwise as drawn (south-east, south-west, west, north-west, north-east)."""
    x, y = to_pixel(h, size)
    return tuple((x + size * cx, y + size * cy) for cx, cy in _CORNER_UNIT)


def svg_points(h: tuple[int, int], size: float = 1.0, digits: int = 2) -> str:
    """The ``points`` attribute of an SVG ``<polygon>`` drawing ``h``."""
    return " ".join(f"{x:.{digits}f},{y:.{digits}f}" for x, y in corners(h, size))


# ---------------------------------------------------------------------- lines and paths
def line(a: tuple[int, int], b: tuple[int, int]) -> tuple[Hex, ...]:
    """The ``distance(a, b) + 1`` hexes on the straight line from ``a`` to ``b``, each next to
    the one before (ties on hex edges are broken towards a small fixed nudge)."""
    n = distance(a, b)
    if n == 0:
        return (Hex(*a),)
    aq, ar = a[0] + 1e-6, a[1] + 1e-6  # nudge off the edges so rounding is deterministic
    bq, br = b[0] + 1e-6, b[1] + 1e-6
    return tuple(hex_round(aq + (bq - aq) * i / n, ar + (br - ar) * i / n) for i in range(n + 1))


def path(
    a: tuple[int, int], b: tuple[int, int], cells: Collection[tuple[int, int]] | None = None
) -> tuple[Hex, ...] | None:
    """A shortest chain of adjacent hexes from ``a`` to ``b``, both included.

    With ``cells`` (a finite collection, e.g. the map's free hexes) every hex after ``a`` must be
    one of them; ``None`` when ``b`` cannot be reached. Without ``cells`` it is :func:`line`.
    """
    if cells is None:
        return line(a, b)
    on = cells if isinstance(cells, (set, frozenset, dict)) else set(cells)
    got = shortest_path(Hex(*a), Hex(*b), neighbours, on.__contains__)
    return None if got is None else tuple(got)
