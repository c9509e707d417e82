"""Session 12's Gaia speed-ups play the same games and give the same answers as the plain
computations they replace, over random games of 2, 3 and 4 players (the anchor-engine options
every other game): ``GaiaState.play_random`` (one loop) against the core's generic loop;
the federation search pruned at the satellite cap, with its steps read once, against a plain
search over every step filtered afterwards; the income sources against copies of the
components' tables; the free actions against ``_free_ok`` on each free action of the rules
(and, session 17, the lists and payable upgrades remembered by what they compare against
those made now).
A few dozen games by default; many more with ``GAMEKIT_SOAK=1``."""

from __future__ import annotations

import os
import pickle
import random
from collections.abc import Iterator

import pytest
from gaia_helpers import ANCHOR, random_stops

from gamekit.core import Action, GameState
from gamekit.games.gaia import GaiaState
from gamekit.games.gaia import federation as fed
from gamekit.games.gaia.build import _payable, _payable_now
from gamekit.games.gaia.components import BOOSTERS, TECH, TRACKS
from gamekit.games.gaia.freeacts import FREE, _free_ok, free_legal, free_legal_now
from gamekit.games.gaia.rounds import income_sources
from gamekit.kit.hexgrid import neighbours

SOAK = os.environ.get("GAMEKIT_SOAK") == "1"
GAMES = 600 if SOAK else 45


def new_game(i: int) -> GaiaState:
    return GaiaState.new(2 + i % 3, seed=i, **(ANCHOR if i % 2 else {}))


def fresh(s: GaiaState) -> GaiaState:
    """The same state without any speed memo (pickling drops them)."""
    return pickle.loads(pickle.dumps(s))


# ------------------------------------------------------------------ the play loop
class _Other(random.Random):
    """A generator of another type: the generic loop plays it."""


@pytest.mark.parametrize("i", range(12))
def test_play_random_plays_the_generic_games(i: int) -> None:
    a, b = new_game(i), new_game(i)
    a.quiet = b.quiet = i % 4 == 0
    ra = [random.Random(100 * i + k) for k in range(a.players)]
    rb = [random.Random(100 * i + k) for k in range(b.players)]
    stop = random.Random(i).randint(20, 80)  # stop mid-game, then play on
    assert a.play_random(ra, stop) == GameState.play_random(b, rb, stop) == stop
    assert a.log == b.log and a.to_dict() == b.to_dict()
    n = a.play_random(ra, 10**6)
    assert n == GameState.play_random(b, rb, 10**6) and n > 0 and a.is_over()
    assert a.log == b.log and a.flows == b.flows and a.to_dict() == b.to_dict()
    assert [str(e) for e in a.events] == [str(e) for e in b.events]


def test_other_generators_play_the_generic_loop() -> None:
    a, b = new_game(5), new_game(5)
    ra = [_Other(k) for k in range(a.players)]
    rb = [random.Random(k) for k in range(b.players)]
    assert a.play_random(ra, 300) == b.play_random(rb, 300) == 300
    assert a.log == b.log


# ------------------------------------------------------------------ federation search
def plain_found(st: GaiaState, seat: int) -> list:
    """Every federation of the search (``_fed_found``'s list) by a plain walk over every
    step: no step read once, no cap."""
    p = st.pl[seat]
    vals, need = fed.fed_values(st, seat), fed.fed_threshold(st, seat)
    banned = set()
    for f in p.feds:
        for h in f:
            banned.add(h)
            banned.update(neighbours(h))
    comps = fed.components_of(st, vals)
    found: list = []

    def step(hexes: frozenset, sats: frozenset, depth: int) -> None:
        if sum(vals[h] for h in hexes) >= need:
            if not hexes & banned:
                found.append(("+".join(sorted(st.label(h) for h in hexes)), hexes, sats))
            return
        if depth:
            for end, cells in fed._nearest(st, hexes | sats, comps, hexes, banned,
                                           fed.FED_BRANCH)[0]:
                step(hexes | comps[end], sats.union(cells), depth - 1)

    for comp in fed.search_starts(vals, comps, banned):
        step(comp, frozenset(), 4)
    return found


