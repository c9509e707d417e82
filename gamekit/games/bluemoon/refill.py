"""The refill phase (rulebook "Fase de Reposição"): discard up to 2 cards, then draw 2 plus
one per discard (the draw itself closes the turn: ``turn``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamekit.core import Action

from . import data as D
from .city import A_DISCARD, A_DONE
from .data import KINDS

if TYPE_CHECKING:
    from .state import BlueMoonState

__all__ = ["legal_refill", "VERBS", "done"]


def legal_refill(state: BlueMoonState, seat: int) -> list[Action]:
    """A card of the hand to discard (at most 2), or "done"."""
    out = []
    if state.discarded < 2:
        hand = state.seats[seat].hand
        discard = A_DISCARD[seat]
        out = [discard[k] for k in range(24) if hand[k]]
    out.append(A_DONE[seat])
    return out


def _discard(state: BlueMoonState, seat: int, card: str) -> None:
    k = D.KIND_INDEX[card]
    state.lose(seat, k, "discard")
    state.discarded += 1
    state.emit("discard", seat, rule="refill", card=KINDS[k], split=state.split_mark)


def done(state: BlueMoonState, seat: int) -> None:
    """The refill phase ends: the draw closes the turn."""
    state.stack = ()


#: verb -> ``f(state, seat, *args)`` of the ``refill`` step
VERBS = {"discard": _discard}
