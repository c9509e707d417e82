"""The federation search's walk (rulebook "4) Forjando Alianças"): shortest chains of empty
spaces from a group of structures to the nearest other groups, over the map's hexes by index
(the tables shared by every game on the same map)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamekit.kit.hexgrid import neighbours

from .sectors import map_memo

if TYPE_CHECKING:
    from .state import GaiaState

__all__ = ["Components", "map_tables", "nearest", "lost_hex", "open_space", "space_tables"]


_MAPS: dict[tuple, tuple] = {}


def map_tables(board: dict) -> tuple:
    """A map's hexes by index: ``(hex -> index, index -> hex, hex -> its neighbours on the
    map, index -> their indices)``, neighbours in ``neighbours`` order; shared by every game
    on the same map (derived from the hexes alone, never changed)."""
    hexes = tuple(board)
    got = _MAPS.get(hexes)
    if got is None:
        if len(_MAPS) >= 32:
            _MAPS.clear()
        ix = {h: i for i, h in enumerate(hexes)}
        adj = {h: tuple(n for n in neighbours(h) if n in ix) for h in hexes}
        got = _MAPS[hexes] = (ix, hexes, adj, tuple(tuple(ix[n] for n in adj[h]) for h in hexes))
    return got


class Components(dict):
    """``federation.components_of``: hex -> its group (a frozenset), and ``vals``."""

    vals: dict


def _reach_group(group: frozenset, ix: dict, goal: bytearray) -> int:
    """Mark the targets of a group reached (``goal`` 1 -> 2); how many were marked."""
    n = 0
    for h in group:
        j = ix[h]
        if goal[j] == 1:
            goal[j] = 2
            n += 1
    return n


def _chain(prev: list, i: int, hexes: tuple) -> list:
    """The empty spaces walked back from index ``i`` to a source."""
    cells = []
    while prev[i] != -1:
        cells.append(hexes[i])
        i = prev[i]
    return cells


def nearest(st: GaiaState, sources: set, comps: Components, have: set, banned: set,
            limit: int = 1, budget: int | None = None) -> tuple[list, bool]:
    """Shortest chains of empty spaces from ``sources`` to each other group of unfederated
    structures, nearest first: ``([(structure reached, satellite hexes)], cut)``. A
    breadth-first walk over the map's hexes by index (``_grid``), layer by layer (the
    order of a queue), neighbours in ``neighbours`` order. ``comps``: the structures' groups
    (``federation.components_of``); ``budget``: stop before chains longer than it (``cut``:
    it did; a chain's length is the layer it leaves from)."""
    found: list = []
    # a structure to reach, else an empty space to walk through; never a banned hex
    targets = comps.vals.keys() - have - banned
    if not targets:
        return found, False
    ix, hexes, adj, closed = _grid(st)
    # -2 unseen, -1 a source, -3 closed (a planet, a banned hex), else the index walked from
    prev = closed.copy()
    for h in banned:
        i = ix.get(h)
        if i is not None:
            prev[i] = -3
    goal = bytearray(len(hexes))  # 1: a target, 2: a target already reached
    for h in targets:
        i = ix[h]
        goal[i] = 1
        prev[i] = -2
    for h in sources:
        prev[ix[h]] = -1
    left = len(targets)
    layer = [ix[h] for h in sorted(sources)]  # a fixed order: the same chains on reload
    depth = 0
    while layer:
        if budget is not None and depth > budget:
            return found, True
        nxt: list = []
        push = nxt.append
        for i in layer:
            for n in adj[i]:
                if prev[n] != -2:
                    continue
                g = goal[n]
                if not g:  # an empty space a satellite may take
                    prev[n] = i
                    push(n)
                    continue
                if g == 2:
                    continue
                left -= _reach_group(comps[hexes[n]], ix, goal)
                found.append((hexes[n], _chain(prev, i, hexes)))
                if len(found) >= limit or not left:  # nothing else to find
                    return found, False
        layer = nxt
        depth += 1
    return found, False


def _grid(st: GaiaState) -> tuple:
    """The map by index: ``(hex -> index, index -> hex, neighbour indices in
    ``neighbours`` order, a walk's start: -2 where a satellite may go, -3 elsewhere)``;
    remembered with the Lost Planet."""
    open_ = open_space(st)
    got = st.__dict__.get("_grid_memo")
    if got is None or got[0] is not open_:
        memo = map_memo(st.space, "grid")  # shared by the games on the map
        got = memo.get(open_)
        if got is None:
            ix, hexes, _adj, adj_ix = space_tables(st)
            got = memo[open_] = (open_, ix, hexes, adj_ix,
                                 [-2 if h in open_ else -3 for h in hexes])
        st._grid_memo = got
    return got[1:]


def lost_hex(st: GaiaState) -> tuple:
    """The Lost Planet's hex, if placed (it is the only planet added to ``ptype`` during
    a game, so the answer is remembered by ``ptype``'s size)."""
    got = st.__dict__.get("_lost_memo")
    if got is None or got[0] != len(st.ptype):
        got = st._lost_memo = (len(st.ptype), tuple(
            h for h, t in st.ptype.items() if t == "lost"))
    return got[1]


def open_space(st: GaiaState) -> frozenset:
    """Empty spaces of the map (not the Lost Planet): where satellites may go (made once a
    map and Lost Planet: every game on the map shares it)."""
    lost = lost_hex(st, )
    got = st.__dict__.get("_open_memo")
    if got is None or got[0] != lost:
        memo = map_memo(st.space, "open")
        open_ = memo.get(lost)
        if open_ is None:
            open_ = memo[lost] = frozenset(
                h for h, t in st.space.planets.items() if t == "empty" and h not in st.ptype)
        got = st._open_memo = (lost, open_)
    return got[1]


def space_tables(st: GaiaState) -> tuple:
    """``map_tables`` of the state's map, kept with the map."""
    memo = map_memo(st.space, "tables")
    got = memo.get(0)
    if got is None:
        got = memo[0] = map_tables(st.space.planets)
    return got
