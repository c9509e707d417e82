"""Unknown cards of Race for the Galaxy: games recorded from one seat (issue 10, "Chance under
control"); a mixin of ``RaceState``.

Whoever records a game from their own seat sees the others draw (the deal, Explore, Develop and
Settle draws, Trade, consume and produce draws: every card that goes into a hand or an explore
draw, rulebook "Preparação" and "Fases") but not what. The record says so with the core's
forced-chance lines (``gamekit/core/unknown.py``, docs/positions.md "Unknown cards"):

* ``chance arrange unknown <seat> <n>`` -- the next ``n`` cards ``<seat>`` draws into its hand
  or explore draw are unknown;
* ``chance arrange unknown_hand <seat>`` -- every card ``<seat>`` holds now (hand and explore
  draw, but its Develop/Settle pick) is unknown: the deal, made before a record line can be
  read, is declared so right after the setup;
* ``chance arrange reveal <seat> <card>`` -- one of its unknown cards is ``<card>``.

The engine still deals concrete cards (its draw pile has an order), so an unknown card has a
provisional identity. It stays in the hand (or explore draw) where it was drawn, so hand sizes,
the hand limit and the tie-break hold; ``unknown.held[seat]`` lists the provisional copies.
Other seats' views hide them (as they hide the whole hand) and list them as ``None``. A card
the seat holds only unknown cannot be picked, paid, discarded or kept until the record reveals
it: such actions are left out of the legal list and refused by name. A reveal binds the
provisional card when it is the card named; otherwise the named card is exchanged with a
provisional one -- from the draw pile (whose order nobody knows), else from another seat's
unknown cards. A card every copy of which is known to be elsewhere is refused, naming it, with
the state unchanged. An unknown card that leaves face down (a payment, a discard) stays
unknown: the discard pile is hidden anyway. ``to_dict`` keeps the marking in the core's format
(field ``unknown``, ``HiddenCards.to_data``, only while something is unknown), so positions
keep it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gamekit.core import Action
from gamekit.core.unknown import HiddenCards, UnknownCardError, parse_count, parse_seat

from .cardmoves import find, pending
from .cards import TYPE_BY_ID
from .common import _CT, NCARDS, _cid

if TYPE_CHECKING:
    from .state import RaceState

__all__ = ["HAND_VERBS", "arrange_unknown", "known_find", "known_only", "mask_unknown",
           "names_unknown", "unknown_dict"]

#: verbs whose card comes from the hand (picks, payments, discards); ``keep`` takes from the
#: explore draw
HAND_VERBS = frozenset(("develop", "settle", "pay", "discard"))

#: the rule (catalog ``rule.<key>``) a reveal is narrated under, by phase
_RULE = {"setup": "setup", "explore": "explore", "develop": "develop", "settle": "settle",
         "consume": "consume", "produce": "produce", "round_end": "round_end"}


def arrange_unknown(st: RaceState, kind: str, values: list[str]) -> None:
    """``unknown <seat> <n>``, ``unknown_hand <seat>`` or ``reveal <seat> <card>``
    (``UnknownCardError`` naming what does not fit; nothing changes then)."""
    if kind == "unknown_hand":
        if len(values) != 1:
            raise UnknownCardError("unknown_hand takes a seat")
        hide_held(st, parse_seat(values[0], st.players))
        return
    if len(values) != 2:
        raise UnknownCardError(f"{kind} takes a seat and "
                               f"{'a number' if kind == 'unknown' else 'a card'}")
    s = parse_seat(values[0], st.players)
    if kind == "unknown":
        st.unknown.expect(s, parse_count(values[1], NCARDS))
    else:
        reveal_unknown(st, s, values[1])


def hide_held(st: RaceState, s: int) -> None:
    """Every known card of ``s``'s hand and explore draw becomes unknown, in the order held
    (but the seat's Develop/Settle pick: it is shown when placed)."""
    seat = st.seats[s]
    held = st.unknown.held[s]
    cards = [c for c in seat.hand + seat.explored if c not in held and c != seat.chosen]
    if not cards:
        raise UnknownCardError(f"seat p{s + 1} holds no known card to make unknown")
    st.unknown.hide(s, cards)


def reveal_unknown(st: RaceState, s: int, card_id: str) -> None:
    """One of ``s``'s unknown cards is ``card_id``: bind it (see the module docstring)."""
    if card_id not in TYPE_BY_ID:
        raise UnknownCardError(f"{card_id[:30]!r} is not a card (cards are written like "
                               "'alien_robot_sentry')")
    held = st.unknown.held[s]
    if not held:
        raise UnknownCardError(f"seat p{s + 1} holds no unknown card to reveal as {card_id}")
    mine = next((c for c in held if _CT[c].id == card_id), None)
    if mine is not None:
        held.remove(mine)
    else:
        exchange_unknown(st, s, card_id)
    st.emit("shown", s, rule=_RULE.get(st.phase, "how_to_play"), card=card_id)


def exchange_unknown(st: RaceState, s: int, card_id: str) -> None:
    """A copy of ``card_id`` from a place nobody knows (the draw pile, else another seat's
    unknown cards) takes the place of one of ``s``'s provisional cards."""
    held = st.unknown.held[s]
    deck = st.pile.cards
    at = next((i for i, c in enumerate(deck) if _CT[c].id == card_id), None)
    if at is not None:
        new, given = deck[at], held[-1]
        deck[at] = given
    else:
        other = next(((o, c) for o, hs in enumerate(st.unknown.held) if o != s
                      for c in hs if _CT[c].id == card_id), None)
        if other is None:
            raise UnknownCardError(f"seat p{s + 1} cannot hold {card_id}: every "
                                   f"{card_id} is known to be elsewhere")
        o, new = other
        given = held[-1]
        swap_card(st, o, new, given)
        theirs = st.unknown.held[o]
        theirs[theirs.index(new)] = given
    held.pop()
    swap_card(st, s, given, new)


def swap_card(st: RaceState, s: int, old: int, new: int) -> None:
    """``new`` takes the place of ``old`` in ``s``'s hand or explore draw."""
    seat = st.seats[s]
    for cards in (seat.hand, seat.explored):
        if old in cards:
            cards[cards.index(old)] = new
            return
    raise AssertionError(f"unknown card {_cid(old)} is not with seat p{s + 1}")


def known_find(st: RaceState, s: int, cards: list[int], card_id: str,
               skip: int = -1) -> int | None:
    """A copy of ``card_id`` in ``cards`` (``s``'s hand or explore draw) that is not
    unknown: the one an action names."""
    held = st.unknown.held[s]
    if not held:
        return find(cards, card_id, skip)
    for c in cards:
        if c != skip and c not in held and _CT[c].id == card_id:
            return c
    return None


def names_unknown(st: RaceState, s: int, a: Action) -> bool:
    """Whether ``a`` names a card ``s`` holds only as an unknown card."""
    if not a.args or not (a.verb in HAND_VERBS or a.verb == "keep"):
        return False
    seat = st.seats[s]
    cards = seat.explored if a.verb == "keep" else seat.hand
    p = pending(st, s)
    skip = p[1] if a.verb == "pay" and p is not None and p[0] == "pay" else -1
    if find(cards, str(a.args[0]), skip) is None:
        return False  # not held at all: another reason
    return known_find(st, s, cards, str(a.args[0]), skip) is None


def known_only(st: RaceState, s: int, legal: list[Action]) -> list[Action]:
    """``legal`` without the actions naming a card ``s`` holds only unknown."""
    return [a for a in legal if not names_unknown(st, s, a)]


def unknown_dict(st: RaceState) -> dict[str, Any]:
    """``{"unknown": [per seat {"held": ids, "expected": n}]}`` while a card is unknown or
    unknown draws are to come (the core's format, ``HiddenCards.to_data``: the ids in the
    order held -- a reveal that exchanges gives up the last one -- and ``null`` for a card a
    view hides), else ``{}``: positions without unknown cards keep their JSON."""
    if not st.unknown:
        return {}
    return {"unknown": st.unknown.to_data(_cid)}


def mask_unknown(st: RaceState, seat: int | None) -> HiddenCards:
    """The unknown cards as ``seat`` sees them: its own provisional cards (its hand shows
    them), the other seats' as ``None``."""
    if not st.unknown:
        return HiddenCards(st.players)
    out = st.unknown.copy()
    for s, held in enumerate(out.held):
        if s != seat:
            held[:] = [None] * len(held)
    return out
