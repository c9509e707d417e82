"""Names shown in the charts: flow places, resources and rounds in the page's language.

Every name comes from the message catalogs: the game's own names first, then the generic words
of flows that several games share (``plots`` names below: deck, discard, pool ...). A place
``head:tail`` reads "Head: tail"; an id no catalog names is shown as words (never with ``_``)
and ``unnamed`` lists it, so a test can require every place of a game to be named.
"""

from __future__ import annotations

from ..core.i18n import CATALOG

__all__ = ["place_label", "place_head", "resource_label", "unnamed", "OTHER"]

#: the place that small flows are gathered into (see ``sankey_data(limit=...)``)
OTHER = "other"

# the words of the charts and the generic names of flow places that several games share (a
# game's own name wins) are in the catalogs: gamekit/core/locale/*.po, namespace ``plots``


def _known(game: str | None, ident: str) -> dict | None:
    entry = CATALOG.names.get(game or "", {}).get(ident)
    if entry is None or "pt" not in entry:
        entry = CATALOG.names["plots"].get(ident, entry)
    return entry


def _name(game: str | None, ident: str, lang: str) -> str:
    entry = _known(game, ident)
    if entry is None:
        return ident.replace("_", " ")
    return entry.get(lang) or entry["en"]


def unnamed(game: str | None, place: str) -> list[str]:
    """The parts of ``place`` that no catalog names in both languages (should be none)."""
    out = []
    for part in place.split(":"):
        entry = _known(game, part)
        if entry is None or not entry.get("en") or not entry.get("pt"):
            out.append(part)
    return out


def place_label(game: str | None, place: str, lang: str = "en") -> str:
    """Readable name of a flow place like ``income:economy`` (catalog names, see the module)."""
    head, _, tail = place.partition(":")
    name = _name(game, head, lang)
    if tail:
        return f"{name}: {_name(game, tail, lang)}"
    return name


def resource_label(game: str | None, resource: str, lang: str = "en") -> str:
    """Name of a resource in ``lang``."""
    return _name(game, resource, lang)


def place_head(place: str) -> str:
    """``income:economy`` -> ``income`` (the kind of place, without its detail)."""
    return place.partition(":")[0]


def _round_label(game: str | None, rnd: int, lang: str) -> str:
    if rnd <= 0:
        return CATALOG.text("plots", "setup", lang)
    return CATALOG.text(game or "core", "round", lang, n=rnd)


def _round_short(rnd: int, lang: str) -> str:
    return CATALOG.text("plots", "round_short", lang, n=rnd) if rnd > 0 else \
        CATALOG.text("plots", "setup", lang)
