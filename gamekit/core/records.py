"""Game records: {format version, game, players, options, seed, moves incl. chance} as JSON.

``replay(record)`` rebuilds the state from the moves, feeding chance lines back so no RNG is
needed. A malformed record gives a ``RecordError`` that says where and what is wrong.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .actions import Action, IllegalAction, ParseError
from .options import OptionError
from .rng import ChanceMismatch
from .state import GameState

__all__ = ["FORMAT_VERSION", "GameRecord", "RecordError", "play_record", "replay", "start"]

FORMAT_VERSION = 1


class RecordError(ValueError):
    """A game record that cannot be read or replayed."""


@dataclass
class GameRecord:
    game: str
    players: int
    seed: Any
    options: dict[str, Any] = field(default_factory=dict)
    moves: list[str] = field(default_factory=list)
    version: int = FORMAT_VERSION

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": "gamekit-record",
            "version": self.version,
            "game": self.game,
            "players": self.players,
            "seed": self.seed,
            "options": self.options,
            "moves": self.moves,
        }

    def to_json(self, indent: int | None = None) -> str:
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.to_json(indent=1), encoding="utf-8")

    @classmethod
    def from_dict(cls, data: Any) -> GameRecord:
        if not isinstance(data, dict):
            raise RecordError(f"a record must be a JSON object, got {type(data).__name__}")
        if data.get("format") != "gamekit-record":
            raise RecordError("not a gamekit record: field 'format' must be 'gamekit-record'")
        version = data.get("version")
        if version != FORMAT_VERSION:
            raise RecordError(
                f"record format version {version!r} is not supported (this gamekit reads "
                f"version {FORMAT_VERSION})"
            )
        for name, kind in (("game", str), ("players", int), ("options", dict), ("moves", list)):
            if name not in data:
                raise RecordError(f"record lacks field {name!r}")
            if not isinstance(data[name], kind) or isinstance(data[name], bool):
                raise RecordError(
                    f"record field {name!r} must be {kind.__name__}, got {data[name]!r:.60}"
                )
        if "seed" not in data:
            raise RecordError("record lacks field 'seed'")
        for i, m in enumerate(data["moves"]):
            if not isinstance(m, str):
                raise RecordError(f"record moves[{i}] must be text, got {m!r:.60}")
        return cls(data["game"], data["players"], data["seed"], data["options"], data["moves"])

    @classmethod
    def from_json(cls, text: str | bytes) -> GameRecord:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(f"record is not valid JSON: {exc}") from None
        return cls.from_dict(data)

    @classmethod
    def load(cls, path: str | Path) -> GameRecord:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as exc:
            raise RecordError(f"cannot read record {path}: {exc.strerror}") from None
        return cls.from_json(text)


def _as_record(record: GameRecord | dict | str) -> GameRecord:
    if isinstance(record, str):
        return GameRecord.from_json(record)
    if isinstance(record, dict):
        return GameRecord.from_dict(record)
    return record


def start(record: GameRecord | dict | str) -> GameState:
    """The state a record starts from (its set-up), fed with the record's chance lines."""
    from .registry import get

    record = _as_record(record)
    try:
        info = get(record.game)
    except OptionError as exc:
        raise RecordError(f"record names {exc}") from None
    chance = [m for m in record.moves if m.startswith("chance ")]
    try:
        return info.state.new(record.players, record.seed, chance=chance, **record.options)
    except (OptionError, ChanceMismatch) as exc:
        raise RecordError(f"record setup: {exc}") from None


def play_record(
    state: GameState,
    record: GameRecord | dict | str,
    upto: int | None = None,
    each: Callable[[GameState, Action], None] | None = None,
) -> GameState:
    """Apply the record's player actions to ``state`` (from ``start``), at most ``upto`` of
    them, calling ``each(state, action)`` after every one."""
    record = _as_record(record)
    done = 0
    for i, move in enumerate(record.moves):
        if move.startswith("chance "):
            continue
        if upto is not None and done >= upto:
            break
        try:
            action = Action.parse(move)
            state.apply(action)
        except (ParseError, IllegalAction, ChanceMismatch) as exc:
            raise RecordError(f"record moves[{i}] {move!r}: {exc}") from None
        if each is not None:
            each(state, action)
        done += 1
    return state


def replay(record: GameRecord | dict | str, upto: int | None = None) -> GameState:
    """Rebuild the state of a record (optionally only its first ``upto`` player actions)."""
    record = _as_record(record)
    state = play_record(start(record), record, upto)
    if upto is None and state.chance.queue:
        raise RecordError(
            f"record has {len(state.chance.queue)} chance line(s) the game never used"
        )
    return state
