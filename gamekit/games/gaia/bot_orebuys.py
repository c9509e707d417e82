"""The ore buyer for Gaia Project (session 24, issue 32; measured, not registered): the
completer of :mod:`.bot_finisher` whose rounds 1–4 value the seat's ore income by what it buys.
The scholar's value gives an ore of income a flat 1.3 VP a round left; the players' extra ore
goes into mines. Here an ore of income is worth, each round left, the VP of a mine (``mine``)
over the ore the cheapest mine site in range costs (:func:`.bot_sites.site_costs`: 1 ore and
the terraforming steps at the seat's ore a step, "Terraformação"), up to ``cap`` VP, when that
is more than the flat worth ("Fase I: Renda": a mine, the economy track and the boosters bring
ore). Decides from ``agent_view``; deterministic for a seed."""

from __future__ import annotations

from functools import partial

from .bot_eval import SCHOLAR, position_value, rounds_left
from .bot_finisher import CompleterAgent
from .bot_sites import site_costs
from .rounds import income_of

__all__ = ["OreBuyerAgent", "ore_bought_value"]


def ore_bought_value(state, seat: int, mine: float = 4.0, cap: float = 2.5,
                     last: int = 4) -> float:
    """``position_value`` at the scholar's worth, the seat's ore income re-valued in rounds
    1–``last`` at ``min(cap, mine / the cheapest site's ore)`` VP an ore a round left (only
    above the flat worth; unchanged with no site in range)."""
    v = position_value(state, seat, SCHOLAR)
    if state.over or state.pl[seat].board is None or not 1 <= state.round <= last:
        return v
    costs = site_costs(state, seat)
    if not costs:
        return v
    worth = min(cap, mine / min(costs))
    flat = SCHOLAR.income["ore"]
    if worth <= flat:
        return v
    ore = income_of(state, seat)[0].get("ore", 0)
    return v + (worth - flat) * ore * rounds_left(state) * SCHOLAR.income_share


class OreBuyerAgent(CompleterAgent):
    """The completer with the ore income of the module docstring in rounds 1–4."""

    name = "orebuyer"

    def __init__(self, seed: int = 0, mine: float = 4.0, cap: float = 2.5, last: int = 4,
                 **search) -> None:
        super().__init__(seed, **search)
        #: rounds 1–5 (and round 6's ties): the scholar's value, the ore income re-valued
        self.rounds = partial(ore_bought_value, mine=mine, cap=cap, last=last)
