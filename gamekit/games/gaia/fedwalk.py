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


def nearest(st: GaiaState, sources: set, comps: Components, have: set, banned: set,
            limit: int = 1, budget: int | None = None) -> tuple[list, bool]:
    """Shortest chains of empty spaces from ``sources`` to each other group of unfederated
    structures, nearest first: ``([(structure reached, satellite hexes)], cut)``. The
    breadth-first walk of a queue (sources in sorted order, neighbours in ``neighbours``
    order), made layer by layer on bit sets of the map (``_bits``: the next layer is three
    shifts, in C); the queue's order is read back only where a group is reached
    (``_Order``); a walk without a budget is the queue's own (``_queue_nearest``).
    ``comps``: the structures' groups (``federation.components_of``); ``budget``: stop
    before chains longer than it (``cut``: it did; a chain's length is the layer it
    leaves from)."""
    if budget is None:
        return _queue_nearest(st, sources, comps, have, banned, limit)
    found: list = []
    # a structure to reach, else an empty space to walk through; never a banned hex
    targets = comps.vals.keys() - have - banned
    if not targets:
        return found, False
    one, hexes, nbrs, w, free = _bits(st)
    goal = sum(map(one.__getitem__, targets))  # distinct powers of two: their union
    layer = sum(map(one.__getitem__, sources))
    free &= ~(goal | layer)
    if banned:  # those on the map, in one sum (in C)
        free &= ~sum(map(one.__getitem__, banned & one.keys()))
    w1 = w - 1
    order = _Order(layer, sources, one, nbrs)
    left = len(targets)
    depth = 0
    while layer:
        if depth > budget:  # a walk without a budget is the queue's (above)
            return found, True
        near = layer | layer << 1  # the hexes within 1: three shifts (see ``_bits``)
        near |= near << w1
        near |= near >> w
        hit = near & goal
        if hit:
            for _, i, n in order.met(hit):
                if not goal >> n & 1:
                    continue  # its group was reached from an earlier hex of this layer
                group = sum(map(one.__getitem__, comps[hexes[n]])) & goal
                goal ^= group
                left -= group.bit_count()
                found.append((hexes[n], order.chain(i, hexes)))
                if len(found) >= limit or not left:  # nothing else to find
                    return found, False
        layer = near & free
        free ^= layer
        order.layers.append(layer)
        depth += 1
    return found, False


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


def _queue_nearest(st: GaiaState, sources: set, comps: Components, have: set, banned: set,
                   limit: int) -> tuple[list, bool]:
    """``nearest`` by a queue over the map's hexes by index (``_grid``), layer by layer:
    for a walk without a budget (an import's federations), which may go deep, where the
    bit sets' order read back (``_Order``) costs more than the queue."""
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
    while layer:
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


class _Order:
    """The queue's order of a walk's hexes, read back from its layers (bit sets): a hex
    of a layer is queued by the first hex of the layer before that is next to it, in
    that hex's ``neighbours`` order, so its place is its queuer's place then the
    direction (an integer, three bits a layer: the places of one layer compare as the
    queue's order); the sources' places are their sorted order."""

    def __init__(self, layer: int, sources: set, one: dict, nbrs: dict) -> None:
        self.layers = [layer]
        self.sources, self.one, self.nbrs = sources, one, nbrs
        self.places: dict = {}  # bit -> its place
        self.queuer: dict = {}  # bit -> the bit it was queued from (none for a source)

    def met(self, hit: int) -> list:
        """The bits of ``hit`` (next to the last layer) in the order the queue meets them:
        ``[(place, the last layer's bit it is met from, bit)]``."""
        places = self.places
        if not places:  # the sources' places, once a walk reaches a group
            one = self.one
            for k, h in enumerate(sorted(self.sources)):
                places[one[h].bit_length() - 1] = k
        last = len(self.layers) - 1
        queuer = self.queuer
        out = []
        while hit:
            low = hit & -hit
            n = low.bit_length() - 1
            hit ^= low
            out.append((self._place(n, last), queuer[n], n))
        if len(out) > 1:
            out.sort()
        return out

    def _place(self, n: int, k: int) -> int:
        """The place bit ``n`` takes when met from layer ``k`` (its queuer noted). Its
        parents in the layer are read at once: the layer's bits around ``n`` (from
        ``n - w`` to ``n + w``) cut out as a small integer, whose pattern names them
        (``_Parents.around``)."""
        layer, places, nbrs = self.layers[k], self.places, self.nbrs
        w = nbrs.w
        near = (layer >> n - w if n >= w else layer << w - n) & nbrs.mask
        best = by = -1
        for d, off in nbrs.around[near]:
            i = n - off
            place = places.get(i)
            if place is None:
                place = places[i] = self._place(i, k - 1)
            place = place << 3 | d
            if best < 0 or place < best:
                best, by = place, i
        self.queuer[n] = by
        return best

    def chain(self, i: int, hexes: list) -> list:
        """The empty spaces walked back from bit ``i`` to a source."""
        queuer = self.queuer
        cells = []
        while i in queuer:
            cells.append(hexes[i])
            i = queuer[i]
        return cells


