"""The economist for Gaia Project (session 22, issue 32; a variant, not registered): the
completer of :mod:`.bot_finisher` whose rounds 1–5 value the power economy the way players run
it. The scholar's value holds a token in bowl III at nearly what the power actions make of it
(4 power → 2 ore or 7 credits, "Ações de Poder"), so the bot sits on its power and never builds
the planetary institute (its power charges are worth less to that value than the trading
station's credits it covers, "Fase I: Renda"). Here:

* power in bowl III is worth less while rounds are left (spent each round on the power actions,
  it comes back through bowls I and II; held, the charges of the next rounds are lost on it);
* the ore and credits a power action makes are worth their own value plus ``spent`` a unit;
* the planetary institute is worth ``pi_round`` VP a round left on top (its power spent each
  round, its faction ability, "Instituto Planetário").

Decides from ``agent_view``; deterministic for a seed."""

from __future__ import annotations

from dataclasses import replace
from functools import partial

from .bot_eval import SCHOLAR, Valuation, position_value, rounds_left
from .bot_finisher import CompleterAgent

__all__ = ["EconomistAgent", "economy_value"]


def economy_value(state, seat: int, k: Valuation, pi_round: float = 1.0) -> float:
    """``position_value`` at worth ``k``, the planetary institute counted ``pi_round`` VP a
    round left on top."""
    v = position_value(state, seat, k)
    if state.over or state.pl[seat].board is None:
        return v
    return v + pi_round * state.pl[seat].counts.get("PI", 0) * rounds_left(state)


class EconomistAgent(CompleterAgent):
    """The completer with the power economy of the module docstring in rounds 1–5."""

    name = "economist"

    def __init__(self, seed: int = 0, bowl3: float = 0.08, charge: float = SCHOLAR.charge,
                 pi_round: float = 1.0, ore: float = SCHOLAR.stock["ore"],
                 credits: float = SCHOLAR.stock["credits"], **search) -> None:
        super().__init__(seed, **search)
        b = SCHOLAR.bowl
        k = replace(SCHOLAR, bowl=(b[0], b[1], bowl3, b[3]), charge=charge,
                    stock={**SCHOLAR.stock, "ore": ore, "credits": credits})
        #: rounds 1–5 (and round 6's ties): the scholar's value with the economy's worths
        self.rounds = partial(economy_value, k=k, pi_round=pi_round)
