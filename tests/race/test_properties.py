"""Property tests over many random games per player count and the advanced game.

* ``test_cheap_invariants``: 200 random games per configuration in ``make test`` (2,000 under
  ``GAMEKIT_SOAK=1``, ``make soak``; about 0.045 CPU-s a game), checking card conservation
  (114 cards), VP pool accounting, no negative stocks and pending-decision consistency every
  few decisions, and at the end the ledger (flows fold to holdings) and score = breakdown.
* ``test_generic_checks``: the core's ``check_random_game`` (ledger, illegal actions rejected
  with the state unchanged, replay determinism, JSON round-trip) on a subset.
* ``test_full_checks_with_views``: the same with views checked at (almost) every step: views
  hide other hands, deck order, goods' identity and the round's hidden choices, and
  ``view == determinize(view).view``.
"""

import os
import random

import pytest

import gamekit
from gamekit.core.events import fold_flows
from gamekit.core.invariants import check_random_game

CASES = [
    (2, {}),
    (3, {}),
    (4, {}),
    (2, {"advanced": True}),
]
IDS = ["2p", "3p", "4p", "2p-advanced"]
#: seeds per configuration of ``test_cheap_invariants`` (the soak plays ten times as many)
CHEAP_SEEDS = 2000 if os.environ.get("GAMEKIT_SOAK") == "1" else 200


def cheap_random_game(players, seed, options, every=16):
    rng = random.Random(seed)
    s = gamekit.new("race", players=players, seed=seed, **options)
    step = 0
    while not s.is_over():
        seats = s.to_move()
        seat = seats[rng.randrange(len(seats))] if len(seats) > 1 else seats[0]
        legal = s.legal_actions(seat)
        s.apply(legal[rng.randrange(len(legal))], False)
        step += 1
        if step % every == 0:
            s.check_invariants()
        assert step < 5000, "game does not end"
    s.check_invariants()
    for seat in range(players):
        held = {k: v for k, v in s.holdings(seat).items() if v}
        assert dict(fold_flows(s.flows, seat, s.ledger_places)) == held
        b = s.score_breakdown(seat)
        assert s.score(seat) == sum(b.values())
        assert b["chips"] == s.seats[seat].chips >= 0
    res = s.result()
    assert res.winners
    assert any(len(seat.tableau) >= 12 for seat in s.seats) or s.pool <= 0
    return s


@pytest.mark.parametrize("players,options", CASES, ids=IDS)
def test_cheap_invariants(players, options):
    for seed in range(1000, 1000 + CHEAP_SEEDS):
        cheap_random_game(players, seed, options)


@pytest.mark.parametrize("players,options", CASES + [(3, {"first_game": True})],
                         ids=IDS + ["3p-first-game"])
def test_generic_checks(players, options):
    for seed in range(40):
        check_random_game("race", players, seed, options, every=40, views=False)


@pytest.mark.parametrize("players,options", CASES, ids=IDS)
def test_full_checks_with_views(players, options):
    for seed in range(100, 104):
        check_random_game("race", players, seed, options, every=4, views=True)
