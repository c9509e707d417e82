"""Words for analysis tables: column names and cell values as a person reads them, in English
or Portuguese (the ``analysis`` namespace of the catalog, ``locale/`` beside this module, and
each game's component names). No ``vp_chips`` or ``start_world`` reaches a page."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..core import CATALOG, OptionError, get

__all__ = ["column_label", "value_label", "labelled", "text"]

CATALOG.load(Path(__file__).with_name("locale"))


def text(key: str, lang: str = "en", /, **params: Any) -> str:
    """A message of the ``analysis`` namespace."""
    return CATALOG.text("analysis", key, lang, **params)


def _name(game: str, ident: str, lang: str, first: str = "") -> str | None:
    _load(game)
    for space in ((first, game, "analysis") if first else (game, "analysis")):
        shown = CATALOG.name(space, ident, lang)
        if shown != ident:
            return shown
    return None


def _load(game: str) -> None:
    """Make sure the game's catalog is read (a game loads its words when it is first used)."""
    if game not in _LOADED:
        _LOADED.add(game)
        try:
            get(game)
        except OptionError:  # not a registered game: only the analysis words apply
            pass


_LOADED: set[str] = set()


def column_label(game: str, column: Any, lang: str = "en") -> str:
    """The label of a frame column: ``vp_<source>[:<detail>]`` reads "VP from <source name>"
    (the detail, a card, by its name), other columns through the catalog."""
    col = str(column)
    if CATALOG.has("analysis", f"col.{col}@{game}"):  # a game's own word (offerings, not VP)
        return text(f"col.{col}@{game}", lang)
    if col.startswith("vp_") and not CATALOG.has("analysis", "col." + col):
        source, _, detail = col[3:].partition(":")
        shown = _name(game, detail, lang) if detail else None
        own = f"col.vp_source@{game}"  # a game's own word (Blue Moon City: no "VP ·")
        return text(own if CATALOG.has("analysis", own) else "col.vp_source", lang,
                    source=shown or _name(game, "vp:" + source, lang)
                    or _name(game, source, lang) or source.replace("_", " "))
    if CATALOG.has("analysis", "col." + col):
        return text("col." + col, lang)
    return _name(game, col, lang) or col.replace("_", " ")


def value_label(game: str, value: Any, lang: str = "en", column: str = "") -> Any:
    """A cell as shown: component ids by their names, agent names (``lookahead:4``) by the
    bot's name (the ``agent`` column: bots before the game's own words), booleans as yes/no;
    numbers unchanged."""
    if isinstance(value, bool):
        return CATALOG.name("analysis", "yes" if value else "no", lang)
    if not isinstance(value, str):
        return value
    first = "analysis" if column == "agent" else ""
    head, _, arg = value.partition(":")
    shown = _name(game, value, lang, first)
    if shown is None and arg:
        base = _name(game, head, lang, first)
        return f"{base} ({arg})" if base else value
    return shown if shown is not None else value


def labelled(frame: Any, game: str, lang: str = "en", values: bool = True):
    """A copy of ``frame`` to show: columns (and index names) labelled, and the values of its
    text columns and index named (``values``)."""
    import pandas as pd

    out = frame.copy()
    if "seat" in out.columns:  # seats count from 1 for people
        out["seat"] = out["seat"].map(lambda s: text("col.seat_n", lang, n=s + 1))
    if values:
        for col in out.columns:
            if out[col].dtype == object or pd.api.types.is_string_dtype(out[col]) \
                    or pd.api.types.is_bool_dtype(out[col]):
                out[col] = out[col].map(lambda v, c=col: value_label(game, v, lang, c))
        name = out.index.name or ""
        out.index = out.index.map(lambda v: value_label(game, v, lang, name)) \
            if not isinstance(out.index, pd.RangeIndex) else out.index
    out.index.names = [column_label(game, n, lang) if n else n for n in out.index.names]
    return out.rename(columns=lambda c: column_label(game, c, lang))
