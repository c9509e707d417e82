"""Breadth-first search on any grid: distances, reach within a number of steps, shortest paths.

A grid is given by ``neighbours``: a function from a cell to the cells one step away (for a fixed
board pass a precomputed table's ``__getitem__``, e.g. ``SquareGrid.neigh.__getitem__`` or
``hexgrid.adjacency(cells).__getitem__``). ``passable``, when given, says which cells may be
entered; the start is always allowed. Cells are any hashable values (ints, ``Hex`` tuples).

Ties between shortest paths are broken by the order ``neighbours`` lists the cells, so results
are deterministic.

>>> line = {0: (1,), 1: (0, 2), 2: (1, 3), 3: (2,)}
>>> distances(0, line.__getitem__)
{0: 0, 1: 1, 2: 2, 3: 3}
>>> shortest_path(0, 3, line.__getitem__)
[0, 1, 2, 3]
>>> sorted(reach(1, line.__getitem__, 1))
[0, 2]
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import TypeVar

__all__ = ["bfs", "distances", "reach", "shortest_path"]

C = TypeVar("C", bound=Hashable)


def bfs(
    start: C,
    neighbours: Callable[[C], Iterable[C]],
    passable: Callable[[C], bool] | None = None,
    limit: int | None = None,
) -> tuple[dict[C, int], dict[C, C]]:
    """Distances from ``start`` and each reached cell's parent on one shortest path.

    Only cells within ``limit`` steps are visited when ``limit`` is given. The start is its own
    parent.
    """
    dist = {start: 0}
    parent = {start: start}
    frontier = [start]
    d = 0
    while frontier and (limit is None or d < limit):
        d += 1
        nxt = []
        for c in frontier:
            for m in neighbours(c):
                if m not in dist and (passable is None or passable(m)):
                    dist[m] = d
                    parent[m] = c
                    nxt.append(m)
        frontier = nxt
    return dist, parent


def distances(
    start: C,
    neighbours: Callable[[C], Iterable[C]],
    passable: Callable[[C], bool] | None = None,
    limit: int | None = None,
) -> dict[C, int]:
    """Steps from ``start`` to every reachable cell (within ``limit`` steps when given)."""
    return bfs(start, neighbours, passable, limit)[0]


def reach(
    start: C,
    neighbours: Callable[[C], Iterable[C]],
    steps: int,
    passable: Callable[[C], bool] | None = None,
) -> frozenset[C]:
    """The cells other than ``start`` reachable in 1..``steps`` steps."""
    dist = bfs(start, neighbours, passable, steps)[0]
    return frozenset(c for c in dist if c != start)


def shortest_path(
    start: C,
    goal: C,
    neighbours: Callable[[C], Iterable[C]],
    passable: Callable[[C], bool] | None = None,
) -> list[C] | None:
    """One shortest path ``[start, ..., goal]``, or ``None`` when ``goal`` cannot be reached.

    The search stops as soon as the goal is found.
    """
    if start == goal:
        return [start]
    parent = {start: start}
    frontier = [start]
    while frontier:
        nxt = []
        for c in frontier:
            for m in neighbours(c):
                if m in parent or (passable is not None and not passable(m)):
                    continue
                parent[m] = c
                if m == goal:
                    path = [m]
                    while m != start:
                        m = parent[m]
                        path.append(m)
                    path.reverse()
                    return path
                nxt.append(m)
        frontier = nxt
    return None
