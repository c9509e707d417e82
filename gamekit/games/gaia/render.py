"""Gaia Project board as HTML with SVG: the space map, the research board with the tech tiles,
every seat's faction board (stock, power bowls, pieces left, income, tiles), the scoring tiles
and the boosters (rulebook "Componentes"). No Jupyter imports.

``html(state, lang)`` is the board the widgets show (root class ``gamekit-board``); every word
goes through the ``gaia`` catalog in en and pt-BR. Drawing: :mod:`.svg_map` (map, legend) and
:mod:`.svg_boards` (research board, faction boards, tiles). The game hands it to core and widgets through
``register(..., render=html)``; ``state._repr_html_()`` uses it.
"""

from __future__ import annotations

from .svg_boards import faction_html, research_html, tiles_html
from .svg_map import PLANET_COLOURS, SEAT_COLOURS, legend_html, map_svg, name, t, target_hexes

__all__ = ["html", "PLANET_COLOURS", "SEAT_COLOURS", "target_hexes"]



def _title(state, lang: str) -> str:
    if state.is_over():
        return t("ui.over", lang)
    if state.round == 0:
        return t("ui.setup", lang)
    tile = state.round_tiles[state.round - 1]
    return t("ui.round", lang, n=state.round) + " · " + name(tile, lang)


def html(state, lang: str = "en", side: str | None = None, actions=None, **_kw) -> str:
    """The whole board: map and legend, beside them the research board and the tiles, below
    them a faction board per seat (``side`` HTML, when given, replaces the faction boards).
    ``actions``: the person's legal actions, clickable on their hexes (``data-action``)."""
    seats = side if side is not None else "".join(
        faction_html(state, s, lang) for s in range(state.players))
    return (f"<div class='gamekit-board gaia-board' data-round='{state.round}' "
            f"style='font-family:system-ui,sans-serif;"
            f"color:#111'><h4 style='margin:4px 0'>{_title(state, lang)}</h4>"
            f"<div style='display:flex;flex-wrap:wrap;gap:10px;align-items:flex-start'>"
            f"<div style='flex:1 1 520px;min-width:300px'>{map_svg(state, lang, actions)}"
            f"{legend_html(lang)}</div>"
            f"<div style='flex:1 1 420px;min-width:280px;display:flex;flex-direction:column;"
            f"gap:8px'>{research_html(state, lang)}{tiles_html(state, lang)}</div></div>"
            f"<div class='gaia-factions' style='display:flex;flex-wrap:wrap;gap:8px;"
            f"margin-top:8px'>{seats}</div></div>")


#: the colours the board and every chart share (``register(..., palette=PALETTE)``): the
#: seats' colours of the map; resources far apart (credits gold, knowledge blue, ore grey,
#: QIC green, power tokens purple)
PALETTE = {"seats": SEAT_COLOURS,
           "resources": {"credits": "#e8b90e", "knowledge": "#2f7fd1", "ore": "#7f8790",
                         "qic": "#3aa655", "token": "#9b5de5", "vp": "#8e44ad"}}
