"""Positions of Blue Moon City: the JSON schema of ``to_dict()`` and the loader.

``schema(players)`` describes what ``BlueMoonState.to_dict()`` writes; ``load(state, data)``
fills a blank state from it and checks what a schema cannot: the city holds its tiles once
each (rulebook "Preparação"), markers sit only on tiles not yet rebuilt, every card is in
exactly one place per the deck's composition (option ``cards`` included), the golden scales
held and in the supply make the game's number, each player's 10 markers are in reserve, on
buildings or on the obelisk, figures and dragons stand in the city, a payment in progress
pays a free space of the tile its player stands on, cards marked unknown (field ``unknown``,
``gamekit.core.unknown``) are among their seat's cards, and ``to_move`` is the seat whose turn
it is. Derived fields (the payment's ``total``, hand sizes, the count of rebuilt tiles) are
recomputed, never read.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from gamekit.core.positions import PositionError
from gamekit.core.stack import Pending
from gamekit.core.unknown import HiddenCards
from gamekit.core.unknown import schema as unknown_schema
from gamekit.kit.deck import Deck

from . import data as D
from .city import CENTRE, WILD_CHOICES, N, layout_problem
from .data import KINDS, WILD
from .decisions import ASKS, STACK_OF
from .seat import OFFERING_KINDS, BlueMoonSeat

if TYPE_CHECKING:
    from .state import BlueMoonState

__all__ = ["schema", "load"]

STAGES = ("move", "teleport", "dragon", "act", "pay", "refill", "over")
PHASE_OF = {"move": "move", "teleport": "move", "dragon": "move", "act": "contribute",
            "pay": "contribute", "refill": "refill", "over": "end"}
ENDS = ("", "offerings", "all_built", "draw")
#: bounds from the data rules: 10 cards a people, 1-10 spaces of value 1-12 a tile, 1-40 scales
MAX_CARDS = 10 * len(D.PEOPLES)
MAX_SPACES, MAX_VALUE, MAX_SCALES = 10, 12, 40
MARKERS = D.GAME["markers_per_player"]
MAX_OBELISK = max(len(v["costs"]) for k, v in D.GAME["obelisk"].items() if k[0].isdigit())
#: crystals, rounds, contributions: unbounded by the rules ("crystals are unlimited"), bounded
#: here by the largest integer JSON keeps exactly, so a game played on from any position the
#: reader takes still writes one it takes (a lower bound would be crossed by playing on)
BIG = 2**53
_PAY_COLOURS = [D.COLOURS[x] for x in WILD_CHOICES]
_BUILDINGS = sorted(t.id for t in D.TILES if t.group != "centre")


def _int(lo: int, hi: int) -> dict[str, Any]:
    return {"type": "integer", "minimum": lo, "maximum": hi}


def _array(item: dict[str, Any], lo: int, hi: int) -> dict[str, Any]:
    return {"type": "array", "minItems": lo, "maxItems": hi, "items": item}


def _object(props: dict[str, Any], optional: tuple[str, ...] = ()) -> dict[str, Any]:
    return {"type": "object", "required": [k for k in props if k not in optional],
            "properties": props, "additionalProperties": False}


_CELL = _array(_int(0, N - 1), 2, 2)
_CARD = {"enum": list(KINDS)}
_CARDS = _array(_CARD, 0, MAX_CARDS)
_BOOL = {"type": "boolean"}


def _turn_schema(seat: dict[str, Any]) -> dict[str, Any]:
    dragon = _object({"dragon": {"enum": list(D.DRAGONS)},
                      "power": {"enum": ["anywhere", "up_to_3_steps"]}})
    payment = _object({
        "tile": {"enum": _BUILDINGS}, "space": _int(0, MAX_SPACES - 1),
        "colour": {"enum": _PAY_COLOURS}, "value": _int(1, MAX_VALUE), "paid": _CARDS,
        "total": _int(0, 4 * MAX_CARDS),
        "recolour": {"type": "object", "propertyNames": {"enum": list(D.COLOURS)},
                     "additionalProperties": _int(1, 4 * MAX_CARDS)},
    })
    return _object({
        "seat": seat, "round": _int(1, BIG), "stage": {"enum": list(STAGES)},
        "steps": _int(0, 2 + 2 * 10), "contributions": _int(0, MARKERS), "offered": _BOOL,
        "discarded": _int(0, 2), "dragon": dragon, "payment": payment,
    }, optional=("dragon", "payment"))


def schema(players: int) -> dict[str, Any]:
    """JSON schema of a bluemoon ``to_dict()`` for ``players`` seats (seats are 1-based)."""
    seat = _int(1, players)

    def per_seat(item: dict[str, Any]) -> dict[str, Any]:
        return _array(item, players, players)

    tile = _object({"cell": _CELL, "built": _BOOL,
                    "markers": _array({"oneOf": [{"type": "null"}, seat]}, 1, MAX_SPACES),
                    "wild_colour": {"enum": _PAY_COLOURS}}, optional=("wild_colour",))
    hand = {"type": "object", "propertyNames": _CARD, "additionalProperties": _int(1, MAX_CARDS)}
    kinds = _object({k: _int(0, MAX_OBELISK) for k in OFFERING_KINDS})
    return _object({
        "players": {"const": players},
        "city": _array(_array({"enum": [None, *sorted(t.id for t in D.TILES)]}, N, N), N, N),
        "tiles": {"type": "object", "propertyNames": {"enum": _BUILDINGS},
                  "additionalProperties": tile},
        "figures": per_seat(_CELL),
        "dragons": _object({d: {"oneOf": [{"type": "null"}, _CELL]} for d in D.DRAGONS}),
        "hands": per_seat(hand),
        "pending": per_seat(_CARDS),
        "deck": _CARDS,
        "discard": _CARDS,
        "crystals": per_seat(_int(0, BIG)),
        "scales": per_seat(_int(0, MAX_SCALES)),
        "scale_supply": _int(0, MAX_SCALES),
        "markers": per_seat(_int(0, MARKERS)),
        "obelisk": _object({"costs": _array(_int(0, 99), 1, MAX_OBELISK),
                            "filled": _array(seat, 0, MAX_OBELISK)}),
        "offerings": per_seat(_int(0, MAX_OBELISK)),
        "offering_kinds": per_seat(kinds),
        "contributions": per_seat(_int(0, BIG)),
        "first_player": seat,
        "to_move": _array(seat, 0, 1),
        "turn": _turn_schema(seat),
        "over": _BOOL,
        "winner": {"oneOf": [{"type": "null"}, seat]},
        "draw": _BOOL,
        "end": {"enum": list(ENDS)},
        "unknown": unknown_schema(players, _CARD, MAX_CARDS),
        "stack": ASKS.schema(players),
    }, optional=("unknown", "stack"))


def _rc(cell: int) -> str:
    return f"row {cell // N} col {cell % N}"


# ---------------------------------------------------------------------- the city
def _city(state: BlueMoonState, data: dict[str, Any]) -> dict[str, int]:
    """Board, tiles' markers, rebuilt flags and fixed wild colours; returns tile id -> cell."""
    o, td = state.options, state.tiles
    problem = layout_problem(data["city"], o["city"], o["setup"], td)
    if problem is not None:
        raise PositionError(f"position field city: {problem}")
    state.board = board = tuple(-1 if t is None else D.TILE_INDEX[t]
                                for row in data["city"] for t in row)
    where = {td[t].id: c for c, t in enumerate(board) if t >= 0 and td[t].group != "centre"}
    tiles = data["tiles"]
    if set(tiles) != set(where):
        raise PositionError(f"position field tiles: the city's buildings are {sorted(where)}; "
                            f"missing {sorted(set(where) - set(tiles))}, not in the city "
                            f"{sorted(set(tiles) - set(where))}")
    state.built = [False] * (N * N)
    state.marks = [[-1] * len(td[t].spaces) if t >= 0 else [] for t in board]
    state.wild_colours = {}
    for tid, entry in tiles.items():
        _tile(state, f"position field tiles.{tid}", where[tid], entry)
    state.building_count = len(where)
    state.buildings_built = sum(state.built)
    return where


