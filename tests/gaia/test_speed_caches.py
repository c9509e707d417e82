"""The Gaia engine's speed memos (remembered distances, unowned planets and mine sites per
seat, the trading-station neighbour test, the federation search by hex index...) give the
same answers as a from-scratch computation, over random games of 2, 3 and 4 players, on
clones that played on, and with the anchor-engine options. From scratch means two things
here: the same state with every ``_*_memo`` dropped (what a pickle or a loaded position
starts from), and plain reference implementations written over the whole map in this file.
A few games by default (a few seconds); many more with ``GAMEKIT_SOAK=1``."""

from __future__ import annotations

import os
import pickle
import random

import pytest
from gaia_helpers import ANCHOR

from gamekit.games.gaia import GaiaState
from gamekit.games.gaia.actions import station_options
from gamekit.games.gaia.build import (
    gaia_options,
    neighbour_within_2,
    recallable,
    upgrade_option_at,
    upgrade_options,
)
from gamekit.games.gaia.components import TRACKS
from gamekit.games.gaia.economy import can_pay
from gamekit.games.gaia.federation import custom_federation_ok, federation_options, federation_part
from gamekit.games.gaia.mines import (
    mine_cost,
    mine_option_at,
    mine_options,
    range_origins,
    reach_cost,
)
from gamekit.kit.hexgrid import distance

SOAK = os.environ.get("GAMEKIT_SOAK") == "1"
GAMES = 60 if SOAK else 4


def fresh(s: GaiaState) -> GaiaState:
    """The same state without any speed memo (pickling drops them)."""
    again = pickle.loads(pickle.dumps(s))
    assert not [k for k in vars(again) if k.endswith("_memo") and getattr(again, k)]
    return again


def ref_mines(s: GaiaState, seat: int, free: int) -> list:
    """Mine options on planets from the rules' pieces, over every planet of the map."""
    p = s.pl[seat]
    if p.counts.get("m", 0) >= 8 or p.res["credits"] < 2 or p.res["ore"] < 1:
        return []
    origins = range_origins(s, seat)
    out = []
    for h in s.planet_hexes:
        got = mine_cost(s, seat, h, free)
        if got is None:
            continue
        cost, steps = got
        q = 0 if s.gf.get(h) == seat else reach_cost(s, seat, h, origins)
        if q < 0:
            continue
        if q:
            cost = {**cost, "qic": cost.get("qic", 0) + q}
        if can_pay(s, seat, cost):
            out.append((h, cost, steps))
    return out


def ref_gaia(s: GaiaState, seat: int) -> list:
    """Gaia-project options over every planet of the map."""
    p = s.pl[seat]
    placed = sum(1 for x in s.gf.values() if x == seat)
    if p.gaiaformers - placed - p.gf_gaia <= 0 and not recallable(s, seat):
        return []
    need = TRACKS["gaia"].levels[p.research["gaia"]].gaiaform_tokens or 0
    if p.bowls.bowl1 + p.bowls.bowl2 + p.bowls.bowl3 < need:
        return []
    origins = range_origins(s, seat)
    reach = [(h, reach_cost(s, seat, h, origins)) for h in s.planet_hexes
             if s.ptype[h] == "transdim" and h not in s.gf and h not in s.owner]
    return [(h, q, need) for h, q in reach if 0 <= q <= p.res["qic"]]


def ref_stations(s: GaiaState, seat: int) -> list:
    origins = range_origins(s, seat)
    if not origins:
        return []
    limit = s.pl[seat].range() + 2 * s.pl[seat].res["qic"]
    sats = set().union(*(q.satellites for q in s.pl))
    return [h for h, t in sorted(s.space.planets.items()) if t == "empty"
            and h not in s.stations and h not in sats
            and min(distance(h, o) for o in origins) <= limit]


def ref_near2(s: GaiaState, seat: int, h) -> bool:
    return any(o != seat and distance(h, x) <= 2 for x, o in s.owner.items()) or any(
        q.seat != seat and distance(h, x) <= 2 for q in s.pl for x in q.guest)


def check(s: GaiaState, seat: int) -> None:
    """Every remembered answer of ``seat``'s turn equals the from-scratch one."""
    new = fresh(s)
    assert s.legal_actions(seat) == new.legal_actions(seat)
    for free in (0, 1, 2):  # planets only: a Lantids guest mine is on an owned planet
        ref = ref_mines(s, seat, free)
        assert [o for o in mine_options(s, seat, free) if o[0] not in s.owner] == ref
        assert [o for o in mine_options(new, seat, free) if o[0] not in s.owner] == ref
        one = [o for o in mine_options(s, seat, free, one=True) if o[0] not in s.owner]
        assert len(one) == min(1, len(ref)) and all(o in ref for o in one)  # one of them
    assert station_options(s, seat) == ref_stations(s, seat)
    assert gaia_options(s, seat) == gaia_options(new, seat) == ref_gaia(s, seat)
    assert upgrade_options(s, seat) == upgrade_options(new, seat)
    # what ``do_main`` reads at one hex is the legal list's entry
    assert all(mine_option_at(s, seat, o[0]) == o for o in mine_options(s, seat))
    assert all(upgrade_option_at(new, seat, o[0], o[1]) == o for o in upgrade_options(s, seat))
    for h in s.pl[seat].built:
        assert neighbour_within_2(s, seat, h) == ref_near2(s, seat, h)
    assert federation_options(s, seat) == federation_options(new, seat)
    assert federation_part(s, seat) == (federation_options(new, seat),
                                       custom_federation_ok(new, seat))


def _games():
    for i in range(GAMES):
        players = 2 + i % 3
        yield pytest.param(players, i, i % 2 == 1, id=f"{players}p-{i}")


@pytest.mark.parametrize("players, i, anchor", list(_games()))
def test_memos_answer_as_from_scratch(players, i, anchor):
    rng = random.Random(7000 + i)
    s = GaiaState.new(players, 7000 + i, **(ANCHOR if anchor else {}))
    s.quiet = True
    step = 0
    while not s.is_over():
        seat = s.to_move()[0]
        legal = s.legal_actions(seat)
        if s.stack[-1].kind == "turn" and step % 3 == 0:
            check(s, seat)
        if step % 40 == 5:  # a clone plays on: the memos it shares must not leak back
            other = s.clone()
            for _ in range(12):
                if other.is_over():
                    break
                o = other.to_move()[0]
                other.apply(rng.choice(other.legal_actions(o)), False)
            if not other.is_over():
                check(other, other.to_move()[0])
            assert s.legal_actions(seat) == legal == fresh(s).legal_actions(seat)
        s.apply(rng.choice(legal), False)
        step += 1
