"""The engines whose fuel is power (session 26, issue 32): the Firaks', Nevlas', Taklons' and
Hadsch Hallas' plans for the engines bot (:mod:`.bot_engines`, "Apêndice I: Facções").

* Firaks: the planetary institute counted as worth :func:`.bot_factions.faction_term` at 2×
  over at most 3 rounds left (none under 2), so it stands by round 3; its action ("Ações
  Especiais": a research lab back to a trading station and a free research step) taken first
  in every round it can be, so the lab can be rebuilt for a new tech tile.

Decides from ``agent_view``; deterministic for a seed."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .bot_engine_base import FactionPlan
from .bot_eval import SCHOLAR
from .bot_factions import faction_term

if TYPE_CHECKING:
    from gamekit.core import Action

__all__ = ["POWER_PLANS", "FiraksPlan"]


class FiraksPlan(FactionPlan):
    """The Firaks: an early PI and its down-lab action every round (module docstring)."""

    #: the PI worth's multiple, the most rounds left counted and the fewest counted at all
    scale, horizon, least = 2.0, 3, 2

    def term(self, agent, state, seat: int) -> float:
        """The PI's worth while rounds are left ("Instituto Planetário")."""
        return faction_term(state, seat, SCHOLAR, self.scale, 1.0, self.horizon, self.least)

    def mains(self, agent, state, seat: int, legal: list[Action]) -> list[Action]:
        """The down-lab action alone whenever it is legal, the turn's actions otherwise."""
        return [a for a in legal if a.verb == "special" and a.args == ("down-lab",)] or legal


#: the power factions' plans, by faction id
POWER_PLANS: dict[str, FactionPlan] = {"firaks": FiraksPlan()}
