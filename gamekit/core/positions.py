"""Positions: start, save and score any point of a game from JSON.

A position is what a game's ``to_dict()`` writes, wrapped with what the core keeps for every
game: ``{"format": "gamekit-position", "version": 1, "game", "players", "options",
"chance": <generator state or null>, "state": <to_dict()>}``, and ``"paused": <boundary>`` for a
state paused at a stopping point (``pause_at``), which reads back paused there (``resume()``
goes on from it). ``position(data)`` reads it
back into a playable state: the envelope and the game's part are validated with JSON schemas
(the game's from ``position_schema()``), then the game's ``_load(state_dict)`` fills its
fields and checks what a schema cannot (a card twice, a hand too large for the phase); any
problem is a ``PositionError`` naming the field. Nothing half-built ever escapes.

A state built from a position has no history; its flow ledger opens with one
``position -> <place>`` flow per holding, so the ledger balances from there on.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from .actions import show
from .options import OptionError, validate_options
from .registry import get
from .rng import Chance
from .schema import _WORDS, first_error, strict, strict_validator

if TYPE_CHECKING:  # annotations only: the state module imports this one
    from .state import GameState

__all__ = [
    "POSITION_FORMAT", "POSITION_VERSION", "PositionError", "position", "read_position_file",
    "save_position", "size",
]

POSITION_FORMAT = "gamekit-position"
POSITION_VERSION = 1
#: generous bounds: a position is small; anything bigger is not one
MAX_BYTES = 2 * 1024 * 1024
#: at most this many levels of nesting and this many values (a real one has a few thousand)
MAX_DEPTH = 32
MAX_NODES = 100_000


class PositionError(ValueError):
    """A position that cannot be read: the message names the field and the rule broken."""


_ENVELOPE = {
    "type": "object",
    "required": ["format", "version", "game", "players", "state"],
    "properties": {
        "format": {"const": POSITION_FORMAT},
        "version": {"const": POSITION_VERSION},
        "game": {"type": "string", "maxLength": 40},
        "players": {"type": "integer", "minimum": 1, "maximum": 16},
        "options": {"type": "object"},
        "chance": {
            "oneOf": [
                {"type": "null"},
                {"type": "array", "minItems": 625, "maxItems": 625,
                 "items": {"type": "integer", "minimum": 0, "maximum": 0xFFFFFFFF}},
            ]
        },
        "state": {"type": "object"},
        "paused": {"enum": ["step", "phase", "round"]},
    },
    "additionalProperties": False,
}


def save_position(state: GameState) -> dict[str, Any]:
    """The position of ``state`` as JSON-able data (a full state, not a view)."""
    if state.viewer is not None:
        raise PositionError("a view hides parts of the game: only a full state is a position")
    version, internal, _gauss = state.chance.rng.getstate()
    paused = {"paused": state.paused} if state.paused else {}
    return {
        "format": POSITION_FORMAT,
        "version": POSITION_VERSION,
        "game": state.game,
        "players": state.players,
        "options": dict(state.options),
        "chance": list(internal),
        "state": state.to_dict(),
        **paused,
    }


def _where(error: Any, prefix: str = "") -> str:
    path = prefix + "".join(f"[{p}]" if isinstance(p, int) else f".{p}"
                            for p in error.absolute_path)
    return path.lstrip(".") or "(top level)"


_BOUNDS = {"maxItems": "has more than {} items", "minItems": "has fewer than {} items",
           "maxProperties": "has more than {} keys", "minProperties": "has fewer than {} keys",
           "maxLength": "is longer than {} characters", "minLength": "is shorter than {} characters"}


def _message(error: Any) -> str:
    """The problem of a schema error in words (values shown short)."""
    kind, value = error.validator, error.instance
    if kind == "type":
        types = error.validator_value
        types = [types] if isinstance(types, str) else types
        return f"must be {' or '.join(_WORDS.get(t, t) for t in types)}, got {show(value)}"
    if kind in ("enum", "const"):
        return f"{show(value)} is not one of the values allowed here"
    if kind in ("minimum", "maximum"):
        return f"{show(value)} is out of range ({kind} {error.validator_value})"
    if kind in _BOUNDS:
        return _BOUNDS[kind].format(error.validator_value)
    if kind == "additionalProperties" and isinstance(value, dict):
        known = error.schema.get("properties", {})
        extra = [k for k in value if k not in known]
        more = f" (and {len(extra) - 1} more)" if len(extra) > 1 else ""
        return f"unknown key {show(extra[0] if extra else '?')}{more}"
    message = error.message
    return message if len(message) <= 200 else message[:200] + "…"


@lru_cache(maxsize=64)
def _validator(game: str, players: int) -> Any:
    """The strict validator of ``game``'s part of a position for ``players`` seats: unknown keys
    refused everywhere (``schema.strict``); ``None`` if the game has no positions."""
    schema = get(game).state.position_schema(players)
    return None if schema is None else strict_validator(strict(schema))


def _validate(validator: Any, data: Any, prefix: str = "") -> None:
    """Refuse ``data`` (the position, or its part ``prefix``) at its first schema error (the
    walk stops there: a refusal is fast)."""
    error = first_error(validator, data)
    if error is not None:
        raise PositionError(f"position field {_where(error, prefix)}: {_message(error)}")


def size(n: int) -> str:
    """A size in words: ``"812 bytes"``, ``"30.0 KiB"``, ``"3.0 MiB"``."""
    if n < 1024:
        return f"{n} bytes"
    return f"{n / 1024:.1f} KiB" if n < 2**20 else f"{n / 2**20:.1f} MiB"


def _parse(data: str | bytes) -> Any:
    """JSON text (at most ``MAX_BYTES``) as data: JSON only (no NaN, no huge integers)."""
    from .record_format import RecordError
    from .record_format import _parse as parse_json

    if len(data) > MAX_BYTES:
        raise PositionError(f"a position is at most {size(MAX_BYTES)}, got {size(len(data))}")
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError:
            raise PositionError("position is not UTF-8 text") from None
    try:
        return parse_json(data.removeprefix("\ufeff"), None)
    except RecordError as exc:
        raise PositionError(f"position {exc.problem}") from None


def _check_size(data: Any) -> None:
    """At most ``MAX_DEPTH`` levels and ``MAX_NODES`` values (so data given as objects is
    bounded like text): checked before any schema walks it."""
    level, nodes = [data], 0
    for _depth in range(MAX_DEPTH + 1):
        nodes += len(level)
        if nodes > MAX_NODES:
            raise PositionError(f"position holds more than {MAX_NODES} values")
        level = [v for x in level if isinstance(x, (dict, list))
                 for v in (x.values() if isinstance(x, dict) else x)]
        if not level:
            return
    raise PositionError(f"position is nested more than {MAX_DEPTH} levels deep")


def position(data: dict[str, Any] | str | bytes, game: str | None = None) -> GameState:
    """A playable state from a position (``save_position`` output, its JSON text, or bytes).

    ``game`` (optional) must then match the position's game."""
    if isinstance(data, (str, bytes)):
        data = _parse(data)
    _check_size(data)
    _validate(strict_validator(_ENVELOPE), data)
    if game is not None and data["game"] != game:
        raise PositionError(f"position field game: expected {game!r}, got {data['game']!r:.40}")
    try:
        info = get(data["game"])
    except OptionError as exc:
        raise PositionError(f"position field game: {exc}") from None
    cls = info.state
    validator = _validator(cls.game, data["players"])
    if validator is None:
        raise PositionError(f"{cls.game} cannot start from a position yet")
    _validate(validator, data["state"])
    try:
        options = validate_options(cls.game, cls.options_spec, data["players"],
                                   data.get("options") or {})
        if not cls.min_players <= data["players"] <= cls.max_players:
            raise OptionError(f"{cls.game} is played by {cls.min_players} to "
                              f"{cls.max_players} players, not {data['players']}")
    except OptionError as exc:
        raise PositionError(f"position options: {exc}") from None
    state = _blank(cls, data["players"], options, data.get("chance"))
    if "paused" in data:
        if data["paused"] not in cls.stopping_points:
            raise PositionError(f"position field paused: {cls.game} cannot stop at the "
                                f"boundary {data['paused']!r}")
        state.paused = data["paused"]  # the game's ``_load`` then lets nobody decide
    state._load(data["state"])  # raises PositionError naming the field
    if state.paused is not None and state.to_move():
        raise PositionError(f"position field paused: {data['paused']!r} given, but seats "
                            f"{[s + 1 for s in state.to_move()]} decide in this position")
    if state.paused is None and not state.is_over() and not state.to_move():
        raise PositionError("position: nobody is to decide and the game is not over (a "
                            "position between steps needs the field paused)")
    for seat in range(state.players):
        for (place, resource), amount in sorted(state.holdings(seat).items()):
            state.flow(seat, resource, amount, "position", place)
    return state


def read_position_file(path: str, game: str | None = None) -> GameState:
    """A position from a file: a regular file only (never a FIFO or device), at most
    ``MAX_BYTES``, read as JSON; errors name the file and never quote its content."""
    from .record_format import RecordError, read_bounded

    try:
        data = read_bounded(path, str(path))
    except RecordError as exc:
        raise PositionError(f"position file {path}: {exc.problem}") from None
    return position(data, game)


def _blank(cls: type[GameState], players: int, options: dict[str, Any],
           chance: list[int] | None) -> GameState:
    """A state object with the core's fields set and no game fields (``_load`` adds them)."""
    self = cls.__new__(cls)
    self.players = players
    self.seed = None
    self.options = options
    self.log = []
    self.events = []
    self.flows = []
    self.chance = Chance(0, self.log)
    if chance is not None:
        rng = random.Random()
        try:
            rng.setstate((3, tuple(chance), None))
        except (ValueError, TypeError, OverflowError) as exc:
            raise PositionError(f"position field chance: not a generator state ({exc})") from None
        self.chance.rng = rng
    self.round = 0
    self.phase = "setup"
    self.quiet = False
    self.viewer = None
    self._legal_cache = {}
    return self
