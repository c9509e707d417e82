"""The federalist for Gaia Project (session 19, issue 32): the finisher of :mod:`.bot_finisher`
whose rounds 1–5 value, besides the scholar's worths, the progress toward the seat's next
federation ("4) Forjando Alianças"): the cheapest cluster of its unfederated structures it
could link with the satellites it can pay (power tokens; the Ivits their QIC), counted up to
the federation's power value (7; the Xenos with their PI 6) — so a mine placed next to the
cluster, an upgrade inside it and the tokens kept for its satellites are worth something
before the federation can be formed. Decides from ``agent_view``; deterministic for a seed."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamekit.kit.hexgrid import distance, neighbours

from .bot_eval import SCHOLAR, position_value, rounds_left
from .bot_finisher import FinisherAgent
from .federation import components_of, fed_base, fed_supply_any, satellite_cap

if TYPE_CHECKING:
    from .state import GaiaState

__all__ = ["FederalistAgent", "fed_plan", "federalist_value"]

#: VP a point of power value in the planned federation is worth, and a satellite it needs
PLAN_POINT, PLAN_SATELLITE = 0.6, 0.3
#: clusters already measured: (unfederated values, banned hexes, need, budget) -> plan
_MEMO: dict[tuple, tuple[int, int]] = {}


def fed_plan(state: GaiaState, seat: int) -> tuple[int, int]:
    """``(power value, satellites)`` of the seat's best next federation: groups of adjacent
    unfederated structures (none next to an earlier federation) joined greedily to the nearest
    group, each join costing the hex distance less one in satellites, while the satellites stay
    within what the seat can pay; the value is counted up to the seat's threshold and the best
    cluster is the one of most value, then fewest satellites."""
    base = fed_base(state, seat)
    p = state.pl[seat]
    banned = frozenset(n for fed in p.feds for h in fed for n in (h, *neighbours(h)))
    vals = {h: v for h, v in base[0].items() if h not in banned}
    need, budget = base[2], satellite_cap(state, seat)
    key = (tuple(vals.items()), banned, need, budget)
    got = _MEMO.get(key)
    if got is None:
        if len(_MEMO) >= 4096:
            _MEMO.clear()
        got = _MEMO[key] = _best_cluster(state, vals, need, budget)
    return got


def _best_cluster(state: GaiaState, vals: dict, need: int, budget: int) -> tuple[int, int]:
    comps = components_of(state, vals) if vals else {}
    groups = list(dict.fromkeys(comps.values()))
    best = (0, 0)
    for start in groups:
        have, value, sats = set(start), sum(vals[h] for h in start), 0
        rest = [g for g in groups if g is not start]
        while value < need and rest:
            gap, g = min(((min(distance(a, b) for a in have for b in g) - 1, g) for g in rest),
                         key=lambda t: t[0])
            if sats + gap > budget:
                break
            sats += gap
            have |= g
            value += sum(vals[h] for h in g)
            rest.remove(g)
        got = (min(value, need), sats)
        if (got[0], -got[1]) > (best[0], -best[1]):
            best = got
    return best


def federalist_value(state: GaiaState, seat: int) -> float:
    """The scholar's value plus the planned federation's progress while rounds are left and
    federation tokens remain (see the module docstring)."""
    v = position_value(state, seat, SCHOLAR)
    left = rounds_left(state)
    if state.over or left == 0 or state.pl[seat].board is None or not fed_supply_any(state):
        return v
    value, sats = fed_plan(state, seat)
    return v + min(1.0, left / 2) * (PLAN_POINT * value - PLAN_SATELLITE * sats)


class FederalistAgent(FinisherAgent):
    """The finisher valuing rounds 1–5 with the federation plan (see the module docstring)."""

    name = "federalist"
    rounds = staticmethod(federalist_value)
