"""The decision stack of a seat: which step it is on, the step's legal actions, the
``Decision`` shown to people and bots, and the function that applies each verb.

A seat's steps, innermost first (the first that applies is the decision now); ``STEPS``
declares each one (kind, rule, legal actions, stack, question parameters, verbs):

* ``draft`` -- the draft, until the seat has picked: ``draft`` (fase_de_seleccao);
* ``supremacy`` -- won the science supremacy: ``supremacy`` (bonus_supremacia);
* ``place`` -- cubes produced or recycled to place: ``place`` (construcao);
* ``exchange_take`` -- solo, five cards looked at: ``take`` (modo_a_solo);
* ``exchange_second`` -- solo, one card of the exchange given: ``exchange`` (modo_a_solo);
* ``plan`` -- planning with cards in the selection area: ``keep``, ``recycle``, solo
  ``exchange``, and the any-time ``use`` and ``discard`` (fase_de_planeamento);
* ``tokens`` -- a token to place, or a discard that matters, at the end of planning or of a
  production step: ``done``, ``use``, ``discard`` (construcao).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from gamekit.core import Action, Decision
from gamekit.core.course import Step, Steps

from . import construction, draft, planning, production
from .actions import action
from .data import CARDS, CHARACTERS, RES

if TYPE_CHECKING:
    from .state import WonderfulState

__all__ = ["STEPS", "TABLE", "APPLY", "LEGAL", "step_of", "needs", "legal", "decide"]


def _legal_supremacy(state: WonderfulState, s: int) -> list[Action]:
    return [action(s, "supremacy", (t,)) for t in CHARACTERS]


def _legal_place(state: WonderfulState, s: int) -> list[Action]:
    """A pending cube goes on the first empty matching space of a card, or the Empire card."""
    seat = state.seats[s]
    res = RES[seat.pending_resource]
    out = []
    seen: dict[str, int] = {}
    for cid, fills in seat.construction:
        k = seen.get(cid, 0) + 1
        seen[cid] = k
        spaces = CARDS[cid].spaces
        for i, x in enumerate(fills):
            if not x and spaces[i] == res:
                out.append(action(s, "place", (res, cid if k == 1 else f"{cid}.{k}")))
                break
    out.append(action(s, "place", (res, "empire")))
    return out


def _legal_tokens(state: WonderfulState, s: int) -> list[Action]:
    out = [action(s, "done", ())]
    construction.any_time(state.seats[s], s, out)
    return out


def _done(state: WonderfulState, s: int) -> None:
    """Action ``done``: keep the tokens for later (end of this step)."""
    state.seats[s].done = True


def _no_params(state: WonderfulState, s: int) -> dict[str, Any]:
    return {}


def _step_name(state: WonderfulState) -> str | None:
    return RES[state.step] if state.phase == "production" and state.step >= 0 else None


STEPS: dict[str, Step] = {
    "draft": Step("draft", "fase_de_seleccao", draft.legal, ("draft",), ("draft",),
                  lambda st, s: {"n": len(st.seats[s].drafted) + 1,
                                 "direction": draft.direction(st.round)}, secret=True),
    "supremacy": Step("supremacy", "bonus_supremacia", _legal_supremacy, ("supremacy",),
                      ("supremacy",), lambda st, s: {"resource": _step_name(st)}),
    "place": Step("place", "construcao", _legal_place, ("place",), ("place",),
                  lambda st, s: {"resource": RES[st.seats[s].pending_resource],
                                 "n": st.seats[s].pending_amount}),
    "exchange_take": Step("exchange_take", "modo_a_solo", planning.legal_exchange_take,
                          ("take",), ("exchange", "take"), _no_params),
    "exchange_second": Step("exchange_second", "modo_a_solo", planning.legal_exchange_second,
                            ("exchange",), ("exchange", "discard"),
                            lambda st, s: {"card": st.exchange_first}),
    "plan": Step("plan", "fase_de_planeamento", planning.legal_plan,
                 ("keep", "recycle", "exchange", "use", "discard"), ("card",),
                 lambda st, s: {"n": len(st.seats[s].drafted)}),
    "tokens": Step("tokens", "construcao", _legal_tokens, ("done", "use", "discard"),
                   ("tokens",), lambda st, s: {"phase": st.phase, "step": _step_name(st)}),
}

#: verb -> the function that carries it out, ``f(state, seat, *args)``
APPLY: dict[str, Callable[..., None]] = {
    "draft": draft.pick,
    "keep": planning.keep,
    "recycle": planning.recycle,
    "exchange": planning.exchange,
    "take": planning.take,
    "place": construction.place,
    "use": construction.use,
    "discard": construction.discard,
    "supremacy": production.choose_supremacy,
    "done": _done,
}


#: step name -> its legal actions (the playouts' loop reads it directly)
LEGAL: dict[str, Callable[..., list[Action]]] = {name: step.legal for name, step in STEPS.items()}


def _current(state: WonderfulState, s: int) -> str:
    """The step seat ``s`` is on (meaningful while it has a decision)."""
    if state.phase == "draft":
        return "draft"
    seat = state.seats[s]
    if seat.choosing_supremacy:
        return "supremacy"
    if seat.pending_amount:
        return "place"
    if state.phase == "planning":
        if state.looking:
            return "exchange_take"
        if state.exchange_first:
            return "exchange_second"
        if seat.drafted:
            return "plan"
    return "tokens"


def _outer(state: WonderfulState, s: int, step: Step) -> tuple:
    """The stack around a step: the phase (and production step), then the source of pending
    cubes when not production (the draft is a stack of its own)."""
    if step.kind == "draft":
        return ()
    outer: tuple = ("planning",) if state.phase == "planning" else ("production",
                                                                    _step_name(state))
    if step.kind == "place":
        source = state.seats[s].pending_source
        outer += (source,) if source != "production" else ()
    return outer


#: the decision stack (core ``Steps``): legal actions, decisions and verbs by step
TABLE = Steps("wonderful", STEPS, _current, apply=APPLY, outer=_outer)


def step_of(state: WonderfulState, s: int) -> Step:
    """The step seat ``s`` is on (meaningful while it has a decision)."""
    return STEPS[_current(state, s)]


def needs(state: WonderfulState, s: int) -> bool:
    """Whether seat ``s`` has a decision now."""
    phase = state.phase
    seat = state.seats[s]
    if phase == "draft":
        return seat.pick is None
    if phase == "end":
        return False
    if seat.pending_amount or seat.choosing_supremacy:
        return True
    if phase == "planning" and (seat.drafted or state.looking or state.exchange_first):
        return True
    return not seat.done and (construction.usable(seat)
                              or construction.discard_completes(seat))


def legal(state: WonderfulState, s: int) -> list[Action]:
    """The legal actions of seat ``s`` (its current step's)."""
    return STEPS[_current(state, s)].legal(state, s)


def decide(state: WonderfulState, s: int, legal_now: list[Action]) -> Decision:
    """The ``Decision`` of seat ``s``: its step's kind, parameters, stack and rule."""
    return TABLE.decide(state, s, legal_now)
