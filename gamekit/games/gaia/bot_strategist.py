"""The strategist for Gaia Project (registered ``strategist``; issue 32, the top rung of Gaia's
ladder for issue 29): the planner of :mod:`.bots` searching the same way, its positions valued
by :func:`.bot_value.strategic_value` (federations on the way, action tech tiles, research
levels, the next round's scoring tile). Decides from ``agent_view``; deterministic for a seed."""

from __future__ import annotations

from functools import partial

from .bot_value import Weights, strategic_value
from .bots import PlannerAgent

__all__ = ["StrategistAgent"]


class StrategistAgent(PlannerAgent):
    """The planner with :func:`.bot_value.strategic_value` (see the module docstring)."""

    name = "strategist"

    def __init__(self, seed: int = 0, weights: Weights | None = None, **search) -> None:
        super().__init__(seed, **search)
        self.weights = weights or Weights()
        self.value = partial(strategic_value, w=self.weights)
