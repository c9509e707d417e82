"""The draft (rulebook "Fase de Seleção" and "Modo 2 jogadores"): deal the hands, every seat
picks one card in secret, the picks are revealed and the hands passed (left in rounds 1 and 3,
right in 2 and 4) until they are used up."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamekit.core import Action
from gamekit.core.stack import Pending, seat_answer

from . import unknown_cards
from .actions import CARD_ACTIONS

if TYPE_CHECKING:
    from .state import WonderfulState

__all__ = ["LEFT_ROUNDS", "PICKS", "direction", "deal", "pick", "reveal", "legal"]

#: rounds whose hands are passed to the left (the next seat)
LEFT_ROUNDS = (1, 3)


def direction(round_: int) -> str:
    return "left" if round_ in LEFT_ROUNDS else "right"


#: every seat's draft pick pending, by number of seats (one interned set of per-seat
#: sub-stacks per count, ``state.stacks``)
PICKS = {n: tuple((Pending("draft", s),) for s in range(n)) for n in range(1, 6)}


def deal(state: WonderfulState) -> None:
    """Start of the draft: 7 cards to each seat (10 with 2 players)."""
    state.phase = "draft"
    state.stacks = PICKS[state.players]
    n = state.players
    size = 10 if n == 2 else 7
    pile, chance = state.pile, state.chance
    loud = not state.quiet
    for s, seat in enumerate(state.seats):
        seat.hand = pile.draw(chance, size)
        if loud:
            state.flow(s, "card", size, "deck", "hand")
        seat.packet = s
        seat.packets_seen = 1 << s
    if state.unknown is not None:
        unknown_cards.dealt(state)
    if loud:
        state.emit("deal", rule="modo_2_jogadores" if n == 2 else "fase_de_seleccao", size=size,
                   direction=direction(state.round))


def pick(state: WonderfulState, s: int, cid: str) -> None:
    """Action ``draft``: the seat picks ``cid`` from its hand, face down."""
    seat = state.seats[s]
    seat.hand.remove(cid)
    seat.pick = cid
    state.stacks = seat_answer(state.stacks, s)
    if not state.quiet:
        state.emit("picked", s, rule="fase_de_seleccao", visible=[s], card=cid)
        state.emit("picked_face_down", s, rule="fase_de_seleccao")


def _to_selection(state: WonderfulState, cards: list[str]) -> None:
    loud = not state.quiet
    for s, seat in enumerate(state.seats):
        seat.drafted.append(cards[s])
        if loud:
            state.flow(s, "card", 1, "hand", "drafted")


def reveal(state: WonderfulState) -> bool:
    """Every pick is in: reveal them and pass the hands. Returns whether the draft goes on
    (with 3-5 players the single card passed last is kept without a decision; with 2 players
    the 3 cards left after the 7th pick are discarded)."""
    n = state.players
    seats = state.seats
    loud = not state.quiet
    picks = [seat.pick for seat in seats]
    _to_selection(state, picks)
    if loud:
        state.emit("reveal", rule="fase_de_seleccao", picks=picks)
    for seat in seats:
        seat.pick = None
    if n == 2 and len(seats[0].hand) == 3:
        for s, seat in enumerate(seats):
            state.discard.extend(seat.hand)
            seat.hand = []
            if loud:
                state.flow(s, "card", 3, "hand", "discard")
        if loud:
            state.emit("leftover_discarded", rule="modo_2_jogadores", size=3)
        if state.unknown is not None:
            unknown_cards.dropped(state)
        return False
    d = 1 if state.round in LEFT_ROUNDS else -1
    hands = [seat.hand for seat in seats]
    packets = [seat.packet for seat in seats]
    for s in range(n):
        t = (s + d) % n
        receiver = seats[t]
        receiver.hand = hands[s]
        receiver.packet = packets[s]
        receiver.packets_seen |= 1 << packets[s]
        if loud:
            k = len(hands[s])
            state.flow(s, "card", k, "hand", f"pass:p{t + 1}")
            state.flow(t, "card", k, f"pass:p{s + 1}", "hand")
    if state.unknown is not None:
        unknown_cards.passed(state, d)
    size = len(seats[0].hand)
    if loud:
        state.emit("passed", rule="fase_de_seleccao", direction="left" if d == 1 else "right",
                   size=size)
    if n > 2 and size == 1:
        last = [seat.hand[0] for seat in seats]
        _to_selection(state, last)
        for seat in seats:
            seat.hand = []
        if loud:
            state.emit("last_card", rule="fase_de_seleccao", picks=last)
        return False
    state.stacks = PICKS[n]  # the next pick of every seat
    return True


def legal(state: WonderfulState, s: int) -> list[Action]:
    """One ``draft`` action per distinct card of the hand."""
    return list(map(CARD_ACTIONS["draft"][s].__getitem__, dict.fromkeys(state.seats[s].hand)))
