"""The neighbour for Gaia Project (session 22 round 2, issue 32; a variant, not registered): the
completer of :mod:`.bot_finisher` whose rounds 1–5 value a structure's neighbourhood the
players' way. A structure within distance 2 of another player's is offered power each time that
player builds or upgrades there, and offers it power in turn ("Carregando Poder": the power
value of the highest structure within 2); players build next to each other for that leech and
for cheaper shared federations, the bots apart (round 1: 10.6 power of leech a seat a game
against voyager-6's 28.5). Here each pair of the seat's structure and another seat's structure
within 2 of it is worth ``pair`` VP a round left (up to ``cap`` rounds): the leech it will
bring over the remaining rounds. Decides from ``agent_view``; deterministic for a seed."""

from __future__ import annotations

from functools import partial

from gamekit.kit.hexgrid import within

from .bot_eval import SCHOLAR, position_value, rounds_left
from .bot_finisher import CompleterAgent

__all__ = ["NeighbourAgent", "contacts", "neighbour_value"]


def contacts(state, seat: int) -> int:
    """Pairs of the seat's structure and another seat's structure within 2 of it (the
    leech each of them may bring, "Carregando Poder")."""
    owner = state.owner
    n = 0
    for h in state.pl[seat].built:
        n += sum(1 for x in within(h, 2) if owner.get(x, seat) != seat)
    return n


def neighbour_value(state, seat: int, pair: float = 0.3, cap: int = 4) -> float:
    """``position_value`` at the scholar's worth plus ``pair`` VP for each of the seat's
    :func:`contacts` a round left (up to ``cap``)."""
    v = position_value(state, seat, SCHOLAR)
    if state.over or state.pl[seat].board is None or not pair:
        return v
    return v + pair * min(cap, rounds_left(state)) * contacts(state, seat)


class NeighbourAgent(CompleterAgent):
    """The completer with the neighbourhood worth of the module docstring in rounds 1–5."""

    name = "neighbour"

    def __init__(self, seed: int = 0, pair: float = 0.3, cap: int = 4, **search) -> None:
        super().__init__(seed, **search)
        #: rounds 1–5 (and round 6's ties): the scholar's value and the contacts' worth
        self.rounds = partial(neighbour_value, pair=pair, cap=cap)
