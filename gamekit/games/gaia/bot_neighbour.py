"""The neighbour for Gaia Project (session 22 round 2, issue 32; a variant, not registered): the
completer of :mod:`.bot_finisher` whose rounds 1–5 value a structure's neighbourhood the
players' way. A structure within distance 2 of another player's is offered power each time that
player builds or upgrades there, and offers it power in turn ("Carregando Poder": the power
value of the highest structure within 2); players build next to each other for that leech and
for cheaper shared federations, the bots apart (round 1: 10.6 power of leech a seat a game
against voyager-6's 28.5). Here each pair of the seat's structure and another seat's structure
within 2 of it is worth ``pair`` VP a round left (up to ``cap`` rounds): the leech it will
bring over the remaining rounds; with ``until`` below 5 only up to that round (``0``: the
start mines alone). A start mine is placed near the others' too: ``start`` more on the
planner's worth of a start hex (cheap planets near) for each other seat's structure within 2
of it. Decides from ``agent_view``; deterministic for a
seed."""

from __future__ import annotations

from functools import partial

from gamekit.kit.hexgrid import within

from .bot_economist import EconomistAgent
from .bot_eval import SCHOLAR, position_value, rounds_left
from .bot_finisher import CompleterAgent

__all__ = ["NeighbourAgent", "NeighbourEconomistAgent", "contacts", "neighbour_value"]


def contacts(state, seat: int) -> int:
    """Pairs of the seat's structure and another seat's structure within 2 of it (the
    leech each of them may bring, "Carregando Poder")."""
    owner = state.owner
    n = 0
    for h in state.pl[seat].built:
        n += sum(1 for x in within(h, 2) if owner.get(x, seat) != seat)
    return n


def neighbour_value(state, seat: int, pair: float = 0.3, cap: int = 4, until: int = 5) -> float:
    """``position_value`` at the scholar's worth plus ``pair`` VP for each of the seat's
    :func:`contacts` a round left (up to ``cap``), up to round ``until``."""
    v = position_value(state, seat, SCHOLAR)
    if state.over or state.pl[seat].board is None or not pair or state.round > until:
        return v
    return v + pair * min(cap, rounds_left(state)) * contacts(state, seat)


class NeighbourAgent(CompleterAgent):
    """The completer with the neighbourhood worth of the module docstring in rounds 1–5."""

    name = "neighbour"

    def __init__(self, seed: int = 0, pair: float = 0.3, cap: int = 4, until: int = 5,
                 start: float = 0.0, **search) -> None:
        super().__init__(seed, **search)
        self.start = start
        #: rounds 1–5 (and round 6's ties): the scholar's value and the contacts' worth
        self.rounds = partial(neighbour_value, pair=pair, cap=cap, until=until)

    def _start_value(self, state, seat: int, label: str) -> float:
        """The planner's worth of a start hex, ``start`` more for each other seat's structure
        within 2 of it."""
        v = CompleterAgent._start_value(state, seat, label)
        if self.start:
            h, owner = state.hex_of(label), state.owner
            v += self.start * sum(1 for x in within(h, 2) if owner.get(x, seat) != seat)
        return v


class NeighbourEconomistAgent(EconomistAgent, NeighbourAgent):
    """The economist of :mod:`.bot_economist` (its rounds 1–5 valued so) placing its start
    mines near the others' as the neighbour with ``start`` (session 23, issue 32; a variant,
    not registered). With ``leech_cap`` it takes leech of at most that much power in rounds
    1–5 ("Carregando Poder": a leech of ``n`` power costs ``n - 1`` VP), declining the rest."""

    name = "neighbour economist"

    def __init__(self, seed: int = 0, start: float = 3.0, leech_cap: int | None = None,
                 **worths) -> None:
        super().__init__(seed, start=start, **worths)
        self.leech_cap = leech_cap

    def _leech(self, state, legal):
        """The planner's choice among the offers of at most ``leech_cap`` power."""
        if self.leech_cap is not None:
            legal = [a for a in legal if a.verb != "leech" or a.args[0] <= self.leech_cap] or legal
        return super()._leech(state, legal)
