"""Plotly figures from a game's flows and events: where resources came from and went (a Sankey
unrolled by round), stocks and VP over time, the score breakdown, and charts of simulations.

Data functions (``sankey_data``, ``stocks_frame``, ``score_frame`` ...) return plain data or
pandas frames and need only the engine; the ``*_figure`` functions import plotly on first use.
Nothing here imports Jupyter or ipywidgets: ``gamekit_widgets.flows`` wraps these in a
``FigureWidget``. The modules hold: ``colours``, ``names`` (every name through the catalogs),
``sankey``, ``series`` (over time, scores), ``simulations``, ``svg`` (static drawings) and
``power`` (Gaia Project's power cycle).
"""

from __future__ import annotations

from .colours import _PALETTE, RESOURCE_COLOURS, colour, palette, seat_colour
from .names import OTHER, place_head, place_label, resource_label, unnamed
from .power import POWER_CYCLE_COLOURS, leech_charges, power_cycle_data, power_cycle_figure
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
    "POWER_CYCLE_COLOURS",
    "power_cycle_data",
    "power_cycle_figure",
    "leech_charges",
    "vp_by_round_frame",
    "_PALETTE",
]
