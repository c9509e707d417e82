"""The shortcuts of ``cardmoves.put_pending`` (stacks of none, one or two entries, a step kept
as it is, every seat's interned choice) write the same stack as the plain rule: seat ``s``'s
entry replaced by the step (or removed), the others kept, in seat order (issue 24's speed)."""

from __future__ import annotations

import itertools
import random
from types import SimpleNamespace

from gamekit.core.stack import Pending
from gamekit.games.race import RaceState
from gamekit.games.race.cardmoves import everyone, put_pending

STEPS = [("choose",), ("keep",), ("consume",), ("pay", 12, 2, False), ("limit", 3),
         ("good", "x", 1, 1, False, 1, (), 1, 0, False)]


def plain(stack: tuple, s: int, p: tuple | None) -> tuple:
    """The rule itself: drop ``s``'s entry, then put the step (if any) in seat order."""
    rest = [e for e in stack if e.seat != s]
    if p is not None:
        rest.append(Pending(p[0], s, tuple(p[1:])))
    return tuple(sorted(rest, key=lambda e: e.seat))


def stacks(players: int):
    """Every stack of at most one entry per seat, in seat order, over a few steps."""
    choices = [None, *STEPS[:4]]
    for picks in itertools.product(choices, repeat=players):
        yield tuple(Pending(p[0], s, tuple(p[1:])) for s, p in enumerate(picks) if p)


def test_every_write_gives_the_plain_rules_stack():
    checked = 0
    for players in (2, 3, 4):
        for stack in stacks(players):
            for s in range(players):
                for p in (None, *STEPS):
                    st = SimpleNamespace(stack=stack)
                    put_pending(st, s, p)
                    assert st.stack == plain(stack, s, p), (stack, s, p)
                    assert all(type(e) is Pending for e in st.stack)
                    checked += 1
    assert checked > 5_000


def test_every_seat_on_one_step_is_the_plain_stack_and_every_seat_decides():
    for players in (2, 3, 4):
        st = SimpleNamespace(stack=(), players=players, _tm=())
        everyone(st, "dev_pick")
        assert st.stack == tuple(Pending("dev_pick", s, ()) for s in range(players))
        assert st._tm == tuple(range(players))


def test_a_game_keeps_who_decides_equal_to_its_stack():
    rng = random.Random(5)
    for players in (2, 4):
        state = RaceState.new(players, 11)
        while not state.is_over():
            assert state.to_move() == tuple(e.seat for e in state.stack)
            seat = state.to_move()[0]
            state.apply(rng.choice(state.legal_actions(seat)))
