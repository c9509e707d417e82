"""The engines of the factions that build where and how others cannot (session 26, issue 32):
the Lantids, Geodens, Gleens and Xenos ("Apêndice I: Facções"). Each plan is the completer's
play with its planetary institute (PI) taken as soon as it is legal within a window of rounds
(the PI is where these factions' abilities grow: the Lantids' 2 knowledge a guest mine, the
Geodens' 3 knowledge a new planet type, the Gleens' federation token, the Xenos' federations
of power value 6 and a QIC a round) and, for some, an opening of main actions."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamekit.kit import hexgrid

from .bot_engine_base import FactionPlan, upgrades_to
from .bots import PlannerAgent

if TYPE_CHECKING:
    from gamekit.core import Action

__all__ = ["SITES_PLANS", "SitesPlan"]


class SitesPlan(FactionPlan):
    """The PI first (rulebook "Fase III: Ações", 2. Melhorar uma estrutura): up to round
    ``pi_by``, while the seat has no PI, its PI upgrade is taken whenever legal from round
    ``pi_from`` (a PI in round 1 starves the seat: its one trading station's credits gone),
    its first trading station too (from round ``ts_from``), and its last trading station is
    not turned into a research lab; ``research``: tracks and levels researched first in round 1 while
    the seat stands below them ("Pesquisa"). Start mines ("Preparação"): the completer's
    worth of a start hex plus ``guest`` a planet an opponent holds within 2 (the Lantids'
    guest mine sites) and ``gaia`` a Gaia planet within 2 (the Gleens colonise them for an
    ore)."""

    def __init__(self, pi_by: int = 3, pi_from: int = 2, ts_from: int = 1,
                 research: tuple[tuple[str, int], ...] = (), guest: float = 0.0,
                 gaia: float = 0.0):
        self.pi_from, self.pi_by, self.ts_from = pi_from, pi_by, ts_from
        self.research = research
        self.guest, self.gaia = guest, gaia

    def decide(self, agent, state, seat: int, decision) -> Action | None:
        if decision.kind != "place" or not (self.guest or self.gaia):
            return None
        return max(decision.legal, key=lambda a: self.start_value(state, seat, a.args[0]))

    def start_value(self, state, seat: int, label: str) -> float:
        """The completer's worth of a start hex plus the guest and Gaia sites within 2."""
        h = state.hex_of(label)
        v = PlannerAgent._start_value(state, seat, label)
        for other, ptype in state.ptype.items():
            if other == h or hexgrid.distance(h, other) > 2:
                continue
            if state.owner.get(other, seat) != seat:
                v += self.guest
            elif ptype == "gaia" and other not in state.owner:
                v += self.gaia
        return v

    def mains(self, agent, state, seat: int, legal: list[Action]) -> list[Action]:
        p = state.pl[seat]
        if state.round == 1:
            for track, level in self.research:
                got = [a for a in legal if a.verb == "research" and a.args[0] == track]
                if got and p.research.get(track, 0) < level:
                    return got
        if state.round > self.pi_by or p.counts.get("PI"):
            return legal
        pi = upgrades_to(legal, "PI")
        if pi and state.round >= self.pi_from:
            return pi
        ts = p.counts.get("ts", 0)
        if not ts and state.round >= self.ts_from:
            first = upgrades_to(legal, "ts")
            if first:
                return first
        if ts == 1:
            labs = upgrades_to(legal, "lab")
            return [a for a in legal if a not in labs]
        return legal


#: the plans of this group that held at their faction's seat (docs/bots.md, "Session 26: the
#: site factions' engines"), by faction id
SITES_PLANS: dict[str, FactionPlan] = {}
