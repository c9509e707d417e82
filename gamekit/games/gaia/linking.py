"""The fewest satellites that link groups of structures (rulebook "4) Forjando Alianças": a
federation may not use more satellites than it needs).

An exact search: the node-weighted Steiner tree of Dreyfus and Wagner over the groups of
adjacent structures, on the structures (free) and the empty spaces (one satellite each) within
reach. One run gives the fewest satellites for every subset of the groups at once, so a
federation can be compared with every federation made of some of its own structures."""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable, Mapping

__all__ = ["MAX_GROUPS", "fewest_links"]

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


def _relax(dist: dict, cost: dict, nbrs: Callable, limit: int) -> None:
    """Shortest costs from the current values (Dijkstra; the cost of entering a hex)."""
    heap = [(d, i, h) for i, (h, d) in enumerate(dist.items()) if d < limit]
    heapq.heapify(heap)
    tie = len(heap)
    while heap:
        d, _, h = heapq.heappop(heap)
        if d > dist.get(h, limit):
            continue
        for n in nbrs(h):
            w = cost.get(n)
            if w is None:
                continue
            nd = d + w
            if nd < dist.get(n, limit):
                dist[n] = nd
                tie += 1
                heapq.heappush(heap, (nd, tie, n))


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
    cost = _region(groups, free, open_, nbrs, limit)
    dp: dict[int, dict] = {}
    best: dict[int, int] = {}
    for mask in range(1, 1 << k):
        if mask & (mask - 1) == 0:
            dist = {h: 0 for h in groups[mask.bit_length() - 1]}
        else:
            dist = {}
            low = mask & -mask
            sub = (mask - 1) & mask
            while sub:
                if sub & low:  # each split once: the part holding the lowest group
                    a, b = dp[sub], dp[mask ^ sub]
                    for h, da in (a.items() if len(a) <= len(b) else b.items()):
                        db = (b if len(a) <= len(b) else a).get(h)
                        if db is not None:
                            d = da + db - cost[h]
                            if d < dist.get(h, limit):
                                dist[h] = d
                sub = (sub - 1) & mask
        _relax(dist, cost, nbrs, limit)
        dp[mask] = dist
        anchor = groups[mask.bit_length() - 1]
        best[mask] = min((dist.get(h, limit) for h in anchor), default=limit)
    return best
