"""The engines of the factions whose power runs through the Gaia area (session 26, issue 32):
plans for :mod:`.bot_engines` ("Apêndice I: Facções").

- **Itars**: a burned token goes to the Gaia area; with the planetary institute, each Gaia
  phase ("Fase II: Gaia") discards 4 Gaia-area tokens for a tech tile (and its research step).
  :func:`.bot_eval.position_value` counts a Gaia-area token at a bowl token's worth and the PI
  as its income and a structure, so the completer's Itars rarely build it (3 % of seats). The
  plan counts the PI's ability from round 2 (a PI in round 1 starves the seat, session 25),
  each Gaia-area token at a share of a tech tile while the PI stands and a Gaia phase is to
  come, and answers the Itars' Gaia-phase decision by taking the tile while 4 tokens are there.
  (Forcing the PI upgrade once legal, ``force``, is off: in rounds 2–4 it lost, in round 3
  alone it never came up; docs/bots.md "Session 26".)
- **Terrans**: Gaia-area tokens come back to bowl II; with the PI they are cashed as if spent
  on the power free actions. The completer's Terrans run one Gaia project and let their
  gaiaformer idle: the plan counts a gaiaformer standing on a planet (a Gaia planet for a mine
  without terraforming), the Gaia-area tokens at their bowl-II return (and a QIC's share with
  the PI) and the PI from round 2.

Measured at the faction's seat against the completer (docs/bots.md, "Session 26: the Gaia-area
engines"): neither plan holds yet. Decides from ``agent_view``; deterministic for a seed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from .bot_engine_base import FactionPlan, upgrades_to
from .bot_eval import rounds_left

if TYPE_CHECKING:
    from gamekit.core import Action

__all__ = ["GAIA_PLANS", "ItarsPlan", "TerransPlan"]

#: the free actions a forced turn keeps ("Ações Livres")
_FREE = frozenset(("convert", "burn"))


class _PiPlan(FactionPlan):
    """A plan counting the standing PI's ability: ``pi_round`` VP a round left (at most
    ``horizon`` rounds) from round ``first`` on (a PI built earlier counts nothing more). In
    the rounds ``force`` the PI upgrade, once legal, is the only main action a turn considers
    (beside the free actions), and until it stands a trading station is worth ``hold`` VP more
    (one kept for it)."""

    def __init__(self, pi_round: float, first: int = 2, horizon: int = 4,
                 force: tuple[int, ...] = (), hold: float = 0.0) -> None:
        self.pi_round, self.first, self.horizon = pi_round, first, horizon
        self.force, self.hold = force, hold

    def pi_worth(self, state, seat: int) -> float:
        """The standing PI's worth (``0`` without one, before round ``first``, in round 6);
        without it, ``hold`` for a trading station to upgrade while a forced round comes."""
        p = state.pl[seat]
        if not p.counts.get("PI"):
            soon = self.force and state.round <= max(self.force)
            return self.hold if soon and p.counts.get("ts") else 0.0
        left = rounds_left(state)
        if left == 0 or state.round < self.first:
            return 0.0
        return self.pi_round * min(left, self.horizon)

    def mains(self, agent, state, seat: int, legal: list[Action]) -> list[Action]:
        if state.round not in self.force or state.pl[seat].counts.get("PI"):
            return legal
        pis = upgrades_to(legal, "PI")
        return pis + [a for a in legal if a.verb in _FREE] if pis else legal


class ItarsPlan(_PiPlan):
    """The Itars' engine: the PI from round 2, Gaia-area tokens cashed for tech tiles.

    ``token`` VP a Gaia-area token while the PI stands and a Gaia phase comes."""

    def __init__(self, pi_round: float = 3.0, token: float = 1.2, first: int = 2,
                 horizon: int = 4, force: tuple[int, ...] = (),
                 hold: float = 0.0) -> None:
        super().__init__(pi_round, first, horizon, force, hold)
        self.token = token

    def term(self, agent, state, seat: int) -> float:
        pi = self.pi_worth(state, seat)
        if not state.pl[seat].counts.get("PI"):
            return pi
        return pi + self.token * state.pl[seat].bowls.gaia if pi else 0.0

    def decide(self, agent, state, seat: int, decision):
        """The Gaia phase's tech tile for 4 Gaia-area tokens whenever it is offered."""
        if decision.kind == "itars":
            return next((a for a in decision.legal if a.args and a.args[0] == "tech"), None)
        return None


class TerransPlan(_PiPlan):
    """The Terrans' engine: Gaia projects each round (their tokens come back to bowl II, the
    PI cashes them as the power free actions), the PI from round 2.

    ``project`` VP a gaiaformer of the seat standing on a planet (a Gaia planet to come, or
    come, for a mine without terraforming) while a round is left; ``token`` VP a Gaia-area
    token beyond its bowl worth while a Gaia phase comes (bowl II, not bowl I), ``pi_token``
    more while the PI stands (4 tokens -> a QIC)."""

    def __init__(self, pi_round: float = 2.0, project: float = 4.0, token: float = 0.1,
                 pi_token: float = 0.25, first: int = 2, horizon: int = 4) -> None:
        super().__init__(pi_round, first, horizon)
        self.project, self.token, self.pi_token = project, token, pi_token

    def term(self, agent, state, seat: int) -> float:
        if rounds_left(state) == 0:
            return 0.0
        pi = self.pi_worth(state, seat)
        placed = sum(1 for s in state.gf.values() if s == seat)
        per = self.token + (self.pi_token if state.pl[seat].counts.get("PI") else 0.0)
        return pi + self.project * placed + per * state.pl[seat].bowls.gaia


#: the plans of this group, by faction id
GAIA_PLANS: Mapping[str, FactionPlan] = {"itars": ItarsPlan(), "terrans": TerransPlan()}
