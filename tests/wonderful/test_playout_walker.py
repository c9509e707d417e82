"""The random-play walker (``playout.play``, issue 15) leaves the game exactly where the step
table's generic loop leaves it, after every number of decisions: stopped in the middle of a
draft turn, of a seat's planning, of a production step, and played on from there."""

from __future__ import annotations

import os
import random

import pytest

import gamekit
from gamekit.core import GameState
from gamekit.games.wonderful import playout, walk_draft
from gamekit.games.wonderful.seat import SeatState


def _pair(players: int, seed: int):
    fast = gamekit.new("wonderful", players=players, seed=seed)
    plain = gamekit.new("wonderful", players=players, seed=seed)
    fast.quiet = plain.quiet = True
    return fast, plain


def _same(fast, plain) -> None:
    assert fast.log == plain.log
    assert fast.to_dict() == plain.to_dict()
    assert fast.to_move() == plain.to_move()
    assert fast.stack == plain.stack
    assert fast.discard == plain.discard and fast.supremacy == plain.supremacy


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_walker_stops_where_the_generic_loop_stops(players):
    chunks = random.Random(players)
    for seed in range(6):
        fast, plain = _pair(players, seed)
        rngs_a = [random.Random(seed * 10 + s) for s in range(players)]
        rngs_b = [random.Random(seed * 10 + s) for s in range(players)]
        assert playout.fits(fast, rngs_a)
        while not plain.is_over():
            limit = chunks.choice((1, 2, 3, 5, 8, 13, 40))
            made = fast.play_random(rngs_a, limit)
            assert made == GameState.play_random(plain, rngs_b, limit)
            _same(fast, plain)
            assert [r.getstate() for r in rngs_a] == [r.getstate() for r in rngs_b]
        assert fast.is_over() and fast.result().scores == plain.result().scores


def test_a_stopped_walk_is_a_legal_position_to_go_on_from():
    fast, plain = _pair(4, 3)
    rng = random.Random(3)
    fast.play_random([rng] * 4, 150)
    seat = fast.to_move()[0]
    legal = fast.legal_actions(seat)
    assert legal
    fast.apply(legal[0])  # checked: the walker left a consistent state
    fast.check_invariants()


def test_the_walker_leaves_other_games_to_the_step_table():
    state = gamekit.new("wonderful", players=1, seed=0)
    state.quiet = True
    assert not playout.fits(state, [random.Random(0)])  # solo: exchanges, projects
    loud = gamekit.new("wonderful", players=3, seed=0)
    assert not playout.fits(loud, [random.Random(0)] * 3)  # events and flows are written
    paused = gamekit.new("wonderful", players=3, seed=0).pause_at("step")
    paused.quiet = True
    assert not playout.fits(paused, [random.Random(0)] * 3)


#: draws of the packets property (``GAMEKIT_SOAK=1``: thousands)
PASS_DRAWS = 5000 if os.environ.get("GAMEKIT_SOAK") == "1" else 300


def test_the_packets_after_a_draft_round_are_those_passed_turn_by_turn():
    """``walk_draft._pass`` writes a round's packets once; each reveal passes them one seat
    on (``walk_draft._reveal``): the same packets and packets seen after any number of passes,
    from any hands held and any packets seen before."""
    rng = random.Random(31)
    for _ in range(PASS_DRAWS):
        n = rng.randint(2, 5)
        d = rng.choice((1, -1))
        passes = rng.randint(0, 9)
        held = rng.sample(range(n), n)
        seen = [(1 << p) | rng.getrandbits(n) for p in held]
        fast = [SeatState("noram", packet=p, packets_seen=m) for p, m in zip(held, seen)]
        walk_draft._pass(fast, d, passes)
        packets = list(held)
        for _ in range(passes):  # seat s + d receives the packet seat s held
            packets = [packets[(s - d) % n] for s in range(n)]
            seen = [m | 1 << p for m, p in zip(seen, packets)]
        assert [seat.packet for seat in fast] == packets
        assert [seat.packets_seen for seat in fast] == seen



def test_the_walkers_shared_empty_entries_count_as_a_fresh_count():
    """At random points of random walker games, every card under construction: its counts
    memo (``placements._USES``) is a fresh count, and an empty one is the shared
    ``EMPTY_ENTRY`` (the memo's own key, found by identity)."""
    from gamekit.games.wonderful import placements

    pick = random.Random(31)
    checked = empty = 0
    for seed in range(6):
        players = 2 + seed % 4
        state = gamekit.new("wonderful", players=players, seed=seed)
        state.quiet = True
        rngs = [random.Random(seed * 10 + s) for s in range(players)]
        while not state.is_over():
            state.play_random(rngs, pick.choice((3, 7, 20)))
            for seat in state.seats:
                for entry in seat.construction:
                    cid, fills = entry
                    assert placements._count_uses(entry) == placements._count(entry)
                    if not any(fills):
                        assert entry is placements.EMPTY_ENTRY[cid]
                        empty += 1
                    checked += 1
    assert checked > 300 and empty > 100, (checked, empty)


def test_a_first_copies_turn_picks_as_the_list_of_first_copies():
    """``walk_draft._pick_first_copies`` (a pair found by where its later copy lies, more
    copies by their list of first copies) picks, for random hands with up to three copies,
    the card the list of first copies gives for the same draw, removes its first copy, and
    keeps in ``dups`` exactly the hands that still hold copies."""
    from gamekit.games.wonderful.data import CARDS

    ids = sorted(CARDS)
    pick = random.Random(22)
    kinds = {"pair": 0, "more": 0}
    for t in range(PASS_DRAWS):
        k = pick.randint(2, 10)
        pool = pick.sample(ids, pick.randint(max(1, k - 3), k))
        hands = [[pick.choice(pool) for _ in range(k)] for _ in range(pick.randint(2, 5))]
        held = [list(h) for h in hands]
        dups = {id(h): walk_draft._later_copy(h) for h in held if len(set(h)) < len(h)}
        for h in held:
            if id(h) in dups:
                kinds["pair" if dups[id(h)] >= 0 else "more"] += 1
        rngs = [random.Random(t * 10 + s) for s in range(len(held))]
        twins = [random.Random(t * 10 + s) for s in range(len(held))]
        areas: list[list[str]] = [[] for _ in held]
        log: list[str] = []
        walk_draft._pick_first_copies(held, dups, [r.getrandbits for r in rngs], log.append,
                                      areas)
        for s, hand in enumerate(hands):
            cards = list(dict.fromkeys(hand))
            cid = cards[twins[s]._randbelow(len(cards))] if len(cards) > 1 else cards[0]
            hand.remove(cid)
            assert areas[s] == [cid] and held[s] == hand
            assert (id(held[s]) in dups) == (len(set(hand)) < len(hand))
            if dups.get(id(held[s]), -1) >= 0:
                assert dups[id(held[s])] == walk_draft._later_copy(hand)
        assert [r.getstate() for r in rngs] == [r.getstate() for r in twins]
    assert kinds["pair"] > 100 and kinds["more"] > 100, kinds
