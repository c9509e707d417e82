"""Session 13's incremental answers for Gaia's random games against from-scratch ones, over
random games of 2, 3 and 4 players (the anchor-engine options every other game):

* a turn's list after a free conversion, its parts kept from the list before it when their
  signature is unchanged (``turnkeep``), against the list of a copy without any memo, at every
  turn decision of the game (unchecked and checked play);
* the federation search at a satellite cap served by the list of a higher cap, filtered,
  against a plain search over every step filtered afterwards.

A dozen games by default; thousands with ``GAMEKIT_SOAK=1``."""

from __future__ import annotations

import os
import random

import pytest
from test_speed_playout import fresh, new_game, plain_found, random_points

from gamekit.games.gaia import federation as fed
from gamekit.games.gaia import turnkeep
from gamekit.games.gaia.actions import free_legal, main_legal

SOAK = os.environ.get("GAMEKIT_SOAK") == "1"
GAMES = 2000 if SOAK else 12
FED_GAMES = 1000 if SOAK else 9


def play_compared(i: int, check: bool) -> tuple[int, int]:
    """Play game ``i`` at random; at each turn decision compare its legal list with a fresh
    copy's. Returns (turn lists compared, lists that reused a kept part)."""
    s = new_game(i)
    rng = random.Random(1000 + i)
    compared = reused = 0
    while not s.is_over():
        seat = s.to_move()[0]
        turn = s.stack[-1][0] == "turn"
        kept = turnkeep.kept_parts(s, seat) if turn else None
        legal = s.legal_actions(seat)
        if turn:
            assert legal == fresh(s).legal_actions(seat), (i, len(s.log))
            compared += 1
            reused += kept is not None
        s.apply(legal[rng.randrange(len(legal))], check)
    return compared, reused


@pytest.mark.parametrize("chunk", range(3))
def test_turn_lists_after_conversions_match_fresh_ones(chunk: int) -> None:
    compared = reused = 0
    for i in range(chunk, GAMES, 3):
        c, r = play_compared(i, check=i % 4 == chunk % 2)
        compared += c
        reused += r
    assert compared > 0 and reused > 0  # the kept parts were exercised


def test_a_stale_entry_is_not_reused() -> None:
    """A conversion applied without its list made first (checked against its free actions
    only) drops the entry of an earlier list; one applied after its list carries it, and a
    copy never reads it."""
    s = new_game(4)
    rng = random.Random(4)
    tried = 0
    while not s.is_over() and tried < 5:
        seat = s.to_move()[0]
        converts = [a for a in free_legal(s, seat) if a.verb == "convert"]
        if s.stack[-1][0] == "turn" and converts and turnkeep.kept_parts(s, seat) is None:
            s.apply(converts[0])  # checked: no main_legal for this decision
            assert turnkeep.kept_parts(s, seat) is None
            assert s.legal_actions(seat) == fresh(s).legal_actions(seat)
            again = [a for a in s.legal_actions(seat) if a.verb == "convert"]
            if again:
                s.apply(again[0])
                assert turnkeep.kept_parts(s, seat) is not None
                assert turnkeep.kept_parts(s.clone(), seat) is None
                assert main_legal(s, seat) == main_legal(fresh(s), seat)
                tried += 1
            continue
        legal = s.legal_actions(seat)
        s.apply(legal[rng.randrange(len(legal))], False)
    assert tried == 5


@pytest.mark.parametrize("chunk", range(3))
def test_a_higher_caps_search_serves_lower_caps(chunk: int) -> None:
    compared = 0
    for i in range(chunk, FED_GAMES, 3):
        for s in random_points(i, 11 * i, 5, 50):
            for seat in range(s.players):
                p = s.pl[seat]
                if p.faction == "ivits" and p.feds or not fed.fed_supply_any(s):
                    continue
                vals, need = fed.fed_values(s, seat), fed.fed_threshold(s, seat)
                if sum(vals.values()) < need:
                    continue
                plain = plain_found(s, seat)
                cap = fed.satellite_cap(s, seat)
                bare = fresh(s)
                for c in (cap + 2, cap, cap + 1, cap - 1, 1, 0, None, 3):
                    if c is None or c >= 0:
                        want = [x for x in plain if c is None or len(x[2]) <= c]
                        assert fed._fed_found(bare, seat, vals, need, c) == want
                        compared += 1
    assert compared > 0
