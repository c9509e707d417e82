"""Steps from a seat's structures to the map's planets (rulebook "1) Construir uma Mina",
"Navegação": range is counted in hexes from the nearest structure), made in C: a hex
``(q, r)`` has the key ``q * 64 + r``, so the steps between two hexes are read from the
difference of their keys (``_STEPS``); a row (the steps from one origin to each
hex of a list) is one byte per hex, and the nearest of several rows is taken on the rows
read as integers, eight bits a hex, by a few whole-integer operations (``nearest``)."""

from __future__ import annotations

from itertools import repeat
from operator import sub

__all__ = ["Row", "keys_of", "row", "nearest", "steps_of"]

#: a row: the steps to each hex of a list, eight bits a hex (the first hex the lowest byte)
Row = int

_SPAN = 31  # keys tell coordinates apart up to 31 hexes either way (maps are ~ 15 wide)
_WIDE = 2 * _SPAN + 2  # 64: a key's stride between two values of q

class _Steps(dict):
    """The key difference of two hexes -> the steps between them, each made when first
    asked (the few hundred differences of the maps played)."""

    def __missing__(self, k: int) -> int:
        dq, dr = divmod(k + _SPAN, _WIDE)
        dr -= _SPAN
        got = self[k] = (abs(dq) + abs(dr) + abs(dq + dr)) >> 1
        return got


_STEPS = _Steps()


def keys_of(hexes: tuple) -> tuple[int, ...] | None:
    """The hexes' keys, or None when a coordinate is too far out for them."""
    if any(abs(q) > _SPAN // 2 or abs(r) > _SPAN // 2 for q, r in hexes):
        return None
    return tuple(q * _WIDE + r for q, r in hexes)


def row(keys: tuple[int, ...] | None, hexes: tuple, origin: tuple) -> Row:
    """The steps from ``origin`` to each of ``hexes`` (their ``keys_of``) as a row."""
    oq, or_ = origin
    if keys is not None and abs(oq) <= _SPAN // 2 and abs(or_) <= _SPAN // 2:
        steps = bytes(map(_STEPS.__getitem__, map(sub, keys, repeat(oq * _WIDE + or_))))
    else:
        steps = bytes(min(127, (abs(q - oq) + abs(r - or_) + abs(q - oq + r - or_)) >> 1)
                      for q, r in hexes)  # no map is that wide: 127 is "far" enough
    return int.from_bytes(steps, "little")


def nearest(a: Row, b: Row, n: int) -> Row:
    """Byte by byte, the smaller steps of two rows of ``n`` hexes (both under 128: the
    high bit of each byte is the guard of the subtraction, which never borrows across)."""
    high = _high(n)
    ge = ((a | high) - b) & high  # a byte's high bit: a >= b there
    pick = ge - (ge >> 7)  # 0x7f where a >= b, 0 elsewhere
    return a ^ ((a ^ b) & pick)


_HIGH: dict[int, int] = {}


def _high(n: int) -> int:
    """``0x80`` in each of ``n`` bytes."""
    got = _HIGH.get(n)
    if got is None:
        got = _HIGH[n] = int.from_bytes(b"\x80" * n, "little")
    return got


def steps_of(near: Row, n: int) -> bytes:
    """A row's steps, one byte a hex (``zip`` with the hexes: a field in C)."""
    return near.to_bytes(n, "little")
