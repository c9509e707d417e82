"""A faction-aware opening plan for the Gaia bots (issue 32, session 14): the architect
(registered ``architect``) is the scholar (:mod:`.bot_scholar`) with a round 1–3 target per
faction — the planetary institute first for the factions whose institute is their engine, the
scholar's own opening (the research lab) for the others — and the ore and credits that target
still needs kept in reserve: a position that has spent below the reserve before the target
stands is worth less by the shortfall, one with the target built worth a bonus.

Real players (voyager-6, docs/bots.md "Session 14") build mine, trading station, planetary
institute in rounds 1–2; the PI costs 4 ore and 6 credits and needs a trading station (2 ore,
3 credits) to upgrade ("Melhorando Estruturas"). Decides from ``agent_view``; deterministic."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .bot_eval import SCHOLAR, position_value
from .bot_scholar import ScholarAgent
from .components import FACTIONS

if TYPE_CHECKING:
    from .state import GaiaState

__all__ = ["PI_FIRST", "ArchitectAgent", "Plan", "plan_value"]

#: factions whose opening target is the planetary institute (their faction boards, "Instituto
#: Planetário"; chosen by paired self-play, docs/bots.md "Session 14"); the others keep the
#: scholar's opening (their PI waits: measured −6 to −20 VP a seat for the Itars, Geodens, Bal
#: T'aks with it first)
PI_FIRST: frozenset[str] = frozenset((
    "hadsch-hallas",  # the power free actions paid in credits: the PI turns credits into ore, QIC
    "firaks",  # the PI's action: a lab back to a station and a free research step each round
    "terrans",  # Gaia phase: the tokens leaving the Gaia area cashed as power actions
    "taklons",  # on each leech accepted one more power token
))

#: VP a Gaia-area token is worth once the faction's PI stands, beyond :mod:`.bot_eval`'s
#: (Terrans: each one cashed as a power action's power)
GAIA_TOKEN: dict[str, float] = {"terrans": 0.2}


@dataclass(frozen=True)
class Plan:
    """How the opening target is pursued: the rounds it is kept (``last_round``), VP a missing
    unit of the reserve costs (``ore``, ``credits``), the bonus once built (``bonus``; a
    trading station on the way counts ``step``)."""

    last_round: int = 3
    ore: float = 0.6
    credits: float = 0.25
    bonus: float = 6.0
    step: float = 2.0


#: the architect's plan
PLAN = Plan()


def _reserve(state: GaiaState, seat: int) -> tuple[int, int, bool, bool]:
    """Ore and credits the PI still needs (the trading station too when none stands), and
    whether a station and the PI stand."""
    p = state.pl[seat]
    kinds = set(p.built.values())
    has_pi, has_ts = "PI" in kinds, "ts" in kinds
    if has_pi:
        return 0, 0, True, True
    b = FACTIONS[p.faction].buildings
    pi, ts = b["planetary_institute"].cost, b["trading_station"].cost
    ore, credits = pi.get("ore", 0), pi.get("credits", 0)
    if not has_ts:
        ore, credits = ore + ts.get("ore", 0), credits + ts.get("credits", 0)
    return ore, credits, has_ts, False


def plan_value(state: GaiaState, seat: int, plan: Plan = PLAN) -> float:
    """The scholar's value of the position plus the opening plan's term (module docstring)."""
    v = position_value(state, seat, k=SCHOLAR)
    p = state.pl[seat]
    if state.over or p.faction not in PI_FIRST or p.board is None:
        return v
    ore, credits, has_ts, has_pi = _reserve(state, seat)
    if has_pi:
        return v + plan.bonus + GAIA_TOKEN.get(p.faction, 0.0) * p.bowls.gaia * (state.round < 6)
    v += plan.step * has_ts
    if state.round <= plan.last_round:
        v -= plan.ore * max(0, ore - p.res["ore"]) + plan.credits * max(0, credits - p.res["credits"])
    return v


class ArchitectAgent(ScholarAgent):
    """The scholar with the faction's opening plan (see the module docstring)."""

    name = "architect"
    value = staticmethod(plan_value)