def _bits(st: GaiaState) -> tuple:
    """The map as bit sets: ``(hex -> its bit (a power of two), bit -> hex, each bit's
    neighbours' ``(direction, bit)`` on the map, the bits of a row, the empty spaces a
    satellite may take)``. Hex ``(q, r)`` is bit ``q - q0 + (s - s0) * w`` (``s = -q -
    r``, the smaller box for these maps) with a row one wider than the map, so that a
    shift by a neighbour's offset (1, ``w``, ``w - 1``, either way) never wraps onto the
    map; the hexes within 1 of a set are the set shifted by 1, then by ``w - 1``, then
    back by ``w`` (each step keeping what it had: a hexagon is the sum of three
    segments). Remembered with the Lost Planet (shared by the games on the map)."""
    got = st.__dict__.get("_bits_memo")
    if got is None or got[0] != len(st.ptype):  # the Lost Planet is the one planet added
        open_ = open_space(st)
        memo = map_memo(st.space, "bits")
        got = memo.get(open_)
        if got is None:
            board = st.space.planets
            q0 = min(q for q, _ in board)
            s0 = min(-q - r for q, r in board)
            w = max(q for q, _ in board) - q0 + 2
            one = {h: 1 << (h[0] - q0 + (-h[0] - h[1] - s0) * w) for h in board}
            hexes: list = [None] * (max(one.values()).bit_length())
            for h, b in one.items():
                hexes[b.bit_length() - 1] = h
            deltas = [(d, dq - (dq + dr) * w) for d, (dq, dr) in enumerate(neighbours((0, 0)))]
            got = memo[open_] = (one, hexes, _Parents(hexes, deltas, w), w,
                                 sum(map(one.__getitem__, open_)))
        got = st._bits_memo = (len(st.ptype), *got)
    return got[1:]


class _Parents(dict):
    """For each bit, ``(direction, bit, 1 << bit)`` of the map's hexes it is next to,
    made when first asked (a walk reads few; a map read once, as an import's, pays for
    those only)."""

    def __init__(self, hexes: list, deltas: list, w: int) -> None:
        super().__init__()
        self.hexes, self.deltas, self.w = hexes, deltas, w
        # a bit's parents lie from ``b - w`` to ``b + w``: parent ``b - off`` is bit
        # ``w - off`` of the bits cut out there; each pattern of those six bits -> its
        # parents ``(direction, off)`` in ``neighbours`` order
        self.mask = sum(1 << w - off for _, off in deltas)
        self.around = {sum(1 << w - off for _, off in some): some
                       for some in _subsets(deltas)}

    def __missing__(self, b: int) -> list:
        hexes = self.hexes
        got = self[b] = [(d, b - off, 1 << b - off) for d, off in self.deltas
                         if 0 <= b - off < len(hexes) and hexes[b - off] is not None]
        return got


def _subsets(items: list) -> list[tuple]:
    """Every subset of ``items``, each in the items' order."""
    out: list[tuple] = [()]
    for x in reversed(items):
        out += [(x, *rest) for rest in out]
    return out


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
