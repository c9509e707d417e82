"""Positions of Race for the Galaxy: the JSON schema of ``to_dict()`` and the loader.

``schema(players)`` describes what ``RaceState.to_dict()`` writes; ``load(state, data)`` fills
a blank state from it and checks what a schema cannot: the 114 cards are all there exactly once
(the base game's deck, whatever the options), developments unique in a tableau (rulebook
"Desenvolvimentos"), goods only on production or windfall worlds of their own kind, hands
within the limit where the rules enforce it ("Fim da rodada": 10 cards), the action cards of the
game (``develop_2``/``settle_2`` only in the advanced 2-player game), each pending step in its
phase, the phases left equal to what the revealed action cards call for, and ``to_move`` equal
to the seats with a pending step. Derived fields (``score``, ``military``) are recomputed.

The order of cards in a hand, an explore draw and of the goods decides the order of legal
actions, so ``hand_order``, ``explore_order`` and ``goods_order`` keep it (optional: without
them, the order of ``hand``, ``explore`` and ``goods`` is used). Copies of one card are
interchangeable: which copy index a card gets does not change any rule.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from gamekit.core.positions import PositionError
from gamekit.core.schema import DERIVED
from gamekit.core.stack import Pending
from gamekit.core.unknown import HiddenCards
from gamekit.core.unknown import schema as unknown_schema
from gamekit.kit.deck import Deck

from .cardmoves import deciding
from .cards import ACTIONS, COPIES, GOODS, START_WORLDS, TYPE_BY_ID
from .common import _CT, ACTION_CODE, DEV, DEV2, SET, SET2
from .position_checks import check
from .seat import RaceSeat

if TYPE_CHECKING:
    from .state import RaceState

__all__ = ["schema", "load"]

_IDS = sorted(TYPE_BY_ID)
_CARD = {"enum": _IDS}
_PHASES = ["setup", "choose", "explore", "develop", "settle", "consume", "produce",
           "round_end", "end"]
_NAT = {"type": "integer", "minimum": 0, "maximum": 999}
_POS = {"type": "integer", "minimum": 1, "maximum": 999}
_GOOD = {"type": "integer", "minimum": -1, "maximum": len(GOODS) - 1}
_BOOL = {"type": "boolean"}
def _cards(max_items: int = len(COPIES), unique: bool = False) -> dict[str, Any]:
    return {"type": "array", "maxItems": max_items, "uniqueItems": unique, "items": _CARD}


def _row(*items: dict[str, Any]) -> dict[str, Any]:
    return {"type": "array", "prefixItems": list(items), "minItems": len(items),
            "maxItems": len(items)}


_PENDING = {"anyOf": [
    {"type": "null"},
    _row({"enum": ["choose", "keep", "dev_pick", "set_pick", "trade", "consume"]}),
    _row({"const": "pay"}, _CARD, _POS, _BOOL),
    _row({"const": "method"}, _CARD, {
        "type": "array", "minItems": 2, "maxItems": 4, "uniqueItems": True,
        "items": {"enum": ["pay", "conquer", "tactics", "contact"]}}),
    _row({"const": "sell"}, _BOOL),
    _row({"const": "good"}, _CARD, _GOOD, _POS, _BOOL, _POS,
         {"type": "array", "maxItems": 4, "items": _GOOD}, _NAT, _NAT, _BOOL),
    _row({"const": "hand"}, _CARD, _POS, _NAT),
    _row({"const": "windfall"}, _GOOD),
    _row({"enum": ["limit", "discard0"]}, _POS),
]}


def schema(players: int) -> dict[str, Any]:
    """JSON schema of a race ``to_dict()`` for ``players`` seats."""
    seat_no = {"type": "integer", "minimum": 0, "maximum": players - 1}
    seats = {"type": "array", "maxItems": players, "uniqueItems": True, "items": seat_no}
    pile = {"anyOf": [{"const": 0}, _cards()]}
    seat = {
        "type": "object",
        "required": ["start_world", "tableau", "hand", "explore", "goods", "vp_chips",
                     "actions", "chosen", "pending"],
        "properties": {
            "start_world": {"enum": sorted(c.id for c in START_WORLDS)},
            "tableau": _cards(40, unique=True),
            "hand": _cards(), "hand_order": _cards(),
            "explore": _cards(20), "explore_order": _cards(20),
            "goods": {"type": "object", "maxProperties": 40, "propertyNames": _CARD,
                      "additionalProperties": _row({"enum": list(GOODS)}, _CARD)},
            "goods_order": _cards(40, unique=True),
            "vp_chips": _NAT,
            "actions": {"type": "array", "maxItems": 2, "items": {"enum": list(ACTIONS)}},
            "chosen": {"enum": [None, "none", *_IDS]},
            "pending": _PENDING,
            "keep": {"type": "integer", "minimum": 0, "maximum": 20},
            "temp_military": _NAT,
            "placed_this_phase": _cards(2, unique=True),
            "consume_used": {"type": "array", "maxItems": 40, "items": {"anyOf": [
                {"enum": ["trade", "start", "done"]},
                _row(_CARD, {"type": "integer", "minimum": 0, "maximum": 9})]}},
            "produced": {"type": "object", "required": list(GOODS),
                         "properties": {g: _NAT for g in GOODS},
                         "additionalProperties": False},
            "produced_on": _cards(40, unique=True),
            "windfall_queue": {"type": "array", "maxItems": 20,
                               "items": {"enum": ["any", *GOODS]}},
            "military": DERIVED, "score": DERIVED,  # recomputed, never read
        },
        "additionalProperties": False,
    }
    return {
        "type": "object",
        "required": ["round", "phase", "step", "phases_left", "vp_pool", "deck", "discard",
                     "over", "order", "to_move", "seats"],
        "properties": {
            "round": {"type": "integer", "minimum": 0, "maximum": 9999},
            "phase": {"enum": _PHASES},
            "step": _row({"enum": _PHASES}, {"type": "integer", "minimum": 0, "maximum": 2}),
            "phases_left": {"type": "array", "maxItems": 7, "items": _row(
                {"enum": _PHASES[2:7]}, {"enum": [1, 2]})},
            "vp_pool": {"type": "integer", "minimum": -9999, "maximum": 9999},
            "deck": pile, "discard": pile,
            "over": _BOOL,
            "order": {**seats, "minItems": players},
            "to_move": seats, "sequence": seats,
            "at": {"anyOf": [{"type": "null"}, seat_no]},
            "seats": {"type": "array", "minItems": players, "maxItems": players,
                      "items": seat},
            "unknown": unknown_schema(players, _CARD, len(COPIES)),
        },
    }


def _fail(field: str, message: str) -> PositionError:
    """The error for ``field`` (a path such as ``seats[1].hand``)."""
    return PositionError(f"position field {field}: {message}")


def _check_cards(data: dict[str, Any]) -> None:
    """All 114 cards of the base game, each exactly as often as the game has copies."""
    seen: Counter = Counter()
    for key in ("deck", "discard"):
        if isinstance(data[key], list):
            seen.update(data[key])
    for s, seat in enumerate(data["seats"]):
        seen.update(seat["tableau"])
        seen.update(seat["hand"])
        seen.update(seat["explore"])
        seen.update(card for _good, card in seat["goods"].values())
        for key, base in (("hand_order", "hand"), ("explore_order", "explore"),
                          ("goods_order", "goods")):
            if key in seat and Counter(seat[key]) != Counter(list(seat[base])):
                raise _fail(f"seats[{s}].{key}", f"not the same cards as seats[{s}].{base}")
    want = Counter(c.id for c in COPIES)
    over = sorted(c for c in seen if seen[c] > want[c])
    if over:
        c = over[0]
        raise _fail("cards", f"{c} appears {seen[c]} times; the game has {want[c]}")
    missing = sorted((want - seen).elements())
    if missing:
        raise _fail("cards", f"{len(missing)} card(s) are nowhere, e.g. {missing[0]}; every "
                    "card must be in the deck, the discard, a hand, an explore draw, a tableau "
                    "or under a good")


class _Copies:
    """Hands out copy indices by card id (copies of one card are interchangeable)."""

    def __init__(self) -> None:
        self.left: dict[str, list[int]] = {}
        for c in range(len(COPIES)):
            self.left.setdefault(COPIES[c].id, []).append(c)

    def take(self, ids: list[str]) -> list[int]:
        return [self.left[x].pop(0) for x in ids]


def _tableau(s: int, seat: dict[str, Any], copies: _Copies) -> list[int]:
    where = f"seats[{s}]"
    if seat["start_world"] not in seat["tableau"]:
        raise _fail(f"{where}.start_world",
                    f"{seat['start_world']} is not in the seat's tableau")
    return copies.take(seat["tableau"])


def _goods(s: int, seat: dict[str, Any], tab: list[int], copies: _Copies) -> dict[int, int]:
    """Goods by world (in the order they were placed): only on goods worlds, of their kind."""
    by_id = {_CT[c].id: c for c in tab}
    out = {}
    for wid in seat.get("goods_order", list(seat["goods"])):
        where = f"seats[{s}].goods.{wid}"
        good, card = seat["goods"][wid]
        w = by_id.get(wid)
        if w is None:
            raise _fail(where, f"{wid} is not in the seat's tableau")
        ct = _CT[w]
        if not (ct.windfall or ct.production):
            raise _fail(where, f"{wid} has no good slot (neither a production nor a windfall "
                        "world)")
        if ct.good >= 0 and GOODS[ct.good] != good:
            raise _fail(where, f"{wid} holds {GOODS[ct.good]} goods, not {good}")
        out[w] = copies.take([card])[0]
    return out


def _picks(s: int, names: list[str], advanced: bool) -> list[int]:
    where = f"seats[{s}].actions"
    codes = [ACTION_CODE[a] for a in names]
    if not advanced and (len(codes) > 1 or any(c in (DEV2, SET2) for c in codes)):
        raise _fail(where, f"{names} are not one action card of the basic game (two cards, "
                    "develop_2 and settle_2 are for the advanced 2-player game)")
    if len(set(codes)) != len(codes):
        raise _fail(where, f"{names} names one action card twice")
    for second, first in ((DEV2, DEV), (SET2, SET)):
        if second in codes and first not in codes:
            raise _fail(where, f"{ACTIONS[second]} is chosen only with {ACTIONS[first]}")
    return codes


def _chosen(s: int, value: str | None, hand: list[int], tab: list[int]) -> int | None:
    """The picked card: in hand until placed, then in the tableau (first copy in hand: the one
    ``_find`` picked)."""
    if value is None:
        return None
    if value == "none":
        return -1
    for c in hand + tab:
        if _CT[c].id == value:
            return c
    raise _fail(f"seats[{s}].chosen", f"{value} is neither in the hand nor in the tableau")


def _pending(s: int, p: list | None, chosen: int | None) -> tuple | None:
    """The pending step as the engine's tuple (the card being paid for is the chosen copy)."""
    if p is None:
        return None
    kind = p[0]
    if kind in ("pay", "method"):
        if chosen is None or chosen < 0 or _CT[chosen].id != p[1]:
            raise _fail(f"seats[{s}].pending", f"{kind} for {p[1]}, but the seat's chosen "
                        "card is another")
        return (kind, chosen, *(tuple(x) if isinstance(x, list) else x for x in p[2:]))
    return tuple(tuple(x) if isinstance(x, list) else x for x in p)


