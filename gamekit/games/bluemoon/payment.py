"""Paying a contribution space card by card (rulebook "Fase de Contribuição", paying with cards
of the space's colour; "Poderes das cartas": Mimix pairs, Lux recolouring; Khind cards are
wild). The ``pay`` step: a card at a time, a Lux recolouring, "done" once the value is reached,
"cancel" when the payment can no longer be completed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamekit.core import Action
from gamekit.core.stack import answer

from . import data as D
from .city import A_CANCEL, A_DONE, A_PAY, A_RECOLOUR
from .data import BROWN, GREEN, KINDS, WILD
from .pay import LUX1, LUX2, MIMIX1, MIMIX2, can_complete, colour_cards, reach

if TYPE_CHECKING:
    from .state import BlueMoonState

__all__ = ["legal_pay", "paid", "VERBS", "done"]


def paid(state: BlueMoonState) -> int:
    """The value paid so far towards the space."""
    return reach(state.pay_pool, state.pay_colour, state.pay_recoloured)


def legal_pay(state: BlueMoonState, seat: int) -> list[Action]:
    """"done" once the value is reached; else each card (or Lux recolouring) after which the
    payment can still be completed; "cancel" when none is left."""
    colour, value = state.pay_colour, state.pay_value
    pool, recoloured = state.pay_pool, state.pay_recoloured
    total = reach(pool, colour, recoloured)
    if total >= value:
        return [A_DONE[seat]]
    hand = state.seats[seat].hand
    pay = A_PAY[seat]
    out = []
    for k in range(24):
        if not hand[k]:
            continue
        hand[k] -= 1
        pool[k] += 1
        now = reach(pool, colour, recoloured)
        if now > total or (k in (MIMIX1, MIMIX2) and colour != BROWN and hand[MIMIX1] +
                           hand[MIMIX2] and (pool[MIMIX1] + pool[MIMIX2]) & 1):  # half a pair
            if now >= value or can_complete(pool, hand, colour, recoloured, value):
                out.append(pay[k])
        hand[k] += 1
        pool[k] -= 1
    _legal_recolours(state, seat, out)
    if not out:
        out.append(A_CANCEL[seat])
    return out


def _legal_recolours(state: BlueMoonState, seat: int, out: list[Action]) -> None:
    """Lux cards: 4 (value 1) or 1 (value 2) cards of another colour count as the space's."""
    colour, value = state.pay_colour, state.pay_value
    pool, recoloured = state.pay_pool, state.pay_recoloured
    hand = state.seats[seat].hand
    for k in (LUX1, LUX2):
        if not hand[k]:
            continue
        actions = A_RECOLOUR[seat][k]
        add = 4 if k == LUX1 else 1
        hand[k] -= 1
        for x in range(8):
            if x == colour or x == GREEN:
                continue
            if colour_cards(pool, x) + colour_cards(hand, x) <= recoloured[x]:
                continue  # nothing more of that colour to recolour
            recoloured[x] += add
            if can_complete(pool, hand, colour, recoloured, value):
                out.append(actions[x])
            recoloured[x] -= add
        hand[k] += 1


def _pay(state: BlueMoonState, seat: int, card: str) -> None:
    k = D.KIND_INDEX[card]
    player = state.seats[seat]
    player.hand[k] -= 1
    player.hand_size -= 1
    state.pay_pool[k] += 1
    state.pay_cards.append(k)
    state.flow(seat, "card", 1, "hand", "paying")
    state.emit("pay", seat, rule="contribution", card=KINDS[k], total=paid(state),
               value=state.pay_value, split=state.split_mark)


def _recolour(state: BlueMoonState, seat: int, card: str, colour: str) -> None:
    k = D.KIND_INDEX[card]
    x = D.COLOUR_INDEX[colour]
    state.lose(seat, k, "power:lux")
    state.pay_recoloured[x] += 4 if k == LUX1 else 1
    state.emit("recolour", seat, rule="powers", card=KINDS[k], frm=colour,
               to=D.COLOURS[state.pay_colour], n=4 if k == LUX1 else 1, split=state.split_mark)


def _cancel(state: BlueMoonState, seat: int) -> None:
    """The payment cannot be completed: the cards paid go back to the hand."""
    player = state.seats[seat]
    hand = player.hand
    for k in state.pay_cards:
        hand[k] += 1
    player.hand_size += len(state.pay_cards)
    state.flow(seat, "card", len(state.pay_cards), "paying", "hand")
    state.pay_cards = []
    state.stack = answer(state.stack, seat)
    state.pay_cell = -1
    state.emit("contribute_cancel", seat, rule="contribution")


def done(state: BlueMoonState, seat: int) -> None:
    """The value is reached: the marker goes on the space, the cards to the discard pile; the
    first contribution of the turn earns a scale per dragon on the building ("Os Dragões"); a
    building whose spaces are all taken is completed (its rewards)."""
    cell, space = state.pay_cell, state.pay_space
    tile = state.tiles[state.board[cell]]
    cards = state.pay_cards
    state.cards.discards.extend(cards)
    state.flow(seat, "card", len(cards), "paying", "contribution:" + tile.id)
    state.marks[cell][space] = seat
    if tile.spaces[space][0] == WILD and not state.options["palace_colour_per_space"]:
        state.wild_colours.setdefault(cell, state.pay_colour)  # one colour for all spaces
    player = state.seats[seat]
    player.markers -= 1
    player.contributions += 1
    state.flow(seat, "marker", 1, "markers", "building:" + tile.id)
    state.emit("contribute", seat, rule="contribution", tile=tile.id, space=space,
               value=state.pay_value, cards=[KINDS[k] for k in cards], split=state.split_mark)
    state.stack = answer(state.stack, seat)
    state.pay_cell = -1
    state.pay_cards = []
    state.turn_contributions += 1
    if state.turn_contributions == 1:
        dragons = sum(1 for d in state.dragons if d == cell)
        if dragons:
            state.emit("dragon_scales", seat, rule="dragons", n=dragons, tile=tile.id)
            state.give_scales(seat, dragons, "dragon")
    if all(m >= 0 for m in state.marks[cell]):
        state.complete(cell)
    state.check_markers_out()


#: verb -> ``f(state, seat, *args)`` of the ``pay`` step ("done" is per step: ``decisions``)
VERBS = {"pay": _pay, "recolour": _recolour, "cancel": _cancel}
