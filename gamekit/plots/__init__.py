"""Plotly figures from a game's flows and events: where resources came from and went (a Sankey
unrolled by round), stocks and VP over time, the score breakdown, and charts of simulations.

Data functions (``sankey_data``, ``stocks_frame``, ``score_frame`` ...) return plain data or
pandas frames and need only the engine; the ``*_figure`` functions import plotly on first use.
Nothing here imports Jupyter or ipywidgets: ``gamekit_widgets.flows`` shows these on a page.
The modules hold: ``colours`` (from each game's registered palette), ``names`` (every name
through the catalogs), ``sankey``, ``series`` (over time, scores), ``simulations`` and ``svg``
(static drawings). A game's own charts live in its package (Gaia Project's power cycle:
``gamekit.games.gaia.power_cycle``).
"""

from __future__ import annotations

from .colours import _PALETTE, RESOURCE_COLOURS, colour, palette, seat_colour
from .names import OTHER, place_head, place_label, resource_label, unnamed
from .sankey import (
    apply_sankey,
    legend_html,
    sankey_data,
    sankey_figure,
    sankey_height,
    sankey_kwargs,
    sankey_width,
    wrap_label,
)
from .series import (
    score_figure,
    score_frame,
    stocks_figure,
    stocks_frame,
    time_layout,
    vp_by_round_frame,
    vp_figure,
    vp_frame,
)
from .simulations import vp_box_figure, vp_sources_figure, win_rate_figure
from .svg import lines_svg, sankey_svg

__all__ = [
    "RESOURCE_COLOURS",
    "OTHER",
    "colour",
    "palette",
    "seat_colour",
    "place_label",
    "place_head",
    "resource_label",
    "unnamed",
    "sankey_data",
    "sankey_figure",
    "sankey_height",
    "sankey_kwargs",
    "sankey_width",
    "apply_sankey",
    "legend_html",
    "wrap_label",
    "time_layout",
    "stocks_frame",
    "stocks_figure",
    "vp_frame",
    "vp_figure",
    "score_frame",
    "score_figure",
    "win_rate_figure",
    "vp_box_figure",
    "vp_sources_figure",
    "sankey_svg",
    "lines_svg",
    "vp_by_round_frame",
    "_PALETTE",
]
