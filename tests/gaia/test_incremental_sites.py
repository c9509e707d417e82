"""Session 14's kept mine data against from-scratch answers, over random games of 2, 3 and 4
players (base rules and the anchor-engine options): the unowned planets, kept and cut by one
hex when a building goes up, against the planets listed anew at every decision; each seat's
mine sites (made in one pass, split and sorted) and mine options against those of a copy
without memos, its distance field against the distances measured hex by hex, and the kept
answers to "another seat's structure within 2" (carried over one building) against the map;
and (session 17) the sites listed in C from each map's planets of home types against a
planet-by-planet listing. Many more games with ``GAMEKIT_SOAK=1``."""

from __future__ import annotations

import os
import pickle
import random

import pytest
from gaia_helpers import ANCHOR, random_stops

from gamekit.games.gaia import GaiaState
from gamekit.games.gaia.build import _neighbour_within_2_now
from gamekit.games.gaia.components import terraform_steps
from gamekit.games.gaia.mines import (
    _mine_sites_near,
    _unowned_planets,
    mine_options,
    range_origins,
    seat_distances,
)
from gamekit.kit.hexgrid import distance

SOAK = os.environ.get("GAMEKIT_SOAK") == "1"
GAMES = 1000 if SOAK else 12


def _scratch_unowned(s: GaiaState) -> tuple:
    return tuple(h for h in s.planet_hexes
                 if h not in s.owner and s.ptype.get(h) not in ("empty", "lost"))


def _unowned_sites(s: GaiaState, lists: tuple) -> tuple:
    """The sites of ``_mine_sites_near`` less those owned since they were listed (their
    reader skips them), with the distances read again from the sites."""
    near, dists, now, gaias, gdists = lists
    assert dists == [x[2] for x in near] and gdists == [x[2] for x in gaias]
    assert dists == sorted(dists) and gdists == sorted(gdists)
    return tuple(tuple(x for x in part if x[0] not in s.owner) for part in (near, now, gaias))


def check_sites(s: GaiaState, fresh: GaiaState, seat: int, origins: list) -> None:
    """The kept sites against those listed anew: the same fixed-type planets in the same
    order; a planet read now when kept (Transdim or with a gaiaformer then) may since be a
    Gaia planet the new list reads by distance; the same mine options."""
    near, now, gaias = _unowned_sites(s, _mine_sites_near(s, seat, origins))
    near2, now2, gaias2 = _unowned_sites(s, _mine_sites_near(fresh, seat, origins))
    assert near == near2
    read_now = {x[0] for x in now}
    assert {x[0] for x in now2} <= read_now
    assert set(gaias) <= set(gaias2) and {x[0] for x in set(gaias2) - set(gaias)} <= read_now
    assert mine_options(s, seat) == mine_options(fresh, seat)


@pytest.mark.parametrize("chunk", range(2))
def test_kept_unowned_planets_and_sites_match_scratch(chunk: int) -> None:
    cut = compared = answers = 0
    for i in range(chunk, GAMES, 2):
        s = GaiaState.new(2 + i % 3, seed=500 + i, **(ANCHOR if i % 2 else {}))
        s.quiet = True
        rngs = [random.Random(17 * i + k) for k in range(s.players)]
        step = random.Random(i)
        owned = len(s.owner)
        while not s.is_over():
            s.play_random(rngs, 1)
            if len(s.owner) == owned + 1:
                cut += 1
            owned = len(s.owner)
            assert _unowned_planets(s) == _scratch_unowned(s)
            kept = s.__dict__.get("_near2_memo")  # trading-station neighbours kept (read only)
            now = (id(s.owner), len(s.owner), sum(len(q.guest) for q in s.pl))
            if kept is not None and kept[0] == now:  # else stale: made anew when next read
                for (seat, h), near in kept[1].items():
                    assert near == _neighbour_within_2_now(s, seat, h)
                    answers += 1
            if s.is_over() or step.random() > 0.08:
                continue
            fresh = pickle.loads(pickle.dumps(s))  # no memo
            for seat in range(s.players):
                if s.pl[seat].faction is None:
                    continue
                origins = range_origins(s, seat)
                check_sites(s, fresh, seat, origins)
                dist = seat_distances(s, seat, origins)
                assert all(d == min(distance(h, o) for o in origins) for h, d in dist.items())
                compared += 1
    assert cut > 0 and compared > 0 and answers > 0


def _listed_by_hand(s: GaiaState, seat: int, origins: list) -> tuple:
    """``_mine_sites_near``'s lists made planet by planet from the rules: distances measured
    hex by hex, each unowned planet (not empty, not the Lost Planet) read in hex order,
    sorted by distance then hex."""
    dist = {h: min(distance(h, o) for o in origins) for h in s.ptype} if origins else {}
    home = s.pl[seat].board.home
    near, now, gaias = [], [], []
    for h in s.planet_hexes:
        kind = s.ptype.get(h)
        if h in s.owner or kind in ("empty", "lost"):
            continue
        d = dist.get(h)
        if kind == "transdim" or d is None or h in s.gf:
            now.append((h, None, None))
        elif kind == "gaia":
            gaias.append((h, -1, d))
        else:
            near.append((h, terraform_steps(home, kind), d))
    near.sort(key=lambda x: (x[2], x[0]))
    gaias.sort(key=lambda x: (x[2], x[0]))
    return (tuple(near), [x[2] for x in near], tuple(now), tuple(gaias),
            [x[2] for x in gaias])


@pytest.mark.parametrize("chunk", range(2))
def test_sites_listed_match_a_listing_by_hand(chunk: int) -> None:
    compared = lists = 0
    for i in range(chunk, GAMES * 2, 2):
        game = GaiaState.new(2 + i % 3, seed=900 + i, **(ANCHOR if i % 2 else {}))
        game.quiet = True
        for s in random_stops(game, 23 * i, random.Random(i), 1, 12):
            fresh = pickle.loads(pickle.dumps(s))  # no memo: the lists made now
            for seat in range(s.players):
                if s.pl[seat].faction is None:
                    continue
                origins = range_origins(s, seat)
                want = _listed_by_hand(s, seat, origins)
                assert _mine_sites_near(fresh, seat, origins) == want
                near, now, gaias = _unowned_sites(s, _mine_sites_near(s, seat, origins))
                assert near == want[0]  # kept, less those owned since: the same order
                lists += len(want[0]) > 1
                compared += 1
    assert compared > 100 and lists > 50
