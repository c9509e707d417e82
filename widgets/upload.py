"""Uploaded game records: bytes parsed as a JSON record only (never a path), bounded in size
and nesting, and every failure told to the person in their language without quoting the file.

``record_from_bytes`` stands in for ``GameRecord.from_bytes`` (gamekit.core.records) until that
lands; it has the same contract: ``(data: bytes, source: str = "upload") -> GameRecord``,
raising ``RecordError`` only.
"""

from __future__ import annotations

import json
import re
from typing import Any

from gamekit.core import GameRecord, RecordError, available, get

from .i18n import ui

__all__ = ["MAX_BYTES", "MAX_DEPTH", "UploadError", "record_from_bytes", "load_error_text"]

#: the largest record accepted (a long game's record is well under 100 KiB)
MAX_BYTES = 2 * 1024 * 1024
#: the deepest nesting of JSON arrays/objects accepted (a record needs 3)
MAX_DEPTH = 32

_MOVE = re.compile(r"moves\[(\d+)\]")


class UploadError(RecordError):
    """A ``RecordError`` that knows which interface message (``ui.<key>``) explains it."""

    def __init__(self, message: str, key: str, **params: Any):
        super().__init__(message)
        self.key = key
        self.params = params


def too_deep(value: Any, limit: int = MAX_DEPTH) -> bool:
    """Whether parsed JSON ``value`` nests arrays/objects more than ``limit`` levels deep
    (an iterative walk: linear, and no recursion however the value is built)."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (dict, list)):
            if depth > limit:
                return True
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, depth + 1) for child in children)
    return False


def record_from_bytes(data: bytes, source: str = "upload") -> GameRecord:
    """The game record in ``data`` (UTF-8 JSON, at most ``MAX_BYTES`` bytes and ``MAX_DEPTH``
    levels deep). Raises ``RecordError`` (one line, quoting nothing of the content) else."""
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise UploadError(f"{source}: expected bytes, got {type(data).__name__}", "upload_not_json")
    size = len(data) if not isinstance(data, memoryview) else data.nbytes
    if size > MAX_BYTES:
        raise UploadError(f"{source}: {size} bytes, more than the {MAX_BYTES} a record may have",
                          "upload_too_big", mib=round(size / 2**20, 1), max=MAX_BYTES // 2**20)
    try:
        text = bytes(data).decode("utf-8")
    except UnicodeDecodeError as exc:
        raise UploadError(f"{source}: not UTF-8 text (byte {exc.start})",
                          "upload_not_text") from None
    deep = UploadError(f"{source}: JSON nested deeper than {MAX_DEPTH} levels",
                       "upload_too_deep", max=MAX_DEPTH)
    try:
        value = json.loads(text)  # the C parser raises RecursionError on very deep input
    except json.JSONDecodeError as exc:
        raise UploadError(f"{source}: not valid JSON ({exc.msg} at line {exc.lineno}, column "
                          f"{exc.colno})", "upload_not_json") from None
    except RecursionError:
        raise deep from None
    except ValueError:  # e.g. an integer longer than Python converts
        raise UploadError(f"{source}: not valid JSON (a value cannot be read)",
                          "upload_not_json") from None
    if too_deep(value):
        raise deep
    return GameRecord.from_dict(value)


def check_game(record: GameRecord, game: str) -> None:
    """Raise ``UploadError`` unless ``record`` is a record of ``game`` (a known game) for a
    player count the game allows (checked before anything is built for the players)."""
    if record.game == game:
        spec = get(game).state
        if not spec.min_players <= record.players <= spec.max_players:
            raise UploadError(f"record for {record.players} players", "upload_bad_setup")
        return
    if not isinstance(record.game, str) or record.game not in available():
        raise UploadError("record of a game gamekit does not know", "upload_unknown_game")
    raise UploadError(f"record of {record.game!r}, not of {game!r}", "upload_other_game",
                      other=record.game, game=game)


def load_error_text(exc: Exception, lang: str) -> str:
    """What went wrong, in ``lang``, for the person (never the file's content)."""
    key = getattr(exc, "key", None)
    params = dict(getattr(exc, "params", {}))
    if key is None:
        move = _MOVE.search(str(exc)) if isinstance(exc, RecordError) else None
        if not isinstance(exc, RecordError):
            key = "upload_failed"
        elif move is not None:
            key, params = "upload_bad_move", {"n": int(move.group(1)) + 1}
        elif str(exc).startswith("record setup") or str(exc).startswith("record names"):
            key = "upload_bad_setup"
        else:
            key = "upload_not_record"
    for name in ("other", "game"):
        if name in params:
            params[name] = game_title(params[name], lang)
    return ui("load_error", lang, why=ui(key, lang, **params))


def game_title(game: str, lang: str) -> str:
    """The name of a registered game in ``lang``."""
    title = get(game).state.title
    return title.get(lang) or title.get("en") or game
