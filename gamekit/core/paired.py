"""``PairedAgent`` (``rollouts``): the heuristic bot improved by paired rollouts on the seat's
view, the top of every card game's ladder (docs/bots.md).

At each real choice it plays every candidate action (all of them, or ``max_actions`` of them
in a seeded sample that keeps the heuristic's own choice) from the *same* samples of the
hidden parts: round ``k`` draws one full state from the seat's view (``view.determinize``),
one chance seed and one policy seed, and every candidate still in the race is played from that
sample with those seeds, to the end of the game, by the game's heuristic bot at every seat
(``epsilon`` random moves). The candidates meet the same hidden cards and the same draws, so
their *difference* is measured, not the luck of the deal (a one-level information-set search:
the samples are drawn from what the seat can know, never from the hidden cards).

Every ``check`` rounds, a candidate whose paired difference to the leader is below zero by
more than ``z`` standard errors leaves the race. The decision is the heuristic's own choice
(the anchor; a game without one: the first legal action) unless the leader beats it with a paired difference above zero by ``z`` standard
errors: a few lucky rollouts never overrule the heuristic. A decision costs at most ``rounds``
rounds and about ``budget`` simulated decisions (a round is not begun when the last one's
decisions would pass it; at least one is played): about 1 CPU-second on the 2-core machine
(70–280 µs a heuristic decision). Deterministic for a seed: counted in decisions, never in
seconds.

It never sees hidden cards (only the view and samples of it) and draws only from its own rng
(``tests/core/test_paired.py`` proves both).
"""

from __future__ import annotations

import math
import random
from typing import Any

from .actions import Action
from .agents import Agent, RolloutPolicy, leader_value
from .decisions import Decision
from .rng import Chance
from .state import GameState

__all__ = ["PairedAgent", "paired_rollout"]


def paired_rollout(sample: GameState, action: Action, chance_seed: int, policy_seed: int,
                   limit: int | None = None, epsilon: float = 0.0,
                   policy: str = "heuristic") -> GameState:
    """``action`` played on a copy of ``sample`` whose chance and rollout policy are seeded by
    ``chance_seed`` and ``policy_seed``, then played on by the policy for at most ``limit``
    decisions (``None``: to the end of the game). Two actions played from the same sample and
    seeds meet the same draws: the rollouts are paired."""
    state = sample.clone()
    state.chance = Chance(chance_seed, state.log)
    state.quiet = True
    state.apply(action, False)
    left = state.max_decisions - state.decisions_made()
    RolloutPolicy(state.game, random.Random(policy_seed), epsilon,
                  policy).run(state, left if limit is None else min(left, limit))
    return state


class PairedAgent(Agent):
    """The heuristic's choice, changed only when paired rollouts to the end clearly prefer
    another action (``rounds``: at most this many rollouts per candidate; ``z``: standard errors
    a difference needs; ``max_actions``: candidates at most)."""

    name = "rollouts"
    needs_view = True

    def __init__(self, seed: int = 0, rounds: int = 12, z: float = 1.5, max_actions: int = 8,
                 check: int = 4, epsilon: float = 0.0, policy: str = "heuristic",
                 budget: int = 6000):
        super().__init__(seed)
        self.rounds, self.z, self.max_actions, self.check = rounds, z, max_actions, check
        self.budget = budget
        self.epsilon, self.policy = epsilon, policy
        self._anchor_bot: Agent | None = None

    def choose(self, view: GameState | None, decision: Decision) -> Action:
        legal = list(decision.legal)
        if len(legal) == 1:
            return legal[0]
        if view is None:
            raise ValueError("the rollouts agent needs the seat's view")
        anchor = self._anchor(view, decision)
        options = self._candidates(legal, anchor)
        values: list[list[float]] = [[] for _ in options]
        active = list(range(len(options)))
        spent = 0
        with view.without_history():
            for k in range(self.rounds):
                playing = len(active)
                last = self._round(view, decision.seat, options, active, values)
                spent += last
                if (k + 1) % self.check == 0 and self._drop(active, values) == 1:
                    break
                if spent + last * len(active) / playing > self.budget:
                    break
        return options[self._pick(active, values)]

    def _anchor(self, view: GameState, decision: Decision) -> Action:
        """The heuristic bot's choice (a game without one: the first legal action)."""
        if self._anchor_bot is None:
            from .registry import get

            factory = get(view.game).agents.get(self.policy)
            if factory is None:
                return decision.legal[0]
            self._anchor_bot = factory(self.rng.getrandbits(32))
        return self._anchor_bot.choose(view, decision)

    def _candidates(self, legal: list[Action], anchor: Action) -> list[Action]:
        """The anchor first, then the other legal actions (a seeded sample past
        ``max_actions``, in the legal list's order)."""
        others = [a for a in legal if a != anchor]
        if len(others) >= self.max_actions:
            keep = set(self.rng.sample(range(len(others)), self.max_actions - 1))
            others = [a for i, a in enumerate(others) if i in keep]
        return [anchor, *others]

    def _round(self, view: GameState, seat: int, options: list[Action], active: list[int],
               values: list[list[float]]) -> int:
        """One paired round: one sample of the hidden parts, every option in the race on it;
        the decisions it simulated."""
        sample = view.determinize(self.rng)
        chance_seed = self.rng.getrandbits(64)
        policy_seed = self.rng.getrandbits(64)
        start = sample.decisions_made()
        spent = 0
        for i in active:
            state = self._rollout(sample, options[i], chance_seed, policy_seed)
            values[i].append(self._value(state, seat))
            spent += state.decisions_made() - start
        return spent

    def _rollout(self, sample: GameState, option: Action, chance_seed: int,
                 policy_seed: int) -> GameState:
        """One option played on from the round's sample (to the end of the game)."""
        return paired_rollout(sample, option, chance_seed, policy_seed, epsilon=self.epsilon,
                              policy=self.policy)

    def _value(self, state: GameState, seat: int) -> float:
        """What a rollout's end is worth to the seat."""
        return leader_value(state, seat)

    def _drop(self, active: list[int], values: list[list[float]]) -> int:
        """Take out the options clearly below the leader; the options left."""
        best = max(active, key=lambda i: (sum(values[i]), -i))
        for i in list(active):
            if i != best and _paired_z(values[best], values[i]) > self.z:
                active.remove(i)
        return len(active)

    def _pick(self, active: list[int], values: list[list[float]]) -> int:
        """The leader when it clearly beats the anchor (option 0), else the anchor."""
        best = max(active, key=lambda i: (sum(values[i]), -i))
        if best == 0 or 0 not in active:
            return best
        return best if _paired_z(values[best], values[0]) > self.z else 0

    def __getstate__(self) -> dict[str, Any]:
        d = self.__dict__.copy()
        d["_anchor_bot"] = None
        return d


def _paired_z(a: list[float], b: list[float]) -> float:
    """How many standard errors the mean paired difference ``a - b`` is above zero (over the
    rounds both played)."""
    n = min(len(a), len(b))
    if n < 2:
        return 0.0
    diffs = [a[j] - b[j] for j in range(n)]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    if var == 0:
        return math.inf if mean > 0 else (-math.inf if mean < 0 else 0.0)
    return mean / math.sqrt(var / n)
