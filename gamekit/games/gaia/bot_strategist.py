"""The strategist for Gaia Project (registered ``strategist``; issue 32, a candidate for the top
rung of Gaia's ladder, issue 29 — not yet stronger than the planner, docs/bots.md): the planner
of :mod:`.bots` searching the same way, its positions valued by
:func:`.bot_value.strategic_value` (federations on the way, action tech tiles, research levels,
the next round's scoring tile, final tiles by rank, round 6's stock at its end VP), leeching up
to 4 power in every round ("Carregando Poder"). Decides from ``agent_view``; deterministic for a
seed."""

from __future__ import annotations

from functools import partial

from .bot_value import Weights, strategic_value
from .bots import PlannerAgent

__all__ = ["StrategistAgent"]


class StrategistAgent(PlannerAgent):
    """The planner with :func:`.bot_value.strategic_value` (see the module docstring)."""

    name = "strategist"
    #: power it leeches at most, whatever the round (the planner: 4 up to round 4, then 2)
    leech_cap = 4

    def __init__(self, seed: int = 0, weights: Weights | None = None, **search) -> None:
        super().__init__(seed, **search)
        self.weights = weights or Weights()
        self.value = partial(strategic_value, w=self.weights)

    def _leech(self, state, legal):
        """Leech ("Carregando Poder") up to ``leech_cap`` power, for the VP it costs."""
        takes = [a for a in legal if a.verb == "leech" and a.args[0] <= self.leech_cap]
        if takes:
            return max(takes, key=lambda a: (a.args[0], len(a.args)))
        return next((a for a in legal if a.verb == "decline"), legal[-1])
