"""The technologist for Gaia Project (registered ``technologist``; session 28, issue 32): the
completer of :mod:`.bot_finisher` whose rounds 1–5 value a final scoring tile's count at 1 VP
(:data:`.bot_eval.TECHNOLOGIST`, "Fim do Jogo e Pontuação": the tiles pay by rank) and follow
the tech-tile plan of :mod:`.bot_engine_tech` for every seat — an action tile counted for each
round left, an on-pass tile at its pass VP, a green federation token at the advanced tile it
can still take ("5) Pesquisa e Tecnologias"). Round 6 is the completer's exact plan. Decides
from ``agent_view``; deterministic for a seed."""

from __future__ import annotations

from .bot_engine_base import FactionPlan
from .bot_engine_tech import TECH_PLAN
from .bot_eval import TECHNOLOGIST, Valuation, position_value
from .bot_finisher import CompleterAgent

__all__ = ["TechnologistAgent"]


class TechnologistAgent(CompleterAgent):
    """The completer with the technologist's valuation and tech-tile plan in rounds 1–5 (see
    the module docstring)."""

    name = "technologist"
    #: how rounds 1–5's positions are valued before the plan's term
    valuation: Valuation = TECHNOLOGIST
    #: the plan every seat follows in rounds 1–5: its term added, its decisions first
    common: FactionPlan = TECH_PLAN

    def rounds(self, state, seat: int) -> float:
        """Rounds 1–5's value: ``valuation``'s plus the common plan's term."""
        return position_value(state, seat, self.valuation) + self.common.term(self, state, seat)

    def choose(self, view, decision):
        legal = decision.legal
        if view is not None and len(legal) > 1 and view.round <= 5:
            own = self.common.decide(self, view, legal[0].seat, decision)
            if own is not None:
                return own
        return super().choose(view, decision)

    def _turn(self, state, seat: int, legal):
        return super()._turn(state, seat, self.common.mains(self, state, seat, legal) or legal)
