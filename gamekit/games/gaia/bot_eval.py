"""How much a Gaia Project position is worth to one seat, in victory points to come: the
evaluation the heuristic agent (:mod:`.bots`) maximises one action ahead.

Read from the public state only: VP already scored, stock and power valued at what the power
and free actions turn them into, the income of the coming rounds ("Fase I: Renda", from
``income_of``), research levels (end-game 4 VP a level above 2, cheaper terraforming, longer
range), the final scoring tiles' counts ("Fim do Jogo e Pontuação"), Gaiaformers, the booster's
pass VP and federation tokens still to spend (level 5 needs one)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .components import BOOSTERS, TECH
from .rounds import income_of
from .scoring import count_of

if TYPE_CHECKING:
    from .state import GaiaState

__all__ = ["PLANNER", "SCHOLAR", "Valuation", "position_value", "rounds_left"]

#: VP a unit of stock is worth while the game goes on (power actions: 4 power -> 7 credits,
#: 3 power -> 1 ore, 4 power -> 1 QIC; 4 knowledge = a research step)
_STOCK = {"credits": 0.1, "ore": 0.35, "knowledge": 0.3, "qic": 1.0}
#: VP a power token is worth in each bowl (I, II, III) and in the Gaia area
_BOWL = (0.03, 0.08, 0.13, 0.05)
#: what income is worth a round (power charge and new tokens per unit)
_INCOME = {"credits": 0.6, "ore": 1.3, "knowledge": 1.3, "qic": 2.0, "vp": 1.0}
_CHARGE, _TOKEN = 0.18, 0.15
#: a structure beyond its income: power value for federations, leech, final tiles
_STRUCTURE = {"m": 1.0, "ts": 2.0, "lab": 2.5, "PI": 4.0, "ac1": 2.5, "ac2": 2.5, "lost": 2.0}
#: VP a final scoring tile's count is worth (18/12/6 VP shared by rank)
_FINAL = 2.0
#: terraforming and navigation levels save ore and open planets while there are rounds left
_TERRA, _NAV = 0.9, 0.7


@dataclass(frozen=True)
class Valuation:
    """The VP a unit of stock, of income a round and a structure are worth to a bot."""

    stock: dict[str, float] = field(default_factory=lambda: dict(_STOCK))
    income: dict[str, float] = field(default_factory=lambda: dict(_INCOME))
    structure: dict[str, float] = field(default_factory=lambda: dict(_STRUCTURE))


#: the planner's valuation
PLANNER = Valuation()
#: the scholar's (session 13, docs/bots.md): knowledge, research labs and academies worth more
#: ("Fase I: Renda": a lab and the academies are what bring knowledge, 4 a research step)
SCHOLAR = Valuation(stock={**_STOCK, "knowledge": 0.45}, income={**_INCOME, "knowledge": 2.0})


def rounds_left(state: GaiaState) -> int:
    """Income phases still to come (``0`` in round 6)."""
    return 6 - state.round if state.round >= 1 else 6


def position_value(state: GaiaState, seat: int, k: Valuation = PLANNER) -> float:
    """The seat's VP plus what its holdings should still bring (see the module docstring),
    stock, income and structures at the worth ``k`` gives them."""
    p = state.pl[seat]
    if state.over:
        return float(p.vp)
    left = rounds_left(state)
    late = 0.35 if left == 0 else 0.7 if left == 1 else 1.0  # stock is worth less near the end
    v = float(p.vp)
    res = p.res
    v += late * sum(w * res[r] for r, w in k.stock.items())
    b = p.bowls
    v += late * (_BOWL[0] * b.bowl1 + _BOWL[1] * b.bowl2 + _BOWL[2] * b.bowl3 + _BOWL[3] * b.gaia)
    if p.brainstone is not None:
        v += late * 2 * _BOWL[min(p.brainstone, 4) - 1]
    v += _research_value(p.research, left)
    if p.board is not None:
        v += _income_value(state, seat, left, k.income)
        v += sum(k.structure.get(c, 1.0) for c in p.built.values()) * min(1.0, 0.4 + 0.2 * left)
        v += _FINAL * sum(count_of(state, seat, t) for t in state.final_tiles)
        v += _booster_value(state, seat, left)
    v += 2.5 * p.gaiaformers * min(1.0, left / 3)
    v += 3.0 * sum(1 for t in p.fed_tokens if t[1]) * (1.0 if p.research and
                                                         max(p.research.values()) >= 4 else 0.3)
    v += sum(2.0 * left for t in p.active_tech() if TECH[t].kind in ("trigger", "on_pass"))
    return v


def _research_value(research: dict, left: int) -> float:
    v = 0.0
    for track, lv in research.items():
        v += 4 * max(0, lv - 2) + 1.5 * lv * min(1.0, left / 4)  # end VP; a level's later use
        if track == "terra":
            v += _TERRA * lv * min(left, 4)
        elif track == "nav":
            v += _NAV * lv * min(left, 4)
    return v


def _income_value(state: GaiaState, seat: int, left: int, worth: dict[str, float]) -> float:
    if left == 0:
        return 0.0
    gains, charges, tokens = income_of(state, seat)
    per_round = sum(worth.get(r, 0.0) * n for r, n in gains.items())
    per_round += _CHARGE * sum(charges) + _TOKEN * sum(tokens)
    return per_round * left * 0.9


def _booster_value(state: GaiaState, seat: int, left: int) -> float:
    """The pass VP the booster held will give, and its special action while unused."""
    p = state.pl[seat]
    if not p.booster:
        return 0.0
    b = BOOSTERS[p.booster]
    v = 0.0
    if b.pass_per and not p.passed:
        v += 0.9 * b.pass_vp * count_of(state, seat, b.pass_per)
    if b.action and p.booster not in p.used and not p.passed:
        v += 2.0
    return v