def _used(s: int, items: list) -> set:
    out: set = set()
    for x in items:
        if isinstance(x, str):
            out.add(x)
            continue
        card, i = x
        if i >= len(TYPE_BY_ID[card].consume):
            raise _fail(f"seats[{s}].consume_used", f"{card} has no consume power {i}")
        out.add((card, i))
    return out


def _in_tableau(s: int, key: str, ids: list[str], tab: list[int]) -> list[int]:
    by_id = {_CT[c].id: c for c in tab}
    bad = [x for x in ids if x not in by_id]
    if bad:
        raise _fail(f"seats[{s}].{key}", f"{bad[0]} is not in the seat's tableau")
    return [by_id[x] for x in ids]


def _seat(s: int, seat: dict[str, Any], copies: _Copies, advanced: bool) -> RaceSeat:
    """Seat ``s`` from its JSON (its cards take their copy indices from ``copies``, in order)."""
    tab = _tableau(s, seat, copies)
    hand = copies.take(seat.get("hand_order", seat["hand"]))
    explored = copies.take(seat.get("explore_order", seat["explore"]))
    goods = _goods(s, seat, tab, copies)
    chosen = _chosen(s, seat["chosen"], hand, tab)
    return RaceSeat(
        start=next(c for c in tab if _CT[c].id == seat["start_world"]),
        tableau=tab, hand=hand, explored=explored, goods=goods,
        chips=seat["vp_chips"],
        action_picks=_picks(s, seat["actions"], advanced),
        chosen=chosen,
        temp_military=seat.get("temp_military", 0),
        keep_left=seat.get("keep", 0),
        consume_used=_used(s, seat.get("consume_used", [])),
        produced=[seat.get("produced", {}).get(g, 0) for g in GOODS],
        produced_on=set(_in_tableau(s, "produced_on", seat.get("produced_on", []), tab)),
        windfall_queue=[-1 if g == "any" else GOODS.index(g)
                        for g in seat.get("windfall_queue", [])],
    )


