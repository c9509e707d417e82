"""Gaia Project's top bot, ``foresight`` (issue 29; docs/bots.md, "Session 14: the rollout
bot"): the planner improved by policy rollouts to the end of the round.

Gaia Project has no hidden information and no chance once the set-up is made (the rulebook's
"Preparação" places everything face up), and the planner (:mod:`.bots`) is deterministic for a
seed, so one rollout tells exactly what happens after an action when every seat plays the
rollout policy: no sampling, no pairing needed. At a turn ("Sequência do turno") the bot:

* takes the planner's own choice (the anchor) and the ``width`` main actions the planner values
  best one step ahead (:func:`.bot_eval.position_value` after the action and its own
  sub-decisions);
* plays each of them on a copy of its view, then lets the rollout policy (a planner per seat,
  seeded the same for every candidate) play every seat until the round ends ("Fase IV:
  Limpeza": all have passed) or ``limit`` decisions have been made;
* values the position reached for the seat against the others: its
  :func:`.bot_eval.position_value` less the best other seat's (at the game's end: the final VP,
  so round 6's rollouts see the final scoring, "Fim do Jogo e Pontuação");
* keeps the anchor unless another candidate is worth ``margin`` VP more.

Other decisions (research step, tech tile, booster, leech, federation...) are the planner's.
The rollouts shrink when a round's decisions are many (``budget`` simulated decisions a turn).
It decides from the seat's view only (the seed, the one hidden thing, is not in it) and draws
only from its own rng: the same seed gives the same choices (``tests/gaia/test_bot_rollout.py``).
"""

from __future__ import annotations

from gamekit.core import Action, Agent

from .bot_eval import position_value
from .bots import _MAIN, PlannerAgent, _custom, _own_memos

__all__ = ["RolloutAgent", "relative_value", "round_rollout"]


def relative_value(state, seat: int) -> float:
    """``seat``'s position value less the best other seat's (final VP once the game is over)."""
    mine = position_value(state, seat)
    others = [position_value(state, s) for s in range(state.players) if s != seat]
    return mine - max(others) if others else mine


def round_rollout(view, action: Action, policies: list[Agent], limit: int, rounds: int = 1):
    """``action`` played on a copy of ``view``, then ``policies`` (one per seat) play until
    ``rounds`` rounds have ended, the game ends or ``limit`` decisions are made: the state
    reached and the decisions simulated."""
    s = view.clone()
    _own_memos(s)
    s.quiet = True
    start = s.round
    s.apply(action, False)
    n = 0
    while n < limit and not s.over and s.round < start + rounds:
        seat = s.to_move()[0]
        legal = s.legal_actions(seat)
        choice = legal[0] if len(legal) == 1 else policies[seat].choose(s, s.decision(seat))
        s.apply(choice, False)
        n += 1
    return s, n


class RolloutAgent(Agent):
    """The planner's choice, changed when a rollout to the round's end values another main
    action ``margin`` VP higher (see the module docstring)."""

    name = "foresight"
    needs_view = True

    def __init__(self, seed: int = 0, width: int = 4, limit: int = 120, margin: float = 0.5,
                 rounds: int = 1, policy_depth: int = 1, policy_beam: int = 0):
        super().__init__(seed)
        #: the planner deciding everything but the turn, and the anchor of a turn
        self.planner = PlannerAgent(self.rng.getrandbits(32))
        #: the rollout policies' seeds (seat ``k``: ``policy_seed + k``)
        self.policy_seed = self.rng.getrandbits(32)
        self.width, self.limit, self.margin, self.rounds = width, limit, margin, rounds
        self.policy_depth, self.policy_beam = policy_depth, policy_beam
        #: the decisions the rollouts simulated (for the cost figures)
        self.simulated = 0

    def choose(self, view, decision):
        legal = decision.legal
        anchor = self.planner.choose(view, decision)
        if decision.kind != "turn" or len(legal) == 1 or view is None:
            return anchor
        options = self._candidates(view, decision.seat, legal, anchor)
        if len(options) == 1:
            return anchor
        best, top = anchor, float("-inf")
        for i, a in enumerate(options):
            v = self.rollout_value(view, decision.seat, a) - (0.0 if i == 0 else self.margin)
            if v > top:
                best, top = a, v
        return best

    def rollout_value(self, view, seat: int, action: Action) -> float:
        """``relative_value`` for ``seat`` where the rollout of ``action`` ends (every seat
        played by a planner seeded from ``policy_seed``: the same for every candidate)."""
        policies = [PlannerAgent(self.policy_seed + k, self.policy_depth, self.policy_beam)
                    for k in range(view.players)]
        s, n = round_rollout(view, action, policies, self.limit, self.rounds)
        self.simulated += n
        return relative_value(s, seat)

    def _candidates(self, view, seat: int, legal: list[Action], anchor: Action) -> list[Action]:
        """The anchor first, then the ``width`` main actions the planner values best one
        step ahead (its own sub-decisions answered)."""
        mains = [a for a in legal if a.verb in _MAIN and not _custom(a) and a != anchor]
        if not mains or self.width <= 0:
            return [anchor]
        _own_memos(view)
        ranked = sorted(mains, key=lambda a: -self.planner._after_action(view, seat, a, 1))
        return [anchor, *ranked[:self.width]]
