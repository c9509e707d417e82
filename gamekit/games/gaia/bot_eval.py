"""How much a Gaia Project position is worth to one seat, in victory points to come: the
evaluation the heuristic agent (:mod:`.bots`) maximises one action ahead.

Read from the public state only: VP already scored, stock and power valued at what the power
and free actions turn them into, the income of the coming rounds ("Fase I: Renda", from
``income_of``), research levels (end-game 4 VP a level above 2, cheaper terraforming, longer
range), the final scoring tiles' counts ("Fim do Jogo e Pontuação"), Gaiaformers, the booster's
pass VP and federation tokens still to spend (level 5 needs one)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from .components import BOOSTERS, TECH
from .rounds import income_of
from .scoring import count_of

if TYPE_CHECKING:
    from .state import GaiaState

__all__ = ["PLANNER", "SCHOLAR", "TECHNOLOGIST", "Valuation", "position_value", "rounds_left"]

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
    """The VP a unit of stock, of income a round, a structure and each other holding is worth
    to a bot (the defaults: the planner's worth, see the module's constants)."""

    stock: dict[str, float] = field(default_factory=lambda: dict(_STOCK))
    income: dict[str, float] = field(default_factory=lambda: dict(_INCOME))
    structure: dict[str, float] = field(default_factory=lambda: dict(_STRUCTURE))
    #: a power token in bowl I, II, III and the Gaia area
    bowl: tuple[float, float, float, float] = _BOWL
    #: a power charge and a new token of income, per unit a round
    charge: float = _CHARGE
    token: float = _TOKEN
    #: share of the income of the rounds left counted now
    income_share: float = 0.9
    #: a final scoring tile's count
    final: float = _FINAL
    #: a terraforming and a navigation level, per round left (up to 4)
    terra: float = _TERRA
    nav: float = _NAV
    #: a research level above 2 at the end; a level's later use (full with 4 rounds left)
    research_end: float = 4.0
    research_use: float = 1.5
    #: the share of its worth stock keeps in round 6 and in round 5
    late: tuple[float, float] = (0.35, 0.7)
    #: a structure's worth: ``time_base + time_step`` a round left, up to its full worth
    time_base: float = 0.4
    time_step: float = 0.2
    #: a Gaiaformer (full with 3 rounds left)
    gaiaformer: float = 2.5
    #: a federation token still to spend, and its share before a research level 4
    fed_token: float = 3.0
    fed_early: float = 0.3
    #: a trigger or on-pass tech tile, a round left
    tech_round: float = 2.0
    #: the booster's pass VP (share of them) and its special action while unused
    booster_pass: float = 0.9
    booster_action: float = 2.0


#: the planner's valuation
PLANNER = Valuation()
#: the scholar's (session 13, docs/bots.md): knowledge, research labs and academies worth more
#: ("Fase I: Renda": a lab and the academies are what bring knowledge, 4 a research step)
SCHOLAR = Valuation(stock={**_STOCK, "knowledge": 0.45}, income={**_INCOME, "knowledge": 2.0})
#: the technologist's rounds 1–5 (session 28, docs/bots.md): the scholar's with a final scoring
#: tile's count worth 1 VP, not 2 — the tiles' 18/12/6 VP go by rank, so a count only pays
#: where it changes one ("Fim do Jogo e Pontuação")
TECHNOLOGIST = replace(SCHOLAR, final=1.0)


def rounds_left(state: GaiaState) -> int:
    """Income phases still to come (``0`` in round 6)."""
    return 6 - state.round if state.round >= 1 else 6


def position_value(state: GaiaState, seat: int, k: Valuation = PLANNER) -> float:
    """The seat's VP plus what its holdings should still bring (see the module docstring),
    each at the worth ``k`` gives it."""
    p = state.pl[seat]
    if state.over:
        return float(p.vp)
    left = rounds_left(state)
    late = k.late[0] if left == 0 else k.late[1] if left == 1 else 1.0  # less near the end
    v = float(p.vp)
    res = p.res
    v += late * sum(w * res[r] for r, w in k.stock.items())
    b, bw = p.bowls, k.bowl
    v += late * (bw[0] * b.bowl1 + bw[1] * b.bowl2 + bw[2] * b.bowl3 + bw[3] * b.gaia)
    if p.brainstone is not None:
        v += late * 2 * bw[min(p.brainstone, 4) - 1]
    v += _research_value(p.research, left, k)
    if p.board is not None:
        v += _income_value(state, seat, left, k)
        v += sum(k.structure.get(c, 1.0) for c in p.built.values()) * min(
            1.0, k.time_base + k.time_step * left)
        v += k.final * sum(count_of(state, seat, t) for t in state.final_tiles)
        v += _booster_value(state, seat, left, k)
    v += k.gaiaformer * p.gaiaformers * min(1.0, left / 3)
    v += k.fed_token * sum(1 for t in p.fed_tokens if t[1]) * (
        1.0 if p.research and max(p.research.values()) >= 4 else k.fed_early)
    v += sum(k.tech_round * left for t in p.active_tech() if TECH[t].kind in ("trigger", "on_pass"))
    return v


def _research_value(research: dict, left: int, k: Valuation) -> float:
    v = 0.0
    end, use, now = k.research_end, k.research_use, min(1.0, left / 4)
    for track, lv in research.items():
        v += end * max(0, lv - 2) + use * lv * now  # end VP; a level's later use
        if track == "terra":
            v += k.terra * lv * min(left, 4)
        elif track == "nav":
            v += k.nav * lv * min(left, 4)
    return v


def _income_value(state: GaiaState, seat: int, left: int, k: Valuation) -> float:
    if left == 0:
        return 0.0
    gains, charges, tokens = income_of(state, seat)
    worth = k.income
    per_round = sum(worth.get(r, 0.0) * n for r, n in gains.items())
    per_round += k.charge * sum(charges) + k.token * sum(tokens)
    return per_round * left * k.income_share


def _booster_value(state: GaiaState, seat: int, left: int, k: Valuation) -> float:
    """The pass VP the booster held will give, and its special action while unused."""
    p = state.pl[seat]
    if not p.booster:
        return 0.0
    b = BOOSTERS[p.booster]
    v = 0.0
    if b.pass_per and not p.passed:
        v += k.booster_pass * b.pass_vp * count_of(state, seat, b.pass_per)
    if b.action and p.booster not in p.used and not p.passed:
        v += k.booster_action
    return v
