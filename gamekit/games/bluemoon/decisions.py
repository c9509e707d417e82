"""Blue Moon City's decision steps as a table (contract v2, ``gamekit.core.course.Steps``):
each step of a turn with its rulebook section, legal actions, verbs, question and stack.

=============  ===============  ============================================  ===========================
step           rule             verbs                                         stack
=============  ===============  ============================================  ===========================
move           movement         move, play, done                              turn > move
teleport       powers           move                                          turn > move > venti
dragon_place   dragons          dragon                                        turn > move > dragon
dragon_step    dragons          dragon                                        turn > move > dragon
act            contribution     contribute, offer, pillar, jump, draw, done   turn > contribute
pay            contribution     pay, recolour, cancel, done                   turn > contribute > pay
refill         refill           discard, done                                 turn > refill
=============  ===============  ============================================  ===========================

"done" closes the step it is taken in (``DONE``); the other verbs apply through ``VERBS``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gamekit.core import Action, Reason, reason
from gamekit.core.course import Step, Steps

from . import contribution, movement, payment, refill
from . import data as D
from .city import N

if TYPE_CHECKING:
    from .state import BlueMoonState

__all__ = ["LEGAL", "STEPS", "VERBS", "option_params", "why_illegal"]

#: "done" in each step (the dragon and teleport steps have none)
DONE = {"move": movement.done, "act": contribution.done, "pay": payment.done,
        "refill": refill.done}


def _done(state: BlueMoonState, seat: int) -> None:
    DONE[state.step](state, seat)


#: verb -> ``f(state, seat, *args)``: how every action applies
VERBS: dict[str, Any] = {**movement.VERBS, **contribution.VERBS, **payment.VERBS,
                         **refill.VERBS, "done": _done}


def _current(state: BlueMoonState, seat: int) -> str:
    step = state.step
    if step == "dragon":
        return "dragon_place" if state.dragon_reach < 0 else "dragon_step"
    return step


def _dragon_params(state: BlueMoonState, seat: int) -> dict[str, Any]:
    return {"dragon": D.DRAGONS[state.dragon_moving] + "_dragon"}


def _pay_params(state: BlueMoonState, seat: int) -> dict[str, Any]:
    return {"tile": state.tiles[state.board[state.pay_cell]].id, "space": state.pay_space,
            "colour": D.COLOURS[state.pay_colour], "value": state.pay_value,
            "paid": payment.paid(state)}


_MOVE = ("turn", "move")
STEPS = Steps("bluemoon", {
    "move": Step("move", "movement", movement.legal_move, ("move", "play", "done"), _MOVE,
                 lambda state, seat: {"steps": state.steps_left}),
    "teleport": Step("teleport", "powers", movement.legal_teleport, ("move",),
                     _MOVE + ("venti",)),
    "dragon_place": Step("dragon_place", "dragons", movement.legal_dragon, ("dragon",),
                         _MOVE + ("dragon",), _dragon_params),
    "dragon_step": Step("dragon_step", "dragons", movement.legal_dragon, ("dragon",),
                        _MOVE + ("dragon",), _dragon_params),
    "act": Step("act", "contribution", contribution.legal_act,
                ("contribute", "offer", "pillar", "jump", "draw", "done"), ("turn", "contribute"),
                lambda state, seat: {"tile": state.tiles[state.board[state.seats[seat].figure]].id}),
    "pay": Step("pay", "contribution", payment.legal_pay, ("pay", "recolour", "cancel", "done"),
                ("turn", "contribute", "pay"), _pay_params),
    "refill": Step("refill", "refill", refill.legal_refill, ("discard", "done"),
                   ("turn", "refill"), lambda state, seat: {"discarded": state.discarded}),
}, _current, apply=VERBS)

#: ``state.step`` -> its legal actions (the table's, one lookup on the playouts' hot path)
LEGAL = {name: step.legal for name, step in STEPS.steps.items()}
LEGAL["dragon"] = movement.legal_dragon


def option_params(state: BlueMoonState, action: Action) -> dict[str, Any]:
    """What an option's label names from the state: the building of a cell (moves, dragons,
    jumps), the colour and value of a contribution space, and the ``≈`` after a card while
    the deck's split is reconstructed (``state.split_mark``, as on the cards and in the
    narration)."""
    verb = action.verb
    if verb in _CARD_VERBS:
        return {"split": state.split_mark}
    if verb in ("move", "dragon", "jump"):
        named: dict[str, Any] = {"place": state.tile_at(action.args[0] * N + action.args[1])}
        if verb == "dragon":
            named["dragon"] = D.DRAGONS[state.dragon_moving] + "_dragon"
        return named
    if verb == "contribute":
        tile = state.tiles[state.board[state.seats[action.seat].figure]]
        col, value = tile.spaces[action.args[0]]
        colour = action.args[1] if len(action.args) > 1 else D.COLOURS[col]
        return {"colour": colour, "value": value, "note": contribution.value_note(tile)}
    return {}


#: verbs whose first argument is a card (its label carries the split mark)
_CARD_VERBS = frozenset(("play", "pay", "discard", "recolour", "pillar"))

#: the step each verb belongs to (``why_illegal``)
_STEP_OF = {"move": "move", "play": "move", "contribute": "act", "offer": "act",
            "pillar": "act", "jump": "act", "draw": "act", "pay": "pay", "recolour": "pay",
            "discard": "refill"}


def why_illegal(state: BlueMoonState, action: Action) -> tuple[Reason | str, str | None]:
    """Why an action is refused (catalog ``refuse.<key>``), and the rulebook section
    (``GameState.why_illegal``)."""
    verb, g = action.verb, state.game
    want = _STEP_OF.get(verb)
    if want is None:
        return "", None
    step = state.step
    if verb == "move" and step == "move" and state.steps_left <= 0:
        return reason(g, "no_steps"), "movement"
    if want != step and not (verb == "move" and step == "teleport"):
        return reason(g, "other_step"), "turn"
    if verb == "move" and step == "move":
        return reason(g, "step"), "movement"
    if verb == "play":
        return reason(g, "play"), "powers"
    if verb in ("pay", "recolour"):
        return reason(g, "pay"), "contribution"
    if verb == "offer":
        return reason(g, "offer"), "obelisk"
    fixed = state.wild_colours.get(state.seats[state.turn_seat].figure)
    if verb == "contribute" and step == "act" and fixed is not None and \
            len(action.args) == 2 and action.args[1] != D.COLOURS[fixed]:
        return reason(g, "wild_colour", colour=D.COLOURS[fixed]), "contribution"
    if verb == "contribute":
        return reason(g, "contribute"), "contribution"
    if verb == "discard" and state.discarded >= 2:
        return reason(g, "discard"), "refill"
    return "", None
