"""Gaia Project's rollout bot, ``foresight`` (issue 29; docs/bots.md, "Session 14: the rollout
bot"): the planner's choice checked by playing each good option on until the seat's next turn.

Gaia Project has no hidden information and no chance once the set-up is made (the rulebook's
"Preparação" places everything face up), and the planner (:mod:`.bots`) is deterministic for a
seed, so one rollout tells exactly what happens after an action when every seat plays the
rollout policy (against planners: what they will play): no sampling, no pairing needed. At a
turn ("Sequência do turno") the bot:

* takes the planner's own choice (the anchor) and the ``width`` main actions the planner values
  best one step ahead (:func:`.bot_eval.position_value` after the action and its own
  sub-decisions);
* plays each of them on a copy of its view, then lets the rollout policy (a planner per seat,
  seeded the same for every candidate) play every seat until the seat is to begin its next
  turn (``back``), the round ends ("Fase IV: Limpeza": all have passed), or ``limit``
  decisions have been made;
* values the position reached for the seat against the others: the value after its best main
  action from there (the planner's one-step value, so a research level's use is counted) or,
  when it cannot act, its :func:`.bot_eval.position_value`, less the best other seat's
  position value (at the game's end: the final VP, "Fim do Jogo e Pontuação");
* keeps the anchor unless another candidate is worth ``margin`` VP more.

The leaf may instead be valued by the fitted strengths of :mod:`.bot_fit` (``leaf``; docs/bots.md,
"Session 14: a fitted leaf value"): measured, they play worse than the planner's value.

Other decisions (research step, tech tile, booster, leech, federation...) are the planner's.
It decides from the seat's view only (the seed, the one hidden thing, is not in it) and draws
only from its own rng: the same seed gives the same choices (``tests/gaia/test_bot_rollout.py``).
"""

from __future__ import annotations

from gamekit.core import Action, Agent

from .bot_eval import position_value
from .bot_fit import fitted_value, strength
from .bots import _MAIN, PlannerAgent, _custom, _own_memos

__all__ = ["RolloutAgent", "candidates", "relative_value", "round_rollout"]


def relative_value(state, seat: int, mine: float | None = None) -> float:
    """``seat``'s position value (or ``mine``) less the best other seat's (final VP once the
    game is over)."""
    mine = position_value(state, seat) if mine is None else mine
    others = [position_value(state, s) for s in range(state.players) if s != seat]
    return mine - max(others) if others else mine


def round_rollout(view, action: Action, policies: list[Agent], limit: int, rounds: int = 1,
                  back: bool = False):
    """``action`` played on a copy of ``view``, then ``policies`` (one per seat) play until
    ``rounds`` rounds have ended, the game ends, ``limit`` decisions are made or (``back``)
    the seat of ``action`` is to begin its next turn: the state reached and the decisions
    simulated."""
    s = view.clone()
    _own_memos(s)
    s.quiet = True
    start, me = s.round, action.seat
    s.apply(action, False)
    n = 0
    while n < limit and not s.over and s.round < start + rounds:
        seat = s.to_move()[0]
        decision = s.decision(seat)
        if back and seat == me and decision.kind == "turn":
            break
        legal = decision.legal
        choice = legal[0] if len(legal) == 1 else policies[seat].choose(s, decision)
        s.apply(choice, False)
        n += 1
    return s, n


