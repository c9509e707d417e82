"""The decision steps of a seat: its step is the top of its sub-stack of the core stack
(``state.stacks[s][-1]``, ``gamekit.core.stack.by_seat``; kinds in ``asks.ASKS``); the step's
legal actions, the ``Decision`` shown to people and bots, the function that applies each verb,
and ``settle``, which answers the steps that ask nothing more.

A seat's steps, innermost first; ``STEPS`` declares each one (kind, rule, legal actions,
stack, question parameters, verbs):

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
from gamekit.core.stack import Pending, put, seat_answer

from . import construction, draft, planning, production
from .actions import action
from .asks import ORDER, pending
from .data import CHARACTERS, RES, RIDX
from .placements import AT, matters

if TYPE_CHECKING:
    from .state import WonderfulState

__all__ = ["STEPS", "TABLE", "APPLY", "LEGAL", "step_of", "settle", "settle_all", "check",
           "legal", "decide"]


def _legal_supremacy(state: WonderfulState, s: int) -> list[Action]:
    return [action(s, "supremacy", (t,)) for t in CHARACTERS]


def _legal_place(state: WonderfulState, s: int) -> list[Action]:
    """A pending cube goes on the first empty matching space of a card, or the Empire card."""
    entries = state.seats[s].construction
    res = pending(state, s)[2][0]
    r = RIDX[res]
    out = []
    for j, (cid, fills) in enumerate(entries):
        for q in AT[cid][r]:
            if not fills[q]:
                copy = 1 if not j else 1 + [e[0] for e in entries[:j]].count(cid)
                out.append(action(s, "place", (res, cid if copy == 1 else f"{cid}.{copy}")))
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
    state.stacks = seat_answer(state.stacks, s)


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
                  lambda st, s: dict(zip(("resource", "n"), pending(st, s)[2]))),
    "exchange_take": Step("exchange_take", "modo_a_solo", planning.legal_exchange_take,
                          ("take",), ("exchange", "take"), _no_params),
    "exchange_second": Step("exchange_second", "modo_a_solo", planning.legal_exchange_second,
                            ("exchange",), ("exchange", "discard"),
                            lambda st, s: {"card": st.stacks[s][-1][2][0]}),
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


def _outer(state: WonderfulState, s: int, step: Step) -> tuple:
    """The stack around a step: the phase (and production step), then the source of pending
    cubes when not production (the draft is a stack of its own)."""
    if step.kind == "draft":
        return ()
    outer: tuple = ("planning",) if state.phase == "planning" else ("production",
                                                                    _step_name(state))
    if step.kind == "place":
        source = pending(state, s)[2][2]
        outer += (source,) if source != "production" else ()
    return outer


def current(state: WonderfulState, s: int) -> str:
    """The step seat ``s`` is on: the kind of its top entry (``KeyError`` when it has none)."""
    mine = state.stacks[s]
    if not mine:
        raise KeyError(f"seat {s} has no pending decision")
    return mine[-1][0]


#: the decision stack (core ``Steps``): legal actions, decisions and verbs by step
TABLE = Steps("wonderful", STEPS, current, apply=APPLY, outer=_outer)


def step_of(state: WonderfulState, s: int) -> Step:
    """The step seat ``s`` is on (meaningful while it has a decision)."""
    return STEPS[current(state, s)]


def _over(state: WonderfulState, s: int, kind: str) -> bool:
    """Whether the step ``kind`` on top of seat ``s`` asks nothing more (``plan`` with an
    empty selection area; ``tokens`` when no token can be placed and no discard matters:
    ``construction.usable``, ``construction.discard_completes``, read from the memo of
    ``placements.matters``)."""
    if kind == "plan":
        return not state.seats[s].drafted
    if kind == "tokens":
        return not matters(state.seats[s])
    return False


#: the steps that may ask nothing more (``_over``): ``settle`` answers them
_MAY_END = frozenset(("plan", "tokens"))


def settle(state: WonderfulState, s: int) -> bool:
    """Answer the steps of seat ``s`` that ask nothing more (``_over``, inlined), top down;
    whether it still decides."""
    mine = state.stacks[s]
    n = len(mine)
    while n:
        kind = mine[n - 1][0]
        if kind == "plan":
            if state.seats[s].drafted:
                break
        elif kind != "tokens" or matters(state.seats[s]):
            break
        n -= 1
    if n != len(mine):
        state.stacks = put(state.stacks, s, mine[:n])
    return n > 0


def settle_all(state: WonderfulState) -> None:
    """``settle`` every seat (a phase or step opens): only a seat whose top may ask nothing
    more (``plan``, ``tokens``) is settled."""
    for s, mine in enumerate(state.stacks):  # each seat's entries are its own: any order
        if mine and mine[-1][0] in _MAY_END:
            settle(state, s)


def _allowed(state: WonderfulState, entry: Pending) -> str:
    """Why ``entry`` cannot be pending in this phase ('' when it can)."""
    kind, s = entry[0], entry[1]
    phase = state.phase
    if phase == "draft":
        if kind != "draft":
            return "only draft picks are pending during the draft"
        return "" if state.seats[s].pick is None else "this seat has picked already"
    if phase not in ("planning", "production") or kind == "draft":
        return f"no {kind} decision in phase {phase}"
    if kind in ("plan", "exchange_second", "exchange_take") and phase != "planning":
        return f"{kind} belongs to planning"
    if kind.startswith("exchange") and (state.players != 1
                                        or bool(state.looking) != (kind == "exchange_take")):
        return "an exchange is solo, and five cards are looked at exactly in its second part"
    if kind == "supremacy":
        last = state.supremacy[-1] if state.supremacy and phase == "production" else {}
        if (last.get("seat"), last.get("token")) != (s, "choice"):
            return "the current production step gave this seat no choice of token"
    if kind == "place":
        produced = entry[2][2] == "production"
        if produced != (phase == "production"):
            return "cubes come from production in production, from recycling in planning"
        if produced and entry[2][0] != RES[state.step]:
            return "cubes produced in another step"
    return ""


def check(state: WonderfulState) -> str:
    """What is wrong with ``state.stack`` for this phase ('' when nothing): each entry
    allowed here, each seat's entries in ``ORDER`` (at most one of a kind), its top a step
    that still asks something (``settle`` would not answer it), the looked-at cards with
    their step."""
    last: dict[int, int] = {}
    stack, stacks = state.stack, state.stacks
    for i, entry in enumerate(stack):
        kind, s = entry[0], entry[1]
        why = _allowed(state, entry)
        if not why and ORDER[kind] <= last.get(s, -1):
            why = "a seat's decisions stack in the order " + ", ".join(ORDER)
        if not why and stacks[s][-1] is entry and _over(state, s, kind):
            why = f"a {kind} step that asks nothing more"
        if why:
            return f"stack[{i}]: {kind} of seat {s}: {why}"
        last[s] = ORDER[kind]
    if state.paused is not None and stack:
        return "stack: paused at a boundary, nobody decides"
    kinds = {(e[0], e[1]) for e in stack}
    for s, seat in enumerate(state.seats):
        if state.phase == "draft" and state.paused is None and seat.pick is None and (
                ("draft", s) not in kinds):
            return f"stack: seat {s} has not picked, but no draft decision is pending"
        if seat.done and ("tokens", s) in kinds:
            return f"stack: seat {s} said done, but its tokens step is pending"
        if state.phase == "planning" and state.paused is None and seat.drafted and (
                ("plan", s) not in kinds):
            return f"stack: seat {s} has drafted cards, but no plan decision is pending"
    if state.looking and not any(e[0] == "exchange_take" for e in stack):
        return "stack: cards are looked at, but no exchange_take decision is pending"
    return ""


def legal(state: WonderfulState, s: int) -> list[Action]:
    """The legal actions of seat ``s`` (its current step's: its top entry's kind)."""
    mine = state.stacks[s]
    if not mine:
        raise KeyError(f"seat {s} has no pending decision")
    return LEGAL[mine[-1][0]](state, s)


def decide(state: WonderfulState, s: int, legal_now: list[Action]) -> Decision:
    """The ``Decision`` of seat ``s``: its step's kind, parameters, stack and rule."""
    return TABLE.decide(state, s, legal_now)
