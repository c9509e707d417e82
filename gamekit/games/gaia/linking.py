"""The fewest satellites that link groups of structures (rulebook "4) Forjando Alianças": a
federation may not use more satellites than it needs).

An exact search: the node-weighted Steiner tree of Dreyfus and Wagner over the groups of
adjacent structures, on the structures (free) and the empty spaces (one satellite each) within
reach. One run gives the fewest satellites for every subset of the groups at once, so a
federation can be compared with every federation made of some of its own structures.

The table is kept by levels: for a set of groups, ``levels[c]`` holds, as the bits of one
integer, the hexes from which the set links with ``c`` satellites or fewer (a hex is a bit of
its axial row; a row is one bit wider than the region, so a step never wraps into the next
row). A step to the six neighbours is six shifts, and joining two parts at a hex is an AND of
their levels: the work is a few integer operations per level, not per hex."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Mapping
from functools import reduce
from operator import and_, or_

__all__ = ["MAX_GROUPS", "fewer_links", "fewest_links"]

#: above this many groups the search is not run (3^groups steps): the caller's own checks hold
MAX_GROUPS = 8


def _region(groups: list[frozenset], free: frozenset, open_: Callable[[object], bool],
            nbrs: Callable, limit: int) -> dict:
    """Cost of each hex worth visiting: 0 for a structure (of the groups or ``free``), 1 for
    an empty space; only hexes that fewer than ``limit`` satellites reach from the groups (a
    breadth-first walk with the hexes entered at no cost first)."""
    cost: dict = {h: 0 for g in groups for h in g}
    dist = dict.fromkeys(cost, 0)
    todo = deque((0, h) for h in cost)
    while todo:
        d, h = todo.popleft()
        if d > dist[h]:
            continue
        for n in nbrs(h):
            if n in free:
                if d < dist.get(n, limit):
                    cost[n] = 0
                    dist[n] = d
                    todo.appendleft((d, n))
            elif d + 1 < dist.get(n, limit) and open_(n):
                cost[n] = 1
                dist[n] = d + 1
                todo.append((d + 1, n))
    return cost


class _Grid:
    """The region as bits: ``zero`` (the structures, free to pass), ``one`` (the empty
    spaces, one satellite each), each group's bits, and the row width ``w``: the six axial
    neighbours of a set of bits are six shifts (outside the region included)."""

    __slots__ = ("w", "zero", "one", "groups")

    def __init__(self, groups: list[frozenset], cost: Mapping) -> None:
        q0 = min(h[0] for h in cost)
        r0 = min(h[1] for h in cost)
        w = self.w = max(h[1] for h in cost) - r0 + 2  # a spare column: no step wraps a row
        bit = {h: 1 << ((h[0] - q0) * w + h[1] - r0) for h in cost}
        self.groups = [sum(bit[h] for h in g) for g in groups]
        self.keep(sum(bit.values()), sum(bit[h] for h, c in cost.items() if not c))

    def keep(self, bits: int, zero: int | None = None) -> None:
        """Only the hexes of ``bits`` from now on (``zero``: the structures among them)."""
        if zero is None:
            zero = self.zero
        self.zero = zero & bits
        self.one = bits & ~zero

    def relax(self, start: list[int], limit: int) -> list[int]:
        """The levels (``limit`` of them) of the shortest costs from ``start`` (levels of
        starting costs, each holding the one before), a hex entered at its cost."""
        w, zero, one = self.w, self.zero, self.one
        out: list[int] = []
        x = 0
        for c in range(limit):
            if x:
                x |= (x << 1 | x >> 1 | x << w | x >> w | x << w - 1 | x >> w - 1) & one
            x |= start[c]
            grow = x  # the structures reached through structures, at no cost
            while grow:
                grow = (grow << 1 | grow >> 1 | grow << w | grow >> w | grow << w - 1
                        | grow >> w - 1) & zero & ~x
                x |= grow
            out.append(x)
        return out


def _step(mask: int, grid: _Grid, dp: dict, limit: int) -> int:
    """One set of groups of the Dreyfus-Wagner table: its levels from every hex (kept in
    ``dp`` with the first level that holds a hex: joined from its parts' levels at each hex,
    the hex counted once — an empty space is in both parts' costs) and the fewest links of
    the set (``limit``: none fewer)."""
    own = grid.groups[mask.bit_length() - 1]
    if mask & (mask - 1) == 0:
        start = [own] * limit
    else:
        acc = [0] * (limit + 1)  # acc[s]: the hexes where two parts' levels sum to s or less
        low = mask & -mask
        sub = (mask - 1) & mask
        while sub:
            if sub & low:  # each split once: the part holding the lowest group
                a, a0, _ = dp[sub]
                _, b0, rb = dp[mask ^ sub]
                for s in range(a0 + b0, limit + 1):  # a[i] & b[s - i], i from a0 to s - b0
                    acc[s] |= reduce(or_, map(and_, a[a0:s - b0 + 1], rb[limit - s + a0:]))
            sub = (sub - 1) & mask
        zero, one = grid.zero, grid.one
        start = [acc[c] & zero | acc[c + 1] & one for c in range(limit)]
    levels = grid.relax(start, limit)
    first = next((c for c, x in enumerate(levels) if x), limit)
    levels.append(0)  # a level past the last: empty
    dp[mask] = levels, first, levels[::-1]
    return next((c for c in range(first, limit) if levels[c] & own), limit)


def fewest_links(groups: Iterable[frozenset], free: frozenset, open_: Callable[[object], bool],
                 nbrs: Callable, limit: int) -> Mapping[int, int]:
    """``mask -> the fewest empty spaces linking the groups of mask`` (bit i: ``groups[i]``),
    for every non-empty subset; ``limit`` when it takes ``limit`` or more. ``free``: other
    structures a link may pass through at no cost (they join); ``open_(hex)``: an empty space
    a satellite may take; ``nbrs(hex)``: its neighbours on the axial grid (the map's: a hex
    off the map is neither free nor open). Empty when there are more than ``MAX_GROUPS``
    groups."""
    groups = list(groups)
    k = len(groups)
    if not k or k > MAX_GROUPS:
        return {}
    if limit <= 0:
        return dict.fromkeys(range(1, 1 << k), limit)
    grid = _Grid(groups, _region(groups, free, open_, nbrs, limit))
    dp: dict[int, list] = {}
    return {mask: _step(mask, grid, dp, limit) for mask in range(1, 1 << k)}


def fewer_links(groups: Iterable[frozenset], values: list[int], need: int, free: frozenset,
                open_: Callable[[object], bool], nbrs: Callable, limit: int) -> bool:
    """Whether some of the groups, worth ``need`` or more together (``values[i]``: the worth
    of ``groups[i]``), link with fewer than ``limit`` empty spaces: ``fewest_links`` asked
    one question. A set of groups that links with fewer, and every set holding it, is worth
    at least as much and needs at least as many links, so only the sets worth ``need`` with
    no part worth ``need`` are measured (with their parts), and the first that links with
    fewer answers.
    False when there are more than ``MAX_GROUPS`` groups."""
    groups = list(groups)
    k = len(groups)
    if not k or k > MAX_GROUPS or limit <= 0:
        return False
    worth = [0] * (1 << k)
    for mask in range(1, 1 << k):
        low = mask & -mask
        worth[mask] = worth[mask ^ low] + values[low.bit_length() - 1]
    # the sets worth enough with no part worth enough, and every part of them (the table of
    # a set reads its parts' entries)
    least = {m for m in range(1, 1 << k) if worth[m] >= need
             and not any(worth[m ^ (1 << i)] >= need for i in range(k) if m >> i & 1)}
    if not least:
        return False
    grid = _Grid(groups, _region(groups, free, open_, nbrs, limit))
    live = _useful(least, grid, limit)
    parts: set[int] = set()
    for m in live:
        sub = m
        while sub:
            parts.add(sub)
            sub = (sub - 1) & m
    dp: dict[int, list] = {}
    for mask in sorted(parts):
        if _step(mask, grid, dp, limit) < limit and mask in live:
            return True
    return False


def _useful(least: set[int], grid: _Grid, limit: int) -> list[int]:
    """The sets of ``least`` that may link with fewer than ``limit``, and the grid cut to the
    hexes such a link may use: a tree holding hex h and the groups of a set costs at least
    h's cost from each of those groups, so h is kept only if some set has every group closer
    than ``limit`` (the groups' own hexes always). The answer is the same on the smaller
    region."""
    near = [grid.relax([g] * limit, limit)[-1] for g in grid.groups]
    keep = sum(grid.groups)
    live = []
    for m in sorted(least):
        common = -1
        for i, reach in enumerate(near):
            if m >> i & 1:
                common &= reach
        if common:
            live.append(m)
            keep |= common
    grid.keep(keep)
    return live
