"""The round planner for Gaia Project (session 24, issue 32; measured, not registered): the
completer of :mod:`.bot_finisher` whose main turns in the early rounds are chosen by the seat's
own turns to its pass. The completer's own choice and the ``k`` best main actions by its value one
action ahead are each tried on a copy; from each, the seat plays its own turns as if its turn came
again at once (the others frozen, their leech declined; "Fase III: Ações") with the completer's
cheap look — one action ahead, conversions kept when they open a better main action, no
follow-up — up to its pass and the booster it takes ("Passar"). The position then is valued
by the completer's ``value``; the best first action is played, ties to the completer's own
choice. With ``rounds=2`` a playout goes on through the round's end (the others pass), the
next income and the seat's turns of the next round to its pass. Decides from ``agent_view``; deterministic for a seed."""

from __future__ import annotations

from gamekit.core import Action
from gamekit.core.stack import Pending

from .bot_finisher import CompleterAgent, _own_turn
from .bots import _MAIN, PlannerAgent, _custom

__all__ = ["RoundPlanAgent"]


class RoundPlanAgent(CompleterAgent):
    """The completer with its early main turns chosen by own-turn playouts to the pass (see the
    module docstring)."""

    name = "roundplan"

    def __init__(self, seed: int = 0, k: int = 4, last: int = 4, turns: int = 20,
                 rounds: int = 1, **search) -> None:
        super().__init__(seed, **search)
        #: candidates played out, the last round searched so, own turns at most a playout
        self.k, self.last, self.turns = k, last, turns
        #: rounds a playout covers: 2 goes on through the round's end, the next income and
        #: the seat's turns of the next round to its pass there (the others pass at the
        #: round's end, then are frozen again)
        self.rounds_ahead = rounds

    def _turn(self, state, seat: int, legal: list[Action]) -> Action:
        anchor = super()._turn(state, seat, legal)
        if not 1 <= state.round <= self.last or self.k <= 0:
            return anchor
        mains = [a for a in legal if a.verb in _MAIN and not _custom(a)]
        ranked = self._ranked(state, seat, mains)
        cands = [anchor] + [a for a in ranked[:self.k] if a != anchor]
        best, best_v = anchor, float("-inf")
        for a in cands:
            v = self.value(self.played(state, seat, a), seat)
            if v > best_v + 1e-9:
                best, best_v = a, v
        return best

    def _ranked(self, state, seat: int, mains: list[Action]) -> list[Action]:
        """``mains`` by the completer's one-action look (its own value, no follow-up)."""
        scored = [(self._after_action(state, seat, a, self.depth), n, a)
                  for n, a in enumerate(mains)]
        return [a for _v, _n, a in sorted(scored, key=lambda t: (-t[0], t[1]))]

    def played(self, state, seat: int, first: Action):
        """A copy of ``state`` after ``first`` and the seat's own cheap turns to its pass (at
        most ``turns`` of them; the others frozen)."""
        s = state.clone()
        s.quiet = True
        s.apply(first, False)
        self._settle(s, seat, self.depth)
        self._to_pass(s, seat, False)
        for _ in range(self.rounds_ahead - 1):
            if not _next_round(s, seat):
                break
            self._to_pass(s, seat, True)
        return s

    def _to_pass(self, s, seat: int, take: bool) -> None:
        """The seat's own cheap turns on ``s`` up to its pass (with ``take``, the turn of
        another seat in front taken by it: a new round's order may start with another)."""
        for _ in range(self.turns):
            if s.pl[seat].passed:
                return
            front = s.stack[-1] if s.stack else None
            if take and front is not None and front[0] == "turn" and front[1] != seat:
                s.stack = (*s.stack[:-1], Pending("turn", seat))
                s._legal_cache = {}
            legal = _own_turn(s, seat)
            if not legal:
                return
            s.apply(self._cheap(s, seat, legal), False)
            self._settle(s, seat, self.depth)

    def _cheap(self, s, seat: int, legal: list[Action]) -> Action:
        """The planner's turn without the follow-up look (``beam`` 0)."""
        beam, self.beam = self.beam, 0
        try:
            return PlannerAgent._turn(self, s, seat, legal)
        finally:
            self.beam = beam


def _next_round(s, seat: int) -> bool:
    """``s`` after the seat's pass carried to the next round's first turn: the other seats pass
    (each its first booster) and every decision of the income and Gaia phases is its first
    option ("Fase I: Renda", "Fase II: Gaia"); ``False`` when the game ends or stalls."""
    start = s.round
    for _ in range(64):
        if s.over or not s.stack:
            return False
        kind, who = s.stack[-1][0], s.stack[-1][1]
        if s.round > start and kind == "turn":
            return True
        legal = s.legal_actions(who)
        if not legal:
            return False
        s.apply(next((a for a in legal if a.verb in ("pass", "decline")), legal[0]), False)
    return False
