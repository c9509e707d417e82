"""Contract v3 for Race for the Galaxy (issue 24 §2): a plain state class, rules as plain
functions reached through closed tables, and each seat's step on the core decision stack."""

from __future__ import annotations

import inspect
import random

import gamekit
from gamekit.core import GameState
from gamekit.core.stack import Pending
from gamekit.games.race import RaceState, build, choose, consume, explore, produce, round_end
from gamekit.games.race.cardmoves import pending
from gamekit.games.race.decisions import HANDLERS, STEPS
from gamekit.games.race.phases import _BEGIN

RULES = (build, choose, consume, explore, produce, round_end)


def test_the_state_is_a_plain_class_without_mixins():
    assert RaceState.__mro__[1:] == (GameState, object)


def test_every_handler_and_phase_opening_is_a_plain_function_of_a_rule_module():
    for table in (HANDLERS, _BEGIN):
        for name, fn in table.items():
            assert inspect.isfunction(fn), name
            assert inspect.getmodule(fn) in RULES, (name, fn.__module__)
            assert next(iter(inspect.signature(fn).parameters)) == "st", name
    assert set(HANDLERS) == set(STEPS)


def test_each_seat_decides_the_kind_of_its_entry_on_the_core_stack():
    """Every decision of random games (2 and 4 players, advanced) is the seat's stack entry;
    the seats to move are exactly the seats on the stack, one entry each, in seat order."""
    for players, options in ((2, {}), (4, {}), (2, {"advanced": True})):
        state = gamekit.new("race", players=players, seed=7, **options)
        rng = random.Random(7)
        while not state.is_over():
            stack = state.stack
            assert all(isinstance(e, Pending) and e.kind in STEPS for e in stack)
            assert [e.seat for e in stack] == sorted({e.seat for e in stack})
            assert state.to_move() == tuple(e.seat for e in stack)
            seat = state.to_move()[0]
            entry = next(e for e in stack if e.seat == seat)
            assert state.decision(seat).kind == entry.kind
            assert pending(state, seat) == (entry.kind, *entry.data)
            state.apply(rng.choice(state.legal_actions(seat)))
        assert state.stack == ()


def test_a_position_carries_the_stack_and_a_pending_step_reads_back_into_it():
    state = gamekit.new("race", players=3, seed=4)
    rng = random.Random(4)
    for _ in range(60):
        state.apply(rng.choice(state.legal_actions(state.to_move()[0])))
    again = gamekit.position(state.position())
    assert again.stack and [e[:2] for e in again.stack] == [e[:2] for e in state.stack]
    # copies of one card are interchangeable: the step's data agree card by card id
    assert [x["pending"] for x in again.to_dict()["seats"]] == \
        [x["pending"] for x in state.to_dict()["seats"]]


def test_a_tableaus_powers_add_up_its_cards():
    """``cardmoves.Powers`` (one pass, cached per tableau) against card-by-card sums."""
    from gamekit.games.race.cardmoves import Powers

    rng = random.Random(3)
    for _ in range(400):
        p = Powers(tuple(rng.sample(range(114), rng.randrange(13))))
        cards = p.cards
        for name, attr in (("mil", "mil"), ("mil_rebel", "mil_rebel"),
                           ("dev_discount", "dev_discount"), ("explore_draw", "explore_draw"),
                           ("explore_keep", "explore_keep"), ("dev_draw_start", "dev_draw_start"),
                           ("dev_draw_after", "dev_draw_after"),
                           ("settle_draw_after", "settle_draw_after")):
            assert getattr(p, name) == sum(getattr(x, attr) for x in cards), name
        assert p.mil_good == tuple(sum(x.mil_good[g] for x in cards) for g in range(4))
        assert p.settle_discount == tuple(d for x in cards for d in x.settle_discount)
        assert p.pay_mil == max((x.pay_mil for x in cards), default=-1)
        assert p.tactics == max((x.mil_discard for x in cards), default=0)
        assert p.colony == any(x.colony for x in cards)
