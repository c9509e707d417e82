"""Blue Moon City agents."""

from __future__ import annotations

from gamekit.core import Agent


class HeuristicAgent(Agent):
    name = "heuristic"
    needs_view = True

    def choose(self, view, decision):
        return decision.legal[0]
