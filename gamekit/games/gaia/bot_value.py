"""The strategist's valuation of a Gaia Project position (:mod:`.bot_strategist`): the planner's
:func:`.bot_eval.position_value` plus what it leaves out, each term a weight of
:class:`Weights` (issue 32: federations, advanced tech, research and round scoring lag real play).

* Federations ("4) Forjando Alianças"): unfederated power value counts toward the next token, up
  to the seat's threshold, while rounds are left to form it.
* Tech tiles with an action ("Ações de Tecnologia"): what the action gives each round left.
* Research ("Fim do Jogo e Pontuação"): levels 3 and more weigh more, the end VP being sure.
* Round scoring ("Fase III"): the next round's tile read against what the seat holds ready
  (a federation ready to form, a spare Gaiaformer for a Gaia mine)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .bot_eval import position_value, rounds_left
from .components import ROUND_SCORING, TECH
from .federation import fed_base, fed_supply_any

if TYPE_CHECKING:
    from .state import GaiaState

__all__ = ["Weights", "strategic_value"]

#: VP a unit of an action tech tile's gain is worth (power charge, QIC, credits, ore, knowledge)
_GAIN = {"power_charge": 0.12, "qic": 1.0, "credits": 0.12, "ore": 0.4, "knowledge": 0.35}


@dataclass(frozen=True)
class Weights:
    """Weights of the terms added to the planner's value (VP each)."""

    #: a point of unfederated power value, up to the federation threshold
    fed: float = 0.6
    #: an action tech tile's gain a round
    tech_action: float = 0.8
    #: a research level above 2 on top of its 4 end VP
    research: float = 0.8
    #: share of the next round tile's VP for a federation ready to form
    next_round: float = 0.5
    #: the planetary institute's faction ability, while rounds are left to use it
    pi: float = 0.0


def strategic_value(state: GaiaState, seat: int, w: Weights = Weights()) -> float:
    """``position_value`` plus the :class:`Weights` terms (see the module docstring)."""
    v = position_value(state, seat)
    if state.over:
        return v
    p = state.pl[seat]
    left = rounds_left(state)
    v += w.research * sum(max(0, lv - 2) for lv in p.research.values())
    if p.board is None:
        return v
    if p.counts.get("PI"):
        v += w.pi * min(1.0, left / 3)
    if left > 0 and fed_supply_any(state):
        base = fed_base(state, seat)
        ready = min(base[1], base[2])
        v += w.fed * ready * min(1.0, left / 2)
        if base[1] >= base[2] and state.round >= 1:
            tile = ROUND_SCORING[state.round_tiles[state.round]]
            if tile.trigger == "federation_token":
                v += w.next_round * tile.vp
    for t in p.active_tech():
        tt = TECH[t]
        if tt.kind == "action":
            worth = sum(_GAIN.get(k, 0.0) * n for k, n in tt.gain.items())
            v += w.tech_action * worth * (left + (t not in p.used and not p.passed))
    return v
