"""The economist for Gaia Project (session 22, issue 32; a variant, not registered): the
completer of :mod:`.bot_finisher` whose rounds 1–5 value the power economy the way players run
it. The scholar's value holds a token in bowl III at nearly what the power actions make of it
(4 power → 2 ore or 7 credits, "Ações de Poder"), so the bot sits on its power and never builds
the planetary institute (its power charges are worth less to that value than the trading
station's credits it covers, "Fase I: Renda"). Here:

* power in bowl III is worth less while rounds are left (spent each round on the power actions,
  it comes back through bowls I and II; held, the charges of the next rounds are lost on it);
* a power action that makes ore, credits or knowledge (4 power → 2 ore, 7 credits or 2
  knowledge) is worth ``act_bonus`` VP beyond what it makes: the tokens it frees take the
  charges of the next rounds (leech, income) that bowl III would lose ("Ciclo de Poder");
* the planetary institute is worth ``pi_round`` VP a round left on top (its power spent each
  round, its faction ability, "Instituto Planetário").

Decides from ``agent_view``; deterministic for a seed."""

from __future__ import annotations

from dataclasses import replace
from functools import partial

from .bot_eval import SCHOLAR, Valuation, position_value, rounds_left
from .bot_finisher import CompleterAgent

__all__ = ["EconomistAgent", "economy_value"]

#: the power actions that make stock (ore, credits, knowledge: "Ações de Poder")
_STOCK_ACTIONS = frozenset(("power3", "power4", "power5"))


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
                 pi_round: float = 1.0, act_bonus: float = 1.5, **search) -> None:
        super().__init__(seed, **search)
        b = SCHOLAR.bowl
        k = replace(SCHOLAR, bowl=(b[0], b[1], bowl3, b[3]), charge=charge)
        self._value = partial(economy_value, k=k, pi_round=pi_round)
        self.act_bonus = act_bonus
        #: the board actions already taken this round where the decision began (the view's)
        self._taken: frozenset[str] = frozenset()
        #: rounds 1–5 (and round 6's ties): the scholar's value with the economy's worths
        self.rounds = self._economy

    def choose(self, view, decision):
        if view is not None:
            self._taken = frozenset(view.taken)
        return super().choose(view, decision)

    def _economy(self, state, seat: int) -> float:
        """:func:`economy_value`, plus ``act_bonus`` for each stock power action the seat's own
        look-ahead took (the actions taken since the decision began, in its round)."""
        v = self._value(state, seat)
        if self.act_bonus and not state.over and state.round >= 1:
            v += self.act_bonus * len((state.taken - self._taken) & _STOCK_ACTIONS)
        return v
