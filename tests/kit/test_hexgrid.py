"""gamekit.kit.hexgrid: conventions, metric and rotation properties, pixels, lines and paths."""

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamekit.kit import hexgrid as H
from gamekit.kit.hexgrid import Hex

coord = st.integers(-40, 40)
hexes = st.builds(Hex, coord, coord)
steps = st.integers(-20, 20)
radii = st.integers(0, 8)

# property tests: no per-example deadline (the test machines are shared and slow)


# ---------------------------------------------------------------- the documented conventions
def test_hex_is_a_cheap_hashable_tuple():
    h = Hex(2, -1)
    assert h == (2, -1) and hash(h) == hash((2, -1))
    assert {h: 1}[(2, -1)] == 1
    assert h.q == 2 and h.r == -1


def test_neighbour_order_is_clockwise_from_north():
    # sectors.json: neighbour_offsets in the order north, NE, SE, S, SW, NW
    assert H.neighbours(Hex(0, 0)) == ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))
    assert H.DIRECTIONS == H.neighbours(H.ORIGIN)
    assert H.DIRECTION_NAMES[0] == "north" and H.DIRECTION_NAMES[1] == "north_east"
    assert H.neighbours(Hex(3, 4))[0] == Hex(4, 4)
    assert all(type(n) is Hex for n in H.neighbours(Hex(7, -7)))


def test_neighbours_are_drawn_in_their_named_direction():
    x0, y0 = H.to_pixel(H.ORIGIN)
    angles = []
    for d in H.DIRECTIONS:
        x, y = H.to_pixel(d)
        assert math.hypot(x - x0, y - y0) == pytest.approx(math.sqrt(3))
        angles.append(math.degrees(math.atan2(x, -y)) % 360)  # compass bearing, y is down
    assert angles == pytest.approx([0, 60, 120, 180, 240, 300])


def test_ring_starts_north_and_goes_clockwise():
    assert H.ring(H.ORIGIN, 0) == (H.ORIGIN,)
    assert H.ring(H.ORIGIN, 1) == H.DIRECTIONS
    r2 = H.ring(H.ORIGIN, 2)
    assert r2[:4] == ((2, 0), (1, 1), (0, 2), (-1, 2))
    assert r2[-1] == (2, -1)
    with pytest.raises(ValueError, match="negative"):
        H.ring(H.ORIGIN, -1)


def test_rotation_one_step_is_the_reference_formula():
    # README: one step = 60 degrees clockwise, (q, r) -> (-r, q + r)
    assert H.rotate(Hex(1, 0), 1) == Hex(0, 1)  # north -> north-east
    assert H.rotate(Hex(2, -1), 1) == Hex(1, 1)
    assert H.rotate(Hex(3, 5), 1, center=Hex(1, 1)) == Hex(1 - 4, 1 + 2 + 4)


def test_spiral_and_within():
    assert H.spiral(H.ORIGIN, 1) == (H.ORIGIN,) + H.DIRECTIONS
    assert len(H.within(Hex(5, 5), 3)) == 1 + 3 * 3 * 4
    assert H.within(Hex(5, 5), 0) == frozenset({Hex(5, 5)})


def test_adjacency_keeps_only_the_map():
    cells = H.spiral(H.ORIGIN, 1)
    adj = H.adjacency(cells)
    assert adj[H.ORIGIN] == H.DIRECTIONS
    assert adj[Hex(1, 0)] == ((0, 1), (0, 0), (1, -1))  # clockwise order kept, off-map dropped


# ---------------------------------------------------------------- properties
@settings(deadline=None)
@given(hexes, hexes, hexes)
def test_distance_is_a_metric(a, b, c):
    assert H.distance(a, b) >= 0
    assert (H.distance(a, b) == 0) == (a == b)
    assert H.distance(a, b) == H.distance(b, a)
    assert H.distance(a, c) <= H.distance(a, b) + H.distance(b, c)


@settings(deadline=None)
@given(hexes, hexes)
def test_distance_matches_cube_coordinates_and_translation(a, b):
    dq, dr = a.q - b.q, a.r - b.r
    assert H.distance(a, b) == max(abs(dq), abs(dr), abs(dq + dr))
    assert H.distance(H.add(a, b), b) == H.length(a)
    assert H.sub(H.add(a, b), b) == a
    assert H.distance(H.scale(a, 3), H.ORIGIN) == 3 * H.length(a)


@settings(deadline=None)
@given(hexes)
def test_neighbours_are_six_distinct_hexes_at_distance_one(h):
    ns = H.neighbours(h)
    assert len(set(ns)) == 6
    assert all(H.distance(h, n) == 1 for n in ns)
    assert [H.neighbour(h, d) for d in range(6)] == list(ns)
    assert all(h in H.neighbours(n) for n in ns)


@settings(deadline=None)
@given(hexes, radii)
def test_ring_size_and_distance(c, r):
    ring = H.ring(c, r)
    assert len(ring) == (6 * r if r else 1)
    assert len(set(ring)) == len(ring)
    assert all(H.distance(c, h) == r for h in ring)
    # consecutive ring hexes touch, and the ring closes
    if r:
        assert all(H.distance(ring[i], ring[i - 1]) == 1 for i in range(len(ring)))


@settings(deadline=None)
@given(hexes, radii)
def test_spiral_is_the_rings_in_order(c, r):
    sp = H.spiral(c, r)
    assert len(sp) == 1 + 3 * r * (r + 1)
    assert sp == tuple(h for k in range(r + 1) for h in H.ring(c, k))
    assert H.within(c, r) == {h for h in H.spiral(c, r + 1) if H.distance(c, h) <= r}


