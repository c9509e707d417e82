"""The scholar for Gaia Project (registered ``scholar``; session 13, issue 32): the planner of
:mod:`.bots` searching the same way, its positions valued by :func:`.bot_eval.position_value` at
the :data:`.bot_eval.SCHOLAR` worth — knowledge income and stock worth more, so research labs,
academies and the knowledge power actions come sooner ("Fase I: Renda"; 4 knowledge a research
step, "Pesquisa"). Decides from ``agent_view``; deterministic for a seed."""

from __future__ import annotations

from functools import partial

from .bot_eval import SCHOLAR, position_value
from .bots import PlannerAgent

__all__ = ["ScholarAgent"]


class ScholarAgent(PlannerAgent):
    """The planner valuing positions at :data:`.bot_eval.SCHOLAR` (see the module docstring)."""

    name = "scholar"
    value = staticmethod(partial(position_value, k=SCHOLAR))
