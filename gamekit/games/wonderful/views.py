"""Copies and views (rulebook "Fase de Seleção": picks are secret until revealed; hands are
hidden, but a seat remembers the hands it has held and passed on): ``clone``, ``view`` and
``determinize`` of a ``WonderfulState``."""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING

from .data import DECK
from .ledger import all_cards
from .unknown_cards import mask

if TYPE_CHECKING:
    from .state import WonderfulState

__all__ = ["clone", "view", "determinize"]


def clone(state: WonderfulState) -> WonderfulState:
    """An independent copy (every mutable container copied)."""
    c, d = state._clone_base()
    d["pile"] = state.pile.copy()
    d["seats"] = [seat.copy() for seat in state.seats]
    d["supremacy"] = [dict(x) for x in state.supremacy]
    d["projects"] = [list(p) for p in state.projects]
    d["looking"] = list(state.looking)
    if state.unknown is not None:
        d["unknown"] = state.unknown.copy()
    return c


def view(state: WonderfulState, seat: int | None) -> WonderfulState:
    """What ``seat`` may see: other hands and picks, the deck order and the solo projects are
    hidden (``"?"``); a hand this seat has held stays known until its holder picks from it."""
    v = state._view_base(seat, clone(state))
    # an explicit deck order would let a seat rebuild the hidden cards (the core drops
    # the seed); its length stays known
    if state.options.get("deck") is not None:
        v.options = {**state.options, "deck": ["?"] * len(state.options["deck"])}
    mine = None if seat is None else state.seats[seat]
    for o, other in enumerate(v.seats):
        if o == seat:
            continue
        known = (mine is not None and other.pick is None
                 and mine.packets_seen >> other.packet & 1)
        if not known:
            other.hand = ["?"] * len(other.hand)
        if other.pick is not None:
            other.pick = "?"
    if state.unknown is not None:
        _mask_unknown(state, v, seat)
    v.deck = ["?"] * len(v.deck)
    v.projects = [["?"] * len(p) for p in v.projects]
    if seat != 0:
        v.looking = ["?"] * len(v.looking)
    return v


def _mask_unknown(state: WonderfulState, v: WonderfulState, seat: int | None) -> None:
    """Other seats' unknown cards (``unknown_cards``) are ``"?"`` wherever ``v`` shows them."""
    v.unknown = mask(state, seat)
    for o, held in enumerate(state.unknown.held):
        if o == seat or not held:
            continue
        other = v.seats[o]
        for c in held:
            for cards in (other.hand, other.drafted):
                if c in cards:
                    cards[cards.index(c)] = "?"
                    break


def determinize(state: WonderfulState, rng: random.Random) -> WonderfulState:
    """On a view: a full state with every hidden card drawn at random from the unseen ones."""
    full = clone(state)
    full.viewer = None
    known = Counter(c for c in all_cards(state) if c != "?")
    unknown = list((Counter(DECK) - known).elements())
    rng.shuffle(unknown)
    it = iter(unknown)
    full.deck = [next(it) for _ in full.deck][::-1]  # drawn top first; the top is at the end
    for seat in full.seats:
        seat.hand = [c if c != "?" else next(it) for c in seat.hand]
        seat.drafted = [c if c != "?" else next(it) for c in seat.drafted]
        if seat.pick == "?":
            seat.pick = next(it)
    full.projects = [[next(it) for _ in p] for p in full.projects]
    full.unknown = None  # every card drawn: nothing left to reveal
    full.looking = [c if c != "?" else next(it) for c in full.looking]
    return full
