"""Heuristic agent for It's a Wonderful World (placeholder, replaced below)."""

from __future__ import annotations

from gamekit.core import Agent


class HeuristicAgent(Agent):
    name = "heuristic"
    needs_view = False

    def choose(self, view, decision):
        return decision.legal[0]
