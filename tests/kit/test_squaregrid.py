"""gamekit.kit.squaregrid and gamekit.kit.paths: Blue Moon City's city grid and generic BFS."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamekit.kit import paths
from gamekit.kit.squaregrid import (
    DIAGONAL,
    KING,
    ORTHOGONAL,
    SquareGrid,
    chebyshev,
    in_bounds,
    manhattan,
)

CORNERS = (0, 4, 20, 24)
BASE = [c for c in range(25) if c not in CORNERS]  # Blue Moon City's base city: no corners

# property tests: no per-example deadline (the test machines are shared and slow)


def brute_neighbours(rows, cols, on, steps):
    out = []
    for c in range(rows * cols):
        r, q = divmod(c, cols)
        ns = sorted(
            (r + dr) * cols + q + dc for dr, dc in steps
            if 0 <= r + dr < rows and 0 <= q + dc < cols and c in on and (r + dr) * cols + q + dc in on)
        out.append(tuple(ns))
    return tuple(out)


# ---------------------------------------------------------------- the Blue Moon City city
def test_base_city_neighbours():
    city = SquareGrid(5, 5, BASE)
    assert city.cells == tuple(BASE) and len(city) == 21
    assert city.neighbours(12) == (7, 11, 13, 17)  # the Central Square: up, left, right, down
    assert city.neighbours(1) == (2, 6)  # next to the missing corner 0
    assert city.neighbours(0) == ()  # not a cell
    assert 0 not in city and 12 in city
    assert city.neigh == brute_neighbours(5, 5, set(BASE), ORTHOGONAL)


def test_expansion_city_has_the_corners():
    city = SquareGrid(5, 5)
    assert city.neighbours(0) == (1, 5)
    assert city.neighbours(24) == (19, 23)
    assert len(city.cells) == 25


def test_dragon_reach_three_steps():
    city = SquareGrid(5, 5, BASE)
    table = city.reach_table(3)
    # from the centre every cell within 3 orthogonal steps, i.e. all but the 4 missing corners
    # and the centre itself; corners of the 5x5 are 4 steps away anyway
    assert table[12] == tuple(c for c in BASE if c != 12)
    # from cell 1 (row 0, col 1): cells within Manhattan 3 that exist; 0 and 4 are missing
    want = tuple(sorted(c for c in BASE if c != 1 and city.manhattan(1, c) <= 3))
    assert table[1] == want
    assert table[0] == ()
    assert city.reach(1, 1) == frozenset({2, 6})


def test_path_goes_around_the_missing_corner_and_blocked_cells():
    city = SquareGrid(5, 5, BASE)
    assert city.path(1, 5) == [1, 6, 5]  # cannot pass the missing corner 0
    assert city.distances(1)[5] == 2
    blocked = {6, 7}
    got = city.path(1, 10, passable=lambda c: c not in blocked)
    assert got == [1, 2, 3, 8, 13, 12, 11, 10]  # around the wall: 7 steps instead of 3
    assert all(city.manhattan(a, b) == 1 for a, b in zip(got, got[1:]))
    assert city.path(1, 11, passable=lambda c: c not in {2, 6}) is None  # boxed in
    assert city.path(12, 12) == [12]


def test_index_position_and_bounds():
    city = SquareGrid(5, 5, BASE)
    assert city.index(2, 3) == 13 and city.position(13) == (2, 3)
    with pytest.raises(ValueError, match="row 0 col 0 is not a cell"):
        city.index(0, 0)
    with pytest.raises(ValueError, match="row 5 col 1"):
        city.index(5, 1)
    assert in_bounds(5, 5, 4, 4) and not in_bounds(5, 5, -1, 0)
    with pytest.raises(ValueError, match="outside"):
        SquareGrid(2, 2, [0, 4])
    with pytest.raises(ValueError, match="at least one row"):
        SquareGrid(0, 3)


def test_diagonal_grid():
    g = SquareGrid(3, 4, diagonal=True)
    assert g.neighbours(5) == (0, 1, 2, 4, 6, 8, 9, 10)
    assert g.neigh == brute_neighbours(3, 4, set(range(12)), KING)
    assert g.path(0, 10) == [0, 5, 10]
    assert set(KING) == set(ORTHOGONAL) | set(DIAGONAL)


# ---------------------------------------------------------------- properties
dims = st.integers(1, 7)


@st.composite
def grids(draw):
    rows, cols = draw(dims), draw(dims)
    cells = draw(st.sets(st.integers(0, rows * cols - 1), min_size=1))
    return SquareGrid(rows, cols, cells, diagonal=draw(st.booleans()))


@settings(deadline=None)
@given(grids())
def test_neighbour_table_is_symmetric_and_on_the_grid(g):
    for c in range(g.rows * g.cols):
        for n in g.neigh[c]:
            assert c in g.neigh[n] and n in g and c in g
            assert (g.chebyshev if g.diagonal else g.manhattan)(c, n) == 1
        assert list(g.neigh[c]) == sorted(g.neigh[c])


@settings(deadline=None)
@given(grids(), st.data())
def test_bfs_distances_and_paths_agree(g, data):
    a = data.draw(st.sampled_from(g.cells))
    b = data.draw(st.sampled_from(g.cells))
    dist = g.distances(a)
    p = g.path(a, b)
    if b in dist:
        assert p[0] == a and p[-1] == b and len(p) - 1 == dist[b]
        assert all(y in g.neigh[x] for x, y in zip(p, p[1:]))
        lower = g.chebyshev(a, b) if g.diagonal else g.manhattan(a, b)
        assert dist[b] >= lower  # gaps only lengthen paths
    else:
        assert p is None
    k = data.draw(st.integers(0, 4))
    assert g.reach(a, k) == {c for c, d in dist.items() if 1 <= d <= k}


@settings(deadline=None)
@given(st.tuples(st.integers(-9, 9), st.integers(-9, 9)),
       st.tuples(st.integers(-9, 9), st.integers(-9, 9)))
def test_distances_on_positions(a, b):
    assert chebyshev(a, b) <= manhattan(a, b) <= 2 * chebyshev(a, b)
    assert manhattan(a, b) == manhattan(b, a)


def test_generic_bfs_limit_and_parents():
    line = {0: (1,), 1: (0, 2), 2: (1, 3), 3: (2,)}
    dist, parent = paths.bfs(0, line.__getitem__, limit=2)
    assert dist == {0: 0, 1: 1, 2: 2} and parent == {0: 0, 1: 0, 2: 1}
    assert paths.distances(3, line.__getitem__, passable=lambda c: c != 1) == {3: 0, 2: 1}
    assert paths.shortest_path(0, 3, line.__getitem__, passable=lambda c: c != 2) is None
    assert paths.reach(0, line.__getitem__, 0) == frozenset()
