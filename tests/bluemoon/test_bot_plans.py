"""The heuristic bot's remembered payment plans (``bots._PLANS``, for the rollouts' speed) give
what the plan computes afresh, whatever the hand and spaces, and the memory stays bounded."""

from __future__ import annotations

import random

from gamekit.games.bluemoon import bots


def test_a_remembered_plan_is_the_fresh_plan(monkeypatch):
    monkeypatch.setattr(bots, "_PLANS", {})
    rng = random.Random(4)
    for _ in range(400):
        hand = [rng.choice((0, 0, 0, 1, 2)) for _ in range(24)]
        spaces = [(rng.randrange(9), rng.randint(1, 6)) for _ in range(rng.randint(1, 4))]
        before = list(hand)
        first = bots._plan_payments(hand, spaces)
        assert hand == before, "the hand is not changed"
        assert first == bots._plan(hand, spaces) == bots._plan_payments(hand, spaces)
    assert 0 < len(bots._PLANS) <= 400


def test_the_memory_is_bounded(monkeypatch):
    monkeypatch.setattr(bots, "_PLANS", {})
    monkeypatch.setattr(bots, "_PLANS_MAX", 5)
    for v in range(1, 13):
        bots._plan_payments([1] * 24, [(0, v)])
        assert len(bots._PLANS) <= 5
