"""The movement phase (rulebook "Fase de Movimento") and the movement powers of the cards
("Poderes das cartas": Venti, the dragon peoples): legal actions and how they apply.

Steps: ``move`` (up to 2 orthogonal steps, powers, "done"), ``teleport`` (a Venti value 1
card: the figure to any building) and the dragon steps (``dragon_place``: a value 1 dragon card
puts its dragon on any building; ``dragon_step``: a value 2 card moves it up to 3 steps).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamekit.core import Action
from gamekit.core.stack import answer, push

from . import data as D
from .city import A_DONE, A_DRAGON, A_MOVE, A_PLAY, CITY_REACH3, STEPS, VENTI1, VENTI2, N
from .data import KINDS

if TYPE_CHECKING:
    from .state import BlueMoonState

__all__ = ["legal_dragon", "legal_move", "legal_teleport", "VERBS"]


def legal_move(state: BlueMoonState, seat: int) -> list[Action]:
    """Steps to a neighbouring tile while steps are left, the cards with a movement power, and
    "done" (the contribution phase follows)."""
    player = state.seats[seat]
    out = list(STEPS[state.options["city"]][seat][player.figure]) \
        if state.steps_left > 0 else []
    hand = player.hand
    play = A_PLAY[seat]
    dragons = state.dragons
    if hand[0]:
        out.append(play[0])
    if hand[1] and dragons[0] >= 0:  # value 2 moves a dragon only if it is in the city
        out.append(play[1])
    if hand[3]:
        out.append(play[3])
    if hand[4] and dragons[1] >= 0:
        out.append(play[4])
    if hand[6]:
        out.append(play[6])
    if hand[7] and dragons[2] >= 0:
        out.append(play[7])
    if hand[VENTI1]:
        out.append(play[VENTI1])
    if hand[VENTI2]:
        out.append(play[VENTI2])
    out.append(A_DONE[seat])
    return out


def legal_teleport(state: BlueMoonState, seat: int) -> list[Action]:
    """Venti value 1: the figure flies to any other tile."""
    moves = A_MOVE[seat]
    here = state.seats[seat].figure
    return [moves[c] for c in state.cells if c != here]


def legal_dragon(state: BlueMoonState, seat: int) -> list[Action]:
    """A dragon card's dragon: to any other tile (value 1), or up to 3 steps (value 2)."""
    moves = A_DRAGON[seat]
    at = state.dragons[state.dragon_moving]
    if state.dragon_reach < 0:
        return [moves[c] for c in state.cells if c != at]
    return [moves[c] for c in CITY_REACH3[state.options["city"]][at]]


def _move(state: BlueMoonState, seat: int, row: int, col: int) -> None:
    cell = row * N + col
    player = state.seats[seat]
    start = player.figure
    player.figure = cell
    if state.stack[-1].kind == "teleport":
        state.stack = answer(state.stack, seat)
        state.emit("teleport", seat, rule="powers", to=state.tile_at(cell))
    else:
        state.steps_left -= 1
        state.emit("move", seat, rule="movement", frm=state.tile_at(start),
                   to=state.tile_at(cell))


def _play(state: BlueMoonState, seat: int, card: str) -> None:
    k = D.KIND_INDEX[card]
    state.lose(seat, k, "power:" + D.PEOPLES[k // 3])
    state.emit("play_power", seat, rule="powers", card=KINDS[k], split=state.split_mark)
    if k == VENTI1:
        state.stack = push(state.stack, "teleport", seat)
    elif k == VENTI2:
        state.steps_left += 2
    else:
        state.dragon_moving = k // 3
        state.dragon_reach = -1 if k % 3 == 0 else 3
        state.stack = push(state.stack, "dragon", seat)


def _dragon(state: BlueMoonState, seat: int, row: int, col: int) -> None:
    cell = row * N + col
    state.dragons[state.dragon_moving] = cell
    state.emit("dragon_moves", seat, rule="dragons",
               dragon=D.DRAGONS[state.dragon_moving] + "_dragon", to=state.tile_at(cell))
    state.stack = answer(state.stack, seat)


def done(state: BlueMoonState, seat: int) -> None:
    """The movement phase ends: the contribution phase follows."""
    state.stack = ()


#: verb -> ``f(state, seat, *args)`` of the movement steps ("done" is per step: ``decisions``)
VERBS = {"move": _move, "play": _play, "dragon": _dragon}
