"""Uploaded game records and positions: bytes parsed as JSON only (never a path), bounded in
size and nesting (records by ``GameRecord.from_bytes``; positions here, with the same
``MAX_BYTES`` and ``MAX_DEPTH``), and every failure told to the person in their language
without quoting the file.
"""

from __future__ import annotations

import json
import re
from typing import Any

from gamekit.core import GameRecord, GameState, RecordError, available, get
from gamekit.core.positions import PositionError, position
from gamekit.core.records import MAX_BYTES, MAX_DEPTH

from .i18n import ui

__all__ = ["MAX_BYTES", "MAX_DEPTH", "UploadError", "record_from_bytes", "position_from_bytes",
           "load_error_text", "deeper_than"]

_MOVE = re.compile(r"moves\[(\d+)\]")
#: a line of a record in another site's notation (importers name it: ``line 12: ...``)
_LINE = re.compile(r"\bline (\d{1,7})\b")
#: the parts of a record that make its set-up, and how importers name a set-up they refuse
_SETUP_FIELDS = frozenset({"players", "options", "seed", "setup", "map"})
_SETUP = re.compile(r"record (?:[^:]{0,200}: )?(?:setup|has no map|needs its explicit|record names)")
#: the interface message that explains each kind of ``RecordError`` raised while reading
_KIND_KEYS = {"too_big": "upload_too_big", "not_text": "upload_not_text",
              "not_json": "upload_not_json", "too_deep": "upload_too_deep"}


class UploadError(RecordError):
    """A ``RecordError`` that knows which interface message (``ui.<key>``) explains it."""

    def __init__(self, message: str, key: str, **params: Any):
        super().__init__(message)
        self.key = key
        self.params = params


def record_from_bytes(data: bytes, source: str = "upload") -> GameRecord:
    """``GameRecord.from_bytes`` (UTF-8 JSON, at most ``MAX_BYTES`` bytes and ``MAX_DEPTH``
    levels deep; ``RecordError`` only), each failure keyed to the message that explains it."""
    try:
        return GameRecord.from_bytes(data, source)
    except RecordError as exc:
        key = _KIND_KEYS.get(exc.kind)
        if key is None:
            raise
        size = memoryview(data).nbytes if isinstance(data, (bytes, bytearray, memoryview)) \
            else 0  # an upload's content is a memoryview: its real size, never "0.0 MiB"
        limit = MAX_BYTES // 2**20 if key == "upload_too_big" else MAX_DEPTH
        raise UploadError(str(exc), key, mib=round(size / 2**20, 1), max=limit) from None


def position_from_bytes(data: bytes, game: str) -> GameState:
    """A playable state of ``game`` from an uploaded position file (``gamekit position`` or
    ``state.position()`` output): UTF-8 JSON only, at most ``MAX_BYTES`` bytes and ``MAX_DEPTH``
    levels of nesting (a real position nests 5-8), checked against the game's position schema
    and rules (``gamekit.core.positions``); never a path. Each failure is an ``UploadError``
    keyed to the message that explains it."""
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise UploadError(f"not file content: {type(data).__name__}", "upload_failed")
    data = bytes(data)
    if len(data) > MAX_BYTES:
        raise UploadError(f"{len(data)} bytes", "upload_too_big",
                          mib=round(len(data) / 2**20, 1), max=MAX_BYTES // 2**20)
    try:
        text = data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError:
        raise UploadError("not UTF-8 text", "upload_not_text") from None
    parsed = _parse_position(text, game)
    try:
        return position(parsed, game)
    except PositionError as exc:
        message = str(exc)
        other = parsed.get("game") if isinstance(parsed, dict) else None
        if isinstance(other, str) and len(other) <= 40 and other != game:
            if other not in available():
                raise UploadError(message, "upload_unknown_game") from None
            raise UploadError(message, "upload_other_game", other=other, game=game) from None
        raise UploadError(message, "position_bad", game=game) from None


def _parse_position(text: str, game: str) -> Any:
    """The JSON of a position file, refused (``UploadError``) if it is not JSON or nests more
    than ``MAX_DEPTH`` levels: deeper than the parser's own recursion limit, or deeper than
    ``MAX_DEPTH`` once parsed."""
    too_deep = UploadError(f"nested more than {MAX_DEPTH} levels deep", "position_too_deep",
                           max=MAX_DEPTH, game=game)
    try:
        parsed = json.loads(text)
    except RecursionError:
        raise too_deep from None
    except ValueError as exc:
        raise UploadError(f"not valid JSON: {str(exc)[:120]}", "upload_not_json") from None
    if deeper_than(parsed, MAX_DEPTH):
        raise too_deep
    return parsed


def deeper_than(data: Any, limit: int) -> bool:
    """Whether ``data`` (parsed JSON) nests lists and objects more than ``limit`` levels deep
    (the top-level object is level 1). Iterative: no recursion whatever the depth."""
    stack = [(data, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            item = item.values()
        elif not isinstance(item, list):
            continue
        if depth > limit:
            return True
        stack.extend((x, depth + 1) for x in item if isinstance(x, (dict, list)))
    return False


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


def _record_key(exc: RecordError) -> tuple[str, dict[str, Any]]:
    """The interface message (and its parameters) that explains a ``RecordError`` without
    quoting it: a move or a line of the record by its number, its set-up, its game."""
    kind = _KIND_KEYS.get(getattr(exc, "kind", None))
    if kind is not None:  # an importer's own size, text or JSON refusal
        return {"upload_too_big": ("upload_too_big_any", {}),
                "upload_too_deep": ("upload_too_deep", {"max": MAX_DEPTH})}.get(kind, (kind, {}))
    text = str(exc)
    field = exc.field if isinstance(exc.field, str) else ""
    move = _MOVE.search(text)
    line = getattr(exc, "line", None)
    line = line if isinstance(line, int) and not isinstance(line, bool) else None
    if line is None and (found := _LINE.search(text)) is not None:
        line = int(found.group(1))
    if field == "game":
        return "upload_unknown_game", {}
    if field.split(".")[0].split("[")[0] in _SETUP_FIELDS or _SETUP.match(text):
        return "upload_bad_setup", {}
    if move is not None:
        return "upload_bad_move", {"n": int(move.group(1)) + 1}
    if line is not None:
        return "upload_bad_line", {"n": line}
    return "upload_not_record", {}


def load_error_text(exc: Exception, lang: str) -> str:
    """What went wrong, in ``lang``, for the person (never the file's content, never the
    engine's English sentence): any exception an upload handler catches."""
    key = getattr(exc, "key", None)
    params = dict(getattr(exc, "params", {}))
    if key is None:
        key, params = _record_key(exc) if isinstance(exc, RecordError) else ("upload_failed", {})
    for name in ("other", "game"):
        if name in params:
            params[name] = game_title(params[name], lang)
    return ui("load_error", lang, why=ui(key, lang, **params))


def game_title(game: str, lang: str) -> str:
    """The name of a registered game in ``lang``."""
    title = get(game).state.title
    return title.get(lang) or title.get("en") or game
