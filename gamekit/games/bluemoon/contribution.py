"""The contribution phase (rulebook "Fase de Contribuição"): contributing to a building's
spaces, offerings at the Central Square and the Pillar of the Winds ("O Obelisco"), and the
expansion buildings' special actions ("Expansão": the Hospital's draw, the Oracle's jump, the
Golden Temple's offering). Paying a space card by card is the ``pay`` step (``payment``).

Step ``act``: contribute to a free space, offer, play a Pillar, a special action, or "done".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamekit.core import Action
from gamekit.core.stack import push

from . import data as D
from .city import (
    A_CONTRIB,
    A_CONTRIB_W,
    A_DONE,
    A_DRAW,
    A_JUMP,
    A_OFFER,
    A_PILLAR,
    CENTRE,
    PILLAR1,
    PILLAR2,
    WILD_CHOICES,
    N,
)
from .data import KINDS, WILD
from .pay import can_pay

if TYPE_CHECKING:
    from .state import BlueMoonState

__all__ = ["legal_act", "VERBS", "done", "value_note"]



def legal_act(state: BlueMoonState, seat: int) -> list[Action]:
    """What the seat can do where its figure stands, then "done"."""
    out: list[Action] = []
    player = state.seats[seat]
    cell = player.figure
    tile = state.tiles[state.board[cell]]
    if cell == CENTRE:
        _legal_offerings(state, seat, out)
    else:
        if not state.built[cell] and player.markers:
            _legal_spaces(state, seat, cell, tile, out)
        special = tile.special
        if special is not None:
            if special == "jump":
                jumps = A_JUMP[seat]
                out.extend(jumps[c] for c in state.cells if c != cell)
            elif special == "draw":
                out.append(A_DRAW[seat])
            elif special == "offer":
                if player.markers and len(state.obelisk) < len(state.costs) and \
                        player.crystals >= state.costs[len(state.obelisk)] + \
                        state.options["golden_temple_surcharge"]:
                    out.append(A_OFFER[seat])
    out.append(A_DONE[seat])
    return out


def _legal_offerings(state: BlueMoonState, seat: int, out: list[Action]) -> None:
    """At the Central Square: one offering a turn, then the Pillars of the Winds."""
    player = state.seats[seat]
    if player.markers and len(state.obelisk) < len(state.costs):
        cost = state.costs[len(state.obelisk)]
        crystals = player.crystals
        if not state.offered and crystals >= cost:
            out.append(A_OFFER[seat])
        if state.pillar_open:
            hand = player.hand
            if hand[PILLAR1] and crystals >= cost + 1:
                out.append(A_PILLAR[seat][0])
            if hand[PILLAR2] and crystals >= cost + 2:
                out.append(A_PILLAR[seat][1])


def _legal_spaces(state: BlueMoonState, seat: int, cell: int, tile: D.TileDef,
                  out: list[Action]) -> None:
    """The free spaces of the building the seat's cards can pay."""
    hand = state.seats[seat].hand
    marks = state.marks[cell]
    for i, (colour, value) in enumerate(tile.spaces):
        if marks[i] >= 0:
            continue
        if colour == WILD:
            wild = A_CONTRIB_W[seat][i]
            fixed = state.wild_colours.get(cell)
            for x in WILD_CHOICES if fixed is None else (fixed,):
                if can_pay(hand, x, value):
                    out.append(wild[x])
        elif can_pay(hand, colour, value):
            out.append(A_CONTRIB[seat][i])


def value_note(tile: D.TileDef) -> str:
    """``reconstructed_note`` when the space values of ``tile`` are ours (no source)."""
    return "reconstructed_note" if tile.status.get("space_values") == "reconstructed" else ""


def _contribute(state: BlueMoonState, seat: int, space: int, colour: str = "") -> None:
    """Start paying ``space`` (a wild one in ``colour``): the ``pay`` step follows."""
    cell = state.seats[seat].figure
    tile = state.tiles[state.board[cell]]
    col, value = tile.spaces[space]
    if col == WILD:
        col = D.COLOUR_INDEX[colour]
    state.stack = push(state.stack, "pay", seat)
    state.pay_cell, state.pay_space, state.pay_colour, state.pay_value = cell, space, col, value
    state.pay_pool = [0] * 24
    state.pay_recoloured = [0] * 8
    state.pay_cards = []
    state.emit("contribute_start", seat, rule="contribution", tile=tile.id, space=space,
               colour=D.COLOURS[col], value=value, note=value_note(tile))


def _offer(state: BlueMoonState, seat: int) -> None:
    if state.seats[seat].figure == CENTRE:
        state.offered = True
        state.pillar_open = True
        state.offer(seat, 0, 0)
    else:  # Golden Temple: one offering, no Pillar after it
        state.emit("special_offer", seat, rule="expansion")
        state.offer(seat, state.options["golden_temple_surcharge"], 2)
        if not state.over:
            state.stack = ()


def _pillar(state: BlueMoonState, seat: int, card: str) -> None:
    k = D.KIND_INDEX[card]
    state.lose(seat, k, "power:pillar")
    state.emit("play_power", seat, rule="powers", card=KINDS[k], split=state.split_mark)
    state.offer(seat, 1 if k == PILLAR1 else 2, 1)


def _jump(state: BlueMoonState, seat: int, row: int, col: int) -> None:
    """The Oracle (expansion): the figure to any tile; the contribution phase ends."""
    cell = row * N + col
    state.seats[seat].figure = cell
    state.emit("special_jump", seat, rule="expansion", to=state.tile_at(cell))
    state.stack = ()


def _draw(state: BlueMoonState, seat: int) -> None:
    """The Hospital (expansion): draw 2 cards; the contribution phase ends."""
    state.emit("special_draw", seat, rule="expansion")
    state.draw(seat, 2, "hospital", to_hand=True)
    state.stack = ()


def done(state: BlueMoonState, seat: int) -> None:
    """The contribution phase ends: the refill follows."""
    state.stack = ()


#: verb -> ``f(state, seat, *args)`` of the ``act`` step ("done" is per step: ``decisions``)
VERBS = {"contribute": _contribute, "offer": _offer, "pillar": _pillar, "jump": _jump,
         "draw": _draw}