@settings(deadline=None)
@given(hexes, radii.filter(bool))
def test_ring_position_inverts_ring(c, r):
    for i, h in enumerate(H.ring(c, r)):
        assert H.ring_position(h, c) == (r, i)
    assert H.ring_position(c, c) == (0, 0)


@settings(deadline=None)
@given(hexes, hexes)
def test_ring_position_of_any_hex(h, c):
    radius, index = H.ring_position(h, c)
    assert radius == H.distance(h, c)
    assert H.ring(c, radius)[index] == h


@settings(deadline=None)
@given(hexes, steps, hexes)
def test_six_rotations_are_the_identity(h, k, c):
    assert H.rotate(h, 6, c) == h
    assert H.rotate(h, k + 6, c) == H.rotate(h, k, c)
    assert H.rotate(H.rotate(h, k, c), -k, c) == h
    assert H.rotate(h, 0, c) == h


@settings(deadline=None)
@given(hexes, steps, hexes)
def test_rotation_is_the_one_step_formula_repeated(h, k, c):
    want = h
    for _ in range(k % 6):
        q, r = want.q - c.q, want.r - c.r
        want = Hex(-r + c.q, q + r + c.r)
    assert H.rotate(h, k, c) == want


@settings(deadline=None)
@given(hexes, hexes, steps, hexes)
def test_rotation_preserves_distance(a, b, k, c):
    assert H.distance(H.rotate(a, k, c), H.rotate(b, k, c)) == H.distance(a, b)
    assert H.distance(H.rotate(a, k, c), c) == H.distance(a, c)


@settings(deadline=None)
@given(hexes, steps)
def test_rotation_turns_rings(c, k):
    # one step clockwise moves each ring-2 hex 2 places along the ring (ring order is clockwise)
    ring = H.ring(c, 2)
    assert tuple(H.rotate(h, k, c) for h in ring) == tuple(
        ring[(i + 2 * k) % 12] for i in range(12))


@settings(deadline=None)
@given(hexes, steps, st.lists(hexes, max_size=8))
def test_place_tile_is_rotate_then_translate(centre, k, local):
    placed = H.place_tile(local, centre, k)
    assert placed == tuple(H.add(H.rotate(h, k), centre) for h in local)
    assert all(H.distance(p, centre) == H.length(h) for p, h in zip(placed, local))


@settings(deadline=None)
@given(hexes, st.floats(0.5, 50))
def test_pixels_round_trip(h, size):
    x, y = H.to_pixel(h, size)
    assert H.from_pixel(x, y, size) == h
    # any point well inside the hex (within the inscribed circle) maps back to it
    for cx, cy in H.corners(h, size):
        assert H.from_pixel(x + 0.8 * (cx - x), y + 0.8 * (cy - y), size) == h


@settings(deadline=None)
@given(hexes)
def test_corners_of_a_flat_topped_hex(h):
    cs = H.corners(h, 10.0)
    x, y = H.to_pixel(h, 10.0)
    assert len(cs) == 6
    assert all(math.hypot(cx - x, cy - y) == pytest.approx(10.0) for cx, cy in cs)
    assert cs[0] == pytest.approx((x + 10.0, y))  # east corner first
    assert cs[1][1] > y  # then clockwise as drawn: south-east is below (y down)
    assert cs[4][1] == pytest.approx(cs[5][1]) and cs[4][1] < y  # the flat top edge


def test_svg_points():
    assert H.svg_points(H.ORIGIN, 2) == (
        "2.00,0.00 1.00,1.73 -1.00,1.73 -2.00,0.00 -1.00,-1.73 1.00,-1.73")


@settings(deadline=None)
@given(hexes, hexes)
def test_line_is_a_shortest_chain(a, b):
    ln = H.line(a, b)
    assert ln[0] == a and ln[-1] == b
    assert len(ln) == H.distance(a, b) + 1
    assert all(H.distance(ln[i], ln[i + 1]) == 1 for i in range(len(ln) - 1))


def test_line_straight_north():
    assert H.line(Hex(0, 0), Hex(3, 0)) == ((0, 0), (1, 0), (2, 0), (3, 0))


def test_path_around_a_wall():
    free = H.within(H.ORIGIN, 3) - {Hex(1, 0), Hex(1, -1), Hex(0, 1), Hex(1, 1), Hex(2, -1)}
    got = H.path(H.ORIGIN, Hex(2, 0), free)
    assert got[0] == H.ORIGIN and got[-1] == Hex(2, 0)
    assert all(h in free for h in got[1:])
    assert all(H.distance(got[i], got[i + 1]) == 1 for i in range(len(got) - 1))
    assert len(got) - 1 > H.distance(H.ORIGIN, Hex(2, 0))
    assert H.path(H.ORIGIN, Hex(9, 9), free) is None  # off the map
    walled = H.within(H.ORIGIN, 3) - set(H.ring(H.ORIGIN, 1))
    assert H.path(H.ORIGIN, Hex(3, 0), list(walled)) is None
    assert H.path(Hex(1, 1), Hex(1, 1), free) == (Hex(1, 1),)
    assert H.path(H.ORIGIN, Hex(0, 3)) == H.line(H.ORIGIN, Hex(0, 3))


@settings(deadline=None)
@given(hexes.filter(lambda h: H.length(h) <= 4))
def test_path_on_an_open_map_has_distance_steps(h):
    got = H.path(H.ORIGIN, h, H.within(H.ORIGIN, 4))
    assert len(got) == H.distance(H.ORIGIN, h) + 1


def test_neighbour_memo_is_bounded(monkeypatch):
    monkeypatch.setattr(H, "_MEMO_LIMIT", 4)
    H._NEIGHBOURS.clear()
    for q in range(10):
        assert H.neighbours(Hex(q, 0))[3] == Hex(q - 1, 0)
    assert len(H._NEIGHBOURS) <= 4
