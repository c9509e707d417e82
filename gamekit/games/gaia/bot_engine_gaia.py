"""The engines of the factions whose power runs through the Gaia area (session 26, issue 32):
plans for :mod:`.bot_engines` ("Apêndice I: Facções").

- **Itars**: a burned token goes to the Gaia area; with the planetary institute, each Gaia
  phase ("Fase II: Gaia") discards 4 Gaia-area tokens for a tech tile (and its research step).
  :func:`.bot_eval.position_value` counts a Gaia-area token at a bowl token's worth and the PI
  as its income and a structure, so the completer's Itars rarely build it (3 % of seats). The
  plan counts the PI's ability from round 2 (a PI in round 1 starves the seat, session 25),
  each Gaia-area token at a share of a tech tile while the PI stands and a Gaia phase is to
  come, and answers the Itars' Gaia-phase decision by taking the tile while 4 tokens are there.

Decides from ``agent_view``; deterministic for a seed."""

from __future__ import annotations

from collections.abc import Mapping

from .bot_engine_base import FactionPlan
from .bot_eval import rounds_left

__all__ = ["GAIA_PLANS", "ItarsPlan"]


class ItarsPlan(FactionPlan):
    """The Itars' engine: the PI from round 2, Gaia-area tokens cashed for tech tiles.

    ``pi_round`` VP a round left (at most ``horizon`` rounds) for a standing PI from round
    ``first`` on; ``token`` VP a Gaia-area token while the PI stands and a Gaia phase comes."""

    def __init__(self, pi_round: float = 3.0, token: float = 1.2, first: int = 2,
                 horizon: int = 4) -> None:
        self.pi_round, self.token, self.first, self.horizon = pi_round, token, first, horizon

    def term(self, agent, state, seat: int) -> float:
        p = state.pl[seat]
        left = rounds_left(state)
        if not p.counts.get("PI") or left == 0 or state.round < self.first:
            return 0.0
        return self.pi_round * min(left, self.horizon) + self.token * p.bowls.gaia

    def decide(self, agent, state, seat: int, decision):
        """The Gaia phase's tech tile for 4 Gaia-area tokens whenever it is offered."""
        if decision.kind == "itars":
            return next((a for a in decision.legal if a.args and a.args[0] == "tech"), None)
        return None


#: the plans of this group, by faction id
GAIA_PLANS: Mapping[str, FactionPlan] = {"itars": ItarsPlan()}
