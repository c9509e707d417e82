"""``SearchAgent``: information-set Monte-Carlo tree search on the seat's view (single-observer
ISMCTS), for every game through the contract.

Each iteration samples one full state from the view (``view.determinize``, chance reseeded from
the agent's rng), walks one tree shared by all samples, choosing among the actions legal *in
that sample* by UCB1 with availability counts (an action is only compared on the samples where
it could be played), expands one new action, plays the rest of the game with the heuristic bot
(epsilon-greedy ``RolloutPolicy``, to the end by default) and credits every tree node with the
outcome of the seat that chose it (win share + 1/100 of its VP margin). The decision is the root
action visited most, except that the heuristic bot's own choice (the anchor) stands unless that
action's mean value beats it by more than ``anchor`` (a win share of 0.05 by default): a few
noisy rollouts alone chose worse than the heuristic did in Race (27 % of 30 games, docs/bots.md).

It never sees hidden cards (only the view and samples of it) and draws only from its own rng:
the same seed gives the same game.
"""

from __future__ import annotations

import math
from typing import Any

from .actions import Action
from .agents import Agent, RolloutPolicy, leader_value, sample_view
from .decisions import Decision
from .state import GameState

__all__ = ["SearchAgent"]


class _Node:
    __slots__ = ("seat", "visits", "avail", "total", "children")

    def __init__(self, seat: int):
        self.seat = seat  # the seat whose action led here: the node's value is theirs
        self.visits = 0
        self.avail = 0
        self.total = 0.0
        self.children: dict[Action, _Node] = {}


class SearchAgent(Agent):
    """ISMCTS with ``iterations`` samples per decision (``depth``: rollout decisions after the
    tree, ``None`` = to the end of the game; ``c``: UCB1 exploration)."""

    name = "search"
    needs_view = True

    def __init__(self, seed: int = 0, iterations: int = 64, depth: int | None = None,
                 c: float = 0.7, epsilon: float = 0.1, policy: str = "heuristic",
                 anchor: float | None = 0.05):
        super().__init__(seed)
        self.anchor = anchor
        self._anchor_bot: Agent | None = None
        self.iterations = iterations
        self.depth = depth
        self.c = c
        self.epsilon = epsilon
        self.policy = policy
        self._policy: RolloutPolicy | None = None

    def choose(self, view: GameState | None, decision: Decision) -> Action:
        legal = list(decision.legal)
        if len(legal) == 1:
            return legal[0]
        if view is None:
            raise ValueError("the search agent needs the seat's view")
        if self._policy is None:
            self._policy = RolloutPolicy(view.game, self.rng, self.epsilon, self.policy)
        root = _Node(decision.seat)
        prior = self._prior(view, decision)
        with view.without_history():
            for _ in range(self.iterations):
                self._iterate(view, root)
        allowed = set(legal)
        best = max(((n.visits, n.total, -i, a) for i, (a, n) in enumerate(root.children.items())
                    if a in allowed), default=None)
        if best is None:
            return prior if prior is not None else legal[0]
        choice = best[3]
        held = root.children.get(prior) if prior is not None else None
        if held is not None and choice != prior and held.visits:
            gain = best[1] / best[0] - held.total / held.visits
            if gain <= (self.anchor or 0.0):
                return prior
        return choice

    def _prior(self, view: GameState, decision: Decision) -> Action | None:
        """The heuristic bot's choice (``None`` without anchoring or a heuristic bot)."""
        if self.anchor is None:
            return None
        if self._anchor_bot is None:
            from .registry import get

            factory = get(view.game).agents.get(self.policy)
            if factory is None:
                self.anchor = None
                return None
            self._anchor_bot = factory(self.rng.getrandbits(32))
        return self._anchor_bot.choose(view, decision)

    def _iterate(self, view: GameState, root: _Node) -> None:
        state = sample_view(view, self.rng)
        path = self._descend(state, root)
        assert self._policy is not None
        left = state.max_decisions - state.decisions_made()
        self._policy.run(state, left if self.depth is None else min(left, self.depth))
        values: dict[int, float] = {}
        for node in path:
            if node.seat not in values:
                values[node.seat] = leader_value(state, node.seat)
            node.visits += 1
            node.total += values[node.seat]

    def _descend(self, state: GameState, root: _Node) -> list[_Node]:
        """Walk the tree in this sample to a new leaf (selection and expansion)."""
        node, path = root, []
        rng, c = self.rng, self.c
        while True:
            seats = state.to_move()
            if not seats:
                return path
            seat = seats[0]
            legal = state.legal_actions(seat)
            if len(legal) == 1:  # a forced move is not a branch of the tree
                state.apply(legal[0], False)
                continue
            children = node.children
            untried = []
            for action in legal:
                child = children.get(action)
                if child is None:
                    untried.append(action)
                else:
                    child.avail += 1
            if untried:
                action = untried[rng.randrange(len(untried))]
                child = children[action] = _Node(seat)
                child.avail = 1
                state.apply(action, False)
                path.append(child)
                return path
            action = max(legal, key=lambda a: _ucb(children[a], c))
            node = children[action]
            state.apply(action, False)
            path.append(node)

    def __getstate__(self) -> dict[str, Any]:
        d = self.__dict__.copy()
        d["_policy"] = d["_anchor_bot"] = None
        return d


def _ucb(node: _Node, c: float) -> float:
    return node.total / node.visits + c * math.sqrt(math.log(max(1, node.avail)) / node.visits)
