"""Colours of resources in every chart: shared ones fixed, any other a stable hashed colour."""

from __future__ import annotations

import hashlib

#: Colours of resources that several games share; anything else gets a stable hashed colour.
RESOURCE_COLOURS: dict[str, str] = {
    "materials": "#9aa0a6",
    "energy": "#3c3c3c",
    "science": "#3aa655",
    "gold": "#e8b90e",
    "exploration": "#2f7fd1",
    "krystallium": "#d6342c",
    "financier": "#c2703d",
    "general": "#7b4bb3",
    "vp": "#8e44ad",
    "card": "#5f6b7a",
    "cards": "#5f6b7a",
    "credits": "#e8b90e",
    "goods": "#b5651d",
}

_PALETTE = (
    "#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f",
    "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac",
)


def colour(resource: str, alpha: float | None = None) -> str:
    """Stable colour of a resource (``rgba`` when ``alpha`` is given)."""
    base = RESOURCE_COLOURS.get(resource)
    if base is None:
        digest = hashlib.md5(resource.encode()).digest()
        base = _PALETTE[digest[0] % len(_PALETTE)]
    if alpha is None:
        return base
    r, g, b = (int(base[i : i + 2], 16) for i in (1, 3, 5))
    return f"rgba({r},{g},{b},{alpha})"

