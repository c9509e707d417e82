"""Planning (rulebook "Fase de Planeamento" and "Modo a solo"): each drafted card is kept (to the
construction area) or recycled (its recycling cube must be placed at once); solo, the
Development Projects replace the draft and two cards may be exchanged for a look at five."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from gamekit.core import Action
from gamekit.core.stack import Pending, put, seat_answer, seat_push

from .actions import CARD_ACTIONS
from .asks import open_step
from .construction import any_time, to_empire
from .data import CARDS, RES
from .placements import has_space

if TYPE_CHECKING:
    from .state import WonderfulState

__all__ = [
    "start", "start_solo", "take_project", "keep", "recycle", "exchange", "take",
    "after_action", "legal_plan", "legal_exchange_take", "legal_exchange_second",
]


def start(state: WonderfulState) -> None:
    """After the draft: every seat plans its selection area."""
    state.phase = "planning"
    open_step(state, plan=True)
    if not state.quiet:
        state.emit("phase_planning", rule="fase_de_planeamento")


def start_solo(state: WonderfulState) -> None:
    """Solo round: no draft; the first Development Project of the round is taken."""
    state.phase = "planning"
    state.solo_sequence = 0
    open_step(state, plan=True)
    take_project(state)


def take_project(state: WonderfulState) -> None:
    """Solo: the next pile of 5 Development Projects goes to the selection area."""
    pile = state.projects.pop(0)
    state.seats[0].drafted = list(pile)
    if not state.quiet:
        state.flow(0, "card", len(pile), "projects", "drafted")
        state.emit("project_taken", 0, rule="modo_a_solo", cards=list(pile),
                   sequence=state.solo_sequence + 1)


def after_action(state: WonderfulState) -> None:
    """Solo: once the first project of the round is planned, the second one is taken."""
    if state.solo_sequence == 0 and not state.seats[0].drafted:
        mine = state.stacks[0]  # the plan step, with nothing pushed above it
        if mine and mine[-1][0] == "plan":
            state.solo_sequence = 1
            take_project(state)


def keep(state: WonderfulState, s: int, cid: str) -> None:
    """Action ``keep``: the drafted card goes to the construction area, empty."""
    seat = state.seats[s]
    seat.drafted.remove(cid)
    seat.construction.append((cid, ("",) * len(CARDS[cid].spaces)))
    if not state.quiet:
        state.flow(s, "card", 1, "drafted", "construction")
        state.emit("kept", s, rule="fase_de_planeamento", card=cid)


def recycle(state: WonderfulState, s: int, cid: str) -> None:
    """Action ``recycle``: the card is discarded for its recycling cube, placed at once (on
    the Empire card without a decision when no card under construction has a space for it,
    ``construction.autoplace``)."""
    seat = state.seats[s]
    seat.drafted.remove(cid)
    state.pile.discards.append(cid)
    r = CARDS[cid].recycle_idx
    source = "recycle:" + cid
    loud = not state.quiet
    if loud:
        state.flow(s, "card", 1, "drafted", "discard")
        state.flow(s, RES[r], 1, source, "pending")
    if has_space(seat.construction, r):
        state.stacks = seat_push(state.stacks, "place", s, RES[r], 1, source)
        if loud:
            state.emit("recycled", s, rule="fase_de_planeamento", card=cid, resource=RES[r])
        return
    if loud:
        state.emit("recycled", s, rule="fase_de_planeamento", card=cid, resource=RES[r])
        state.emit("placed_empire", s, rule="construcao", resource=RES[r], n=1)
    to_empire(state, s, r, 1, "pending")


def exchange(state: WonderfulState, s: int, cid: str) -> None:
    """Action ``exchange`` (solo): discard a card of the hand; after the second, look at 5."""
    seat = state.seats[s]
    seat.drafted.remove(cid)
    state.discard.append(cid)
    loud = not state.quiet
    if loud:
        state.flow(s, "card", 1, "drafted", "discard")
    mine = state.stacks[s]
    entry = mine[-1]
    if entry[0] != "exchange_second":
        state.stacks = seat_push(state.stacks, "exchange_second", s, cid)
        if loud:
            state.emit("exchange_started", s, rule="modo_a_solo", card=cid)
        return
    first = entry[2][0]
    state.stacks = put(state.stacks, s, mine[:-1] + (Pending("exchange_take", s),))
    state.looking = state.pile.draw(state.chance, 5)
    if loud:
        state.flow(s, "card", 5, "deck", "hand")
        state.emit("exchange_drawn", s, rule="modo_a_solo", visible=[s],
                   cards=[first, cid], drawn=list(state.looking))


def take(state: WonderfulState, s: int, cid: str) -> None:
    """Action ``take`` (solo): keep one of the 5 cards looked at; the others are discarded."""
    looking = state.looking
    looking.remove(cid)
    state.seats[s].drafted.append(cid)
    state.discard.extend(looking)
    if not state.quiet:
        state.flow(s, "card", 1, "hand", "drafted")
        state.flow(s, "card", len(looking), "hand", "discard")
        state.emit("exchange_taken", s, rule="modo_a_solo", card=cid, discarded=list(looking))
    state.looking = []
    state.stacks = seat_answer(state.stacks, s)


#: ``(keep, recycle)`` of each card, by seat: ``_KEEP_OR_RECYCLE[seat][card_id]``
_KEEP_OR_RECYCLE = [
    {c: (keep[c], recycle[c]) for c in keep}
    for keep, recycle in zip(CARD_ACTIONS["keep"], CARD_ACTIONS["recycle"])
]


def legal_plan(state: WonderfulState, s: int) -> list[Action]:
    """Keep or recycle each distinct drafted card; solo, the exchange; and the any-time
    actions."""
    seat = state.seats[s]
    pairs = _KEEP_OR_RECYCLE[s]
    if len(seat.drafted) == 1:
        drafted: Iterable[str] = seat.drafted
        out = list(pairs[seat.drafted[0]])
    else:
        drafted = dict.fromkeys(seat.drafted)
        out = []
        for c in drafted:
            out += pairs[c]
    if (state.players == 1 and state.options["solo_exchange"]
            and len(seat.drafted) >= 2 and len(state.deck) >= 5):
        table = CARD_ACTIONS["exchange"][s]
        out.extend(table[c] for c in drafted)
    any_time(seat, s, out)
    return out


def legal_exchange_take(state: WonderfulState, s: int) -> list[Action]:
    table = CARD_ACTIONS["take"][s]
    return [table[c] for c in dict.fromkeys(state.looking)]


def legal_exchange_second(state: WonderfulState, s: int) -> list[Action]:
    table = CARD_ACTIONS["exchange"][s]
    return [table[c] for c in dict.fromkeys(state.seats[s].drafted)]