class RolloutAgent(Agent):
    """The planner's choice, changed when a rollout values another main action ``margin`` VP
    higher (see the module docstring)."""

    name = "foresight"
    needs_view = True

    def __init__(self, seed: int = 0, width: int = 4, limit: int = 120, margin: float = 0.5,
                 rounds: int = 1, back: bool = True, policy_depth: int = 3, policy_beam: int = 8,
                 leaf: str = "planner"):
        super().__init__(seed)
        #: the planner deciding everything but the turn, and the anchor of a turn
        self.planner = PlannerAgent(self.rng.getrandbits(32))
        #: the rollout policies' seeds (seat ``k``: ``policy_seed + k``)
        self.policy_seed = self.rng.getrandbits(32)
        self.width, self.limit, self.margin, self.rounds = width, limit, margin, rounds
        self.back = back
        self.policy_depth, self.policy_beam = policy_depth, policy_beam
        #: how the rollout's end is valued (``rollout_values``): "planner" (its one-step value,
        #: the default), "fitted" (:func:`.bot_fit.fitted_value`), "fitted1" / "fittedp" (the
        #: fitted value after the seat's best main action), "both" (a candidate must beat the
        #: anchor by both "planner" and "fitted1"); docs/bots.md: the fitted leaves lost
        self.leaf = leaf
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
        if self.leaf == "both":
            return self._agreed(view, decision.seat, options)
        best, top = anchor, float("-inf")
        for i, a in enumerate(options):
            v = self.rollout_value(view, decision.seat, a) - (0.0 if i == 0 else self.margin)
            if v > top:
                best, top = a, v
        return best

    def _agreed(self, view, seat: int, options: list[Action]) -> Action:
        """The candidate the planner's leaf values best among those that both leaves (the
        planner's and the fitted one) value ``margin`` above the anchor ``options[0]``."""
        values = [self.rollout_values(view, seat, a) for a in options]
        (p0, f0), best, top = values[0], options[0], values[0][0]
        for a, (p, f) in zip(options[1:], values[1:], strict=True):
            if p - self.margin > max(top, p0) and f - self.margin > f0:
                best, top = a, p
        return best

    def rollout_value(self, view, seat: int, action: Action) -> float:
        """The leaf's value for ``seat`` where the rollout of ``action`` ends (every seat
        played by a planner seeded from ``policy_seed``: the same for every candidate)."""
        return self.rollout_values(view, seat, action)[1 if self.leaf == "fitted1" else 0]

    def rollout_values(self, view, seat: int, action: Action) -> tuple[float, float]:
        """The planner's leaf value (``relative_value`` after the seat's best next action) and
        the fitted one (``leaf`` "fitted": at the rollout's end, else after the seat's best
        action there: best by the fitted value, or "fittedp" by the planner's)."""
        policies = [PlannerAgent(self.policy_seed + k, self.policy_depth, self.policy_beam)
                    for k in range(view.players)]
        s, n = round_rollout(view, action, policies, self.limit, self.rounds, self.back)
        self.simulated += n
        if self.leaf == "fitted":
            return fitted_value(s, seat), fitted_value(s, seat)
        if self.leaf == "fittedp":
            v = self._fitted_after(s, seat, policies[seat], True)
            return v, v
        planner = relative_value(s, seat, self._leaf(s, seat, policies[seat]))
        if self.leaf == "planner":
            return planner, planner
        return planner, self._fitted_after(s, seat, policies[seat], False)

    @staticmethod
    def _fitted_after(s, seat: int, planner: PlannerAgent, own: bool) -> float:
        """``fitted_value`` after the seat's best main action there: best by the fitted value,
        or (``own``) the one the planner values best."""
        if s.over or not s.front_is(seat, "turn"):
            return fitted_value(s, seat)
        _own_memos(s)
        legal = s.legal_actions(seat)
        mains = [a for a in legal if a.verb in _MAIN and not _custom(a)]
        if not mains:
            return fitted_value(s, seat)
        others = max(strength(s, o) for o in range(s.players) if o != seat)
        best = (float("-inf"), 0.0)
        for a in mains:
            t = s.clone()
            t.quiet = True
            t.apply(a, False)
            planner._settle(t, seat, 1)
            got = strength(t, seat)
            best = max(best, (planner.value(t, seat), got) if own else (got, got))
        return best[1] - others

    @staticmethod
    def _leaf(s, seat: int, planner: PlannerAgent) -> float | None:
        """Where the seat is to begin a turn: the value after its best main action (what the
        planner would reach from there, so a research level's use is counted); else
        ``None`` (its position value)."""
        if s.over or not s.front_is(seat, "turn"):
            return None
        _own_memos(s)
        mains = [a for a in s.legal_actions(seat) if a.verb in _MAIN and not _custom(a)]
        return max((planner._after_action(s, seat, a, 1) for a in mains), default=None)

    def _candidates(self, view, seat: int, legal: list[Action], anchor: Action) -> list[Action]:
        """The anchor first, then the ``width`` main actions the planner values best."""
        return candidates(self.planner, self.width, view, seat, legal, anchor)


def candidates(planner: PlannerAgent, width: int, view, seat: int, legal: list[Action],
               anchor: Action) -> list[Action]:
    """The anchor first, then the ``width`` main actions ``planner`` values best one step
    ahead (its own sub-decisions answered)."""
    mains = [a for a in legal if a.verb in _MAIN and not _custom(a) and a != anchor]
    if not mains or width <= 0:
        return [anchor]
    _own_memos(view)
    ranked = sorted(mains, key=lambda a: -planner._after_action(view, seat, a, 1))
    return [anchor, *ranked[:width]]
