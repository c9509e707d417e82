"""Session 16's federation walk (``fedwalk.nearest``): layer by layer, stopped at the
satellites the search can still pay (``budget``), against a textbook breadth-first walk
with a queue, at random points of random 2-4 player games (base rules and the anchor
options): the same groups in the same order with the same chains, a budgeted walk the
plain one's groups with chains within the budget, and the walks remembered per budget
(``federation._nearest_memo``, asked with budgets in a random order) the same. A few dozen
games by default; many more with ``GAMEKIT_SOAK=1``."""

from __future__ import annotations

import os
import pickle
import random
from collections import deque

import pytest
from gaia_helpers import ANCHOR, random_stops

from gamekit.games.gaia import GaiaState, fedwalk
from gamekit.games.gaia import federation as fed
from gamekit.kit.hexgrid import neighbours

SOAK = os.environ.get("GAMEKIT_SOAK") == "1"
GAMES = 1000 if SOAK else 30


def queue_walk(s: GaiaState, sources: frozenset, comps: dict, have: frozenset,
               banned: set, limit: int) -> list:
    """The walk as a textbook breadth-first search: a queue, hexes by their coordinates,
    neighbours in ``neighbours`` order (those on the map), walking only through empty
    spaces where a satellite may go, never through a structure; a group reached is
    reached whole."""
    board = s.space.planets
    open_ = fedwalk.open_space(s) - banned
    targets = set(comps.vals) - have - banned
    found: list = []
    prev: dict = {h: None for h in sources}
    q = deque(sorted(sources))
    while q and targets:
        h = q.popleft()
        for n in neighbours(h):
            if n not in board or n in prev:
                continue
            if n in targets:
                targets -= comps[n]
                cells, at = [], h
                while prev[at] is not None:
                    cells.append(at)
                    at = prev[at]
                found.append((n, cells))
                if len(found) >= limit:
                    return found
                continue
            if n in comps:  # a group reached already (a space station may stand on a space)
                continue
            if n in open_:
                prev[n] = h
                q.append(n)
            else:
                prev[n] = "closed"  # never walked through, never a target
    return found


def sources_of(s: GaiaState, seat: int):
    """``(comps, banned, walks, [(sources, have)])``: each search start of the seat, and
    each start grown by the first join its walk finds (a second step of the search)."""
    vals = fed.fed_values(s, seat)
    comps = fed.components_of(s, vals)
    banned = fed.banned_hexes(s, seat)
    walks = (frozenset(vals), frozenset(banned), fed.lost_hex(s))
    out = []
    for comp in fed.search_starts(vals, comps, banned):
        out.append((comp, comp))
        got = fedwalk.nearest(s, comp, comps, comp, banned, 1)[0]
        if got:
            end, cells = got[0]
            hexes = comp | comps[end]
            out.append((hexes | frozenset(cells), hexes))
    return comps, banned, walks, out


def check_seat(s: GaiaState, seat: int, rnd: random.Random) -> int:
    """Every walk of the seat's starts against the queue walk; how many were compared."""
    comps, banned, walks, starts = sources_of(s, seat)
    bare = pickle.loads(pickle.dumps(s))  # the same state without any memo
    n = 0
    for sources, have in starts:
        want = queue_walk(s, sources, comps, have, banned, fed.FED_BRANCH)
        full, cut = fedwalk.nearest(s, sources, comps, have, banned, fed.FED_BRANCH)
        assert full == want and not cut
        top = max((len(c) for _, c in want), default=0) + 1
        for budget in range(top + 1):
            within = [x for x in want if len(x[1]) <= budget]
            got, cut = fedwalk.nearest(s, sources, comps, have, banned, fed.FED_BRANCH,
                                       budget)
            assert got == within
            assert cut or got == want  # stopped early only when the budget did it
            n += 1
        budgets = [None, *range(top + 1)]
        rnd.shuffle(budgets)
        for budget in budgets:  # the memo keeps a walk per budget, made again when short
            got = fed._nearest_memo(bare, sources, comps, have, banned, walks, budget)
            assert want[:len(got)] == got
            assert [x for x in got if budget is None or len(x[1]) <= budget] == \
                [x for x in want if budget is None or len(x[1]) <= budget]
            n += 1
    return n


@pytest.mark.parametrize("chunk", range(2))
def test_budgeted_walks_match_a_queue_walk(chunk: int) -> None:
    compared = 0
    for i in range(chunk, GAMES, 2):
        game = GaiaState.new(2 + i % 3, seed=700 + i, **(ANCHOR if i % 2 else {}))
        game.quiet = True
        rnd = random.Random(i)
        for s in random_stops(game, 31 * i, rnd, 5, 25):
            for seat in range(s.players):
                if s.pl[seat].faction and s.pl[seat].built:
                    compared += check_seat(s, seat, rnd)
    assert compared > 300 * (GAMES // 30)


def _within_1(s: GaiaState, bits: int) -> int:
    """``fedwalk.nearest``'s step: the bits within 1 of ``bits`` by its three shifts."""
    _one, _hexes, _nbrs, w, _free = fedwalk._bits(s)
    near = bits | bits << 1
    near |= near << w - 1
    return near | near >> w


@pytest.mark.parametrize("players", [2, 3, 4])
def test_bit_sets_step_to_the_map_neighbours(players: int) -> None:
    """Session 19's bit sets of the map (``fedwalk._bits``): each hex's step is the hex
    and its neighbours on the map (no wrap across a row); the parents' table names, for
    each hex, the hexes it is next to with the direction it lies in from them; the open
    bits are the open spaces. On the first-game maps and random ones."""
    for seed, layout in ((0, "first_game"), (1, "random"), (2, "random")):
        s = GaiaState.new(players, seed=800 + seed, layout=layout)
        one, hexes, nbrs, _w, free = fedwalk._bits(s)
        board = s.space.planets
        assert {hexes[b.bit_length() - 1] for b in one.values()} == set(board)
        everything = sum(one.values())
        for h, bit in one.items():
            near = [n for n in neighbours(h) if n in board]
            assert _within_1(s, bit) & everything == sum(one[n] for n in [h, *near])
            parents = nbrs[bit.bit_length() - 1]
            assert len(parents) == len(near)
            for d, i, b in parents:
                assert b == 1 << i and neighbours(hexes[i])[d] == h
        assert {hexes[b] for b in range(len(hexes)) if free >> b & 1} == fedwalk.open_space(s)
