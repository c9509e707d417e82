"""The engines whose fuel is power (session 26, issue 32): the Firaks', Nevlas', Taklons' and
Hadsch Hallas' plans for the engines bot (:mod:`.bot_engines`, "Apêndice I: Facções").

Each plan counts the planetary institute ("Instituto Planetário") as worth
:func:`.bot_factions.faction_term` at a multiple of its ``PI_WORTH`` over at most 3 rounds left
(none under 2) and takes the upgrade to the PI whenever it is legal in rounds 2–3, so it
stands by round 3 or 4 (:class:`EarlyPI`); beside it:

* Firaks: the PI's action ("Ações Especiais": a research lab back to a trading station and a
  free research step) taken first in every round it can be, so the lab can be rebuilt for a
  new tech tile;
* Nevlas: with the PI a bowl-III token pays 2 power: its bowl worth counted twice;
* Taklons: with the PI a leech taken brings a power token too ("Carregando Poder"): a leech
  is taken when it costs at most one VP more than the completer's rule allows. Measured
  losing at their seat (no PI built, docs/bots.md "Session 26"), so it is not in the table;
  neither are the Hadsch Hallas (the early PI alone, measured losing).

Decides from ``agent_view``; deterministic for a seed."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .bot_engine_base import FactionPlan, upgrades_to
from .bot_eval import SCHOLAR
from .bot_factions import faction_term

if TYPE_CHECKING:
    from gamekit.core import Action

__all__ = ["POWER_PLANS", "EarlyPI", "FiraksPlan", "NevlasPlan", "TaklonsPlan"]


class EarlyPI(FactionPlan):
    """A PI worth counted for at most ``horizon`` rounds left and none under ``least``, the
    PI upgrade taken whenever it is legal in the rounds of ``force``."""

    #: the PI worth's multiple, the most rounds left counted and the fewest counted at all
    scale, horizon, least = 2.0, 3, 2
    #: the rounds whose turns take the PI upgrade alone whenever it is legal (round 1's
    #: trading station goes on to the lab and its tech tile)
    force: tuple[int, ...] = (2, 3)

    def term(self, agent, state, seat: int) -> float:
        """The PI's worth while rounds are left ("Instituto Planetário")."""
        return faction_term(state, seat, SCHOLAR, self.scale, 1.0, self.horizon, self.least)

    def mains(self, agent, state, seat: int, legal: list[Action]) -> list[Action]:
        """The upgrade to the PI alone when it is legal in a round of ``force``."""
        if state.round not in self.force:
            return legal
        return upgrades_to(legal, "PI") or legal


class FiraksPlan(EarlyPI):
    """The Firaks: the early PI, then its down-lab action every round (module docstring)."""

    def mains(self, agent, state, seat: int, legal: list[Action]) -> list[Action]:
        """The down-lab action alone whenever it is legal, the early PI's turn otherwise."""
        down = [a for a in legal if a.verb == "special" and a.args == ("down-lab",)]
        return down or super().mains(agent, state, seat, legal)


class NevlasPlan(EarlyPI):
    """The Nevlas: an early PI, then each bowl-III token worth two tokens' power."""

    def term(self, agent, state, seat: int) -> float:
        """The early PI's worth and, with the PI, a bowl-III token's worth once more."""
        p = state.pl[seat]
        twice = SCHOLAR.bowl[2] * p.bowls.bowl3 if p.counts.get("PI") and not state.over else 0.0
        return super().term(agent, state, seat) + twice


class TaklonsPlan(EarlyPI):
    """The Taklons: an early PI (its worth a round at 4×: a token each leech), then leech
    taken for one VP more than the completer takes it for."""

    scale = 4.0

    def decide(self, agent, state, seat: int, decision) -> Action | None:
        """With the PI: the largest charge costing at most the completer's cap in VP (the
        completer's cap: 4 power in rounds 1–4, 2 after), the token first when it charges
        more; ``None`` otherwise."""
        if decision.kind != "leech" or not state.pl[seat].counts.get("PI"):
            return None
        cap = 4 if state.round <= 4 else 2
        takes = [a for a in decision.legal if a.verb == "leech" and a.args[0] <= cap + 1]
        return max(takes, key=lambda a: (a.args[0], -len(a.args))) if takes else None


#: the power factions' plans, by faction id (the Taklons' and Hadsch Hallas' left out: the
#: module docstring)
POWER_PLANS: dict[str, FactionPlan] = {"firaks": FiraksPlan(), "nevlas": NevlasPlan()}