def options_of(found: list, cap: int) -> dict:
    """``fed_options``'s choice from a list: per set of structures, the first with the
    fewest satellites at most ``cap``."""
    out: dict = {}
    for key, hexes, sats in found:
        if len(sats) <= cap and (key not in out or len(sats) < len(out[key][1])):
            out[key] = (hexes, sats)
    return out


def check_federations(s: GaiaState, seat: int) -> int:
    """The seat's federation options (memos of the game, and none) and the pruned search at
    caps around the seat's against the plain search; how many options were compared."""
    p = s.pl[seat]
    if p.faction == "ivits" and p.feds or not fed.fed_supply_any(s):
        return 0
    vals, need = fed.fed_values(s, seat), fed.fed_threshold(s, seat)
    if sum(vals.values()) < need:
        assert fed.federation_options(s, seat) == {}
        return 0
    plain = plain_found(s, seat)
    cap = fed.satellite_cap(s, seat)
    want = options_of(plain, cap)
    assert fed.federation_options(s, seat) == want
    assert fed.federation_options(fresh(s), seat) == want
    bare = fresh(s)
    for c in {0, 1, cap - 1, cap + 2}:
        if c >= 0:
            assert fed._fed_found(bare, seat, vals, need, c) == [
                x for x in plain if len(x[2]) <= c]
    return len(want)


# ------------------------------------------------------------------ income, free actions
def plain_income(s: GaiaState, seat: int) -> list[dict]:
    """The income sources as copies of the components' tables."""
    p = s.pl[seat]
    out = [dict(p.board.income)]
    for b in p.board.buildings.values():
        k = p.counts.get(b.code, 0)
        out += [dict(slot) for slot in b.income_slots[:k]]
        if k and b.code != "PI":
            out.append(dict(b.income))
    if p.counts.get("PI"):
        out.append(dict(p.board.pi_income))
    out += [dict(TRACKS[t].levels[lv].income) for t, lv in p.research.items()]
    out += [dict(TECH[t].gain) for t in p.active_tech() if TECH[t].kind == "income"]
    if p.booster:
        out.append(dict(BOOSTERS[p.booster].income))
    return [src for src in out if any(src.values())]


def plain_free(s: GaiaState, seat: int) -> list[Action]:
    """The converts of a turn by ``_free_ok`` on every free action open to the faction."""
    p = s.pl[seat]
    pi = bool(p.counts.get("PI"))
    out = [Action(seat, "convert", (fid,)) for fid, (cost, gain, who, need_pi) in FREE.items()
           if (not who or (p.faction == who and (pi or not need_pi)))
           and _free_ok(s, p, fid, cost, gain)]
    return out


def test_plain_free_reads_the_rules() -> None:
    """The reference itself: a fresh game's first seat has converts, none of them bundles."""
    s = new_game(3)
    s.play_random([random.Random(k) for k in range(s.players)], 60)
    seat = s.to_move()[0]
    assert plain_free(s, seat)
    assert all(a.verb == "convert" and len(a.args) == 1 for a in plain_free(s, seat))


def random_points(i: int, seed: int, least: int, most: int) -> Iterator[GaiaState]:
    """Game ``i`` played at random (seeds ``seed + seat``), stopped every ``least`` to
    ``most`` decisions until it ends: the game at each stop."""
    return random_stops(new_game(i), seed, random.Random(i), least, most)


@pytest.mark.parametrize("chunk", range(3))
def test_answers_match_plain_computations(chunk: int) -> None:
    compared = 0
    for i in range(chunk, GAMES, 3):
        for s in random_points(i, 7 * i, 3, 40):
            for seat in range(s.players):
                compared += check_federations(s, seat)
                if s.pl[seat].board is not None:  # a faction chosen (no income before)
                    assert income_sources(s, seat) == plain_income(s, seat)
                kept = free_legal(s, seat)  # remembered by what it compares (session 17)
                assert kept == free_legal_now(s, seat)
                if s.pl[seat].board is not None:  # the payable upgrades, likewise
                    assert _payable(s, seat) == _payable_now(s, seat)
                converts = [a for a in kept if a.verb == "convert" and len(a.args) == 1]
                assert converts == plain_free(s, seat)
    assert compared > 0
