"""Each faction's engine on top of the completer (session 26, issue 32; a variant, not
registered yet): the completer of :mod:`.bot_finisher`, whose rounds 1–5 ask the seat's
faction plan ("Apêndice I: Facções", :mod:`.bot_engine_base`) three things — what its
position is worth beyond the scholar's :func:`.bot_eval.position_value` (``term``), which main
actions a turn considers (``mains``) and how a decision of its own is answered (``decide``).
A faction without a plan plays as the completer.

The plans are a closed table keyed by faction id (:data:`PLANS`): a game's data selects an
entry, never names code. Decides from ``agent_view``; deterministic for a seed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from .bot_engine_base import FactionPlan
from .bot_engine_gaia import GAIA_PLANS
from .bot_engine_power import POWER_PLANS
from .bot_engine_sites import SITES_PLANS
from .bot_engine_tech import TECH_PLAN
from .bot_eval import SCHOLAR, position_value
from .bot_finisher import CompleterAgent

if TYPE_CHECKING:
    from gamekit.core import Action

__all__ = ["COMMON", "PLANS", "EngineAgent", "plan_of"]

_NONE = FactionPlan()

#: each faction's plan, by faction id (a faction not listed plays as the completer)
PLANS: Mapping[str, FactionPlan] = {**GAIA_PLANS, **POWER_PLANS, **SITES_PLANS}
#: the plan every seat follows besides its faction's: its term added, its mains filtered
#: first, its decisions after the faction plan's
COMMON: FactionPlan = TECH_PLAN


def plan_of(state, seat: int) -> FactionPlan:
    """The plan of the seat's faction (the completer's own play when it has none)."""
    return PLANS.get(state.pl[seat].faction or "", _NONE)


class EngineAgent(CompleterAgent):
    """The completer with each faction's plan in rounds 1–5 (see the module docstring)."""

    name = "engines"

    def rounds(self, state, seat: int) -> float:
        """The scholar's value plus the common plan's and the faction plan's terms."""
        return (position_value(state, seat, SCHOLAR) + COMMON.term(self, state, seat)
                + plan_of(state, seat).term(self, state, seat))

    def choose(self, view, decision):
        legal = decision.legal
        if view is not None and len(legal) > 1 and view.round <= 5:
            seat = legal[0].seat
            own = plan_of(view, seat).decide(self, view, seat, decision)
            if own is None:
                own = COMMON.decide(self, view, seat, decision)
            if own is not None:
                return own
        return super().choose(view, decision)

    def _turn(self, state, seat: int, legal: list[Action]) -> Action:
        kept = COMMON.mains(self, state, seat, legal) or legal
        kept = plan_of(state, seat).mains(self, state, seat, kept)
        return super()._turn(state, seat, kept or legal)
