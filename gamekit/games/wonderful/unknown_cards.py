"""Unknown cards of It's a Wonderful World: games recorded from one seat (issue 10, "Chance
under control").

Whoever records a game from their own seat sees the others' draft hands dealt but not what
they hold (rulebook "Fase de Selecção": 7 cards each, 10 with 2 players, "Modo 2 jogadores").
A card becomes public when the rules show it: every pick is shown at once and placed face up in
the seat's selection area ("Todos mostram simultaneamente a sua carta escolhida"). The record
says so with the core's forced-chance lines (``gamekit/core/unknown.py``, docs/positions.md):

* ``chance arrange unknown <seat> <n>`` -- the next ``n`` cards dealt to ``<seat>`` are
  unknown; written before the first pick of a round it marks the cards dealt already first;
* ``chance arrange unknown_hand <seat>`` -- every card of ``<seat>``'s hand is unknown;
* ``chance arrange reveal <seat> <card>`` -- one of the unknown cards ``<seat>`` holds now is
  ``<card>``.

The engine still deals concrete cards, so an unknown card has a provisional identity; it stays
in the hand where it was dealt and travels with that hand when hands are passed. A pick (or a
planning action) naming a card the seat holds only unknown is not legal until the record
reveals it. A reveal binds the provisional card when it is the card named; otherwise the named
card is exchanged with a provisional one from the deck (whose order nobody knows), else from
another seat's unknown cards; a card every copy of which is known to be elsewhere is refused by
name, state unchanged. The single card kept last (3-5 players) stays unknown in the selection
area until revealed; the 3 cards discarded at the end of a 2-player draft leave unknown.

Nothing here runs while no card was ever declared unknown (``state.unknown`` is ``None``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamekit.core import Action
from gamekit.core.unknown import HiddenCards, UnknownCardError, parse_count, parse_seat

from .data import CARDS

if TYPE_CHECKING:
    from .state import WonderfulState

__all__ = ["KINDS", "arrange", "dealt", "passed", "dropped", "known_only", "names_unknown",
           "mask"]

#: what ``arrange`` accepts for unknown cards
KINDS = ("unknown", "unknown_hand", "reveal")


def _marking(state: WonderfulState) -> HiddenCards:
    if state.unknown is None:
        state.unknown = HiddenCards(state.players)
    return state.unknown


def arrange(state: WonderfulState, kind: str, values: list[str]) -> None:
    """``unknown <seat> <n>``, ``unknown_hand <seat>`` or ``reveal <seat> <card>``
    (``UnknownCardError`` naming what does not fit; nothing changes then)."""
    want = 1 if kind == "unknown_hand" else 2
    if len(values) != want:
        raise UnknownCardError(
            {"unknown": "unknown takes a seat and a number",
             "unknown_hand": "unknown_hand takes a seat",
             "reveal": "reveal takes a seat and a card"}[kind])
    s = parse_seat(values[0], state.players)
    if kind == "reveal":
        _reveal(state, s, values[1])
        return
    if kind == "unknown":
        n = parse_count(values[1], 40)
    hand = state.seats[s].hand
    first = state.phase == "draft" and len(hand) == (10 if state.players == 2 else 7)
    marking = _marking(state)
    held = marking.held[s]
    mine = [c for c in hand]
    for c in held:
        if c in mine:
            mine.remove(c)
    if kind == "unknown_hand":
        marking.hide(s, mine)
        return
    if first:
        take = mine[:n]
        marking.hide(s, take)
        n -= len(take)
    if n:
        marking.expect(s, n)


def dealt(state: WonderfulState) -> None:
    """The deal just happened: the cards declared unknown become provisional."""
    marking = state.unknown
    for s, seat in enumerate(state.seats):
        for c in seat.hand:
            if not marking.take(s, c):
                break


def passed(state: WonderfulState, step: int) -> None:
    """Hands were passed ``step`` seats on: their unknown cards go with them."""
    held = state.unknown.held
    n = len(held)
    state.unknown.held = [held[(t - step) % n] for t in range(n)]


def dropped(state: WonderfulState) -> None:
    """2 players: the hands' last 3 cards are discarded face down and leave unknown."""
    for held in state.unknown.held:
        held.clear()


def _reveal(state: WonderfulState, s: int, cid: str) -> None:
    """One of ``s``'s unknown cards is ``cid``: bind it (see the module docstring)."""
    if cid not in CARDS:
        raise UnknownCardError(f"{cid[:30]!r} is not a card (cards are written like "
                               "'zeppelin')")
    marking = state.unknown
    held = [] if marking is None else marking.held[s]
    if not held:
        raise UnknownCardError(f"seat p{s + 1} holds no unknown card to reveal as {cid}")
    if cid in held:
        held.remove(cid)
        return
    deck = state.deck
    given = held[-1]
    if cid in deck:  # the topmost copy (the draw pile's top is at its end)
        deck[len(deck) - 1 - deck[::-1].index(cid)] = given
    else:
        other = next((o for o, hs in enumerate(marking.held) if o != s and cid in hs), None)
        if other is None:
            raise UnknownCardError(f"seat p{s + 1} cannot hold {cid}: every {cid} is known "
                                   "to be elsewhere")
        theirs = marking.held[other]
        theirs[theirs.index(cid)] = given
        _swap(state, other, cid, given)
    held.pop()
    _swap(state, s, given, cid)


def _swap(state: WonderfulState, s: int, old: str, new: str) -> None:
    """``new`` takes the place of ``old`` in ``s``'s hand or selection area."""
    seat = state.seats[s]
    for cards in (seat.hand, seat.drafted):
        if old in cards:
            cards[cards.index(old)] = new
            return
    raise AssertionError(f"unknown card {old} is not with seat p{s + 1}")


def names_unknown(state: WonderfulState, s: int, action: Action) -> bool:
    """Whether ``action`` names a card ``s`` holds only as an unknown card."""
    held = state.unknown.held[s] if state.unknown is not None else ()
    if not held or not action.args:
        return False
    cid = action.args[0]
    if cid not in held:
        return False
    seat = state.seats[s]
    # a pick names a card of the hand; the planning, one of the selection area (the unknown
    # cards are in the hand during the draft, in the selection area after the last card kept)
    zone = seat.hand if action.verb == "draft" else seat.drafted
    return zone.count(cid) <= held.count(cid)


def known_only(state: WonderfulState, s: int, legal: list[Action]) -> list[Action]:
    """``legal`` without the actions naming a card ``s`` holds only unknown."""
    return [a for a in legal if not names_unknown(state, s, a)]


def mask(state: WonderfulState, viewer: int | None) -> HiddenCards:
    """The marking as ``viewer`` sees it: other seats' provisional cards as ``None``."""
    out = state.unknown.copy()
    for s, held in enumerate(out.held):
        if s != viewer:
            held[:] = [None] * len(held)
    return out
