"""The JSON schema of a game record, and its check with errors that name the field.

Integers are exactly JSON integers (``true`` and ``1.0`` are not), the version is a known one,
the game a registered id, and every string and list is bounded, so a replay's work is bounded.
"""

from __future__ import annotations

import sys
from functools import lru_cache
from itertools import islice
from typing import Any

from .actions import MAX_SEAT, show

__all__ = ["DERIVED", "FIELDS", "MAX_MOVE_CHARS", "MAX_MOVES", "check_schema", "first_error", "record_schema",
           "strict", "strict_validator"]

#: the record's fields, in the order their problems are reported
FIELDS = ("format", "version", "game", "players", "seed", "options", "moves")
#: at most this many moves (player actions and chance lines) in a record: more than any game
#: an engine plays fits in the 2 MiB byte cap (``records.MAX_BYTES``, the binding bound); random
#: Blue Moon City games run long (a 4-player soak game, seed 12994, took 22,172 moves and the
#: old cap of 20,000 refused the record it wrote; the longest seen took 54,597 decisions)
MAX_MOVES = 200_000
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


_SCALAR = {"type": ["null", "boolean", "integer", "string"], "maxLength": 80,
           "minimum": -99_999, "maximum": 99_999}
_FLAT = {"anyOf": [_SCALAR, {"type": "array", "maxItems": 40, "items": _SCALAR},
                   {"type": "object", "maxProperties": 20, "propertyNames": {"maxLength": 40},
                    "additionalProperties": _SCALAR}]}
#: a field a game writes for readers but recomputes when loading (a score, a count): any small
#: value of at most two levels, accepted and never read
DERIVED = {"anyOf": [_SCALAR, {"type": "object", "maxProperties": 20,
                               "propertyNames": {"maxLength": 40}, "additionalProperties": _FLAT}]}


def strict(schema: Any) -> Any:
    """A copy of ``schema`` refusing unknown keys: every object schema listing its
    ``properties`` and saying nothing of others gets ``additionalProperties: false``."""
    if isinstance(schema, list):
        return [strict(x) for x in schema]
    if not isinstance(schema, dict):
        return schema
    out = {k: (v if k in ("enum", "const") else strict(v)) for k, v in schema.items()}
    if "properties" in out and not {"additionalProperties", "patternProperties"} & set(out):
        out["additionalProperties"] = False
    return out


def _first_fail(validator: Any, instance: Any, sub: Any, index: int) -> Any:
    return next(validator.descend(instance, sub, schema_path=index), None)


def _any_of(validator: Any, choices: list, instance: Any, _schema: Any) -> Any:
    """``anyOf`` that stops at the first error of each choice (jsonschema lists them all)."""
    from jsonschema.exceptions import ValidationError

    first = None
    for index, sub in enumerate(choices):
        error = _first_fail(validator, instance, sub, index)
        if error is None:
            return
        first = first or error
    yield ValidationError(f"{show(instance)} has none of the allowed shapes (first: "
                          f"{first.message[:120] if first else '?'})")


def _one_of(validator: Any, choices: list, instance: Any, _schema: Any) -> Any:
    """``oneOf`` that stops at the first error of each choice."""
    from jsonschema.exceptions import ValidationError

    fits = [i for i, sub in enumerate(choices) if _first_fail(validator, instance, sub, i) is None]
    if len(fits) != 1:
        yield ValidationError(f"{show(instance)} fits {len(fits)} of the allowed shapes, not 1")


def skip_iri_grammar() -> None:
    """Let this process skip ``rfc3987_syntax``: jsonschema imports that optional package (a
    Jupyter dependency) to check IRI formats, and it compiles ~40 grammars, 1.5-5 s of CPU at
    import. No gamekit schema uses ``format``; jsonschema then simply has no ``iri`` check. Only
    when it is not imported yet, and only in this process."""
    sys.modules.setdefault("rfc3987_syntax", None)  # type: ignore[arg-type]


def _string_items(validator: Any, items: Any, instance: Any, schema: Any) -> Any:
    """``items``, with a plain loop for a list of bounded strings (a record's moves: jsonschema
    descends into each one, a third of a second for a long record); the same errors."""
    if not (isinstance(items, dict) and items.keys() == {"type", "maxLength"}
            and items["type"] == "string" and type(instance) is list):
        yield from _ITEMS[0](validator, items, instance, schema)
        return
    from jsonschema.exceptions import ValidationError

    limit = items["maxLength"]
    for index, item in enumerate(instance):
        if type(item) is not str:
            yield ValidationError(f"{show(item)} is not of type 'string'", validator="type",
                                  validator_value="string", instance=item, path=[index],
                                  schema=items)
        elif len(item) > limit:
            yield ValidationError(f"{show(item)} is too long", validator="maxLength",
                                  validator_value=limit, instance=item, path=[index],
                                  schema=items)


#: jsonschema's own ``items`` (set with the validator class)
_ITEMS: list[Any] = []


@lru_cache(maxsize=1)
def _strict_class() -> Any:
    """The validator class: integers are exactly ints (``true`` and ``1.0`` are not) and
    ``anyOf``/``oneOf`` stop at each choice's first error, so a refusal costs one walk at most.
    ``jsonschema`` is imported here, when a record or position is first read: importing it is
    slow and its many objects slow every later garbage collection, which playouts (that never
    read one) should not pay."""
    skip_iri_grammar()
    import jsonschema

    base = jsonschema.Draft202012Validator
    _ITEMS[:] = [base.VALIDATORS["items"]]
    return jsonschema.validators.extend(
        base,
        validators={"anyOf": _any_of, "oneOf": _one_of, "items": _string_items},
        type_checker=base.TYPE_CHECKER.redefine(
            "integer", lambda _checker, value: type(value) is int
        ).redefine("number", lambda _c, v: type(v) in (int, float)),
    )


def strict_validator(schema: dict[str, Any]) -> Any:
    """A validator of ``schema`` (see ``_strict_class``)."""
    return _strict_class()(schema)


def first_error(validator: Any, data: Any) -> Any:
    """The first error of ``data`` (``None`` if valid): the walk stops there."""
    return next(validator.iter_errors(data), None)


@lru_cache(maxsize=8)
def _validator(games: tuple[str, ...], versions: tuple[int, ...]) -> Any:
    """The validator of records of ``games`` in ``versions``."""
    return strict_validator(record_schema(games, versions))


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
