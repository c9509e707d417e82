"""The faction bot for Gaia Project (session 25, issue 32; a variant, not registered): the
completer of :mod:`.bot_finisher` whose rounds 1–5 also count what the planetary institute's
faction ability ("Apêndice I: Facções", ``pi_ability`` in data/factions.json) will bring in the
rounds left. :func:`.bot_eval.position_value` sees a PI only as its income and a flat structure
worth, so the ability is worth nothing to it until the turn it pays: the Itars' tech tile a Gaia
phase, the Terrans' Gaia-area tokens cashed as power, the Nevlas' doubled bowl III, ...

:data:`PI_WORTH` holds, for every faction, the VP its PI ability is worth a round left beyond
what the scholar's value already counts (estimated from the rules and the completer's games,
docs/bots.md "Session 25"); :data:`PI_ACTION` names the factions whose ability is a
once-a-round action, worth the booster action's VP while unused in the round. Measured against
the completer (session 25): no version gains (−0.4 to −2.1 VP a player over 32 paired games),
so it is not registered. Decides from ``agent_view``; deterministic for a seed."""

from __future__ import annotations

from collections.abc import Mapping

from .bot_eval import SCHOLAR, Valuation, position_value, rounds_left
from .bot_finisher import CompleterAgent
from .components import FACTIONS

__all__ = ["GAIA_TOKEN", "PI_ACTION", "PI_WORTH", "FactionsAgent", "faction_term"]

#: VP the PI's ability is worth a round left beyond ``position_value`` (its income and a
#: structure), by faction id ("Instituto Planetário", each faction's board)
PI_WORTH: Mapping[str, float] = {
    # Gaia phase: 4 Gaia-area tokens (their burns and Gaia projects) -> a tech tile
    "itars": 3.0,
    # Gaia phase: the Gaia-area tokens cashed as if spent on the power free actions
    "terrans": 2.0,
    # once a round: a lab back to a trading station and a free research step (then a new lab
    # and its tech tile)
    "firaks": 2.0,
    # a bowl-III token pays 2 power: the power actions at half the tokens
    "nevlas": 1.5,
    # the power free actions paid in credits (4c -> QIC or knowledge, 3c -> ore)
    "hadsch-hallas": 1.0,
    # federations at power value 6 (the QIC income is in ``income_of`` already)
    "xenos": 1.0,
    # +3 knowledge for the first mine on each new planet type
    "geodens": 1.0,
    # +2 knowledge a guest mine
    "lantids": 1.0,
    # navigation steps allowed at all
    "baltaks": 1.0,
    # the Gleens' federation token (counted as a token once held): its round-by-round use
    "gleens": 0.5,
    # a token more on each leech taken
    "taklons": 0.5,
    # titanium structures +1 power value for federations
    "bescods": 0.5,
    # once a round: the PI swapped with a mine (federation reach)
    "ambas": 0.5,
    # the PI is their start: no choice to value
    "ivits": 0.0,
}
#: factions whose PI ability is a once-a-round special action, by the action's id ("Ações
#: Especiais"), worth ``Valuation.booster_action`` while unused in the round (the Ivits'
#: station and the Ambas' swap are left out: their PI is a start or the swap's worth is not
#: in the value, so a worth while unused would only hold them back)
PI_ACTION: Mapping[str, str] = {"firaks": "down-lab"}
#: VP a Gaia-area token is worth beyond its bowl worth while the PI stands and a Gaia phase is
#: to come ("Fase II: Gaia"): the Itars discard 4 for a tech tile (and its research step), the
#: Terrans cash each as a power spent on the free actions (4 -> a QIC)
GAIA_TOKEN: Mapping[str, float] = {"itars": 1.2, "terrans": 0.25}

assert set(PI_WORTH) == set(FACTIONS)


def faction_term(state, seat: int, k: Valuation = SCHOLAR, scale: float = 1.0,
                 tokens: float = 1.0, horizon: int = 6, least: int = 1) -> float:
    """What the seat's standing PI ability is still worth (``0`` without a PI): ``scale``
    times its :data:`PI_WORTH` a round left (at most ``horizon`` rounds counted, none with
    fewer than ``least`` rounds left), ``tokens``
    times its :data:`GAIA_TOKEN` a token in the Gaia area, and its once-a-round action while
    unused."""
    p = state.pl[seat]
    if state.over or not p.counts.get("PI"):
        return 0.0
    left = rounds_left(state)
    v = scale * PI_WORTH.get(p.faction, 0.0) * min(left, horizon) if left >= least else 0.0
    if left and p.faction in GAIA_TOKEN:
        v += tokens * GAIA_TOKEN[p.faction] * p.bowls.gaia
    act = PI_ACTION.get(p.faction)
    if act is not None and act not in p.used and not p.passed:
        v += k.booster_action
    return v


class FactionsAgent(CompleterAgent):
    """The completer counting each faction's PI ability in rounds 1–5 (and in round 6's ties),
    see the module docstring; ``scale`` multiplies :data:`PI_WORTH`, ``tokens``
    :data:`GAIA_TOKEN`; ``horizon`` caps the rounds left the worth is counted for (a PI
    built early then gains nothing over one built with ``horizon`` rounds left) and ``least``
    the fewest rounds left it is counted with."""

    name = "factions"

    def __init__(self, seed: int = 0, scale: float = 1.0, tokens: float = 1.0,
                 horizon: int = 6, least: int = 1, **search) -> None:
        super().__init__(seed, **search)
        self.scale, self.tokens, self.horizon, self.least = scale, tokens, horizon, least

    def rounds(self, state, seat: int) -> float:
        """The scholar's value plus :func:`faction_term`."""
        return position_value(state, seat, SCHOLAR) + faction_term(
            state, seat, SCHOLAR, self.scale, self.tokens, self.horizon, self.least)