def _tile(state: BlueMoonState, f: str, cell: int, entry: dict[str, Any]) -> None:
    spaces = state.tiles[state.board[cell]].spaces
    if entry["cell"] != [cell // N, cell % N]:
        raise PositionError(f"{f}.cell: {entry['cell']}, but the city has it at {_rc(cell)}")
    given = entry["markers"]
    if len(given) != len(spaces):
        raise PositionError(f"{f}.markers: {len(given)} given; the tile has {len(spaces)} spaces")
    marks = state.marks[cell] = [-1 if x is None else x - 1 for x in given]
    state.built[cell] = built = entry["built"]
    if built and any(m >= 0 for m in marks):
        raise PositionError(f"{f}.markers: a rebuilt tile holds no markers (they go back to "
                            "their owners when it is rebuilt)")
    if not built and all(m >= 0 for m in marks):
        raise PositionError(f"{f}.built: every space is taken, so the tile is rebuilt")
    fixes = not state.options["palace_colour_per_space"] and any(
        marks[i] >= 0 for i, (col, _) in enumerate(spaces) if col == WILD)
    if fixes != ("wild_colour" in entry):
        raise PositionError(
            f"{f}.wild_colour: " + ("the first contribution to a wild space fixes the colour "
                                    "of all the tile's wild spaces; say which" if fixes else
                                    "only a tile with a taken wild space has a fixed colour "
                                    "(and none with option palace_colour_per_space)"))
    if fixes:
        state.wild_colours[cell] = D.COLOUR_INDEX[entry["wild_colour"]]


def _figures(state: BlueMoonState, data: dict[str, Any]) -> None:
    cells, city = set(state.cells), state.options["city"]

    def cell_of(rc: list[int] | None, f: str) -> int:
        if rc is None:
            return -1
        c = rc[0] * N + rc[1]
        if c not in cells:
            raise PositionError(f"position field {f}: {_rc(c)} is not a cell of the {city} city")
        return c

    for s, rc in enumerate(data["figures"]):
        state.seats[s].figure = cell_of(rc, f"figures[{s}]")
    state.dragons = [cell_of(data["dragons"][d], f"dragons.{d}") for d in D.DRAGONS]


# ---------------------------------------------------------------------- cards
def _cards(state: BlueMoonState, data: dict[str, Any]) -> None:
    """Every card exactly once per copy; hands, face-down cards, deck (top first), discard."""
    payment = data["turn"].get("payment")
    seen: Counter = Counter(data["deck"]) + Counter(data["discard"])
    for s in range(state.players):
        seen.update(data["hands"][s])
        seen.update(data["pending"][s])
    if payment is not None:
        seen.update(payment["paid"])
    want = Counter({KINDS[k]: n for k, n in enumerate(state.composition) if n})
    over = sorted(c for c in seen if seen[c] > want[c])
    if over:
        c = over[0]
        raise PositionError(f"position field cards: {c} appears {seen[c]} times; the game "
                            f"has {want[c]}")
    missing = sorted((want - seen).elements())
    if missing:
        raise PositionError(f"position field cards: {len(missing)} card(s) are nowhere, e.g. "
                            f"{missing[0]}; every card is in the deck, the discard pile, a "
                            "hand, face down in front of a player or in a payment")
    cur = data["turn"]["seat"] - 1
    for s, got in enumerate(data["pending"]):
        if got and s != cur:
            raise PositionError(f"position field pending[{s}]: cards won face down wait only "
                                "in front of the player whose turn it is (they join the hand "
                                "after that turn's refill)")
    for player, hand, pending in zip(state.seats, data["hands"], data["pending"]):
        player.hand = [hand.get(k, 0) for k in KINDS]
        player.hand_size = sum(player.hand)
        player.pending = [D.KIND_INDEX[k] for k in pending]
    state.cards = Deck([D.KIND_INDEX[k] for k in data["deck"]],  # top first
                       [D.KIND_INDEX[k] for k in data["discard"]])
    _unknown(state, data)


def _unknown(state: BlueMoonState, data: dict[str, Any]) -> None:
    """Cards drawn unknown (``gamekit.core.unknown``): each is one of its seat's cards in
    ``hands`` (its provisional identity), kept apart from the known ones."""
    state.unknown = hidden = HiddenCards.from_data(data.get("unknown"), state.players,
                                                   D.KIND_INDEX.__getitem__)
    for s, player in enumerate(state.seats):
        if hidden.held[s]:
            cards = [k for k in range(len(KINDS)) for _ in range(player.hand[k])]
            hand = [0] * len(KINDS)
            for k in hidden.known(s, cards, name=KINDS.__getitem__):
                hand[k] += 1
            player.hand = hand


# ---------------------------------------------------------------------- tokens
def _tokens(state: BlueMoonState, data: dict[str, Any]) -> None:
    """Crystals, golden scales, markers, the obelisk and the offerings."""
    n = state.players
    seats = state.seats
    for player, crystals, scales, markers, contributions in zip(
            seats, data["crystals"], data["scales"], data["markers"], data["contributions"]):
        player.crystals, player.scales = crystals, scales
        player.markers, player.contributions = markers, contributions
    state.supply = data["scale_supply"]
    held = sum(data["scales"])
    if state.supply + held != state.scales_in_play:
        raise PositionError(f"position field scale_supply: {state.supply} in the supply and "
                            f"{held} held make {state.supply + held}; the game has "
                            f"{state.scales_in_play} golden scales")
    if state.supply == 0 and not data["over"]:
        raise PositionError("position field scale_supply: the supply running out sets off the "
                            "scale scoring at once, so it is never empty during play")
    ob = data["obelisk"]
    if ob["costs"] != list(state.costs):
        raise PositionError(f"position field obelisk.costs: the obelisk for {n} players costs "
                            f"{list(state.costs)}")
    state.obelisk = [s - 1 for s in ob["filled"]]
    if len(state.obelisk) > len(state.costs):
        raise PositionError(f"position field obelisk.filled: {len(state.obelisk)} offerings; "
                            f"the obelisk has {len(state.costs)} spaces")
    for s, player in enumerate(seats):
        player.offerings = made = state.obelisk.count(s)
        player.offering_kinds = [data["offering_kinds"][s][x] for x in OFFERING_KINDS]
        if data["offerings"][s] != made:
            raise PositionError(f"position field offerings[{s}]: {data['offerings'][s]}, but "
                                f"the obelisk holds {made} of that player's markers")
        if sum(player.offering_kinds) != made:
            raise PositionError(f"position field offering_kinds[{s}]: they add up to "
                                f"{sum(player.offering_kinds)}, not the {made} offerings made")
        on_b = sum(m.count(s) for m in state.marks)
        total = player.markers + on_b + made
        if total != MARKERS:
            raise PositionError(f"position field markers[{s}]: {player.markers} in reserve, "
                                f"{on_b} on buildings and {made} on the obelisk make "
                                f"{total}; each player has {MARKERS}")


# ---------------------------------------------------------------------- the turn
def _turn(state: BlueMoonState, data: dict[str, Any], where: dict[str, int]) -> None:
    t = data["turn"]
    stage = t["stage"]
    state.turn_seat = t["seat"] - 1
    state.first = data["first_player"] - 1
    state.round = t["round"]
    state.phase = PHASE_OF[stage]
    state.stack = tuple(Pending(kind, state.turn_seat) for kind in STACK_OF[stage])
    state.steps_left, state.turn_contributions = t["steps"], t["contributions"]
    state.offered = state.pillar_open = t["offered"]  # a Pillar follows this turn's offering
    state.discarded = t["discarded"]
    if state.offered and state.seats[state.turn_seat].figure != CENTRE:
        raise PositionError("position field turn.offered: offerings at the Central Square "
                            "leave the figure there for the rest of the turn")
    for key, when in (("dragon", "dragon"), ("payment", "pay")):
        if (key in t) != (stage == when):
            raise PositionError(f"position field turn.{key}: given exactly while the turn's "
                                f"stage is {when!r} (now {stage!r})")
    state.dragon_moving, state.dragon_reach = -1, 0
    if "dragon" in t:
        state.dragon_moving = D.DRAGONS.index(t["dragon"]["dragon"])
        state.dragon_reach = -1 if t["dragon"]["power"] == "anywhere" else 3
        if state.dragon_reach > 0 and state.dragons[state.dragon_moving] < 0:
            raise PositionError("position field turn.dragon.power: a value 2 dragon card moves "
                                "only a dragon already in the city")
    state.pay_cell = -1
    if "payment" in t:
        _payment(state, t["payment"], where)
    if state.paused is not None:  # saved at a boundary: the phase is closed, nobody decides
        if stage in ("over", "pay", "dragon", "teleport"):
            raise PositionError(f"position field paused: a game pauses between phases and "
                                f"turns, not in the {stage!r} stage")
        state.stack = ()
    if "stack" in data:  # optional (positions saved before the core stack have none)
        given = ASKS.from_data(data["stack"], state.players)
        if given != state.stack:
            raise PositionError(f"position field stack: {_kinds(given)} given, but the turn "
                                f"(seat {state.turn_seat + 1}, stage {stage!r}"
                                f"{', paused' if state.paused else ''}) has "
                                f"{_kinds(state.stack)} pending")


def _kinds(stack: tuple[Pending, ...]) -> str:
    return "[" + ", ".join(f"{e.kind} of seat {e.seat + 1}" for e in stack) + "]"


def _payment(state: BlueMoonState, p: dict[str, Any], where: dict[str, int]) -> None:
    """A space being paid card by card (rulebook, "Fase de Contribuição")."""
    f = "position field turn.payment"
    cur = state.turn_seat
    cell = where[p["tile"]]
    if cell != state.seats[cur].figure:
        raise PositionError(f"{f}.tile: {p['tile']} is not the tile the player stands on")
    if state.built[cell]:
        raise PositionError(f"{f}.tile: {p['tile']} is rebuilt; its spaces take no more cards")
    spaces = state.tiles[state.board[cell]].spaces
    i = p["space"]
    if i >= len(spaces) or state.marks[cell][i] >= 0:
        raise PositionError(f"{f}.space: {p['tile']} has no free space {i}")
    col, val = spaces[i]
    pc = D.COLOUR_INDEX[p["colour"]]
    fixed = state.wild_colours.get(cell, pc) if col == WILD else col
    if pc != fixed:
        raise PositionError(f"{f}.colour: that space is paid in {D.COLOURS[fixed]}")
    if p["value"] != val:
        raise PositionError(f"{f}.value: that space is worth {val}")
    if not state.seats[cur].markers:
        raise PositionError(f"{f}: a contribution needs a free marker; markers[{cur}] is 0")
    bad = sorted(c for c in p["recolour"] if D.COLOUR_INDEX[c] in (pc, D.GREEN))
    if bad:
        raise PositionError(f"{f}.recolour: Lux cards recolour other colours than the space's "
                            f"and Khind's green, not {bad}")
    state.pay_cell, state.pay_space, state.pay_colour, state.pay_value = cell, i, pc, val
    state.pay_cards = [D.KIND_INDEX[k] for k in p["paid"]]
    state.pay_pool = [0] * len(KINDS)
    for k in state.pay_cards:
        state.pay_pool[k] += 1
    state.pay_recoloured = [p["recolour"].get(c, 0) for c in D.COLOURS]


# ---------------------------------------------------------------------- the end
def _end(state: BlueMoonState, data: dict[str, Any]) -> None:
    over, winner, end = data["over"], data["winner"], data["end"]
    state.over, state.drawn_game, state.end_reason = over, data["draw"], end
    state.winner = -1 if winner is None else winner - 1
    if over != (data["turn"]["stage"] == "over"):
        raise PositionError("position field turn.stage: 'over' exactly when the game is over")
    if over:
        if not end:
            raise PositionError("position field end: a finished game says why it ended")
        if (end == "offerings") != (winner is not None):
            raise PositionError("position field winner: a winner exactly when the offerings "
                                "ended the game")
        if (end == "draw") != state.drawn_game:
            raise PositionError("position field draw: true exactly when the game ended in a draw")
        if winner is not None and state.seats[state.winner].offerings < state.target:
            raise PositionError(f"position field winner: {state.target} offerings win; seat "
                                f"{winner} made {state.seats[state.winner].offerings}")
        return
    if end or winner is not None or state.drawn_game:
        raise PositionError("position field over: false, yet an end, a winner or a draw is given")
    for s, player in enumerate(state.seats):
        if player.offerings >= state.target:
            raise PositionError(f"position field offerings[{s}]: {state.target} offerings win at "
                                "once, so the game would be over")
    if not any(player.markers for player in state.seats):
        raise PositionError("position field markers: every marker is in play, which ends the "
                            "game at once in a draw")


def load(state: BlueMoonState, data: dict[str, Any]) -> None:
    """Fill ``state`` (blank, from ``gamekit.core.positions``) from ``to_dict()`` data."""
    state._rules()
    state.seats = [BlueMoonSeat() for _ in range(state.players)]
    where = _city(state, data)
    _figures(state, data)
    _cards(state, data)
    _tokens(state, data)
    _turn(state, data, where)
    _end(state, data)
    state._to_move = () if state.over or state.paused is not None else (state.turn_seat,)
    want = [s + 1 for s in state.to_move()]
    if data["to_move"] != want:
        raise PositionError(f"position field to_move: {data['to_move']} given, but the rules "
                            f"make {want} decide in this position")
    try:
        state.check_invariants()
    except AssertionError as exc:
        raise PositionError(f"position breaks a rule: {exc or 'an invariant fails'}") from None
