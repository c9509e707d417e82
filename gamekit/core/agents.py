"""Agents: ``choose(view, decision) -> action``.

``RandomAgent`` picks uniformly; ``LookaheadAgent`` works on any registered game through the
contract: for each legal action it samples full states consistent with what it sees
(``view.determinize``), applies the action, plays on with a cheap default policy (the game's
heuristic bot, epsilon-greedy: ``RolloutPolicy``) for a bounded number of decisions and keeps
the action with the best mean outcome (wins, or the lead where a rollout stopped, count most,
then score margin). The depth shares a fixed budget of decisions out over the actions and
rollouts, so a decision takes well under a second in every game (``gamekit bench all
--lookahead``); uniformly random rollouts to the end took minutes in Blue Moon City.

Determinism: an agent draws only from its own ``rng`` (seeded by its constructor), so the same
seeds give the same game in every process. The look-ahead agent reseeds each sampled state's
``Chance`` from that rng: a view's chance has a fixed seed and must not shape the rollouts.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from .actions import Action
from .decisions import Decision
from .rng import Chance
from .state import GameState

__all__ = ["Agent", "RandomAgent", "LookaheadAgent", "RolloutPolicy", "leader_value", "outcome",
           "random_playout", "random_seats", "sample_view"]


class Agent:
    """Base agent. ``needs_view = False`` lets the runner skip building a view (faster)."""

    name = "agent"
    needs_view = True

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, view: GameState | None, decision: Decision) -> Action:
        raise NotImplementedError

    def reseed(self, seed: int) -> bool:
        """Become the agent a new one seeded ``seed`` would be, if this kind can (``True``):
        many games reuse it instead of building one a game. Other kinds keep state besides
        their generator: ``False``, nothing changes."""
        return False

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"


class RandomAgent(Agent):
    """Uniformly random legal action."""

    name = "random"
    needs_view = False

    def choose(self, view: GameState | None, decision: Decision) -> Action:
        legal = decision.legal
        return legal[self.rng.randrange(len(legal))] if len(legal) > 1 else legal[0]

    def reseed(self, seed: int) -> bool:
        """A plain random agent keeps only its generator: ``Random.seed`` gives it the state
        ``Random(seed)`` starts with (a subclass may keep more: not reseeded)."""
        if type(self) is not RandomAgent:
            return False
        self.rng.seed(seed)
        return True


def random_seats(state: GameState, agents: list[Agent], limit: int) -> int | None:
    """Play on with ``agents`` when every one is a plain ``RandomAgent``: the same games as
    ``choose`` would give (each seat draws from its own agent's rng), through the state's
    ``play_random`` fast path (no ``Decision`` built, actions from the legal list applied
    unchecked); returns the decisions made, or ``None`` when some agent is another kind."""
    if not all(type(agent) is RandomAgent for agent in agents):
        return None
    return state.play_random([agent.rng for agent in agents], limit)


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
    if not check:
        return state.play_random([rng] * state.players, limit)
    # ``randrange(k)`` for k > 0 is ``_randbelow(k)`` after argument checks: the same draws
    below = rng._randbelow
    n = 0
    to_move, legal_actions, apply = state.to_move, state.legal_actions, state.apply
    while n < limit:
        seats = to_move()
        if not seats:
            break
        legal = legal_actions(seats[0])
        apply(legal[below(len(legal))] if len(legal) > 1 else legal[0], check)
        n += 1
    return n


def outcome(state: GameState, seat: int) -> tuple[float, int]:
    """``(win share, VP margin)`` of ``seat``: from the result of a finished game, else from
    the live score of a rollout stopped early (the leaders share the win). The margin is the
    seat's VP less the best other seat's."""
    if state.is_over():
        res = state.result()
        scores, winners = res.scores, res.winners
    else:
        scores = [state.score(s) for s in range(state.players)]
        top = max(scores)
        winners = [s for s, v in enumerate(scores) if v == top]
    win = 1.0 / len(winners) if seat in winners else 0.0
    others = [v for i, v in enumerate(scores) if i != seat] or [0]
    return win, scores[seat] - max(others)


def leader_value(state: GameState, seat: int) -> float:
    """How good ``state`` is for ``seat``: its win share plus 1/100 of its VP margin."""
    win, margin = outcome(state, seat)
    return win + 0.01 * margin


def sample_view(view: GameState, rng: random.Random) -> GameState:
    """A full state consistent with ``view`` whose chance is seeded from ``rng`` (not the
    view's fixed-seed generator), quiet, ready for a rollout."""
    state = view.determinize(rng)
    state.chance = Chance(rng.getrandbits(64), state.log)
    state.quiet = True
    return state


class RolloutPolicy:
    """The cheap default policy of look-ahead rollouts: the game's heuristic bot (deciding on
    the sampled state itself, which is already a guess at the hidden parts) with probability
    ``1 - epsilon``, else a uniformly random legal action; a game without a heuristic bot plays
    at random. Draws only from ``rng``."""

    def __init__(self, game: str, rng: random.Random, epsilon: float = 0.2,
                 policy: str = "heuristic"):
        from .registry import get

        factory = get(game).agents.get(policy) if policy != "random" else None
        # an agent too slow for rollouts names a cheaper one (Gaia's heuristic: its greedy)
        factory = getattr(factory, "rollout_policy", None) or factory
        self.bot = factory(rng.getrandbits(32)) if factory is not None else None
        self.rng = rng
        self.epsilon = epsilon

    def run(self, state: GameState, limit: int) -> int:
        """Play ``state`` on for at most ``limit`` decisions (and never past its
        ``max_decisions``); returns the decisions made."""
        limit = min(limit, state.max_decisions - state.decisions_made())
        rng, bot, eps = self.rng, self.bot, self.epsilon
        n = 0
        while n < limit:
            seats = state.to_move()
            if not seats:
                break
            legal = state.legal_actions(seats[0])
            if len(legal) == 1:
                action = legal[0]
            elif bot is None or rng.random() < eps:
                action = legal[rng.randrange(len(legal))]
            else:
                action = bot.choose(state, state.decision(seats[0]))
            state.apply(action, False)
            n += 1
        return n


class LookaheadAgent(Agent):
    """Determinized Monte-Carlo look-ahead a person can wait for.

    For each legal action (at most ``max_actions``, a seeded sample of them) it plays
    ``rollouts`` rollouts: a full state sampled from the view (``view.determinize``), the
    action, then the cheap ``RolloutPolicy`` for at most ``depth`` decisions, valued by
    ``leader_value``. ``depth`` defaults to ``budget`` decisions shared out over the actions
    and rollouts (at least ``min_depth``), so a decision costs about the same in every game
    and at every point of it."""

    name = "lookahead"
    needs_view = True

    def __init__(self, seed: int = 0, rollouts: int = 4, max_actions: int = 12,
                 depth: int | None = None, budget: int = 1200, min_depth: int = 8,
                 epsilon: float = 0.2, policy: str = "heuristic"):
        super().__init__(seed)
        self.rollouts = rollouts
        self.max_actions = max_actions
        self.depth = depth
        self.budget = budget
        self.min_depth = min_depth
        self.epsilon = epsilon
        self.policy = policy
        self._policy: RolloutPolicy | None = None

    def value(self, state: GameState, seat: int) -> float:
        return leader_value(state, seat)

    def sample(self, view: GameState) -> GameState:
        """A full state consistent with ``view`` whose chance is seeded from this agent's rng
        (not the view's fixed-seed generator), ready for a quiet rollout."""
        return sample_view(view, self.rng)

    def depth_for(self, actions: int) -> int:
        if self.depth is not None:
            return self.depth
        return max(self.min_depth, self.budget // max(1, actions * self.rollouts))

    def play_out(self, view: GameState, action: Action, depth: int) -> GameState:
        """One rollout of ``action`` from a sample of ``view``: the state where it stopped."""
        if self._policy is None:
            self._policy = RolloutPolicy(view.game, self.rng, self.epsilon, self.policy)
        state = self.sample(view)
        state.apply(action, False)
        self._policy.run(state, depth)
        return state

    def rollout(self, view: GameState, action: Action, seat: int, depth: int) -> float:
        """One rollout of ``action`` from a sample of ``view``: its value for ``seat``."""
        return self.value(self.play_out(view, action, depth), seat)

    def candidates(self, decision: Decision) -> list[Action]:
        legal = list(decision.legal)
        if len(legal) > self.max_actions:
            legal = self.rng.sample(legal, self.max_actions)
        return legal

    def choose(self, view: GameState | None, decision: Decision) -> Action:
        legal = list(decision.legal)
        if len(legal) == 1:
            return legal[0]
        if view is None:
            raise ValueError("the look-ahead agent needs the seat's view")
        legal = self.candidates(decision)
        seat = decision.seat
        depth = self.depth_for(len(legal))
        best, best_value = legal[0], float("-inf")
        with view.without_history():  # samples need the position only, not the past
            for action in legal:
                total = sum(self.rollout(view, action, seat, depth)
                            for _ in range(self.rollouts))
                if total > best_value:
                    best, best_value = action, total
        return best


_CORE_AGENTS: dict[str, Callable[..., Agent]] = {
    "random": RandomAgent,
    "lookahead": LookaheadAgent,
}
