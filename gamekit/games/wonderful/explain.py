"""Why an action is illegal, in words, with the rulebook section that forbids it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamekit.core import Action

from .data import RES

if TYPE_CHECKING:
    from .state import WonderfulState

__all__ = ["why_illegal"]

_SIMPLE = {
    "use": ("a token goes only on a matching empty space (Krystallium replaces any resource, "
            "never a character), and you must hold it", "transformar_krystallium"),
    "discard": ("only a card in your construction area can be discarded",
                "descartar_em_construcao"),
    "exchange": ("solo only: discard 2 cards of the hand (which needs 2 cards, and 5 in the "
                 "deck) to look at 5 and keep 1", "modo_a_solo"),
    "supremacy": ("only the science supremacy winner chooses a character", "bonus_supremacia"),
}
_SIMPLE["take"] = _SIMPLE["exchange"]


def why_illegal(state: WonderfulState, action: Action) -> tuple[str, str | None]:
    """(reason, rule section) for an action known not to be legal now."""
    s, verb, args = action.seat, action.verb, action.args
    seat = state.seats[s]
    phase = state.phase
    card = args[0] if args and isinstance(args[0], str) else None
    if verb == "draft":
        if phase != "draft":
            return "cards are drafted only in the draft phase", "fase_de_seleccao"
        if card not in seat.hand:
            return f"{card!r} is not in your hand", "fase_de_seleccao"
    if phase == "draft":
        return "now every player picks one card of the hand in secret", "fase_de_seleccao"
    if seat.choosing_supremacy and verb != "supremacy":
        return ("first choose the science supremacy bonus (financier or general)",
                "bonus_supremacia")
    pending = RES[seat.pending_resource] if seat.pending_amount else None
    if pending and verb != "place":
        return f"the {pending} cube(s) must be placed at once", "construcao"
    if verb == "place":
        if pending and args and args[0] != pending:
            return f"the cube to place is {pending}", "construcao"
        return ("a resource cube goes only on a matching empty space of a card under "
                "construction, or on the Empire card; placed cubes never move", "construcao")
    if verb in ("keep", "recycle"):
        if phase != "planning":
            return ("cards are kept or recycled only in the planning phase",
                    "fase_de_planeamento")
        if card not in seat.drafted:
            return f"{card!r} is not in your selection area", "fase_de_planeamento"
    return _SIMPLE.get(verb, ("", None))