def _fill_seats(state: RaceState, data: dict[str, Any]) -> None:
    """The cards and the per-seat bookkeeping."""
    copies = _Copies()
    seats = data["seats"]
    state.seats = [_seat(s, seat, copies, state.advanced) for s, seat in enumerate(seats)]
    state.stack = tuple(Pending(p[0], s, p[1:]) for s, seat in enumerate(seats)
                        if (p := _pending(s, seat["pending"], state.seats[s].chosen)) is not None)
    state.pile = Deck(eager=True, sort_discards=True)
    state.deck = copies.take(data["deck"] or [])[::-1]
    state.discard = copies.take(data["discard"] or [])[::-1]
    state.placed_this_phase = {c for s, seat in enumerate(seats)
                               for c in _in_tableau(s, "placed_this_phase",
                                                    seat.get("placed_this_phase", []),
                                                    state.seats[s].tableau)}


def _unknown(state: RaceState, data: dict[str, Any]) -> HiddenCards:
    """The unknown cards (``unknown_cards``, the core's field ``unknown``): each held id a card
    of the seat's hand or explore draw (not its pick), and the unknown draws still to come."""
    ids = HiddenCards.from_data(data.get("unknown"), state.players, lambda w: TYPE_BY_ID[w].id)
    out = HiddenCards(state.players)
    out.expected = ids.expected
    for s, held in enumerate(ids.held):
        mine = state.seats[s]
        free = [c for c in mine.hand + mine.explored if c != mine.chosen]
        for i, card in enumerate(held):
            c = next((c for c in free if _CT[c].id == card), None)
            if c is None:
                raise _fail(f"unknown[{s}].held[{i}]", f"{card} is not among the cards of seat "
                            f"p{s + 1} (its hand and explore draw, but its pick)")
            free.remove(c)
            out.held[s].append(c)
    return out


def load(state: RaceState, data: dict[str, Any]) -> None:
    """Fill ``state`` (blank, from ``gamekit.core.positions``) from ``to_dict()`` data."""
    o = state.options
    state.advanced = bool(o["advanced"])
    state.npicks = 2 if state.advanced else 1
    _check_cards(data)
    _fill_seats(state, data)
    state.unknown = _unknown(state, data)
    state.round = data["round"]
    state.phase = data["phase"]
    state.phase_step = tuple(data["step"])
    state.queue = [tuple(x) for x in data["phases_left"]]
    state.pool = data["vp_pool"]
    state.over = data["over"]
    state.order = list(data["order"])
    state.sequence = list(data.get("sequence", []))
    state.resolving = data.get("at")
    # the choice is revealed once its phases are planned (a pause after the choice keeps both)
    state.revealed = state.phase != "choose" or bool(state.queue)
    state.masked = False
    # paused at a stopping point: nobody decides until ``resume()``
    state._tm = () if state.paused is not None else deciding(state)
    check(state, data)

