"""The JSON schema of a game record, and its check with errors that name the field.

Integers are exactly JSON integers (``true`` and ``1.0`` are not), the version is a known one,
the game a registered id, and every string and list is bounded, so a replay's work is bounded.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import islice
from typing import Any

from .actions import MAX_SEAT, show

__all__ = ["FIELDS", "MAX_MOVE_CHARS", "MAX_MOVES", "check_schema", "record_schema"]

#: the record's fields, in the order their problems are reported
FIELDS = ("format", "version", "game", "players", "seed", "options", "moves")
#: at most this many moves (player actions and chance lines) in a record
MAX_MOVES = 20_000
#: at most this many characters in one move (a chance line of a long shuffle is the longest)
MAX_MOVE_CHARS = 4096
_MAX_SEED_CHARS = 200
_WORDS = {
    "integer": "an integer", "string": "text", "null": "null", "object": "an object",
    "array": "a list", "boolean": "true or false", "number": "a number",
}

def record_schema(games: tuple[str, ...], versions: tuple[int, ...] = (1,)) -> dict[str, Any]:
    """The JSON schema of a record of one of ``games`` in one of ``versions``."""
    return {
        "type": "object",
        "required": list(FIELDS),
        "properties": {
            "format": {"const": "gamekit-record"},
            "version": {"type": "integer", "enum": list(versions)},
            "game": {"type": "string", "enum": list(games)},
            "players": {"type": "integer", "minimum": 1, "maximum": MAX_SEAT + 1},
            "seed": {
                "type": ["integer", "string", "null"],
                "minimum": -(2**63), "maximum": 2**64, "maxLength": _MAX_SEED_CHARS,
            },
            "options": {
                "type": "object",
                "maxProperties": 64,
                "propertyNames": {
                    "pattern": "^[a-z][a-z0-9_]{0,63}$",
                    "not": {"enum": ["players", "seed", "chance"]},
                },
            },
            "moves": {
                "type": "array",
                "maxItems": MAX_MOVES,
                "items": {"type": "string", "maxLength": MAX_MOVE_CHARS},
            },
        },
    }


@lru_cache(maxsize=8)
def _validator(games: tuple[str, ...], versions: tuple[int, ...]) -> Any:
    """A validator whose integers are exactly ints. ``jsonschema`` is imported here, when a
    record is first read: importing it is slow and its many objects slow every later
    garbage collection, which playouts (that never read records) should not pay."""
    import jsonschema

    base = jsonschema.Draft202012Validator
    strict = jsonschema.validators.extend(
        base,
        type_checker=base.TYPE_CHECKER.redefine(
            "integer", lambda _checker, value: type(value) is int
        ),
    )
    return strict(record_schema(games, versions))


def _place(error: Any) -> str:
    """The field of a schema error: ``seed``, ``moves[3]``, ``options``."""
    place = ""
    for part in error.absolute_path:
        place += f"[{part}]" if isinstance(part, int) else (f".{part}" if place else str(part))
    return place


def _explain(error: Any, games: tuple[str, ...], versions: tuple[int, ...]) -> tuple[str, str]:
    """(field, problem in words) of one schema error; quoted values are cut short."""
    place, kind, value = _place(error), error.validator, error.instance
    if kind == "required":
        missing = next((f for f in FIELDS if f not in value), "?")
        return missing, f"lacks field {missing!r}"
    if place == "format":
        return place, "is not a gamekit record: field 'format' must be 'gamekit-record'"
    if place == "version" and kind in ("enum", "type"):
        known = ", ".join(map(str, versions))
        return place, (f"format version {show(value)} is not supported (this gamekit reads "
                       f"version {known}, a JSON integer)")
    if place == "game" and kind == "enum":
        return place, f"names unknown game {show(value)}; available: {', '.join(games)}"
    if kind == "type":
        types = error.validator_value
        types = [types] if isinstance(types, str) else types
        wanted = " or ".join(_WORDS.get(t, t) for t in types)
        return place or "record", f"field {place or 'record'!r} must be {wanted}, got {show(value)}"
    if kind == "maxLength":
        return place, (f"field {place!r} is longer than {error.validator_value} characters: "
                       f"{show(value)}")
    if kind == "maxItems" or kind == "maxProperties":
        return place, f"field {place!r} has more than {error.validator_value} entries"
    if kind in ("minimum", "maximum"):
        return place, f"field {place!r} is out of range: {show(value)}"
    if kind == "propertyNames":
        return place, f"field {place!r} has an option name gamekit does not accept"
    return place or "record", f"field {place or 'record'!r}: {error.message[:200]}"


def check_schema(data: Any, versions: tuple[int, ...] = (1,)) -> tuple[str, str] | None:
    """(field, problem) of the first problem of ``data`` as a record, by field order; ``None``
    if it is a valid record."""
    from .registry import available

    games = tuple(available())
    if not isinstance(data, dict):
        return "record", f"must be a JSON object, got {type(data).__name__}"
    errors = list(islice(_validator(games, versions).iter_errors(data), 50))
    if not errors:
        return None
    found = [_explain(e, games, versions) for e in errors]

    def order(item: tuple[str, str]) -> int:
        head = item[0].split(".")[0].split("[")[0]
        return FIELDS.index(head) if head in FIELDS else len(FIELDS)

    return min(found, key=order)
