"""The fewest-satellites search by index (``linking.fewest_links``) and its one-question form
(``linking.fewer_links``, which measures only the sets worth enough with no part worth enough)
against a brute force over every set of satellites, on small random patches of the hex grid
(rulebook "4) Forjando Alianças": a federation may not use more satellites than it needs)."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from gamekit.games.gaia.linking import fewer_links, fewest_links
from gamekit.kit.hexgrid import Hex, neighbours

PATCH = [Hex(q, r) for q in range(5) for r in range(4)]


def brute(groups: list, free: frozenset, open_: set, limit: int) -> dict:
    """``mask -> fewest empty spaces that join the groups of mask`` (through free
    structures and the other groups' hexes, as a link through a structure of the player
    costs nothing), ``limit`` when it takes ``limit`` or more: every set of satellites
    tried."""
    best = {}
    free = free.union(*groups)
    for mask in range(1, 1 << len(groups)):
        want = [g for i, g in enumerate(groups) if mask >> i & 1]
        best[mask] = limit
        for n in range(limit):
            if any(_joined(want, free | set(sats)) for sats in combinations(sorted(open_), n)):
                best[mask] = n
                break
    return best


def _joined(groups: list, cells: set) -> bool:
    """Whether the groups lie in one connected piece of themselves and ``cells``."""
    allowed = cells.union(*groups)
    start = next(iter(groups[0]))
    seen, todo = {start}, [start]
    while todo:
        for n in neighbours(todo.pop()):
            if n in allowed and n not in seen:
                seen.add(n)
                todo.append(n)
    return all(g <= seen for g in groups)


def patch(seed: int) -> tuple:
    """A random patch: groups (one or two adjacent hexes), free structures, empty spaces."""
    rng = random.Random(seed)
    cells = list(PATCH)
    rng.shuffle(cells)
    k = rng.randint(2, 4)
    groups = [frozenset({cells[i]}) for i in range(k)]
    taken = set().union(*groups)
    rest = cells[k:]
    free = frozenset(h for h in rest[:rng.randint(0, 2)])
    open_ = {h for h in rest[len(free):] if rng.random() < 0.6}
    return groups, free, open_, taken


@pytest.mark.parametrize("seed", range(12))
def test_fewest_links_is_the_brute_force(seed: int) -> None:
    groups, free, open_, _ = patch(seed)
    nbrs = lambda h: [n for n in neighbours(h) if n in set(PATCH)]  # noqa: E731
    got = fewest_links(groups, free, open_.__contains__, nbrs, 4)
    assert got == brute(groups, free, open_, 4)


@pytest.mark.parametrize("seed", range(12))
def test_fewer_links_answers_as_the_whole_table(seed: int) -> None:
    groups, free, open_, _ = patch(seed)
    nbrs = lambda h: [n for n in neighbours(h) if n in set(PATCH)]  # noqa: E731
    values = [random.Random(seed).randint(1, 4) for _ in groups]
    table = brute(groups, free, open_, 4)
    for need in range(1, sum(values) + 2):
        want = any(n < 4 and sum(v for i, v in enumerate(values) if m >> i & 1) >= need
                   for m, n in table.items())
        assert fewer_links(groups, values, need, free, open_.__contains__, nbrs, 4) == want


@pytest.mark.parametrize("seed", range(40))
def test_fewer_links_on_the_pruned_region_answers_as_the_full_table(seed: int) -> None:
    """``fewer_links`` searches only hexes near every group of some set worth enough; the
    answer is the one read from ``fewest_links``'s table over the whole region."""
    rng = random.Random(1000 + seed)
    area = [Hex(q, r) for q in range(7) for r in range(6)]
    cells = area[:]
    rng.shuffle(cells)
    k = rng.randint(2, 6)
    groups = [frozenset({cells[i]}) for i in range(k)]
    free = frozenset(cells[k:k + rng.randint(0, 3)])
    open_ = {h for h in cells[k + len(free):] if rng.random() < 0.7}
    inside = set(area)
    nbrs = lambda h: [n for n in neighbours(h) if n in inside]  # noqa: E731
    values = [rng.randint(1, 3) for _ in groups]
    for limit in (1, 2, 3, 5, 7):
        table = fewest_links(groups, free, open_.__contains__, nbrs, limit)
        for need in range(1, sum(values) + 2):
            want = any(n < limit and sum(v for i, v in enumerate(values) if m >> i & 1) >= need
                       for m, n in table.items())
            got = fewer_links(groups, values, need, free, open_.__contains__, nbrs, limit)
            assert got == want, (limit, need)


def plain_steiner(groups: list, free: frozenset, open_: set, inside: set, limit: int) -> dict:
    """``mask -> fewest empty spaces`` by the textbook Dreyfus-Wagner table, one value per
    hex of the patch (a dict, no bits, no region cut), ``limit`` when it takes ``limit`` or
    more: the reference for the table kept by levels."""
    cost = {h: 0 for h in free.union(*groups)}
    cost.update({h: 1 for h in open_ if h not in cost})
    far = 10 * limit
    dp: dict = {}
    best = {}
    for mask in range(1, 1 << len(groups)):
        if mask & (mask - 1) == 0:
            d = {h: 0 if h in groups[mask.bit_length() - 1] else far for h in cost}
        else:
            d = {h: min(dp[a][h] + dp[mask ^ a][h] - cost[h]
                        for a in range(1, mask) if a & mask == a and a & (mask & -mask))
                 for h in cost}
        changed = True  # Bellman-Ford: a hex entered at its cost
        while changed:
            changed = False
            for h in cost:
                for n in neighbours(h):
                    if n in cost and n in inside and d[h] + cost[n] < d[n]:
                        d[n] = d[h] + cost[n]
                        changed = True
        dp[mask] = d
        own = groups[mask.bit_length() - 1]
        best[mask] = min(min(d[h] for h in own), limit)
    return best


@pytest.mark.parametrize("seed", range(30))
def test_levels_table_is_the_plain_table(seed: int) -> None:
    """The table kept by levels (bits per level, shifts for the neighbours) against the
    textbook table, on larger patches (up to 6 groups, some of two hexes, limits up to 9) than
    the brute force can try; and ``fewer_links`` (the region cut to the useful hexes) against
    it for every worth asked."""
    rng = random.Random(5000 + seed)
    area = [Hex(q, r - q // 2) for q in range(rng.randint(3, 9)) for r in range(rng.randint(3, 8))]
    inside = set(area)
    cells = area[:]
    rng.shuffle(cells)
    groups: list = []
    taken: set = set()
    for h in cells[:rng.randint(1, 6)]:
        g = {h} | {n for n in neighbours(h) if n in inside and rng.random() < 0.2}
        g -= taken
        if g and not any(n in taken for x in g for n in neighbours(x)):
            groups.append(frozenset(g))
            taken |= g
    rest = [h for h in cells if h not in taken]
    free = frozenset(rest[:rng.randint(0, 4)])
    share = rng.random()
    open_ = {h for h in rest[len(free):] if rng.random() < share}
    nbrs = lambda h: [n for n in neighbours(h) if n in inside]  # noqa: E731
    values = [rng.randint(1, 3) for _ in groups]
    for limit in (1, 3, 6, 9):
        table = plain_steiner(groups, free, open_, inside, limit)
        assert fewest_links(groups, free, open_.__contains__, nbrs, limit) == table
        for need in range(1, sum(values) + 2):
            want = any(n < limit and sum(v for i, v in enumerate(values) if m >> i & 1) >= need
                       for m, n in table.items())
            got = fewer_links(groups, values, need, free, open_.__contains__, nbrs, limit)
            assert got == want, (limit, need)
