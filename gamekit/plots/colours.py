"""Colours of every chart, from the game's palette (``register(..., palette=...)``: the same
colours its board uses): seats by their number, resources by id; a resource the game does not
colour gets a shared colour or a stable hashed one."""

from __future__ import annotations

import hashlib

from ..core.registry import SEAT_COLOURS, Palette

#: Colours of resources that several games share; a game's palette comes first.
RESOURCE_COLOURS: dict[str, str] = {
    "vp": "#8e44ad",
    "card": "#5f6b7a",
    "cards": "#5f6b7a",
}

_PALETTE = (
    "#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f",
    "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac",
)


def palette(game: str | None) -> Palette:
    """The registered palette of ``game`` (the default one for no game or an unknown one)."""
    if not game:
        return Palette()
    from ..core.registry import _GAMES

    info = _GAMES.get(game)
    return info.palette if info is not None else Palette()


def colour(resource: str, alpha: float | None = None, game: str | None = None) -> str:
    """Stable colour of a resource (``rgba`` when ``alpha`` is given): the game's own first."""
    base = palette(game).resources.get(resource) or RESOURCE_COLOURS.get(resource)
    if base is None:
        digest = hashlib.md5(resource.encode()).digest()
        base = _PALETTE[digest[0] % len(_PALETTE)]
    if alpha is None:
        return base
    r, g, b = (int(base[i : i + 2], 16) for i in (1, 3, 5))
    return f"rgba({r},{g},{b},{alpha})"


def seat_colour(seat: int, game: str | None = None) -> str:
    """The colour of seat ``seat`` (0-based) in the game's palette: the board's colour."""
    seats = palette(game).seats or SEAT_COLOURS
    return seats[seat % len(seats)]
