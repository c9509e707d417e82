"""Session 21's free actions (``freeacts``) give the answers of the plain computations, at
random points of random games of 2, 3 and 4 players, the factions with free actions of their
own (Bal T'aks, Hadsch Hallas, Nevlas), the Gleens (QIC as ore) and the Taklons (the
brainstone) in every game besides random ones: the list remembered by the comparisons a
seat's actions read (``free_kept``, one memo over all the games, so a key shared by two
states with different lists would show) against the list made now, action by action; a
conversion's direct path (``do_free``: one thing paid, stock or tokens gained) against
``pay`` then ``gain`` (the same stock, bowls, flows and decisions). A dozen games by default; many more with ``GAMEKIT_SOAK=1``."""

from __future__ import annotations

import os
import random

import pytest
from gaia_helpers import random_stops

from gamekit.games.gaia import GaiaState
from gamekit.games.gaia.economy import gain, pay
from gamekit.games.gaia.freeacts import _DIRECT, FREE, do_free, free_kept, free_legal_now

SOAK = os.environ.get("GAMEKIT_SOAK") == "1"
GAMES = 240 if SOAK else 12
#: factions whose free actions read more than the common ones, with others
_TABLES = (["baltaks", "hadsch-hallas", "nevlas", "gleens"],
           ["taklons", "nevlas", "baltaks"], ["hadsch-hallas", "gleens"], None)


def _game(i: int) -> GaiaState:
    factions = _TABLES[i % len(_TABLES)]
    players = len(factions) if factions else 2 + i % 3
    options = {"factions": factions} if factions else {}
    if i % 2:
        options.update(refuse_wasted=True, token_bowls="lowest_first")
    return GaiaState.new(players, seed=2100 + i, **options)


def _state(s: GaiaState, seat: int) -> tuple:
    p = s.pl[seat]
    b = p.bowls
    return (dict(p.res), (b.bowl1, b.bowl2, b.bowl3, b.gaia), p.brainstone, p.gf_gaia,
            p.vp, s.flows[-4:], s.stack)


@pytest.mark.parametrize("chunk", range(3))
def test_free_lists_and_conversions_match_plain(chunk: int) -> None:
    seen: set = set()
    converted = 0
    for i in range(chunk, GAMES, 3):
        for s in random_stops(_game(i), 31 * i, random.Random(i), 3, 25):
            for seat in range(s.players):
                now = free_legal_now(s, seat)
                assert list(free_kept(s, seat)) == now
                seen.add(s.pl[seat].faction)
                for a in now:  # the conversions of the direct path (not gf-q, t3-k)
                    if a.verb != "convert" or len(a.args) != 1 or a.args[0] not in _DIRECT:
                        continue
                    cost, got, _, _ = FREE[a.args[0]]
                    mine, plain = s.clone(), s.clone()
                    mine.quiet = plain.quiet = True
                    do_free(mine, seat, a)
                    pay(plain, seat, cost, "free")
                    gain(plain, seat, got, "free")
                    assert _state(mine, seat) == _state(plain, seat)
                    converted += 1
    assert converted > 0
    assert {"baltaks", "hadsch-hallas", "nevlas", "gleens"} <= seen
