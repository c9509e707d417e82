"""Hex geometry of the Gaia Project map (rulebook 'Tabuleiro Espacial', 'Montagem Variável do
Tabuleiro').

The hex math is the shared kit's (:mod:`gamekit.kit.hexgrid`): axial ``(q, r)`` tuples, distance
``(|dq| + |dr| + |dq + dr|) / 2``, flat-topped hexes drawn north up, ``+q`` north and ``+r``
north-east, neighbours clockwise from north, one rotation step 60° clockwise about the centre:
``(q, r) -> (-r, q + r)``. This module adds the map labels.

Map labels (the boardgamers.space move notation): ``3A5`` is sector 3, outer ring position 5;
``A0..A11`` is the ring at distance 2 (A0 due north, then clockwise), ``B0..B5`` the ring at
distance 1, ``C`` the centre. A label names a position around the sector centre in map
orientation: it does not turn with the tile. Older records write global ``QxR`` (``-3x5``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from gamekit.kit import hexgrid

__all__ = [
    "Hex", "NEIGHBOURS", "RING_LABELS", "add", "distance", "neighbours", "rotate",
    "place", "hex_label", "label_hex", "parse_label", "parse_qxr", "qxr",
    "same_type_neighbours", "sector_label", "sector_of",
]

Hex = tuple[int, int]

#: neighbour offsets in order north, north-east, south-east, south, south-west, north-west
NEIGHBOURS: tuple[Hex, ...] = tuple((d[0], d[1]) for d in hexgrid.DIRECTIONS)
add = hexgrid.add
distance = hexgrid.distance
neighbours = hexgrid.neighbours


def rotate(h: Hex, steps: int) -> Hex:
    """``h`` (relative to a centre) turned ``steps`` × 60° clockwise."""
    return hexgrid.rotate(h, steps)


def _ring(radius: int) -> list[Hex]:
    """The ring at ``radius`` clockwise from due north (``(radius, 0)``)."""
    return list(hexgrid.ring((0, 0), radius))


#: ring label -> offset from the sector centre (map orientation)
RING_LABELS: dict[str, Hex] = {
    **{f"A{i}": h for i, h in enumerate(_ring(2))},
    **{f"B{i}": h for i, h in enumerate(_ring(1))},
    "C": (0, 0),
}
_OFFSET_LABEL = {h: lab for lab, h in RING_LABELS.items()}
_LABEL_RE = re.compile(r"(\d{1,2})(A(?:1[01]|\d)|B[0-5]|C)")
_QXR_RE = re.compile(r"(-?\d{1,3})x(-?\d{1,3})")


def place(planets: Iterable[tuple[int, int, str]], centre: Hex, rotation: int) -> dict[Hex, str]:
    """A face's planets ``(q, r, planet)`` (local, unrotated) on the map at ``centre``."""
    return {add(centre, rotate((q, r), rotation)): p for q, r, p in planets}


def parse_label(text: str) -> tuple[str, str] | None:
    """``'10A11'`` -> ``('10', 'A11')``; ``None`` if ``text`` is not a map label."""
    m = _LABEL_RE.fullmatch(text)
    return (m.group(1), m.group(2)) if m else None


def parse_qxr(text: str) -> Hex | None:
    """``'-3x5'`` -> ``(-3, 5)``; ``None`` if ``text`` is not ``QxR``."""
    m = _QXR_RE.fullmatch(text)
    return (int(m.group(1)), int(m.group(2))) if m else None


def qxr(h: Hex) -> str:
    return f"{h[0]}x{h[1]}"


def label_hex(label: str, centres: Mapping[str, Hex]) -> Hex:
    """Global hex of a map label, given each sector number's centre. ``KeyError``/``ValueError``
    name the problem."""
    parts = parse_label(label)
    if parts is None:
        raise ValueError(f"{label!r} is not a map label (like 3A5, 10B0, 7C)")
    sector, ring = parts
    if sector not in centres:
        raise KeyError(f"label {label!r}: there is no sector {sector} on this map")
    return add(centres[sector], RING_LABELS[ring])


def sector_of(h: Hex, centres: Mapping[str, Hex]) -> str | None:
    """The sector number whose 19 hexes contain ``h`` (None: off the map)."""
    for sector, c in centres.items():
        if distance(h, c) <= 2:
            return sector
    return None


def hex_label(h: Hex, centres: Mapping[str, Hex]) -> str | None:
    """Map label of a global hex (None: off the map)."""
    sector = sector_of(h, centres)
    return None if sector is None else sector_label(h, sector, centres[sector])


def sector_label(h: Hex, sector: str, centre: Hex) -> str:
    """Map label of ``h``, a hex of the sector numbered ``sector`` centred on ``centre``."""
    return sector + _OFFSET_LABEL[(h[0] - centre[0], h[1] - centre[1])]


def same_type_neighbours(
    planets: Mapping[Hex, str], types: Iterable[str] | None = None
) -> list[tuple[Hex, Hex]]:
    """Adjacent pairs of planets of the same type (each pair once); ``types`` limits the check
    (the anchor engine checks home types only; the rulebook all types)."""
    only = None if types is None else set(types)
    out = []
    for h, p in planets.items():
        if p == "empty" or (only is not None and p not in only):
            continue
        for n in neighbours(h):
            if n > h and planets.get(n) == p:
                out.append((h, n))
    return sorted(out)
