"""The finisher for Gaia Project (session 15, issue 32): the scholar of :mod:`.bot_scholar`
until round 6; in the last round it plans its own remaining turns to its pass and values them
by the exact final score ("Fim do Jogo e Pontuação": final tiles by rank, research, resources
after the end-game conversions; the booster's and tech tiles' pass VP, "Passar"), computed on a
copy as if the game ended there. The other players are assumed to pass: its own actions follow
one another in a beam of sequences, kept by that exact score and by the scholar's value (the
QIC, knowledge and power that a later action turns into VP), so a conversion, a mine, a research
step and a QIC action that only pay together are seen together. Leech in round 6 ("Carregando
Poder") is taken only when the power is worth the VP it costs at the end. Decides from
``agent_view``; deterministic for a seed."""

from __future__ import annotations

from gamekit.core import Action
from gamekit.core.stack import Pending

from .bot_scholar import ScholarAgent
from .bots import _FREE, _MAIN, _custom, _own_memos
from .scoring import finish_game, pass_vp

__all__ = ["CompleterAgent", "FinisherAgent", "end_value"]

#: decisions of other seats answered by declining while the plan looks ahead (round 6)
_DECLINE = frozenset(("leech",))
#: share of the scholar's value added to the exact final score in round 6: it breaks the ties
#: (a tech tile, a research step or a conversion the final score does not tell apart) toward
#: what QIC, knowledge and power may still buy, never outweighing a VP
_TIE = 0.01


def end_value(state, seat: int) -> float:
    """The seat's final VP if it passed now and the game ended (``finish_game`` on a copy:
    pass VP, final tiles by the counts as they stand, research, resources)."""
    if state.over:
        return float(state.pl[seat].vp)
    s = state.clone()
    s.quiet = True
    if not s.pl[seat].passed:
        pass_vp(s, seat)
    finish_game(s)
    return float(s.pl[seat].vp)


class FinisherAgent(ScholarAgent):
    """The scholar with an exact last round (see the module docstring)."""

    name = "finisher"
    #: how positions are valued before round 6 (and round 6's ties broken): the scholar's way
    rounds = staticmethod(ScholarAgent.value)

    def __init__(self, seed: int = 0, width: int = 6, guide: int = 2, steps: int = 8,
                 **search) -> None:
        super().__init__(seed, **search)
        #: sequences kept at each step of the round-6 plan by their exact final score, more
        #: kept by the scholar's value of where they stand, and own actions looked ahead
        self.width, self.guide, self.steps = width, guide, steps

    def value(self, state, seat: int) -> float:
        """The exact final score in round 6 (ties broken by the scholar's value), the scholar's
        value before."""
        if state.round == 6:
            return end_value(state, seat) + _TIE * self.rounds(state, seat)
        return self.rounds(state, seat)

    def choose(self, view, decision):
        legal = decision.legal
        if view is not None and view.round == 6 and len(legal) > 1:
            _own_memos(view)
            if decision.kind == "turn":
                return self._last_turn(view, legal[0].seat, legal)
            if decision.kind == "leech":
                return self._best(view, legal[0].seat, legal, 0)[0]
        return super().choose(view, decision)

    # ------------------------------------------------------------------ round 6
    def _last_turn(self, state, seat: int, legal: list[Action]) -> Action:
        """The first action of the best own sequence to the pass, each position at its exact
        final score: a beam of the ``width`` best sequences by that score and the ``guide``
        best by the scholar's value (what stock, QIC and power may still buy), ``steps``
        actions deep."""
        tried = self._expand(state, seat, legal, None)
        top = max(tried, key=lambda t: t[0])
        best_v, best_a = top[0], top[2]
        for _ in range(self.steps):
            going = [t for t in tried if t[3] is not None]
            keep = sorted(going, key=lambda t: -t[0])[:self.width]
            if self.guide:
                keep += [t for t in sorted(going, key=lambda t: -t[1])[:self.guide]
                         if all(t is not k for k in keep)]
            nxt = []
            for _v, _g, first, s in keep:
                more = self._more(s, seat)
                if more:
                    nxt += self._expand(s, seat, more, first)
            if not nxt:
                break
            top = max(nxt, key=lambda t: t[0])
            if top[0] > best_v:
                best_v, best_a = top[0], top[2]
            tried = nxt
        return best_a

    def _more(self, s, seat: int) -> list[Action]:
        """The moves the plan goes on with from ``s`` (``_own_turn``)."""
        return _own_turn(s, seat)

    def _expand(self, state, seat: int, legal: list[Action], first: Action | None) -> list:
        """``(exact value, the scholar's value, first action, position to go on from or None)``
        for each main or free action of ``legal`` (passing ends the sequence)."""
        out = []
        for a in legal:
            if not (a.verb in _MAIN or a.verb in _FREE) or _custom(a):
                continue
            s = state.clone()
            s.quiet = True
            self._play(s, a)
            self._settle(s, seat, self.depth)
            g = self.rounds(s, seat)
            v = end_value(s, seat) + _TIE * g + 1e-6 * self.rng.random()
            out.append((v, g, first or a, None if a.verb == "pass" else s))
        return out


def _own_turn(s, seat: int) -> list[Action]:
    """The seat's legal actions as if its turn came again at once (the others' leech
    declined), or ``[]`` when it cannot act again."""
    for _ in range(8):
        if s.over or not s.stack:
            return []
        kind, who = s.stack[-1][0], s.stack[-1][1]
        if who == seat or kind not in _DECLINE:
            break
        legal = s.legal_actions(who)
        s.apply(next((a for a in legal if a.verb == "decline"), legal[-1]), False)
    if s.over or not s.stack or s.stack[-1][1] != seat:
        return []
    if s.stack[-1][0] == "after":
        s.stack = (*s.stack[:-1], Pending("turn", seat))
        s._legal_cache = {}
    elif s.stack[-1][0] != "turn":
        return []
    return s.legal_actions(seat)


class CompleterAgent(FinisherAgent):
    """The finisher planning its last round with a wider, deeper beam (session 19, issue 32):
    24 sequences kept a step by the exact final score and 8 by the scholar's value, 12 own
    actions deep ("Fim do Jogo e Pontuação"); rounds 1–5 are the scholar's, as the finisher's."""

    name = "completer"

    def __init__(self, seed: int = 0, width: int = 24, guide: int = 8, steps: int = 12,
                 **search) -> None:
        super().__init__(seed, width, guide, steps, **search)
