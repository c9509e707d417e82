"""Positions of It's a Wonderful World: ``to_dict()``, its JSON schema and the loader.

``to_dict(state)`` writes the position; ``schema(players)`` describes what ``WonderfulState.to_dict()`` writes; ``load(state, data)``
fills a blank state from it and checks what a schema cannot: the 150 cards are all there
exactly once per copy, cards under construction hold only what their spaces take (rulebook
"Construir uma carta"), draft hands fit the round's deal, the empires differ, and the seats
said to decide are exactly those with a decision. Derived fields (``score``, ``production``,
``built_by_type``, ``deck_size``, the solo rating) are recomputed, never read.

The pending decisions are ``stack`` (core ``gamekit.core.stack``, kinds and data schemas of
``asks.ASKS``), checked against the phase (``decisions.check``). Each seat's ``pending``,
``choosing_supremacy`` and ``done`` and the solo ``exchange_first`` are written for readers and
must agree with it; a position saved before the stack (without ``stack``) has its stack derived
from them once, here.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from gamekit.core.positions import PositionError
from gamekit.core.schema import DERIVED
from gamekit.core.stack import Pending, deciding, push, top
from gamekit.core.unknown import HiddenCards
from gamekit.core.unknown import schema as unknown_schema
from gamekit.kit.deck import Deck

from .actions import labels
from .asks import ASKS, pending
from .data import CARDS, DECK, EMPIRES, RES, RIDX, SUPREMACY, TYPES
from .draft import direction
from .production import amount, type_counts
from .scoring import breakdown, rating, scenario_outcome
from .seat import SeatState

if TYPE_CHECKING:
    from .state import WonderfulState

__all__ = ["schema", "load", "to_dict", "derive_stack", "derived_to_move"]

_FILL_KINDS = sorted({*RES, "krystallium", "financier", "general"})
_TOKENS = sorted({t for t in SUPREMACY if t != "choice"})


def _cards(max_items: int = 150) -> dict[str, Any]:
    return {"type": "array", "maxItems": max_items, "items": {"enum": sorted(CARDS)}}


def _counts(names: tuple[str, ...] | list[str]) -> dict[str, Any]:
    return {
        "type": "object",
        "required": list(names),
        "properties": {r: {"type": "integer", "minimum": 0, "maximum": 999} for r in names},
    }


_NAT = {"type": "integer", "minimum": 0, "maximum": 999}


def _seat_schema(players: int) -> dict[str, Any]:
    """JSON schema of one seat of ``to_dict()``."""
    nat = _NAT
    return {
        "type": "object",
        "required": ["empire", "built", "construction", "drafted", "hand", "pick",
                     "empire_cubes", "krystallium", "financier", "general",
                     "produced_this_round"],
        "properties": {
            "empire": {"enum": sorted(EMPIRES)},
            "built": _cards(),
            "construction": {
                "type": "array", "maxItems": 150,
                "items": {
                    "type": "object", "required": ["card", "spaces"],
                    "properties": {
                        "card": {"enum": sorted(CARDS)},
                        "label": DERIVED,
                        "spaces": {"type": "array", "maxItems": 20, "items": {
                            "type": "object", "required": ["filled_by"],
                            "properties": {"filled_by": {"enum": [None, *_FILL_KINDS]},
                                           "kind": DERIVED},
                            "additionalProperties": False,
                        }},
                    },
                    "additionalProperties": False,
                },
            },
            "drafted": _cards(),
            "hand": _cards(10),
            "pick": {"enum": [None, *sorted(CARDS)]},
            "empire_cubes": _counts(RES),
            "krystallium": nat, "financier": nat, "general": nat,
            "pending": {"oneOf": [
                {"type": "null"},
                {"type": "object", "required": ["resource", "amount", "source"],
                 "properties": {"resource": {"enum": list(RES)},
                                "amount": {"type": "integer", "minimum": 1, "maximum": 999},
                                "source": {"type": "string", "maxLength": 80}},
                 "additionalProperties": False},
            ]},
            "choosing_supremacy": {"type": "boolean"},
            "done": {"type": "boolean"},
            "produced_this_round": _counts(RES),
            "packet": {"type": "integer", "minimum": 0, "maximum": players - 1},
            "packets_seen": {"type": "array", "maxItems": players, "uniqueItems": True,
                             "items": {"type": "integer", "minimum": 0,
                                       "maximum": players - 1}},
            # written for readers, recomputed when loading
            "seat": DERIVED, "built_by_type": DERIVED, "production": DERIVED,
            "score": DERIVED, "total": DERIVED,
        },
        "additionalProperties": False,
    }


def schema(players: int) -> dict[str, Any]:
    """JSON schema of a wonderful ``to_dict()`` for ``players`` seats."""
    nat = _NAT
    seat = _seat_schema(players)
    supremacy = {
        "type": "object", "required": ["round", "step", "seat", "token", "production"],
        "properties": {
            "round": {"type": "integer", "minimum": 1, "maximum": 4},
            "step": {"enum": list(RES)},
            "seat": {"oneOf": [{"type": "null"},
                               {"type": "integer", "minimum": 0, "maximum": players - 1}]},
            "token": {"enum": [None, "choice", *_TOKENS]},
            "production": {"type": "array", "minItems": players, "maxItems": players,
                           "items": nat},
        },
    }
    solo = {
        "type": "object", "required": ["projects", "sequence", "looking"],
        "properties": {
            "projects": {"type": "array", "maxItems": 30, "items": _cards(30)},
            "sequence": {"type": "integer", "minimum": 1, "maximum": 99},
            "looking": _cards(10),
            "exchange_first": {"enum": [None, *sorted(CARDS)]},
            "rating": DERIVED, "scenario": DERIVED,
        },
        "additionalProperties": False,
    }
    return {
        "type": "object",
        "required": ["side", "round", "phase", "step", "to_move", "deck", "discard",
                     "supremacy", "seats", "solo"],
        "properties": {
            "side": {"enum": ["A", "B"]},
            "round": {"type": "integer", "minimum": 1, "maximum": 4},
            "phase": {"enum": ["draft", "planning", "production", "end"]},
            "step": {"enum": [None, *RES]},
            "to_move": {"type": "array", "maxItems": players, "uniqueItems": True,
                        "items": {"type": "integer", "minimum": 0, "maximum": players - 1}},
            "deck": _cards(),
            "discard": _cards(),
            "supremacy": {"type": "array", "maxItems": 20, "items": supremacy},
            "seats": {"type": "array", "minItems": players, "maxItems": players, "items": seat},
            "solo": {"oneOf": [{"type": "null"}, solo]} if players == 1 else {"type": "null"},
            "stack": ASKS.schema(players),
            "unknown": unknown_schema(players, {"enum": sorted(CARDS)}, 40),
            "game": {"const": "wonderful"}, "players": {"const": players},
            # written for readers, recomputed when loading
            "deck_size": DERIVED, "draft_direction": DERIVED,
        },
        "additionalProperties": False,
    }


def _check_cards(data: dict[str, Any]) -> None:
    """All 150 cards, each exactly as often as the game has copies."""
    seen: Counter = Counter(data["deck"]) + Counter(data["discard"])
    solo = data["solo"] or {}
    for pile in solo.get("projects", []):
        seen.update(pile)
    seen.update(solo.get("looking", []))  # exchange_first names a card still drafted
    for seat in data["seats"]:
        for zone in ("built", "drafted", "hand"):
            seen.update(seat[zone])
        seen.update(entry["card"] for entry in seat["construction"])
        if seat["pick"] is not None:
            seen[seat["pick"]] += 1
    want = Counter(DECK)
    over = sorted(c for c in seen if seen[c] > want[c])
    if over:
        c = over[0]
        raise PositionError(
            f"position field cards: {c} appears {seen[c]} times; the game has {want[c]}"
        )
    missing = sorted((want - seen).elements())
    if missing:
        raise PositionError(
            f"position field cards: {len(missing)} card(s) are nowhere, e.g. {missing[0]}; "
            "every card must be in the deck, the discard, a hand or in front of a player"
        )


def _construction(s: int, entries: list[dict[str, Any]]) -> list[tuple]:
    out = []
    for i, entry in enumerate(entries):
        cid = entry["card"]
        spaces = CARDS[cid].spaces
        fills = tuple(sp["filled_by"] or "" for sp in entry["spaces"])
        where = f"position field seats[{s}].construction[{i}]"
        if len(fills) != len(spaces):
            raise PositionError(f"{where}: {cid} has {len(spaces)} cost spaces, not {len(fills)}")
        for kind, x in zip(spaces, fills, strict=True):
            ok = x in ("", kind) or (x == "krystallium" and (kind in RES or kind == x))
            if not ok:
                raise PositionError(f"{where}: {x} cannot fill a {kind} space of {cid}")
        if "" not in fills:
            raise PositionError(f"{where}: {cid} is complete, so it is built, not under "
                                "construction")
        out.append((cid, fills))
    return out


def _check_hands(data: dict[str, Any], players: int) -> None:
    deal = 10 if players == 2 else 7
    for s, seat in enumerate(data["seats"]):
        held = len(seat["hand"]) + (seat["pick"] is not None)
        if data["phase"] == "draft" and held > deal:
            raise PositionError(f"position field seats[{s}].hand: {held} cards in a draft "
                                f"that deals {deal}")
        if data["phase"] != "draft" and held:
            raise PositionError(f"position field seats[{s}].hand: cards in hand outside the "
                                f"draft (phase {data['phase']})")
        cubes = sum(seat["empire_cubes"].values())
        if cubes >= 5:
            raise PositionError(f"position field seats[{s}].empire_cubes: {cubes} cubes; five "
                                "make a Krystallium at once")
    empires = [seat["empire"] for seat in data["seats"]]
    if len(set(empires)) != len(empires):
        raise PositionError("position field seats[].empire: each seat has its own empire")


def _seat(state: WonderfulState, s: int, data: dict[str, Any]) -> SeatState:
    return SeatState(
        empire=data["empire"],
        hand=list(data["hand"]),
        pick=data["pick"],
        drafted=list(data["drafted"]),
        construction=_construction(s, data["construction"]),
        built=list(data["built"]),
        empire_cubes=[data["empire_cubes"][r] for r in RES],
        krystallium=data["krystallium"],
        financiers=data["financier"],
        generals=data["general"],
        done=data.get("done", False),
        produced=[data["produced_this_round"][r] for r in RES],
        packet=data.get("packet", s),
        packets_seen=sum(1 << p for p in data.get("packets_seen", [s])),
    )


def _card(word: str) -> str:
    if word not in CARDS:
        raise KeyError(word)
    return word


def _load_unknown(state: WonderfulState, data: Any) -> None:
    """The unknown cards (``unknown_cards``): each held card one of the seat's hand or
    selection area."""
    if data is None:
        return
    state.unknown = HiddenCards.from_data(data, state.players, _card)
    for s, seat in enumerate(state.seats):
        state.unknown.known(s, seat.hand + seat.drafted)


def _check_course(data: dict[str, Any], paused: str | None) -> None:
    """The step and the supremacy record agree with the round and phase: a production step only
    in the production phase, one supremacy entry per production step played so far, in order
    ("Fase de produção"), and a seat choosing its supremacy token only on the current step's
    entry that gave it the choice."""
    phase, step, sup = data["phase"], data["step"], data["supremacy"]
    between = phase == "production" and step is None and paused in ("phase", "round")
    if (step is None) != (phase != "production") and not between:
        raise PositionError(f"position field step: {step!r} in phase {phase}: a production "
                            "step is given exactly in the production phase (but paused "
                            "before its first step or after its last)")
    done = 5 * (data["round"] - 1) + (RIDX[step] + 1 if step is not None else 0)
    if phase == "end" or (between and paused == "round"):
        done = 5 * data["round"]
    if len(sup) != done:
        raise PositionError(f"position field supremacy: {len(sup)} entries, but {done} "
                            "production steps have been played")
    for i, entry in enumerate(sup):
        if (entry["round"], entry["step"]) != (i // 5 + 1, RES[i % 5]):
            raise PositionError(f"position field supremacy[{i}]: round {entry['round']} step "
                                f"{entry['step']} out of order")
        if (entry["seat"] is None) != (entry["token"] is None):
            raise PositionError(f"position field supremacy[{i}]: a token goes with a seat")


def derive_stack(state: WonderfulState, data: dict[str, Any]) -> None:
    """The stack of a position saved before it (``asks``' order): each seat's ``tokens``
    unless ``done``, ``plan`` with cards to plan, the solo exchange, the cubes it must place,
    its supremacy choice; then the steps that ask nothing are answered (``settle``)."""
    from .decisions import settle

    state.stack = ()
    if state.paused is not None or state.phase not in ("draft", "planning", "production"):
        return
    if state.phase == "draft":
        state.stack = tuple(Pending("draft", s) for s, seat in enumerate(state.seats)
                            if seat.pick is None)
        return
    first = (data["solo"] or {}).get("exchange_first")
    stack: tuple[Pending, ...] = ()
    for s, seat in enumerate(data["seats"]):
        if not seat.get("done", False):
            stack = push(stack, "tokens", s)
        if state.phase == "planning" and (seat["drafted"] or state.looking or first):
            stack = push(stack, "plan", s)
        if first:
            stack = push(stack, "exchange_second", s, first)
        if state.looking:
            stack = push(stack, "exchange_take", s)
        cubes = seat.get("pending")
        if cubes:
            source = cubes["source"]
            if source != "production" and not (source.startswith("recycle:")
                                               and source[8:] in CARDS):
                raise PositionError(f"position field seats[{s}].pending.source: "
                                    f"{source[:40]!r} is neither production nor the "
                                    "recycling of a card")
            stack = push(stack, "place", s, cubes["resource"], cubes["amount"], source)
        if seat.get("choosing_supremacy"):
            stack = push(stack, "supremacy", s)
    state.stack = stack
    for s in range(state.players):
        settle(state, s)


def derived_to_move(state: WonderfulState, data: dict[str, Any]) -> list[int]:
    """The seats that would decide in ``data`` (a position without ``stack``) read unpaused:
    its stack derived (``derive_stack``) on a copy of ``state`` (``data`` read paused)."""
    probe = state.clone()
    probe.paused = None
    derive_stack(probe, data)
    return list(deciding(probe.stack))


def _said(state: WonderfulState, s: int) -> dict[str, Any]:
    """A seat's pending cubes, supremacy choice and ``done`` as the stack has them (written
    for readers)."""
    cubes = pending(state, s)
    entry = top(state.stack, s)
    return {
        "pending": dict(zip(("resource", "amount", "source"), cubes[2])) if cubes else None,
        "choosing_supremacy": entry is not None and entry[0] == "supremacy",
    }


def _exchange_first(state: WonderfulState) -> str | None:
    """Solo: the first card given in an exchange (the ``exchange_second`` entry's data)."""
    entry = top(state.stack, 0) if state.players == 1 else None
    return entry[2][0] if entry is not None and entry[0] == "exchange_second" else None


def _agree(state: WonderfulState, data: dict[str, Any]) -> None:
    """The seats' ``pending``/``choosing_supremacy`` and the solo ``exchange_first``, where
    given, are what the stack says (one source: the stack)."""
    for s, seat in enumerate(data["seats"]):
        for key, value in _said(state, s).items():
            if key in seat and seat[key] != value:
                raise PositionError(f"position field seats[{s}].{key}: {seat[key]!r}, but the "
                                    f"stack says {value!r}")
    solo = data["solo"] or {}
    if "exchange_first" in solo and solo["exchange_first"] != _exchange_first(state):
        raise PositionError(f"position field solo.exchange_first: {solo['exchange_first']!r}, "
                            "but the stack says otherwise")


def load(state: WonderfulState, data: dict[str, Any]) -> None:
    """Fill ``state`` (blank, from ``gamekit.core.positions``) from ``to_dict()`` data."""
    from .decisions import check

    n = state.players
    _check_cards(data)
    _check_hands(data, n)
    _check_course(data, state.paused)
    state.side = data["side"]
    state.scenario = state.options.get("scenario")
    state.round = data["round"]
    state.phase = data["phase"]
    state.step = -1 if data["step"] is None else RIDX[data["step"]]
    state.pile = Deck(data["deck"], data["discard"], recycle=False)
    state.seats = [_seat(state, s, seat) for s, seat in enumerate(data["seats"])]
    state.supremacy = [dict(x) for x in data["supremacy"]]
    solo = data["solo"] or {}
    state.projects = [list(p) for p in solo.get("projects", [])]
    state.solo_sequence = solo.get("sequence", 1) - 1
    state.looking = list(solo.get("looking", []))
    _load_unknown(state, data.get("unknown"))
    if data["phase"] == "draft" and sorted(seat.packet for seat in state.seats) != list(range(n)):
        raise PositionError("position field seats[].packet: each seat holds a different hand")
    if "stack" in data:
        state.stack = ASKS.from_data(data["stack"], n)
    else:  # saved before the core stack: derived from the seats' fields, once
        derive_stack(state, data)
    why = check(state)
    if why:
        raise PositionError(f"position field {why}")
    _agree(state, data)
    state._to_move = deciding(state.stack)
    if list(state._to_move) != list(data["to_move"]):
        raise PositionError(
            f"position field to_move: {data['to_move']} given, but the rules make "
            f"{list(state._to_move)} decide in this position"
        )
    try:
        state.check_invariants()
    except AssertionError as exc:
        raise PositionError(f"position breaks a rule: {exc}") from None


def _construction_dict(entries: list) -> list[dict[str, Any]]:
    out = []
    for (cid, fills), label in zip(entries, labels(entries)):
        spaces = CARDS[cid].spaces
        out.append({
            "card": cid, "label": label,
            "spaces": [{"kind": k, "filled_by": x or None} for k, x in zip(spaces, fills)],
        })
    return out


def _seat_dict(state: WonderfulState, s: int) -> dict[str, Any]:
    seat = state.seats[s]
    b = breakdown(state, s)
    return {
        "seat": s,
        "empire": seat.empire,
        "built": list(seat.built),
        "built_by_type": dict(zip(TYPES, type_counts(seat))),
        "construction": _construction_dict(seat.construction),
        "drafted": list(seat.drafted),
        "hand": list(seat.hand),
        "pick": seat.pick,
        "empire_cubes": {RES[r]: seat.empire_cubes[r] for r in range(5)},
        "krystallium": seat.krystallium,
        "financier": seat.financiers,
        "general": seat.generals,
        **_said(state, s),
        "done": seat.done,
        "packet": seat.packet,
        "packets_seen": [p for p in range(state.players) if seat.packets_seen >> p & 1],
        "production": {RES[r]: amount(seat, state.side, r) for r in range(5)},
        "produced_this_round": {RES[r]: seat.produced[r] for r in range(5)},
        "score": b,
        "total": sum(b.values()),
    }


def to_dict(state: WonderfulState) -> dict[str, Any]:
    """The whole (visible) position as JSON-able data (what ``load`` reads back)."""
    out: dict[str, Any] = {
        "game": state.game,
        "players": state.players,
        "side": state.side,
        "round": state.round,
        "phase": state.phase,
        "step": RES[state.step] if state.step >= 0 else None,
        "draft_direction": direction(state.round) if state.phase == "draft" else None,
        "to_move": list(state.to_move()),
        "deck_size": len(state.deck),
        "deck": state.pile.order(),
        "discard": list(state.discard),
        "supremacy": [dict(x) for x in state.supremacy],
        "stack": ASKS.to_data(state.stack),
        "seats": [_seat_dict(state, s) for s in range(state.players)],
        "solo": None,
    }
    if state.unknown:
        out["unknown"] = state.unknown.to_data()
    if state.players == 1:
        out["solo"] = {
            "projects": [list(p) for p in state.projects],
            "sequence": state.solo_sequence + 1,
            "looking": list(state.looking),
            "exchange_first": _exchange_first(state),
            "rating": rating(state),
            "scenario": scenario_outcome(state) if state.scenario else None,
        }
    return out
