"""Each faction's engine on top of the technologist (session 26, issue 32; a variant, not
registered yet): the technologist of :mod:`.bot_technologist` at the scholar's valuation (the
completer with the tech-tile plan), whose rounds 1–5 ask the seat's faction plan
("Apêndice I: Facções", :mod:`.bot_engine_base`) three things — what its position is worth
beyond that value (``term``), which main actions a turn considers (``mains``) and how a
decision of its own is answered (``decide``). A faction without a plan plays as that bot.

The plans are a closed table keyed by faction id (:data:`PLANS`): a game's data selects an
entry, never names code. Decides from ``agent_view``; deterministic for a seed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from .bot_engine_base import FactionPlan
from .bot_engine_gaia import GAIA_PLANS
from .bot_engine_power import POWER_PLANS
from .bot_engine_sites import SITES_PLANS
from .bot_eval import SCHOLAR, Valuation
from .bot_technologist import TechnologistAgent

if TYPE_CHECKING:
    from gamekit.core import Action

__all__ = ["PLANS", "EngineAgent", "plan_of"]

_NONE = FactionPlan()

#: each faction's plan, by faction id (a faction not listed plays as the technologist at the
#: scholar's valuation)
PLANS: Mapping[str, FactionPlan] = {**GAIA_PLANS, **POWER_PLANS, **SITES_PLANS}


def plan_of(state, seat: int) -> FactionPlan:
    """The plan of the seat's faction (the base plan, changing nothing, when it has none)."""
    return PLANS.get(state.pl[seat].faction or "", _NONE)


class EngineAgent(TechnologistAgent):
    """The technologist at the scholar's valuation with each faction's plan in rounds 1–5
    (see the module docstring)."""

    name = "engines"
    valuation: Valuation = SCHOLAR

    def rounds(self, state, seat: int) -> float:
        """The technologist's value (the common plan's term in it) plus the faction plan's."""
        return super().rounds(state, seat) + plan_of(state, seat).term(self, state, seat)

    def choose(self, view, decision):
        legal = decision.legal
        if view is not None and len(legal) > 1 and view.round <= 5:
            seat = legal[0].seat
            own = plan_of(view, seat).decide(self, view, seat, decision)
            if own is not None:
                return own
        return super().choose(view, decision)

    def _turn(self, state, seat: int, legal: list[Action]) -> Action:
        return super()._turn(state, seat, plan_of(state, seat).mains(self, state, seat, legal)
                             or legal)
