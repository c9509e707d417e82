"""Typed values of the boardgamers.space move notation for Gaia Project: one frozen dataclass
per clause verb (``build``, ``charge``, ``pass``, ...), hexes as :class:`HexRef` (as written, with
the resolved global ``(q, r)``), resource amounts as :class:`Amount`. Read and written by
:mod:`gamekit.games.gaia.notation`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields
from typing import Any, ClassVar

from . import geometry as geo

__all__ = [
    "HexRef", "Amount", "parse_amounts", "Clause", "clause_text", "CLAUSES", "Faction", "Bid",
    "Rotate", "Build", "Booster", "Income", "Spend", "Burn", "Up", "Tech", "Cover", "Decline",
    "Charge", "Brainstone", "Action", "FedTile", "Special", "SwapPI", "LostPlanet",
    "Federation", "Pass",
]

# ------------------------------------------------------------------------------ values
@dataclass(frozen=True)
class HexRef:
    """A hex as written (``3A5`` or ``-3x5``) with its global ``(q, r)`` and map label
    (``hex``/``label`` are ``None`` for a label read without a map)."""

    text: str
    hex: geo.Hex | None
    label: str | None

    def write(self, style: str = "as_read") -> str:
        if style == "label" and self.label:
            return self.label
        if style == "qxr" and self.hex is not None:
            return geo.qxr(self.hex)
        return self.text


_UNITS = ("t-a3", "tech", "step", "pw", "tg", "gf", "vp", "t", "c", "o", "k", "q")
_AMOUNT_RE = re.compile(r"(\d{0,3})(" + "|".join(re.escape(u) for u in _UNITS) + ")")


@dataclass(frozen=True)
class Amount:
    """``4pw``, ``1o``, ``t`` (``implicit``: written without its count of 1)."""

    count: int
    unit: str
    implicit: bool = False

    def __str__(self) -> str:
        return self.unit if self.implicit else f"{self.count}{self.unit}"


def parse_amounts(text: str) -> tuple[Amount, ...]:
    """``'4pw,1t'`` -> amounts; ``ValueError`` names the part that cannot be read."""
    out = []
    for part in text.split(","):
        m = _AMOUNT_RE.fullmatch(part)
        if not m:
            raise ValueError(f"cannot read the amount {part!r} (like 2pw, 1o, t, 4tg; units: "
                       f"{', '.join(_UNITS)})")
        out.append(Amount(int(m.group(1) or 1), m.group(2), not m.group(1)))
    return tuple(out)


# ----------------------------------------------------------------------------- clauses
@dataclass(frozen=True)
class Clause:
    """One clause of a move line. ``note`` keeps an engine annotation verbatim
    (``using area1: 4``, ``returning booster3``, ``(0/6/0 ⇒ 1/2/1/0)``); replay ignores it."""

    verb: ClassVar[str] = ""

    def __str__(self) -> str:
        return clause_text(self, "as_read")


def _clause(verb: str):
    def deco(cls):
        cls.verb = verb
        return dataclass(frozen=True)(cls)
    return deco


@_clause("faction")
class Faction(Clause):
    faction: str
    note: str | None = None


@_clause("bid")
class Bid(Clause):
    faction: str
    vp: int
    note: str | None = None


@_clause("rotate")
class Rotate(Clause):
    turns: tuple[tuple[HexRef, int], ...]
    note: str | None = None


@_clause("build")
class Build(Clause):
    building: str
    hex: HexRef
    note: str | None = None


@_clause("booster")
class Booster(Clause):
    booster: str
    note: str | None = None


@_clause("income")
class Income(Clause):
    items: tuple[Amount, ...]
    note: str | None = None


@_clause("spend")
class Spend(Clause):
    cost: tuple[Amount, ...]
    gain: tuple[Amount, ...]
    note: str | None = None


@_clause("burn")
class Burn(Clause):
    count: int
    note: str | None = None


@_clause("up")
class Up(Clause):
    track: str
    note: str | None = None


@_clause("tech")
class Tech(Clause):
    position: str
    note: str | None = None


@_clause("cover")
class Cover(Clause):
    position: str
    note: str | None = None


@_clause("decline")
class Decline(Clause):
    offer: tuple[Amount, ...] = ()
    note: str | None = None


@_clause("charge")
class Charge(Clause):
    items: tuple[Amount, ...]
    note: str | None = None


@_clause("brainstone")
class Brainstone(Clause):
    destination: str
    note: str | None = None


@_clause("action")
class Action(Clause):
    action: str
    note: str | None = None


@_clause("fedtile")
class FedTile(Clause):
    token: str
    note: str | None = None


@_clause("special")
class Special(Clause):
    action: str
    note: str | None = None


@_clause("swap-PI")
class SwapPI(Clause):
    hex: HexRef
    note: str | None = None


@_clause("lostPlanet")
class LostPlanet(Clause):
    hex: HexRef
    note: str | None = None


@_clause("federation")
class Federation(Clause):
    hexes: tuple[HexRef, ...]
    token: str
    note: str | None = None


@_clause("pass")
class Pass(Clause):
    booster: str | None = None
    note: str | None = None


CLAUSES: dict[str, type[Clause]] = {c.verb: c for c in (
    Faction, Bid, Rotate, Build, Booster, Income, Spend, Burn, Up, Tech, Cover, Decline, Charge,
    Brainstone, Action, FedTile, Special, SwapPI, LostPlanet, Federation, Pass)}


def _write_value(v: Any, style: str) -> str:
    if isinstance(v, HexRef):
        return v.write(style)
    if isinstance(v, tuple):
        if v and isinstance(v[0], tuple):  # rotate pairs
            return " ".join(f"{h.write(style)} {n}" for h, n in v)
        return ",".join(_write_value(x, style) for x in v)
    return str(v)


def clause_text(c: Clause, style: str = "as_read") -> str:
    """The clause in the notation (``style`` as in :func:`HexRef.write`)."""
    parts = [c.verb]
    for f in fields(c):
        v = getattr(c, f.name)
        if f.name == "note" or v is None or v == ():
            continue
        if isinstance(c, Spend) and f.name == "gain":
            parts.append("for")
        parts.append(_write_value(v, style))
    if c.note:
        parts.append(c.note)
    return " ".join(parts)
