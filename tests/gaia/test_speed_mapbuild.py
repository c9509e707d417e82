"""Session 21's kept answers of the map and build side against from-scratch answers, at
every decision of random games of 2, 3 and 4 players (base rules and the anchor-engine
options): the planets read now that are no longer Transdim (kept per seat until a planet
turns Gaia) against those filtered from the map now, the Transdim planets within reach
(kept per seat and range until a planet turns Gaia) against distances measured planet by
planet, and each seat's mine and Gaia-project options against a copy without memos at
random decisions; each seat's range origins and distance field (kept until an origin
more) against those made now; the distance rows made from key differences
(``hexfield``) against distances measured hex by hex; the federation walk's parents read from the bits around a
hex against its parents' table; every income table's power item as ``income`` reads it.
Many more games with ``GAMEKIT_SOAK=1``."""

from __future__ import annotations

import os
import pickle
import random

import pytest
from gaia_helpers import ANCHOR

from gamekit.games.gaia import GaiaState, fedwalk, hexfield, rounds
from gamekit.games.gaia.build import _transdim_reach, gaia_options
from gamekit.games.gaia.components import (
    BOOSTERS,
    FACTIONS,
    TECH,
    TRACKS,
    VARIANTS,
    faction_board,
)
from gamekit.games.gaia.mines import (
    _mine_sites_near,
    _readable,
    mine_options,
    range_origins,
    reach_cost,
    seat_field,
)
from gamekit.kit.hexgrid import distance

SOAK = os.environ.get("GAMEKIT_SOAK") == "1"
GAMES = 600 if SOAK else 10


def _scratch_field(s: GaiaState, origins: list) -> dict:
    return {h: min(distance(h, o) for o in origins) for h in s.ptype}


@pytest.mark.parametrize("chunk", range(2))
def test_kept_answers_match_scratch(chunk: int) -> None:
    readable = compared = 0
    for i in range(chunk, GAMES, 2):
        s = GaiaState.new(2 + i % 3, seed=2100 + i, **(ANCHOR if i % 2 else {}))
        s.quiet = True
        rngs = [random.Random(31 * i + k) for k in range(s.players)]
        step = random.Random(i)
        while not s.is_over():
            s.play_random(rngs, 1)
            look = step.random() < 0.1
            for seat in range(s.players):
                if s.pl[seat].faction is None:
                    continue
                now = _mine_sites_near(s, seat, range_origins(s, seat))[2]
                want = tuple(t for t in now if s.ptype.get(t[0]) != "transdim")
                assert _readable(s, seat, now) == want
                readable += bool(want)
                origins = range_origins(s, seat)
                kept_origins, kept_dist = seat_field(s, seat)
                assert kept_origins == origins
                assert kept_dist == (_scratch_field(s, origins) if origins else {})
                rng = s.pl[seat].range()
                reach = tuple((h, reach_cost(s, seat, h, origins)) for h in sorted(s.ptype)
                              if s.ptype[h] == "transdim" and h not in s.owner)
                assert _transdim_reach(s, seat, rng) == tuple(x for x in reach if x[1] >= 0)
                if look:
                    fresh = pickle.loads(pickle.dumps(s))  # no memo: the answers made now
                    assert mine_options(s, seat) == mine_options(fresh, seat)
                    assert gaia_options(s, seat) == gaia_options(fresh, seat)
                    compared += 1
    assert readable > 0 and compared > 0


def test_hexfield_rows_and_nearest_match_distances() -> None:
    """Rows made from key differences (and the arithmetic fallback far out) are the steps
    measured hex by hex; the byte-wise nearest of rows is their element-wise minimum."""
    rnd = random.Random(21)
    for far in (False, True):
        span = 40 if far else 15
        hexes = tuple((rnd.randint(-span, span), rnd.randint(-span, span)) for _ in range(70))
        keys = hexfield.keys_of(hexes)
        assert (keys is None) == far
        rows, want = [], []
        for _ in range(6):
            o = (rnd.randint(-15, 15), rnd.randint(-15, 15))
            rows.append(hexfield.row(keys, hexes, o))
            want.append([distance(h, o) for h in hexes])
            assert list(hexfield.steps_of(rows[-1], len(hexes))) == want[-1]
        near = rows[0]
        for line in rows[1:]:
            near = hexfield.nearest(near, line, len(hexes))
        assert list(hexfield.steps_of(near, len(hexes))) == [min(c) for c in zip(*want)]
    for a in range(128):  # every pair of byte values, one byte and in a wide row
        for b in range(0, 128, 7):
            assert hexfield.nearest(a, b, 1) == min(a, b)
            assert hexfield.nearest(a << 80 | b, b << 80 | a, 11) == min(a, b) << 80 | min(a, b)


@pytest.mark.parametrize("players", [2, 4])
def test_parents_read_from_the_bits_around(players: int) -> None:
    """The federation walk's parents of a bit, read from the six bits around it cut out of a
    layer (``_Parents.around``), are the parents' table's that the layer holds, in order."""
    rnd = random.Random(players)
    for seed, layout in ((0, "first_game"), (1, "random")):
        s = GaiaState.new(players, seed=810 + seed, layout=layout)
        _one, hexes, nbrs, w, _free = fedwalk._bits(s)
        for _ in range(30):
            layer = sum(1 << b for b in range(len(hexes))
                        if hexes[b] is not None and rnd.random() < 0.5)
            for n in range(len(hexes)):
                if hexes[n] is None:
                    continue
                near = (layer >> n - w if n >= w else layer << w - n) & nbrs.mask
                got = [(d, n - off) for d, off in nbrs.around[near]]
                assert got == [(d, i) for d, i, bit in nbrs[n] if layer & bit]


def _income_tables() -> list:
    """Every income table of the components a seat may receive (boards of every faction and
    variant, buildings and their slots, research levels, tech tiles, boosters)."""
    out = [lv.income for t in TRACKS.values() for lv in t.levels]
    out += [t.gain for t in TECH.values() if t.kind == "income"]
    out += [b.income for b in BOOSTERS.values()]
    for variant in ("standard", *VARIANTS):
        for version in (0, 99):
            for f in FACTIONS:
                for players in (2, 3, 4):
                    board = faction_board(f, variant, version, players)
                    out += [board.income, board.pi_income]
                    for b in board.buildings.values():
                        out += [b.income, *b.income_slots]
    return out


def test_income_tables_empty_or_not_and_their_power_items() -> None:
    """``income_sources`` drops the empty tables by their truth (no table holds only
    zeros); ``income`` reads each table's power item and the rest from ``_power_of``."""
    for src in _income_tables():
        assert bool(src) == any(src.values())
        _, kind, n, charge_n, tokens_n, rest = rounds._power_of(src)
        assert charge_n == src.get("power_charge") and tokens_n == src.get("power_tokens")
        if charge_n is None and tokens_n is None:
            assert kind is None
            continue
        assert kind == ("charge" if src.get("power_charge") else "tokens")
        assert n == src.get("power_" + kind)
        assert rest == {k: v for k, v in src.items() if not k.startswith("power_")}
