"""Replaying game records: ``replay(record)`` rebuilds the state from the moves, feeding chance
lines back; with a seed the generator is drawn in lockstep, so the replayed game continues exactly
as the original would have and a seed that does not produce the chance lines is refused (see
``rng``). The format itself (``GameRecord``, its bounded reading, ``RecordError``) is in
``record_format`` and is re-exported here.
"""

from __future__ import annotations

from collections.abc import Callable

from .actions import Action, IllegalAction, ParseError, show
from .options import OptionError
from .record_format import (
    FORMAT_VERSION,
    KNOWN_VERSIONS,
    MAX_BYTES,
    MAX_DEPTH,
    GameRecord,
    RecordError,
)
from .registry import get
from .rng import ARRANGE, ChanceMismatch, is_outcome
from .state import GameState

__all__ = [
    "FORMAT_VERSION",
    "KNOWN_VERSIONS",
    "MAX_BYTES",
    "MAX_DEPTH",
    "GameRecord",
    "RecordError",
    "play_record",
    "replay",
    "start",
]


def _as_record(record: GameRecord | dict | str | bytes) -> GameRecord:
    if isinstance(record, (str, bytes, bytearray)):
        return GameRecord.from_json(record)
    if isinstance(record, dict):
        return GameRecord.from_dict(record)
    if isinstance(record, GameRecord):
        return record.check()
    raise RecordError(f"must be a GameRecord, a dict or JSON, got {type(record).__name__}")


def _chance_error(record: GameRecord, exc: ChanceMismatch) -> RecordError:
    """A ``RecordError`` naming the chance line (``exc.line``-th one) that does not fit."""
    if exc.line is not None:
        lines = [i for i, m in enumerate(record.moves) if is_outcome(m)]
        if 0 <= exc.line < len(lines):
            i = lines[exc.line]
            return RecordError(
                f"moves[{i}] {show(record.moves[i], 60)}: {exc}", record.source, f"moves[{i}]"
            )
    return RecordError(f"chance: {exc}", record.source, "moves")


def start(record: GameRecord | dict | str) -> GameState:
    """The state a record starts from (its set-up), fed with the record's chance lines."""
    return _start(_as_record(record))


def _start(record: GameRecord) -> GameState:
    try:
        info = get(record.game)
    except OptionError as exc:
        raise RecordError(f"names {exc}", record.source, "game") from None
    chance = [m for m in record.moves if is_outcome(m)]
    try:
        return info.state.new(record.players, record.seed, chance=chance, **record.options)
    except OptionError as exc:
        raise RecordError(f"setup: {exc}", record.source, "options") from None
    except ChanceMismatch as exc:
        raise _chance_error(record, exc) from None
    except (TypeError, ValueError, KeyError, IndexError, AttributeError) as exc:
        # an option value that passed the game's checks but does not fit its set-up
        raise RecordError(
            f"setup: the options do not fit {record.game} ({type(exc).__name__}: "
            f"{show(str(exc), 120)})", record.source, "options",
        ) from None


def play_record(
    state: GameState,
    record: GameRecord | dict | str,
    upto: int | None = None,
    each: Callable[[GameState, Action], None] | None = None,
) -> GameState:
    """Apply the record's player actions to ``state`` (from ``start``), at most ``upto`` of
    them, calling ``each(state, action)`` after every one."""
    return _play(state, _as_record(record), upto, each)


def _play(
    state: GameState,
    record: GameRecord,
    upto: int | None,
    each: Callable[[GameState, Action], None] | None,
) -> GameState:
    done = 0
    for i, move in enumerate(record.moves):
        if move.startswith("chance "):
            if move.startswith(ARRANGE) and (upto is None or done < upto):
                try:
                    state.arrange(*move[len(ARRANGE):].split())
                except IllegalAction as exc:
                    raise RecordError(f"moves[{i}] {show(move, 60)}: {exc}", record.source,
                                      f"moves[{i}]") from None
            continue
        if upto is not None and done >= upto:
            break
        try:
            action = Action.parse(move)
            state.apply(action)
        except ChanceMismatch as exc:
            raise _chance_error(record, exc) from None
        except (ParseError, IllegalAction) as exc:
            raise RecordError(
                f"moves[{i}] {show(move, 60)}: {exc}", record.source, f"moves[{i}]"
            ) from None
        if each is not None:
            each(state, action)
        done += 1
    return state


def replay(record: GameRecord | dict | str, upto: int | None = None) -> GameState:
    """Rebuild the state of a record (optionally only its first ``upto`` player actions)."""
    record = _as_record(record)
    state = _play(_start(record), record, upto, None)
    if upto is None and state.chance.queue:
        raise RecordError(
            f"has {len(state.chance.queue)} chance line(s) the game never used",
            record.source, "moves",
        )
    return state

