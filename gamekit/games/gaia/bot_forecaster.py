"""The forecaster for Gaia Project (session 16, issue 32): the finisher of
:mod:`.bot_finisher`, whose turns of round 5 (from round ``early`` on) are also chosen by what
the last round makes of them. At a turn the scholar's choice (the anchor) and the ``options``
main actions and conversions the scholar values best one step ahead are each tried on a copy;
from each, the scholar plays the seat's own turns to its pass ("Passar": the booster for round
6 chosen as the scholar chooses it), the other seats passing and declining leech, the round
ends, income and the Gaia phase come ("Fase I: Renda", "Fase II: Fase Gaia"; the scholar plays
any round between), and the finisher's own round-6 plan is made from there: its exact final
score ("Fim do Jogo e Pontuação") is the candidate's value, and the best is played (ties to the
anchor). Every other decision is the finisher's. Decides from ``agent_view``; deterministic for
a seed."""

from __future__ import annotations

from gamekit.core import Action

from .bot_finisher import FinisherAgent, _own_turn, end_value
from .bot_scholar import ScholarAgent
from .bots import _FREE, _MAIN, PlannerAgent, _custom, _own_memos

__all__ = ["ForecasterAgent"]


class ForecasterAgent(FinisherAgent):
    """The finisher with round 5 planned by what round 6 can make (see the module docstring)."""

    name = "forecaster"

    def __init__(self, seed: int = 0, early: int = 5, options: int = 4, deep: int = 6,
                 **kw) -> None:
        super().__init__(seed, **kw)
        #: first round planned this way; main actions tried beside the scholar's choice; the
        #: scholar's own turns played on in the playout (twice as many with conversions)
        self.early, self.options, self.deep = early, options, deep

    def choose(self, view, decision):
        legal = decision.legal
        if (view is not None and self.early <= view.round < 6 and decision.kind == "turn"
                and len(legal) > 1):
            _own_memos(view)
            return self._anchored_turn(view, legal[0].seat, legal)
        return super().choose(view, decision)

    def _anchored_turn(self, state, seat: int, legal: list[Action]) -> Action:
        """The scholar's choice (the anchor) or one of the ``options`` actions it values
        best one step ahead, whichever scores most when the scholar then plays the seat to its
        pass and the finisher its last round."""
        anchor = self._turn(state, seat, legal)
        grown = sorted(self._grow(state, seat, legal), key=lambda t: -t[0])
        options = [(anchor, None)] + [(a, s) for _g, a, s in grown[:self.options] if a != anchor]
        best, top = anchor, float("-inf")
        for a, s in options:
            if s is None:
                s = state.clone()
                s.quiet = True
                s.apply(a, False)
                self._settle(s, seat, self.depth)
            v = self._continue(s, seat)
            if v > top:
                best, top = a, v
        return best

    def _continue(self, s, seat: int) -> float:
        """The final score when the scholar plays the seat's turns on from ``s`` to its pass
        (the others passing) and the finisher its last round."""
        s = s.clone()
        s.quiet = True
        for _ in range(self.deep * 2):
            more = _own_turn(s, seat)
            if not more:
                break
            a = self._turn(s, seat, more)
            s.apply(a, False)
            self._settle(s, seat, self.depth)
        return self.last_round_value(s, seat)

    def _grow(self, state, seat: int, legal: list[Action]) -> list:
        """``(the scholar's value, action, position after it)`` for each main or free action
        of ``legal``, its own sub-decisions answered."""
        out = []
        for a in legal:
            if not (a.verb in _MAIN or a.verb in _FREE) or _custom(a):
                continue
            s = state.clone()
            s.quiet = True
            s.apply(a, False)
            self._settle(s, seat, self.depth)
            g = ScholarAgent.value(s, seat) + 1e-6 * self.rng.random()
            out.append((g, a, s))
        return out

    def last_round_value(self, state, seat: int) -> float:
        """The exact final score of the seat's round-6 plan from ``state`` (the seat passed in
        an earlier round), the other seats passing and declining leech throughout."""
        s = state.clone()
        s.quiet = True
        start = s.round
        for _ in range(1000):
            if s.over:
                break
            who = s.to_move()[0]
            d = s.decision(who)
            legal = d.legal
            if who == seat and s.round == 6 and d.kind == "turn":
                return self.plan_last_round(s, seat, legal)[0]
            if who == seat and start < s.round < 6 and len(legal) > 1:
                choice = PlannerAgent.choose(self, s, d)  # the scholar's round 5
            elif who == seat and d.kind == "turn":
                choice = next(a for a in legal if a.verb == "pass")
            elif who == seat and len(legal) > 1:
                choice = self._best(s, seat, legal, 0)[0]
            else:
                choice = next((a for a in legal if a.verb in ("pass", "decline")), legal[0])
            s.apply(choice, False)
        return end_value(s, seat)
