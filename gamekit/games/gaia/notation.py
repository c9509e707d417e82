"""Reader and writer of the boardgamers.space move notation for Gaia Project.

A record is an ``init N seed`` line, engine options, the map, then move lines such as
``terrans build m 3A5.``, ``itars charge 2pw``, ``gleens pass booster3`` or
``ivits federation 1A3,1A4 fed2`` (grammar: shared/reference/gaia/samples/README.md, 'Move
notation grammar'). Each line becomes a frozen :class:`Move` of typed clauses with hexes resolved
to global axial coordinates; :func:`write_move` writes it back. The notation is the anchor
engine's, not the rulebook's. This module checks the form only, never legality (no engine yet).
Anything it cannot read raises :class:`NotationError` naming the line number, the text and what
could not be read.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from gamekit.core.records import RecordError

from . import geometry as geo
from .commands import (
    CLAUSES,
    Action,
    Amount,
    Bid,
    Booster,
    Brainstone,
    Build,
    Burn,
    Charge,
    Clause,
    Cover,
    Decline,
    Faction,
    Federation,
    FedTile,
    HexRef,
    Income,
    LostPlanet,
    Pass,
    Rotate,
    Special,
    Spend,
    SwapPI,
    Tech,
    Up,
    clause_text,
    parse_amounts,
)
from .components import (
    ADVANCED_TECH,
    BASIC_TECH,
    BOARD_ACTIONS,
    BOOSTERS,
    BUILDING_BY_CODE,
    BUILDINGS,
    FACTIONS,
    FEDERATION_TOKENS,
    PLANET_BY_LETTER,
    TILES_DATA,
    TRACKS,
)
from .jsondepth import shallow
from .sectors import RANDOM_SLOTS, Placement, SpaceMap, build_map, map_from_hexes
from .siteoptions import OPTIONS, OptionsError, check_options, site_options

__all__ = [
    "NotationError", "Move", "POWER_RE", "power_after", "Init", "GameNotation", "OPTIONS", "SPECIALS", "read_json", "parse_json", "parse_move", "read_lines", "read_text", "read_record",
    "write_move", "write_game", "site_options",
]

MAX_LINES = 20_000
MAX_LINE = 2_000


class NotationError(RecordError):
    """A record in the move notation that cannot be read: says where and what."""

    def __init__(self, problem: str, line: int | None = None, text: str | None = None,
                 source: str | None = None, kind: str = "record"):
        where = "" if line is None else f"line {line}: "
        shown = "" if text is None else f"{text[:120]!r}: "
        super().__init__(f"{where}{shown}{problem}", source, kind=kind)
        self.problem, self.line, self.text = problem, line, text


class _Bad(ValueError):
    """Internal: what could not be read in one clause (wrapped into NotationError)."""


# ------------------------------------------------------------------------ vocabulary
_BASIC_POS = tuple(TILES_DATA["tech_positions"]["basic"])
_TECH_POS = _BASIC_POS + tuple(TILES_DATA["tech_positions"]["advanced"])
_BRAINSTONE = ("area1", "area2", "area3", "gaia", "discard")
_NAMED_SPECIALS = ("step", "range+3", "down-lab", "up-lowest", "swap-PI", "space-station")
_LETTER = {"credits": "c", "ore": "o", "knowledge": "k", "qic": "q", "vp": "vp",
           "power_charge": "pw", "power_tokens": "t"}


def _reward_code(gain: Mapping[str, int]) -> str:
    """The notation of a special action named by its reward: ``{'qic': 1, 'credits': 5}`` ->
    ``q,5c`` (a count of 1 is not written)."""
    return ",".join(("" if n == 1 else str(n)) + _LETTER[k] for k, n in gain.items())


def _special_codes() -> tuple[str, ...]:
    gains = [t.gain for t in (*BASIC_TECH.values(), *ADVANCED_TECH.values())
             if t.kind == "action"]
    gains.append(BUILDINGS["academy_qic"].action)
    gains += [f.buildings["academy_qic"].action for f in FACTIONS.values()]
    codes = {_reward_code(g) for g in gains}
    codes |= {b.action for b in BOOSTERS.values() if b.action}
    codes |= {a for f in FACTIONS.values() for a, _ in f.actions}
    return tuple(sorted(codes | set(_NAMED_SPECIALS)))


SPECIALS = _special_codes()


def _amounts(text: str) -> tuple[Amount, ...]:
    try:
        return parse_amounts(text)
    except ValueError as exc:
        raise _Bad(str(exc)) from None
_ANNOT_RE = re.compile(r"^(.*?)\s+((?:using\s.*|returning\s.*|\(.*\)|\[.*\]))$")
#: a site annotation after a line's final dot: ``(4/6/0/0 ⇒ 0/4/0/6)``, ``[...]``
_TRAIL_RE = re.compile(r"\s*(\([^()]*\)|\[[^\[\]]*\])\s*$")
_NOTE_RE = re.compile(r"\([^()]*\)|\[[^\[\]]*\]")
_BOWLS = r"\d{1,3}(?:,B)?(?:/\d{1,3}(?:,B)?){3}"
#: the site's power summary ``(I/II/III/Gaia ⇒ I/II/III/Gaia)``, ``,B`` marking the brainstone
POWER_RE = re.compile(rf"\(({_BOWLS})\s*⇒\s*({_BOWLS})\)")
_SEAT_RE = re.compile(r"p([1-9])")


def _one_of(value: str, known: Sequence[str], what: str) -> str:
    if value not in known:
        raise _Bad(f"unknown {what} {value!r} (known: {', '.join(known)})")
    return value


def _int(value: str, what: str, low: int = 0, high: int = 999) -> int:
    if not re.fullmatch(r"-?\d{1,4}", value) or not low <= int(value) <= high:
        raise _Bad(f"{what} must be a whole number {low}-{high}, got {value!r}")
    return int(value)


def _arity(words: list[str], n: int | tuple[int, ...], form: str) -> None:
    ok = (n,) if isinstance(n, int) else n
    if len(words) not in ok:
        raise _Bad(f"expected '{form}'")


def _read_once(memo: dict, text: str, read: Callable[[str], Any]) -> Any:
    """``read(text)``, remembered in ``memo`` (at most 4096 texts a record)."""
    got = memo.get(text)
    if got is None:
        got = read(text)
        if len(memo) < 4096:
            memo[text] = got
    return got


class _Reader:
    """Reads clauses against one map (``None``: labels stay unresolved)."""

    def __init__(self, space: SpaceMap | None):
        self.space = space
        self.hexes: dict[str, HexRef] = {}  # read so far (a record names few hexes often)
        self.clauses: dict[str, Clause] = {}

    def hex(self, text: str) -> HexRef:
        return _read_once(self.hexes, text, self._hex)

    def _hex(self, text: str) -> HexRef:
        q = geo.parse_qxr(text)
        if q is None and geo.parse_label(text) is None:
            raise _Bad(f"cannot read the hex {text!r} (a map label like 3A5 or QxR like -3x5)")
        if self.space is None:
            return HexRef(text, q, None)
        try:
            h = q if q is not None else self.space.hex(text)
        except (KeyError, ValueError) as exc:
            raise _Bad(str(exc).strip('"')) from None
        if h not in self.space.planets:
            raise _Bad(f"hex {text} is not on the map")
        return HexRef(text, h, self.space.label(h))

    def clause(self, text: str) -> Clause:
        """The clause of ``text`` (read once per record: clauses are frozen, and a record
        repeats many, e.g. ``charge 1pw``)."""
        return _read_once(self.clauses, text, self._clause)

    def _clause(self, text: str) -> Clause:
        body, note = text, None
        m = _ANNOT_RE.match(text)
        if m:
            body, note = m.group(1), m.group(2)
        verb, *w = body.split()
        read = _READERS.get(verb)  # a closed table: the verb never names a method
        if read is None:
            raise _Bad(f"unknown command {verb[:40]!r} (known: {', '.join(CLAUSES)})")
        return read(self, w, note)

    def c_faction(self, w, note):
        _arity(w, 1, "faction CODE")
        return Faction(_one_of(w[0], list(FACTIONS), "faction"), note)

    def c_bid(self, w, note):
        _arity(w, 2, "bid FACTION VP")
        return Bid(_one_of(w[0], list(FACTIONS), "faction"), _int(w[1], "a bid"), note)

    def c_rotate(self, w, note):
        if not w or len(w) % 2:
            raise _Bad("expected 'rotate CENTRE STEPS [CENTRE STEPS ...]'")
        pairs = tuple((self.hex(w[i]), _int(w[i + 1], "rotation steps", 0, 5))
                      for i in range(0, len(w), 2))
        return Rotate(pairs, note)

    def c_build(self, w, note):
        _arity(w, 2, "build BUILDING HEX")
        return Build(_one_of(w[0], list(BUILDING_BY_CODE), "building"), self.hex(w[1]), note)

    def c_booster(self, w, note):
        _arity(w, 1, "booster boosterN")
        return Booster(_one_of(w[0], list(BOOSTERS), "booster"), note)

    def c_income(self, w, note):
        _arity(w, 1, "income ITEM[,ITEM...]")
        return Income(_amounts(w[0]), note)

    def c_spend(self, w, note):
        if len(w) != 3 or w[1] != "for":
            raise _Bad("expected 'spend COST for GAIN'")
        return Spend(_amounts(w[0]), _amounts(w[2]), note)

    def c_burn(self, w, note):
        _arity(w, 1, "burn N")
        return Burn(_int(w[0], "the burn count", 1, 99), note)

    def c_up(self, w, note):
        _arity(w, 1, "up TRACK")
        return Up(_one_of(w[0], list(TRACKS), "research track"), note)

    def c_tech(self, w, note):
        _arity(w, 1, "tech POSITION")
        return Tech(_one_of(w[0], _TECH_POS, "tech tile position"), note)

    def c_cover(self, w, note):
        _arity(w, 1, "cover POSITION")
        return Cover(_one_of(w[0], _BASIC_POS, "basic tech position"), note)

    def c_decline(self, w, note):
        _arity(w, (0, 1), "decline [OFFER]")
        return Decline(_amounts(w[0]) if w else (), note)

    def c_charge(self, w, note):
        _arity(w, 1, "charge Npw[,1t]")
        return Charge(_amounts(w[0]), note)

    def c_brainstone(self, w, note):
        _arity(w, 1, "brainstone AREA")
        return Brainstone(_one_of(w[0], _BRAINSTONE, "brainstone destination"), note)

    def c_action(self, w, note):
        _arity(w, 1, "action CODE")
        return Action(_one_of(w[0], list(BOARD_ACTIONS), "board action"), note)

    def c_fedtile(self, w, note):
        _arity(w, 1, "fedtile TOKEN")
        return FedTile(_one_of(w[0], list(FEDERATION_TOKENS), "federation token"), note)

    def c_special(self, w, note):
        _arity(w, 1, "special ACTION")
        return Special(_one_of(w[0], SPECIALS, "special action"), note)

    def c_swap_PI(self, w, note):  # noqa: N802 - named after the verb
        _arity(w, 1, "swap-PI HEX")
        return SwapPI(self.hex(w[0]), note)

    def c_lostPlanet(self, w, note):  # noqa: N802 - named after the verb
        _arity(w, 1, "lostPlanet HEX")
        return LostPlanet(self.hex(w[0]), note)

    def c_federation(self, w, note):
        _arity(w, 2, "federation HEX,HEX,... fedN")
        hexes = tuple(self.hex(h) for h in w[0].split(","))
        return Federation(hexes, _one_of(w[1], list(FEDERATION_TOKENS), "federation token"),
                          note)

    def c_pass(self, w, note):
        _arity(w, (0, 1), "pass [boosterN]")
        return Pass(_one_of(w[0], list(BOOSTERS), "booster") if w else None, note)


#: verb -> reader of its words (closed: every verb of ``CLAUSES``, nothing else)
_READERS: dict[str, Callable[[_Reader, list[str], str | None], Clause]] = {
    "faction": _Reader.c_faction, "bid": _Reader.c_bid, "rotate": _Reader.c_rotate,
    "build": _Reader.c_build, "booster": _Reader.c_booster, "income": _Reader.c_income,
    "spend": _Reader.c_spend, "burn": _Reader.c_burn, "up": _Reader.c_up,
    "tech": _Reader.c_tech, "cover": _Reader.c_cover, "decline": _Reader.c_decline,
    "charge": _Reader.c_charge, "brainstone": _Reader.c_brainstone,
    "action": _Reader.c_action, "fedtile": _Reader.c_fedtile, "special": _Reader.c_special,
    "swap-PI": _Reader.c_swap_PI, "lostPlanet": _Reader.c_lostPlanet,
    "federation": _Reader.c_federation, "pass": _Reader.c_pass,
}
assert set(_READERS) == set(CLAUSES), "every clause verb has exactly one reader"


# ------------------------------------------------------------------------------ lines
@dataclass(frozen=True)
class Init:
    players: int
    seed: str


@dataclass(frozen=True)
class Move:
    """One move line: ``player`` as written (``p2`` or a faction code), ``seat`` (1-based, when
    written ``pN``), ``faction`` (when known), the clauses, and ``ends_turn`` (a final dot)."""

    line: int
    text: str
    player: str
    seat: int | None
    faction: str | None
    clauses: tuple[Clause, ...]
    ends_turn: bool
    #: the site's annotations written after the final dot (kept verbatim, never replayed)
    notes: tuple[str, ...] = ()

    def __str__(self) -> str:
        return write_move(self)


def parse_move(text: str, line: int = 1, space: SpaceMap | None = None,
               players: int | None = None, seats: Mapping[int, str] | None = None) -> Move:
    """Read one move line (not ``init``). ``space`` resolves hexes; ``players`` bounds ``pN``;
    ``seats`` (seat -> faction) fills in the faction of ``pN`` lines."""
    return _parse_move(text, line, _Reader(space), players, seats)


def _parse_move(text: str, line: int, reader: _Reader, players: int | None,
                seats: Mapping[int, str] | None) -> Move:
    """``parse_move`` with the reader of the whole record (its hexes read once)."""
    if not isinstance(text, str):
        raise NotationError(f"a move line must be text, got {type(text).__name__}", line)
    if len(text) > MAX_LINE:
        raise NotationError(f"line longer than {MAX_LINE} characters", line, text)
    stripped, notes = _trailing_notes(text.strip())
    ends_turn = stripped.endswith(".")
    body = stripped[:-1] if ends_turn else stripped  # one dot ends the turn; '..' is an error
    player, _, rest = body.strip().partition(" ")
    if not player or not rest.strip():
        raise NotationError("expected 'PLAYER COMMAND ...' (e.g. 'terrans build m 3A5.')",
                            line, text)
    seat = faction = None
    m = _SEAT_RE.fullmatch(player)
    if m:
        seat = int(m.group(1))
        if players is not None and seat > players:
            raise NotationError(f"player {player} does not exist in a {players}-player game",
                                line, text)
        faction = (seats or {}).get(seat)
    elif player in FACTIONS:
        faction = player
    else:
        raise NotationError(f"unknown player {player!r} (p1..p{players or 5} or a faction code)",
                            line, text)
    clauses, inner = [], []
    for part in rest.split("."):
        part = part.strip()
        if not part:
            raise NotationError("empty command between two dots", line, text)
        if _NOTE_RE.fullmatch(part):  # a power summary between two clauses (the site skips it)
            inner.append(part)
            continue
        try:
            clauses.append(reader.clause(part))
        except _Bad as exc:
            raise NotationError(f"in {part!r}: {exc}", line, text) from None
    if not clauses:
        raise NotationError("expected a command, not only annotations", line, text)
    return Move(line, text, player, seat, faction, tuple(clauses), ends_turn, (*inner, *notes))


def _trailing_notes(text: str) -> tuple[str, tuple[str, ...]]:
    """The line without the annotations after its final dot, and those annotations."""
    rest, notes = text, []
    # a note ends the (stripped) text: no regex search along a line that ends otherwise
    while rest.endswith((")", "]")) and (m := _TRAIL_RE.search(rest)) and len(notes) < 8:
        notes.insert(0, m.group(1))
        rest = rest[:m.start()].rstrip()
    if notes and rest.endswith("."):
        return rest, tuple(notes)
    return text, ()  # none, or they end the last clause (kept as its note)


def power_after(move: Move) -> tuple[tuple[int, int, int, int], int | None] | None:
    """The acting player's bowls after ``move`` as the site annotated it (the last power
    summary of the line): token counts I/II/III/Gaia and the brainstone's bowl (1-4), or
    ``None`` when the line carries no summary."""
    found = POWER_RE.findall(move.text)
    if not found:
        return None
    parts = found[-1][1].split("/")
    stone = next((i for i, x in enumerate(parts, 1) if x.endswith(",B")), None)
    counts = tuple(int(x.removesuffix(",B")) for x in parts)
    return (counts[0], counts[1], counts[2], counts[3]), stone


# ---------------------------------------------------------------------------- writing
def write_move(move: Move, style: str = "as_read") -> str:
    """The line in the notation. ``style``: ``as_read`` keeps each hex as written, ``label``
    writes map labels, ``qxr`` global coordinates (both need the hexes resolved)."""
    body = ". ".join(clause_text(c, style) for c in move.clauses)
    notes = "".join(f" {n}" for n in move.notes)
    return f"{move.player} {body}{'.' if move.ends_turn else ''}{notes}"


# ---------------------------------------------------------------------------- records
@dataclass(frozen=True)
class GameNotation:
    """A whole record: the ``init`` line, the engine options, the map (if given) and moves."""

    init: Init
    options: Mapping[str, Any]
    space: SpaceMap | None
    moves: tuple[Move, ...]


def write_game(game: GameNotation, style: str = "as_read") -> list[str]:
    return [f"init {game.init.players} {game.init.seed}"] + [
        write_move(m, style) for m in game.moves]


def _centre(entry: Mapping, i: int, slots: Sequence[geo.Hex]) -> geo.Hex:
    c = entry.get("center", entry.get("centre"))
    if c is None:
        if i >= len(slots):
            raise NotationError(f"map sector {i + 1} has no centre and no slot is left")
        return slots[i]
    if isinstance(c, Mapping):
        c = (c.get("q"), c.get("r"))
    if (not isinstance(c, (list, tuple)) or len(c) < 2
            or not all(isinstance(x, int) and not isinstance(x, bool) for x in c[:2])):
        raise NotationError(f"map sector {i + 1}: centre must be {{q, r}}, got {c!r:.60}")
    return (c[0], c[1])


def _read_map(data: Any, players: int) -> SpaceMap:
    """A map given as sector placements (``sectors``: ``{sector, rotation, center}``; a missing
    centre takes the engine's next random-map slot) or hex by hex (``hexes_at_init``/``hexes``:
    ``{q, r, sector, planet}`` with the engine's planet letters)."""
    try:
        if isinstance(data, Mapping) and isinstance(data.get("hexes_at_init", data.get("hexes")),
                                                     list):
            rows = data.get("hexes_at_init", data.get("hexes"))
            if len(rows) > 400:
                raise NotationError("map has too many hexes")
            return map_from_hexes(
                (h["q"], h["r"], str(h["sector"]).rstrip("AB"),
                 PLANET_BY_LETTER.get(h["planet"], h["planet"])) for h in rows)
        rows = data.get("sectors") if isinstance(data, Mapping) else data
        if not isinstance(rows, list) or not 1 <= len(rows) <= 12:
            raise NotationError("map must list 1-12 sectors or give the hexes")
        slots = RANDOM_SLOTS[2 if players <= 2 else 4]
        return build_map(Placement(str(e["sector"]), _centre(e, i, slots),
                                   int(e.get("rotation", 0)) % 6)
                         for i, e in enumerate(rows))
    except NotationError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise NotationError(f"cannot read the map: {exc}") from None


def _read_init(text: Any) -> Init:
    words = text.split() if isinstance(text, str) else []
    if len(words) != 3 or words[0] != "init":
        raise NotationError("the first line must be 'init PLAYERS SEED'", 1,
                            text if isinstance(text, str) else None)
    try:
        players = _int(words[1], "the player count", 1, 5)
    except _Bad as exc:
        raise NotationError(str(exc), 1, text) from None
    return Init(players, words[2])


def _seat_update(seats: dict[int, str], move: Move, choose_bid: bool = False) -> None:
    """Who holds which faction after ``move`` (``choose-bid``: naming holds nothing)."""
    if move.seat is None:
        return
    for c in move.clauses:
        if isinstance(c, Bid) or (isinstance(c, Faction) and not choose_bid):
            for s, f in list(seats.items()):
                if f == c.faction:
                    del seats[s]
            seats[move.seat] = c.faction


def read_lines(lines: Sequence[Any], options: Any = None, space: Any = None) -> GameNotation:
    """Read the ``init`` line and the move lines (``space``: a :class:`SpaceMap` or map data)."""
    if len(lines) > MAX_LINES:
        raise NotationError(f"a record may hold at most {MAX_LINES} lines")
    if not lines:
        raise NotationError("the record has no lines")
    init = _read_init(lines[0])
    try:
        opts = check_options(options)
    except OptionsError as exc:
        raise NotationError(exc.problem) from None
    if space is not None and not isinstance(space, SpaceMap):
        space = _read_map(space, init.players)
    if space is None and "map" in opts:
        space = _read_map(opts["map"], init.players)
    seats: dict[int, str] = {}
    moves = []
    reader = _Reader(space)
    for n, text in enumerate(lines[1:], start=2):
        if isinstance(text, str) and not text.strip():
            continue
        move = _parse_move(text, n, reader, init.players, seats)
        _seat_update(seats, move, opts.get("auction") == "choose-bid")
        moves.append(move)
    return GameNotation(init, opts, space, tuple(moves))


def read_text(text: str, options: Any = None, space: Any = None) -> GameNotation:
    """Read a record written one line per move (blank lines are skipped, numbers kept)."""
    if not isinstance(text, str):
        raise NotationError(f"a record text must be a string, got {type(text).__name__}")
    if len(text) > MAX_LINES * 200:
        raise NotationError("the record text is too long")
    return read_lines(text.splitlines(), options, space)


MAX_JSON = 2_000_000
MAX_DEPTH = 12


def _depth(value: Any, limit: int) -> None:
    """Refuse ``value`` if anything in it sits deeper than ``limit`` levels (the top is
    level 1); walks the containers level by level, never recursing."""
    level, d = ([value] if isinstance(value, (dict, list)) else []), 1
    while level:
        nxt: list = []
        for x in level:
            items = x.values() if isinstance(x, dict) else x
            if d >= limit and items:  # its items sit at level d + 1 > limit
                raise NotationError(f"is nested more than {limit} levels deep",
                                    kind="too_deep")
            # JSON gives plain dicts and lists: exact type tests, no generator
            nxt += [y for y in items if type(y) is dict or type(y) is list]
        level, d = nxt, d + 1


def read_json(text: str | bytes) -> GameNotation:
    """Read an uploaded record: JSON only, at most ``MAX_JSON`` bytes and ``MAX_DEPTH`` levels."""
    return read_record(parse_json(text))


def parse_json(text: str | bytes) -> Any:
    """The JSON value of an uploaded record, bounded like :func:`read_json`."""
    if len(text) > MAX_JSON:
        raise NotationError(f"the record is larger than {MAX_JSON} bytes")
    try:
        data = json.loads(text)
    except RecursionError:
        raise NotationError(f"is nested more than {MAX_DEPTH} levels deep",
                            kind="too_deep") from None
    except ValueError as exc:
        raise NotationError(f"the record is not valid JSON: {exc}", kind="not_json") from None
    if not (isinstance(text, str) and shallow(text, MAX_DEPTH)):
        _depth(data, MAX_DEPTH)
    return data


def read_record(data: Any) -> GameNotation:
    """Read a record object like the samples': ``moves`` (the ``init`` line first), options in
    ``options`` or ``engine_options``, the map in ``map``, ``setup.map`` or the ``map`` option.
    Unknown options are refused by name."""
    if not isinstance(data, Mapping):
        raise NotationError(f"a record must be an object, got {type(data).__name__}")
    moves = data.get("moves")
    if not isinstance(moves, list):
        raise NotationError("the record needs a 'moves' list whose first line is 'init N seed'")
    if "options" in data and "engine_options" in data:
        raise NotationError("give the options once: 'options' or 'engine_options'")
    options = data.get("options", data.get("engine_options"))
    space = data.get("map")
    if space is None and isinstance(data.get("setup"), Mapping):
        space = data["setup"].get("map")
    return read_lines(moves, options, space)
