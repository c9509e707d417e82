"""Property tests over random games for 2, 3 and 4 players in which, over the test, every
faction is played: tokens are conserved in the bowls, no stock goes over its cap or below 0,
the flow ledger balances, positions round-trip and play on alike, illegal actions leave the
state unchanged, and the record replays. A few games by default (a few seconds); many more
with ``GAMEKIT_SOAK=1``."""

from __future__ import annotations

import os
import random

import pytest

from gamekit.core import Action
from gamekit.core.invariants import assert_illegal_unchanged, check_state, reloaded
from gamekit.core.records import GameRecord, replay
from gamekit.games.gaia import GaiaState
from gamekit.games.gaia.components import FACTIONS
from gamekit.games.gaia.player import CAPS

SOAK = os.environ.get("GAMEKIT_SOAK") == "1"
GAMES = {4: 40, 3: 40, 2: 40} if SOAK else {4: 3, 3: 1, 2: 1}


def faction_sets(sizes: list[int]) -> list[list[str]]:
    """One faction list per game (one per home planet each), taken in turn from a queue of
    all 14, so that any 14 seats in a row play every faction."""
    queue = list(FACTIONS)
    out = []
    for players in sizes:
        pick: list[str] = []
        for f in list(queue):
            if len(pick) < players and all(FACTIONS[f].home != FACTIONS[g].home for g in pick):
                pick.append(f)
                queue.remove(f)
                queue.append(f)
        out.append(pick)
    return out


def _all_games():
    sizes = [n for n, k in GAMES.items() for _ in range(k)]
    for i, factions in enumerate(faction_sets(sizes)):
        yield pytest.param(len(factions), i, factions, id=f"{i}-{'-'.join(factions)}")


def test_the_games_play_every_faction():
    played = {f for _p, _i, fs in (x.values for x in _all_games()) for f in fs}
    assert played == set(FACTIONS)


def _tokens(p) -> int:
    b = p.bowls
    return b.bowl1 + b.bowl2 + b.bowl3 + b.gaia


def _check(s: GaiaState, start: dict[int, tuple[int, int, int]]) -> None:
    for seat, p in enumerate(s.pl):
        for r, cap in CAPS.items():
            assert 0 <= p.res[r] <= cap, f"seat {seat} {r} = {p.res[r]}"
        assert p.vp >= 0
        if seat in start:  # bowls conserve tokens: only new ones come in, only removed go out
            total, added, removed = start[seat]
            b = p.bowls
            assert _tokens(p) == total + (b.added - added) - (b.removed - removed)
        if p.brainstone is not None:
            b = p.bowls
            assert (b.bowl1, b.bowl2, b.bowl3, b.gaia)[p.brainstone - 1] >= 1


@pytest.mark.parametrize("players, i, factions", list(_all_games()))
def test_random_game_keeps_the_invariants(players, i, factions):
    seed = 1000 * players + i
    rng = random.Random(seed)
    s = GaiaState.new(players, seed, factions=factions,
                      layout="random" if i % 2 else "first_game",
                      turn_order="variable" if i % 3 == 1 else "rulebook",
                      token_bowls="lowest_first" if i % 2 else "choose")
    start = {seat: (_tokens(p), p.bowls.added, p.bowls.removed) for seat, p in enumerate(s.pl)}
    step, every = 0, 7
    while not s.is_over():
        _check(s, start)
        seat = s.to_move()[0]
        legal = s.legal_actions(seat)
        if step % every == 0:
            check_state(s, rng, views=step % (4 * every) == 0)
            # an action of another seat, and one no decision offers: refused, nothing changes
            other = (seat + 1) % players
            assert_illegal_unchanged(s, Action(other, legal[0].verb, legal[0].args))
            assert_illegal_unchanged(s, Action(seat, legal[0].verb, (*legal[0].args, "x")))
        if step % (10 * every) == 3:  # a position saved and loaded plays on alike
            again = reloaded(s)
            assert again.to_dict() == s.to_dict()
            assert again.legal_actions(seat) == legal
        s.apply(rng.choice(legal))
        step += 1
    _check(s, start)
    check_state(s, rng, views=True)
    again = replay(GameRecord.from_json(s.record().to_json()))
    assert again.to_dict() == s.to_dict() and again.result().as_dict() == s.result().as_dict()
