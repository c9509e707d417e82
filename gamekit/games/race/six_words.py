"""How a six-cost development scores, in words (rulebook: "Desenvolvimentos de custo 6"): one
line per entry of the card's table (``cards.SIX_DEV``), e.g. "+2 per Genes production world",
so a card never shows "? VP" (issue 27). Each card of a tableau scores on the first line it
matches. Words: ``race.board.six`` in the game's catalogs."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from gamekit.core import CATALOG

from .cards import SIX_DEV

__all__ = ["six_lines"]

G = "race"
#: a condition's keys -> the message that says it (closed table: data selects an entry)
_BY_KEYS = {
    ("good", "goods_kind", "kind"): None,  # production or windfall: see ``_line``
    ("kind", "military"): "military_world",
    ("kind", "military", "tag"): "tag_military_world",
    ("card",): "card",
    ("cost", "kind"): "six_dev",
    ("kind",): None,  # a development or a world
    ("kind", "power_phase"): None,
    ("kind", "power_class"): None,
    ("tag",): "tag_card",
}
_FORMULAS = {"total_military": "total_military", "vp_chips_div_3": "chips_3"}
_TAGS = {"alien": "tag_alien", "rebel": "tag_rebel"}


def _say(key: str, lang: str, **kw: Any) -> str:
    return CATALOG.text("race.board.six", key, lang, **kw)


def _line(vp: int, formula: str | None, cond: dict, lang: str) -> str:
    if formula is not None:
        return _say(_FORMULAS[formula], lang, vp=vp)
    keys = tuple(sorted(cond))
    kind = "dev" if cond.get("kind") == "dev" else "world"
    if keys == ("good", "goods_kind", "kind"):
        key = "windfall_world" if cond["goods_kind"] == "windfall" else "production_world"
        return _say(key, lang, vp=vp, good=CATALOG.name(G, cond["good"], lang))
    if keys == ("kind",):
        return _say(kind, lang, vp=vp)
    if keys == ("kind", "power_phase"):
        return _say(f"{kind}_phase", lang, vp=vp, phase=CATALOG.name(G, cond["power_phase"], lang))
    if keys == ("kind", "power_class"):
        return _say(f"{kind}_class", lang, vp=vp, power=CATALOG.name(G, cond["power_class"], lang))
    key = _BY_KEYS[keys]
    extra: dict[str, str] = {}
    if "card" in cond:
        extra["card"] = CATALOG.name(G, cond["card"], lang)
    if "tag" in cond:
        extra["tag"] = _say(_TAGS[cond["tag"]], lang)
    return _say(key, lang, vp=vp, **extra)


@lru_cache(maxsize=64)
def six_lines(cid: str, lang: str = "en") -> tuple[str, ...]:
    """How the six-cost development ``cid`` scores, a line per entry (empty for others)."""
    return tuple(_line(vp, formula, cond, lang) for vp, formula, cond in SIX_DEV.get(cid, ()))
