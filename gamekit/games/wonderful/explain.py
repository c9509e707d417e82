"""Why an action is illegal, in words (catalog ``refuse.<key>``), with the rulebook section
that forbids it (rulebook: Fase de Seleção, Fase de Planejamento, Construção, Modo a solo)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamekit.core import Action, Reason, reason

from .asks import pending
from .unknown_cards import names_unknown

if TYPE_CHECKING:
    from .state import WonderfulState

__all__ = ["why_illegal"]

_SIMPLE = {  # verb -> (reason key, rule section)
    "use": ("use", "transformar_krystallium"),
    "discard": ("discard", "descartar_em_construcao"),
    "exchange": ("exchange", "modo_a_solo"),
    "take": ("exchange", "modo_a_solo"),
    "supremacy": ("supremacy", "bonus_supremacia"),
}


def why_illegal(state: WonderfulState, action: Action) -> tuple[Reason | str, str | None]:
    """(reason, rule section) for an action known not to be legal now."""
    s, verb, args = action.seat, action.verb, action.args
    seat = state.seats[s]
    phase = state.phase
    card = args[0] if args and isinstance(args[0], str) else None
    g = state.game
    if state.unknown is not None and names_unknown(state, s, action):
        return reason(g, "unknown_card"), "fase_de_seleccao"
    if verb == "draft":
        if phase != "draft":
            return reason(g, "draft_phase"), "fase_de_seleccao"
        if card not in seat.hand:
            return reason(g, "not_in_hand"), "fase_de_seleccao"
    if phase == "draft":
        return reason(g, "drafting"), "fase_de_seleccao"
    entry = state.stacks[s][-1] if state.stacks[s] else None
    if entry is not None and entry[0] == "supremacy" and verb != "supremacy":
        return reason(g, "supremacy_first"), "bonus_supremacia"
    cubes = pending(state, s)
    pending_res = cubes[2][0] if cubes else None
    if pending_res and verb != "place":
        return reason(g, "place_first", res=pending_res, n=cubes[2][1]), "construcao"
    if verb == "place":
        if pending_res and args and args[0] != pending_res:
            return reason(g, "place_this", res=pending_res), "construcao"
        return reason(g, "place"), "construcao"
    if verb in ("keep", "recycle"):
        if phase != "planning":
            return reason(g, "planning_phase"), "fase_de_planeamento"
        if card not in seat.drafted:
            return reason(g, "not_drafted"), "fase_de_planeamento"
    key, rule = _SIMPLE.get(verb, ("", None))
    return (reason(g, key), rule) if key else ("", None)
