"""Hostile positions, shared by each game's ``test_position_hostile``: method names, unknown
kinds, unknown keys, wrong types in each field and values out of range. Each must be refused
with ``PositionError`` naming a field, and nothing named may run: the state class gets canary
methods under every name tried, which fail the test if anything calls them."""

from __future__ import annotations

import json
from collections.abc import Iterable

import pytest

from gamekit.core.fuzz import _nodes, _set, _show, sample_positions
from gamekit.core.positions import PositionError, position
from gamekit.core.registry import get

#: names a position might use to reach code: the canaries are planted under all of them
NAMES = ("canary", "_canary", "_act_canary", "_begin_canary", "_legal_canary", "__class__",
         "apply", "_apply", "resume", "_load", "to_dict")
CANARIES = ("canary", "_canary", "_act_canary", "_begin_canary", "_legal_canary")


class Ran(BaseException):
    """A canary ran (``BaseException``: no ``except Exception`` in the code can swallow it)."""


def plant_canaries(monkeypatch: pytest.MonkeyPatch, game: str) -> None:
    def canary(*_args, **_kwargs):
        raise Ran("a name read from a position selected code")

    for name in CANARIES:
        monkeypatch.setattr(get(game).state, name, canary, raising=False)


def refused(data: dict | str) -> PositionError:
    """The ``PositionError`` of ``data`` (fails if it loads or raises anything else)."""
    with pytest.raises(PositionError) as caught:
        position(data)
    assert "field" in str(caught.value) or "position" in str(caught.value)
    return caught.value


def _paths(doc: dict, free: Iterable[str]) -> list[tuple[tuple, object]]:
    """The game's fields that hold data the game reads (not the ``free`` ones it only writes
    for readers: derived scores and counts, free text)."""
    free, seen, out = set(free), set(), []
    for p, v in _nodes(doc["state"], ("state",)):
        shape = tuple("*" if isinstance(k, int) else k for k in p)  # one item per list
        if len(p) > 1 and shape not in seen and not free & set(shape):
            seen.add(shape)
            out.append((p, v))
    return out


def _hostile(value: object) -> list[object]:
    """Values that must be refused in place of ``value``: another type, names where text
    goes, an unknown key in an object, integers no count reaches."""
    if type(value) is bool:
        return [1]
    if type(value) is int:
        return ["1", 1.5, True, 2**60, -(2**60)]
    if isinstance(value, str):
        return [0, "_act_canary", "__class__", "canary"]
    if isinstance(value, list):
        return [{}]
    if isinstance(value, dict):
        return [[], {**value, "no_such_key": 1}]
    return []


def check_hostile(game: str, players: int, seed: int, free: Iterable[str] = ()) -> int:
    """Every field of a saved position (one item of each list; not the ``free`` ones) with
    each ``_hostile`` value:
    refused with ``PositionError``, nothing run. Returns the number of positions tried."""
    doc = sample_positions(game, players, seed, 1)[0]
    position(doc)  # the game's own position loads
    tried = 0
    for path, value in _paths(doc, free):
        for bad in _hostile(value):
            old = _set(doc, path, bad)
            text = json.dumps(doc)
            _set(doc, path, old)
            tried += 1
            try:
                refused(text)
            except BaseException as exc:
                raise AssertionError(f"{_show(path)} = {bad!r:.60}: not refused "
                                     f"({type(exc).__name__}: {exc})") from exc
    return tried
