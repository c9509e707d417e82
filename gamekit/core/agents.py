"""Agents: ``choose(view, decision) -> action``.

``RandomAgent`` picks uniformly; ``LookaheadAgent`` works on any registered game through the
contract: for each legal action it samples full states consistent with what it sees
(``view.determinize``), applies the action, plays the rest out with random moves and keeps the
action with the best mean outcome (wins count most, then score margin).

Determinism: an agent draws only from its own ``rng`` (seeded by its constructor), so the same
seeds give the same game in every process. The look-ahead agent reseeds each sampled state's
``Chance`` from that rng: a view's chance has a fixed seed and must not shape the rollouts.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from .actions import Action
from .decisions import Decision
from .rng import Chance
from .state import GameState

__all__ = ["Agent", "RandomAgent", "LookaheadAgent", "make_agent", "random_playout"]


class Agent:
    """Base agent. ``needs_view = False`` lets the runner skip building a view (faster)."""

    name = "agent"
    needs_view = True

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, view: GameState | None, decision: Decision) -> Action:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"


class RandomAgent(Agent):
    """Uniformly random legal action."""

    name = "random"
    needs_view = False

    def choose(self, view: GameState | None, decision: Decision) -> Action:
        legal = decision.legal
        return legal[self.rng.randrange(len(legal))] if len(legal) > 1 else legal[0]


def random_playout(
    state: GameState, rng: random.Random, limit: int | None = None, check: bool = False
) -> int:
    """Play ``state`` to the end with uniformly random legal actions; returns decisions made.

    Stops after ``limit`` decisions, at most the game's ``max_decisions`` less the decisions
    already in its log, leaving the game unfinished: a playout never hangs. ``check`` applies
    every action through the full legality check (as moves from outside are), instead of the
    playouts' unchecked fast path; the game is the same."""
    budget = state.max_decisions - state.decisions_made()
    limit = budget if limit is None else min(limit, budget)
    n = 0
    to_move, legal_actions, apply = state.to_move, state.legal_actions, state.apply
    # ``randrange(k)`` for k > 0 is ``_randbelow(k)`` after argument checks: the same draws
    below = rng._randbelow
    while n < limit:
        seats = to_move()
        if not seats:
            break
        legal = legal_actions(seats[0])
        apply(legal[below(len(legal))] if len(legal) > 1 else legal[0], check)
        n += 1
    return n


class LookaheadAgent(Agent):
    """Determinized Monte-Carlo look-ahead: ``rollouts`` random playouts per legal action."""

    name = "lookahead"
    needs_view = True

    def __init__(self, seed: int = 0, rollouts: int = 8, max_actions: int = 24):
        super().__init__(seed)
        self.rollouts = rollouts
        self.max_actions = max_actions

    def value(self, state: GameState, seat: int) -> float:
        """Win share plus 1/100 of the score margin; a rollout stopped unfinished by the
        game's ``max_decisions`` counts no win, only the live margin."""
        if state.is_over():
            res = state.result()
            scores = res.scores
            win = 1.0 / len(res.winners) if seat in res.winners else 0.0
        else:
            scores = [state.score(s) for s in range(state.players)]
            win = 0.0
        others = [s for i, s in enumerate(scores) if i != seat] or [0]
        return win + 0.01 * (scores[seat] - max(others))

    def sample(self, view: GameState) -> GameState:
        """A full state consistent with ``view`` whose chance is seeded from this agent's rng
        (not the view's fixed-seed generator), ready for a quiet rollout."""
        state = view.determinize(self.rng)
        state.chance = Chance(self.rng.getrandbits(64), state.log)
        state.quiet = True
        return state

    def choose(self, view: GameState | None, decision: Decision) -> Action:
        legal = list(decision.legal)
        if len(legal) == 1:
            return legal[0]
        if view is None:
            raise ValueError("the look-ahead agent needs the seat's view")
        if len(legal) > self.max_actions:
            legal = self.rng.sample(legal, self.max_actions)
        seat = decision.seat
        best, best_value = legal[0], float("-inf")
        with view.without_history():  # samples need the position only, not the past
            for action in legal:
                total = 0.0
                for _ in range(self.rollouts):
                    state = self.sample(view)
                    state.apply(action, False)
                    random_playout(state, self.rng)
                    total += self.value(state, seat)
                if total > best_value:
                    best, best_value = action, total
        return best


_CORE_AGENTS: dict[str, Callable[..., Agent]] = {
    "random": RandomAgent,
    "lookahead": LookaheadAgent,
}


def make_agent(game: str, spec: str, seed: int = 0) -> Agent:
    """Build an agent from its name: ``random``, ``heuristic``, ``lookahead`` or
    ``lookahead:<rollouts>`` (game-specific names come from the game's registration)."""
    from .registry import get

    name, _, arg = spec.partition(":")
    factories: dict[str, Callable[..., Any]] = {**_CORE_AGENTS, **get(game).agents}
    if name not in factories:
        raise ValueError(f"unknown agent {spec!r} for {game}; choose from {sorted(factories)}")
    if arg:
        if not arg.isdigit():
            raise ValueError(f"agent parameter in {spec!r} must be a number")
        return factories[name](seed, int(arg))
    return factories[name](seed)
