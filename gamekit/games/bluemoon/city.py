"""Blue Moon City's grid and precomputed actions: cells, neighbours, reach, action tables.

The city is a 5 x 5 grid (cell = 5 * row + col; the base city has no corners). Every action the
legal lists can offer is built once here, so the hot legal-action path allocates nothing.
"""

from __future__ import annotations

from gamekit.core import Action
from gamekit.kit.squaregrid import SquareGrid

from . import data as D
from .data import GREEN, KINDS
from .pay import LUX1, LUX2

N = 5  # the city grid is 5 x 5; cell = 5 * row + col
CENTRE = 12
STARTING_CELLS = (7, 11, 13, 17)
CORNERS = (0, 4, 20, 24)
PILLAR1, PILLAR2 = 21, 22
VENTI1, VENTI2 = 9, 10
SEATS = 4
#: colours a wild space may be paid in (no green spaces: Khind cards are wild themselves)
WILD_CHOICES = tuple(x for x in range(8) if x != GREEN)

class _Act(Action):
    """A precomputed action whose text form is cached (equal to the plain ``Action``)."""

    __slots__ = ()

    def __str__(self) -> str:
        text = _TEXT.get(self)
        if text is None:
            text = _TEXT[self] = Action.__str__(self)
        return text


_TEXT: dict[Action, str] = {}

# precomputed actions (no allocation in the hot path)
_CELL_ARGS = [(c // N, c % N) for c in range(N * N)]
A_MOVE = [[_Act(s, "move", _CELL_ARGS[c]) for c in range(N * N)] for s in range(SEATS)]
A_DRAGON = [[_Act(s, "dragon", _CELL_ARGS[c]) for c in range(N * N)] for s in range(SEATS)]
A_JUMP = [[_Act(s, "jump", _CELL_ARGS[c]) for c in range(N * N)] for s in range(SEATS)]
A_PLAY = [[_Act(s, "play", (KINDS[k],)) for k in range(24)] for s in range(SEATS)]
A_PAY = [[_Act(s, "pay", (KINDS[k],)) for k in range(24)] for s in range(SEATS)]
A_DISCARD = [[_Act(s, "discard", (KINDS[k],)) for k in range(24)] for s in range(SEATS)]
A_CONTRIB = [[_Act(s, "contribute", (i,)) for i in range(12)] for s in range(SEATS)]
A_CONTRIB_W = [[[_Act(s, "contribute", (i, D.COLOURS[x])) for x in range(8)] for i in range(12)]
               for s in range(SEATS)]
A_RECOLOUR = [{k: [_Act(s, "recolour", (KINDS[k], D.COLOURS[x])) for x in range(8)]
               for k in (LUX1, LUX2)} for s in range(SEATS)]
A_DONE = [_Act(s, "done") for s in range(SEATS)]
A_OFFER = [_Act(s, "offer") for s in range(SEATS)]
A_DRAW = [_Act(s, "draw") for s in range(SEATS)]
A_CANCEL = [_Act(s, "cancel") for s in range(SEATS)]
A_PILLAR = [[_Act(s, "pillar", (KINDS[k],)) for k in (PILLAR1, PILLAR2)] for s in range(SEATS)]


CITY_CELLS = {
    "base": tuple(c for c in range(N * N) if c not in CORNERS),
    "expansion": tuple(range(N * N)),
}
#: the city as a square grid (orthogonal steps; the base city has no corners)
CITY_GRID = {k: SquareGrid(N, N, v) for k, v in CITY_CELLS.items()}
CITY_NEIGH = {k: g.neigh for k, g in CITY_GRID.items()}
#: per cell: the other cells 1 to 3 steps away (a value 2 dragon card; sorted)
CITY_REACH3 = {k: g.reach_table(3) for k, g in CITY_GRID.items()}
#: per city, seat and cell: the one-step move actions
STEPS = {k: [[tuple(A_MOVE[s][m] for m in v[c]) for c in range(N * N)] for s in range(SEATS)]
         for k, v in CITY_NEIGH.items()}


def city_tiles(td: tuple[D.TileDef, ...], city: str) -> list[str]:
    """Ids of the building tiles of ``city`` (the Central Square apart)."""
    return [t.id for t in td if t.group in ("starting", "base") or
            (city == "expansion" and t.group == "expansion")]


def layout_problem(layout: list[list[str | None]], city: str, setup: str,
                   td: tuple[D.TileDef, ...]) -> str | None:
    """What is wrong with a 5 x 5 grid of tile ids (known ids) for ``city``, or ``None``:
    every cell of the city holds a tile, each tile once, the Central Square in the middle, and
    (standard set-up) the 4 starting tiles next to it (rulebook, "Preparação")."""
    cells = set(CITY_CELLS[city])
    seen: set[str] = set()
    for r, row in enumerate(layout):
        for c, tid in enumerate(row):
            cell = r * N + c
            if tid in (None, ""):
                if cell in cells:
                    return f"row {r} col {c} needs a tile in the {city} city"
                continue
            if cell not in cells:
                return f"row {r} col {c} is not a cell of the {city} city (leave it null)"
            if tid in seen:
                return f"tile {tid!r} is placed twice"
            seen.add(tid)
    if layout[CENTRE // N][CENTRE % N] != "central_square":
        return "the Central Square must be at row 2 col 2"
    want = set(city_tiles(td, city)) | {"central_square"}
    if seen != want:
        return (f"the {city} city needs its tiles; missing {sorted(want - seen)}, "
                f"not in this city {sorted(seen - want)}")
    if setup == "standard":
        for cell in STARTING_CELLS:
            if td[D.TILE_INDEX[layout[cell // N][cell % N]]].group != "starting":
                return ("the standard set-up puts the 4 starting tiles next to the Central "
                        "Square (rows/cols 1 2, 2 1, 2 3, 3 2); use setup='alternative' for a "
                        "free layout")
    return None
