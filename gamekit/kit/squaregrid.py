"""Square grids as cell indices: neighbours, distances, bounds, reach and shortest paths.

A cell is the int ``row * cols + col`` (row 0 at the top, column 0 at the left), as Blue Moon
City's 5 x 5 city numbers its tiles (``cell = 5 * row + col``). A :class:`SquareGrid` may leave
some positions out (the base city has no corners); its neighbour table precomputes, per cell,
the neighbours on the grid in ascending index order, so hot paths only index tuples.

>>> city = SquareGrid(5, 5, cells=[c for c in range(25) if c not in (0, 4, 20, 24)])
>>> city.neighbours(1)
(2, 6)
>>> city.path(1, 3)
[1, 2, 3]
>>> sorted(city.reach(12, 1))
[7, 11, 13, 17]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from . import paths

__all__ = [
    "ORTHOGONAL", "DIAGONAL", "KING", "manhattan", "chebyshev", "in_bounds", "SquareGrid",
]

#: ``(drow, dcol)`` steps; each tuple is in ascending order of the cell it leads to
ORTHOGONAL = ((-1, 0), (0, -1), (0, 1), (1, 0))
DIAGONAL = ((-1, -1), (-1, 1), (1, -1), (1, 1))
KING = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))


def manhattan(a: tuple[int, int], b: tuple[int, int]) -> int:
    """Orthogonal steps between two ``(row, col)`` positions."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def chebyshev(a: tuple[int, int], b: tuple[int, int]) -> int:
    """King's-move steps (diagonals allowed) between two ``(row, col)`` positions."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def in_bounds(rows: int, cols: int, row: int, col: int) -> bool:
    """Whether ``(row, col)`` lies on a ``rows`` x ``cols`` rectangle."""
    return 0 <= row < rows and 0 <= col < cols


class SquareGrid:
    """A ``rows`` x ``cols`` grid of cells (all positions unless ``cells`` names the ones that
    exist) whose steps are orthogonal, or also diagonal with ``diagonal=True``."""

    __slots__ = ("rows", "cols", "cells", "on", "neigh", "diagonal")

    def __init__(
        self, rows: int, cols: int, cells: Iterable[int] | None = None, diagonal: bool = False
    ):
        if rows <= 0 or cols <= 0:
            raise ValueError(f"a grid needs at least one row and one column, got {rows} x {cols}")
        self.rows = rows
        self.cols = cols
        size = rows * cols
        on = frozenset(range(size)) if cells is None else frozenset(cells)
        bad = sorted(c for c in on if not 0 <= c < size)
        if bad:
            raise ValueError(f"cells {bad[:5]} are outside a {rows} x {cols} grid")
        self.on = on
        #: the grid's cells in ascending order
        self.cells: tuple[int, ...] = tuple(sorted(on))
        self.diagonal = diagonal
        steps = KING if diagonal else ORTHOGONAL
        table = []
        for c in range(size):
            row, col = divmod(c, cols)
            ns = ()
            if c in on:
                ns = tuple((row + dr) * cols + col + dc for dr, dc in steps
                           if 0 <= row + dr < rows and 0 <= col + dc < cols
                           and (row + dr) * cols + col + dc in on)
            table.append(ns)
        #: per cell index (also positions off the grid, which have none): its neighbours
        self.neigh: tuple[tuple[int, ...], ...] = tuple(table)

    def index(self, row: int, col: int) -> int:
        """The cell at ``(row, col)``; ``ValueError`` when it is not on the grid."""
        if not in_bounds(self.rows, self.cols, row, col) or row * self.cols + col not in self.on:
            raise ValueError(f"row {row} col {col} is not a cell of this grid")
        return row * self.cols + col

    def position(self, cell: int) -> tuple[int, int]:
        """``(row, col)`` of ``cell``."""
        return divmod(cell, self.cols)

    def __contains__(self, cell: object) -> bool:
        return cell in self.on

    def __len__(self) -> int:
        return len(self.cells)

    def neighbours(self, cell: int) -> tuple[int, ...]:
        """The cells one step from ``cell`` (ascending)."""
        return self.neigh[cell]

    def manhattan(self, a: int, b: int) -> int:
        """Orthogonal steps between cells ``a`` and ``b`` on an open board (gaps ignored)."""
        ar, ac = divmod(a, self.cols)
        br, bc = divmod(b, self.cols)
        return abs(ar - br) + abs(ac - bc)

    def chebyshev(self, a: int, b: int) -> int:
        """King's-move steps between cells ``a`` and ``b`` on an open board (gaps ignored)."""
        ar, ac = divmod(a, self.cols)
        br, bc = divmod(b, self.cols)
        return max(abs(ar - br), abs(ac - bc))

    def distances(
        self, start: int, passable: Callable[[int], bool] | None = None, limit: int | None = None
    ) -> dict[int, int]:
        """Steps on the grid from ``start`` to each reachable cell (through ``passable`` cells)."""
        return paths.distances(start, self.neigh.__getitem__, passable, limit)

    def path(
        self, a: int, b: int, passable: Callable[[int], bool] | None = None
    ) -> list[int] | None:
        """A shortest path ``[a, ..., b]`` over the grid's steps, or ``None`` if there is none.

        Among equal paths the choice is fixed by the neighbour order (ascending indices).
        """
        return paths.shortest_path(a, b, self.neigh.__getitem__, passable)

    def reach(
        self, start: int, steps: int, passable: Callable[[int], bool] | None = None
    ) -> frozenset[int]:
        """The cells other than ``start`` reachable in 1..``steps`` steps."""
        return paths.reach(start, self.neigh.__getitem__, steps, passable)

    def reach_table(self, steps: int) -> tuple[tuple[int, ...], ...]:
        """Per cell index: the sorted cells reachable in 1..``steps`` steps (precompute once;
        e.g. Blue Moon City's dragons move up to 3 tiles)."""
        return tuple(tuple(sorted(self.reach(c, steps))) if c in self.on else ()
                     for c in range(self.rows * self.cols))
