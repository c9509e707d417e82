"""One event per fact: a seat's own secret move is told to it once (its secret version), not
also as the public twin the other seats read (``GameState.twins``, ``events.narrated``)."""

from __future__ import annotations

import random

import pytest

import gamekit
from gamekit.core.events import narrated
from gamekit.core.registry import available


def _played(game: str, seed: int = 3):
    state = gamekit.new(game, players=3, seed=seed)
    rng = random.Random(seed)
    steps = 0
    while not state.is_over() and steps < 1500:
        state.apply(rng.choice(state.legal_actions(state.to_move()[0])))
        steps += 1
    return state


@pytest.mark.parametrize("game", sorted(available()))
def test_a_seat_is_not_told_its_own_secret_move_twice(game):
    state = _played(game)
    twins = state.twins
    public = [e for e in state.events if e.visible is None]
    for seat in range(state.players):
        told = narrated(state.events, seat, twins)
        assert len(state.narration("en", seat)) == len(told)
        for i, e in enumerate(told):  # no public twin beside the secret one the seat sees
            near = told[max(0, i - 1):i] + told[i + 1:i + 2]
            assert not (e.visible is None and e.kind in twins and any(
                x.kind == twins[e.kind] and x.seat == e.seat for x in near)), (game, seat, e)
        # the other seats' public facts are all still told
        others = [e for e in public if e.seat != seat]
        assert all(e in told for e in others)
    if twins:  # the game has twins and the sampled game met some: the seat's view is shorter
        seat = 0
        mine = [e for e in state.events if e.seen_by(seat)]
        assert len(narrated(state.events, seat, twins)) < len(mine)


def test_the_draft_pick_is_told_once_to_the_picker():
    state = gamekit.new("wonderful", players=3, seed=1)
    for seat in state.to_move():
        state.apply(state.legal_actions(seat)[0])
    public = state.narration("en", None)
    own = state.narration("en", 0)
    assert any("Player 1" in line and "face down" in line for line in public)
    assert not any("Player 1" in line and "face down" in line for line in own)
    assert any("Player 1" in line and "face down" not in line and "pick" in line.lower()
               for line in own)
    assert any("Player 2" in line and "face down" in line for line in own)
