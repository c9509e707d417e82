"""The fewest satellites that link groups of structures (rulebook "4) Forjando Alianças": a
federation may not use more satellites than it needs).

An exact search: the node-weighted Steiner tree of Dreyfus and Wagner over the groups of
adjacent structures, on the structures (free) and the empty spaces (one satellite each) within
reach. One run gives the fewest satellites for every subset of the groups at once, so a
federation can be compared with every federation made of some of its own structures."""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable, Mapping
from operator import add as _plus
from operator import sub as _minus

__all__ = ["MAX_GROUPS", "fewer_links", "fewest_links"]

#: above this many groups the search is not run (3^groups steps): the caller's own checks hold
MAX_GROUPS = 8


def _region(groups: list[frozenset], free: frozenset, open_: Callable[[object], bool],
            nbrs: Callable, limit: int) -> dict:
    """Cost of each hex worth visiting: 0 for a structure (of the groups or ``free``), 1 for
    an empty space; only hexes that fewer than ``limit`` satellites reach from the groups."""
    cost: dict = {h: 0 for g in groups for h in g}
    dist = dict.fromkeys(cost, 0)
    heap = [(0, i, h) for i, h in enumerate(cost)]
    tie = len(heap)
    while heap:
        d, _, h = heapq.heappop(heap)
        if d > dist[h]:
            continue
        for n in nbrs(h):
            w = 0 if n in free else 1 if open_(n) else None
            if w is None or d + w >= limit or d + w >= dist.get(n, limit):
                continue
            cost[n] = w
            dist[n] = d + w
            tie += 1
            heapq.heappush(heap, (d + w, tie, n))
    return cost


#: a hex not reached under the limit
_FAR = 1 << 30


def _indexed(groups: list[frozenset], cost: dict, nbrs: Callable) -> tuple:
    """The region by index: ``(cost per index, neighbour indices within the region, each
    group's indices)``."""
    ix = {h: i for i, h in enumerate(cost)}
    adj = [[ix[n] for n in nbrs(h) if n in ix] for h in cost]
    return list(cost.values()), adj, [[ix[h] for h in g] for g in groups]


def _relax(dist: list, cost: list, adj: list, limit: int) -> None:
    """Shortest costs under ``limit`` from the current values (``_FAR``: none yet), the cost
    of entering a hex 0 or 1: Dijkstra by buckets, one per cost."""
    buckets: list[list[int]] = [[] for _ in range(limit)]
    for i, d in enumerate(dist):
        if d < limit:
            buckets[d].append(i)
    for d in range(limit):
        todo = buckets[d]
        while todo:  # grows with the hexes entered at no cost
            i = todo.pop()
            if dist[i] != d:
                continue
            for n in adj[i]:
                nd = d + cost[n]
                if nd < dist[n] and nd < limit:
                    dist[n] = nd
                    buckets[nd].append(n)


def fewest_links(groups: Iterable[frozenset], free: frozenset, open_: Callable[[object], bool],
                 nbrs: Callable, limit: int) -> Mapping[int, int]:
    """``mask -> the fewest empty spaces linking the groups of mask`` (bit i: ``groups[i]``),
    for every non-empty subset; ``limit`` when it takes ``limit`` or more. ``free``: other
    structures a link may pass through at no cost (they join); ``open_(hex)``: an empty space
    a satellite may take; ``nbrs(hex)``: its neighbours. Empty when there are more
    than ``MAX_GROUPS`` groups."""
    groups = list(groups)
    k = len(groups)
    if not k or k > MAX_GROUPS:
        return {}
    table = _indexed(groups, _region(groups, free, open_, nbrs, limit), nbrs)
    dp: dict[int, list] = {}
    return {mask: _step(mask, table, dp, limit) for mask in range(1, 1 << k)}


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
    if not k or k > MAX_GROUPS:
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
    region = _region(groups, free, open_, nbrs, limit)
    least, region = _useful(least, groups, region, nbrs, limit)
    parts: set[int] = set()
    for m in least:
        sub = m
        while sub:
            parts.add(sub)
            sub = (sub - 1) & m
    table = _indexed(groups, region, nbrs)
    dp: dict[int, list] = {}
    for mask in sorted(parts):
        if _step(mask, table, dp, limit) < limit and mask in least:
            return True
    return False


def _useful(least: set[int], groups: list[frozenset], region: dict, nbrs: Callable,
            limit: int) -> tuple[list[int], dict]:
    """The sets of ``least`` that may link with fewer than ``limit``, and the hexes such a
    link may use: a tree holding hex h and the groups of a set costs at least h's cost from
    each of those groups, so h is kept only if some set has every group closer than ``limit``
    (the groups' own hexes always). The answer is the same on the smaller region."""
    table = _indexed(groups, region, nbrs)
    dp: dict[int, list] = {}
    for i in range(len(groups)):
        _step(1 << i, table, dp, limit)
    keep = [False] * len(region)
    for own in table[2]:  # the groups' own hexes
        for x in own:
            keep[x] = True
    zeros = [0] * len(region)  # (``max`` wants two values even for a set of one group)
    live = []
    for m in sorted(least):
        cols = [dp[1 << i] for i in range(len(groups)) if m >> i & 1]
        near = [x for x, d in enumerate(map(max, zeros, *cols)) if d < limit]
        if near:
            live.append(m)
            for x in near:
                keep[x] = True
    kept = {h: c for (h, c), k in zip(region.items(), keep) if k}
    return live, kept


def _step(mask: int, table: tuple, dp: dict, limit: int) -> int:
    """One set of groups of the Dreyfus-Wagner table (``table``: ``_indexed``): its costs
    from every hex (kept in ``dp``, joined from its parts' entries at each hex, the hex
    counted once) and the fewest links of the set."""
    cost, adj, groups = table
    if mask & (mask - 1) == 0:
        dist = [_FAR] * len(cost)
        for i in groups[mask.bit_length() - 1]:
            dist[i] = 0
    else:
        joins = []  # per split, at each hex: both parts' costs, the hex counted once
        low = mask & -mask
        sub = (mask - 1) & mask
        while sub:
            if sub & low:  # each split once: the part holding the lowest group
                joins.append(map(_minus, map(_plus, dp[sub], dp[mask ^ sub]), cost))
            sub = (sub - 1) & mask
        best = map(min, *joins) if len(joins) > 1 else joins[0]  # the cheapest split
        dist = [d if d < limit else _FAR for d in best]
    _relax(dist, cost, adj, limit)
    dp[mask] = dist
    return min(min(dist[i] for i in groups[mask.bit_length() - 1]), limit)
