"""The strategist's valuation of a Gaia Project position (:mod:`.bot_strategist`): the planner's
:func:`.bot_eval.position_value` plus what it leaves out, each term a weight of
:class:`Weights` (issue 32: federations, advanced tech, research and round scoring lag real play).

* Federations ("4) Forjando Alianças"): unfederated power value counts toward the next token, up
  to the seat's threshold, while rounds are left to form it.
* Tech tiles with an action ("Ações de Tecnologia"): what the action gives each round left.
* Research ("Fim do Jogo e Pontuação"): levels 3 and more weigh more, the end VP being sure.
* Round scoring ("Fase III"): a federation ready to form counts part of the next round's tile
  when that tile scores federation tokens.
* Final tiles ("Fim do Jogo e Pontuação"): from round 3 on, more and more of their value is the
  seat's rank among the players as the counts stand (18/12/6 VP) in place of 2 VP a count.
* Round 6: stock and power at what the end-game conversions make of them (1 VP per 3)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .bot_eval import _BOWL, _STOCK, position_value, rounds_left
from .components import FINAL_SCORING, ROUND_SCORING, TECH
from .federation import fed_base, fed_supply_any
from .scoring import count_of

if TYPE_CHECKING:
    from .state import GaiaState

__all__ = ["Weights", "strategic_value"]

#: the planner's VP for a final tile's count, and the VP of its ranks (18, 12, 6; ties share)
_FINAL, _POINTS = 2.0, (18, 12, 6)
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
    #: share of the final tiles' VP by rank among the players as they stand, for the planner's
    #: 2 VP a count, growing from round 3 to all of it in round 6
    final_rank: float = 1.0
    #: in round 6, stock and power at the VP the end-game conversions make of them (1 VP per 3
    #: credits, ore, knowledge and QIC, bowl III power as credits, bowl II burnt first) in place
    #: of the planner's share of their in-game worth
    end_stock: float = 1.0


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
    if left == 0 and w.end_stock:
        v += w.end_stock * (_end_stock(p) - _planner_stock(p))
    phase = max(0.0, 1.0 - left / 4)
    if w.final_rank and phase:
        v += w.final_rank * phase * sum(_final_share(state, seat, t) - _FINAL * count_of(
            state, seat, t) for t in state.final_tiles)
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


def _final_share(state: GaiaState, seat: int, tile: str) -> float:
    """VP ``seat`` would take from final tile ``tile`` with the counts as they stand ("Fim do
    Jogo e Pontuação": 18/12/6 by rank, ties share; 2 players: the neutral player's count)."""
    mine = count_of(state, seat, tile)
    if mine == 0:
        return 0.0
    others = [count_of(state, s, tile) for s in range(state.players) if s != seat]
    if state.players == 2:
        others.append(FINAL_SCORING[tile].neutral)
    above = sum(1 for n in others if n > mine)
    tied = sum(1 for n in others if n == mine)
    return sum(_POINTS[above:min(above + tied + 1, 3)]) / (tied + 1)


def _end_stock(p) -> float:
    """VP the end-game conversions make of the seat's stock and power ("Fim do Jogo")."""
    b = p.bowls
    res = p.res
    power = p.spendable_power() + b.bowl2 // 2
    return (res["credits"] + res["ore"] + res["knowledge"] + res["qic"] + power) / 3


def _planner_stock(p) -> float:
    """What ``position_value`` counts for the same stock and power in round 6."""
    b = p.bowls
    v = sum(_STOCK[k] * p.res[k] for k in _STOCK)
    v += _BOWL[0] * b.bowl1 + _BOWL[1] * b.bowl2 + _BOWL[2] * b.bowl3 + _BOWL[3] * b.gaia
    if p.brainstone is not None:
        v += 2 * _BOWL[min(p.brainstone, 4) - 1]
    return 0.35 * v
