"""place_tile / rotate / ring_position rebuild Gaia Project maps from the sector faces.

``data/gaia_maps.json`` re-expresses shared/reference/gaia/sectors.json (the 13 sector faces in
local coordinates, the two first-game layouts with global coordinates) and, from the reference
samples, maps whose sectors are rotated and a board-setup ``rotate`` line with its result.
"""

import json
from pathlib import Path

import pytest

from gamekit.kit.hexgrid import Hex, distance, place_tile, ring, ring_position, rotate

DATA = json.loads((Path(__file__).parent / "data" / "gaia_maps.json").read_text(encoding="utf-8"))
TILES = DATA["tiles"]
RING = {0: "C", 1: "B", 2: "A"}


def label(h: Hex, centre: Hex, tile: str) -> str:
    """The map label: the tile number (side letter dropped) and the ring position."""
    radius, index = ring_position(h, centre)
    number = tile.rstrip("AB")
    return number + RING[radius] + ("" if radius == 0 else str(index))


def build(placements) -> dict[Hex, tuple[str, str]]:
    """Global hex -> (label, planet) from the tile faces and the placements."""
    out = {}
    for tile, q, r, rotation in placements:
        centre = Hex(q, r)
        local = [(h[0], h[1]) for h in TILES[tile]]
        for g, h in zip(place_tile(local, centre, rotation), TILES[tile]):
            assert g not in out, f"tile {tile} overlaps another at {g}"
            out[g] = (label(g, centre, tile), h[3])
    return out


def test_tile_faces_use_the_ring_labels():
    for tile, hexes in TILES.items():
        assert len(hexes) == 19
        for q, r, lab, _ in hexes:
            assert label(Hex(q, r), Hex(0, 0), tile) == tile.rstrip("AB") + lab
        assert [h[2] for h in hexes[:12]] == [f"A{i}" for i in range(12)]
        assert [(h[0], h[1]) for h in hexes[:12]] == list(ring(Hex(0, 0), 2))


@pytest.mark.parametrize("name", sorted(DATA["layouts"]))
def test_first_game_layouts(name):
    layout = DATA["layouts"][name]
    got = build(layout["placements"])
    want = {Hex(q, r): (lab, planet) for q, r, lab, planet in layout["hexes"]}
    assert len(got) == len(want) == 19 * len(layout["placements"])
    assert got == want


@pytest.mark.parametrize("name", sorted(DATA["rotated_maps"]))
def test_maps_with_rotated_sectors(name):
    m = DATA["rotated_maps"][name]
    assert any(p[3] for p in m["placements"]), "this map should have rotated sectors"
    got = build(m["placements"])
    want = {Hex(q, r): (lab, planet) for q, r, lab, planet in m["hexes"]}
    assert got == want


def test_a_rotation_is_not_a_mirror():
    # the same map with each rotation read as anticlockwise does not match
    m = DATA["rotated_maps"]["voyager-6"]
    mirrored = [(t, q, r, -k) for t, q, r, k in m["placements"]]
    want = {Hex(q, r): (lab, planet) for q, r, lab, planet in m["hexes"]}
    assert build(mirrored) != want


@pytest.mark.parametrize("case", DATA["rotate_lines"], ids=lambda c: c["scenario"])
def test_board_setup_rotate_line(case):
    """``pN rotate C1 K1 C2 K2 ...`` turns the sector centred on Ci by Ki steps in place."""
    sector_of = {Hex(q, r): sector for q, r, sector, _ in case["before"]}
    planet = {Hex(q, r): p for q, r, _, p in case["before"]}
    words = case["line"].split()[2:]
    for ctext, k in zip(words[::2], words[1::2]):
        centre = Hex(*map(int, ctext.split("x")))
        members = [h for h, s in sector_of.items() if s == sector_of[centre]]
        assert len(members) == 19 and all(distance(h, centre) <= 2 for h in members)
        moved = {rotate(h, int(k), centre): planet[h] for h in members}
        planet.update(moved)
    want = {Hex(q, r): p for q, r, _, p in case["after"]}
    assert planet == want
