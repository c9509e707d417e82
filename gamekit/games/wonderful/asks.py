"""The pending decisions of It's a Wonderful World on the core decision stack
(``gamekit.core.stack``; contract v3, issue 24 §2): the closed table of kinds (``ASKS``, each
kind's data with its own schema) and the entries the rules push and answer (``decisions.settle``
says when a seat's step is over).

A seat's entries, bottom first (each at most once; the top is the decision now):

==================  ==============================  ===========================================
kind                data                            pushed by, answered by
==================  ==============================  ===========================================
``tokens``          --                              a planning or production step opens (rule
                                                    "Construção": tokens may be placed at any
                                                    time); answered by ``done``, or settled
                                                    away while no token or discard matters
``plan``            --                              planning (fase_de_planeamento); settled
                                                    away once the selection area is empty
``exchange_second`` ``card``: the first card given  solo exchange (modo_a_solo), first card
``exchange_take``   --                              solo exchange, second card: five to look at
``place``           ``resource``, ``amount``,       cubes produced (fase_de_producao) or a
                    ``source``                      card recycled (fase_de_planeamento)
``supremacy``       --                              the science supremacy (bonus_supremacia)
``draft``           --                              each pick of the draft (fase_de_seleccao)
==================  ==============================  ===========================================
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamekit.core.stack import Asks, Pending, put

from .data import CARDS, RES

if TYPE_CHECKING:
    from .state import WonderfulState

__all__ = ["ASKS", "ORDER", "pending", "cubes", "set_pending", "take_cube", "open_step"]

_SOURCE = {"type": "string", "maxLength": 80,
           "enum": ["production", *(f"recycle:{c}" for c in sorted(CARDS))]}

_new = tuple.__new__  # a ``Pending`` without its keyword-handling constructor (hot path)

#: the closed table of kinds: kind -> its data fields, each with its JSON schema
ASKS = Asks("wonderful", {
    "tokens": {},
    "plan": {},
    "exchange_second": {"card": {"enum": sorted(CARDS)}},
    "exchange_take": {},
    "place": {"resource": {"enum": list(RES)},
              "amount": {"type": "integer", "minimum": 1, "maximum": 999},
              "source": _SOURCE},
    "supremacy": {},
    "draft": {},
})

#: the order of a seat's entries, bottom first (a sub-decision sits above the step that asked)
ORDER = {kind: i for i, kind in enumerate(ASKS.kinds)}


def pending(state: WonderfulState, s: int) -> Pending | None:
    """Seat ``s``'s cubes to place (its ``place`` entry: resource, amount, source), if any."""
    for entry in reversed(state.stacks[s]):
        if entry[0] == "place":
            return entry
    return None


def cubes(state: WonderfulState, s: int) -> int:
    """How many cubes seat ``s`` must place now (0 when none)."""
    entry = pending(state, s)
    return entry[2][1] if entry is not None else 0


def set_pending(state: WonderfulState, s: int, amount: int) -> None:
    """Seat ``s`` has ``amount`` cubes of its ``place`` entry left (none: answered)."""
    mine = state.stacks[s]
    i = len(mine)
    for entry in reversed(mine):
        i -= 1
        if entry[0] == "place":
            if amount:
                res, _, source = entry[2]
                mine = (*mine[:i], _new(Pending, ("place", s, (res, amount, source))),
                        *mine[i + 1:])
            else:
                mine = mine[:i] + mine[i + 1:]
            state.stacks = put(state.stacks, s, mine)
            return
    raise IndexError(f"seat {s} has no cubes to place")


def take_cube(state: WonderfulState, s: int) -> int:
    """One cube of seat ``s``'s ``place`` entry is placed: the cubes it has left (its step
    answered at 0). The entry is the seat's top while it places (``set_pending`` otherwise)."""
    stacks = state.stacks
    mine = stacks[s]
    entry = mine[-1]
    if entry[0] != "place":
        left = cubes(state, s) - 1
        set_pending(state, s, left)
        return left
    res, left, source = entry[2]
    left -= 1
    if left:
        mine = mine[:-1] + (_new(Pending, ("place", s, (res, left, source))),)
    else:
        mine = mine[:-1]
    state.stacks = (*stacks[:s], mine, *stacks[s + 1:])
    return left


#: each seat's ``tokens`` step, then with ``plan`` above it: by number of seats
_OPEN = {(n, plan): tuple((Pending("tokens", s), Pending("plan", s)) if plan
                          else (Pending("tokens", s),) for s in range(n))
         for n in range(1, 6) for plan in (False, True)}


def open_step(state: WonderfulState, plan: bool) -> None:
    """A planning or production step opens: each seat's ``tokens`` step (and ``plan`` with
    ``plan``); the rules then push the cubes to place and the supremacy above."""
    for seat in state.seats:
        seat.done = False
    state.stacks = _OPEN[state.players, plan]
