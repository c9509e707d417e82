"""A plotly figure on a page without plotly's ``FigureWidget`` (issue 27: pages fast).

A ``FigureWidget`` carries plotly.js itself (its ``_esm`` trait, about 5 MB) through the kernel
to the page, once per figure: an analyse page with five figures sent 25 MB over its websocket
before it was usable, and a figure replaced at a language switch left a model the page could
still ask for ("widget model not found"). Here a figure is an ``Output`` widget whose one
output is the figure's JSON (``application/vnd.plotly.v1+json``, a few kB), drawn by the
page's plotly renderer (the ``jupyterlab-plotly`` extension the server already serves, loaded
once per page). The output is set as the widget's state (not printed inside ``with``), so a
pre-heated kernel's figures are there when the page connects.

``drawn_later``: in a kernel Voilà pre-heats, an analyse page's figure waits until its page has
drawn the widgets around it (issue 27: drawing plotly figures took most of the 5-7 s before an
analyse page answered; the page now reads and answers first, the figures follow)."""

from __future__ import annotations

import json
from typing import Any

import ipywidgets as W

__all__ = ["MIME", "drawn_later", "figure_data", "figure_view", "redraw"]

MIME = "application/vnd.plotly.v1+json"


def figure_data(fig: Any) -> dict:
    """The figure as plain JSON data (numbers, texts, lists; numpy arrays written out)."""
    import plotly.io as pio

    data = json.loads(pio.to_json(fig, validate=False))
    data.setdefault("config", {}).update(displaylogo=False, responsive=True)
    return data


def _output(data: dict) -> tuple[dict]:
    return ({"output_type": "display_data", "data": {MIME: data}, "metadata": {}},)


def redraw(view: W.Output, fig: Any) -> None:
    """Show ``fig`` in ``view`` instead of what it showed."""
    view.outputs = _output(figure_data(fig))


def drawn_later(fig: Any) -> tuple[W.Output, W.Widget]:
    """An empty ``figure_view`` and an invisible widget (``ready.Painted``) to show beside it:
    once the page has painted its widgets, the view gets ``fig`` (unless a ``redraw`` came
    first). The figure's JSON is made now, so the page waits for nothing but the drawing."""
    from .ready import Painted

    view = figure_view()
    data = figure_data(fig)

    def fill() -> None:
        if not view.outputs:
            view.outputs = _output(data)

    return view, Painted(fill)


def figure_view(fig: Any = None) -> W.Output:
    """An ``Output`` widget showing ``fig`` (CSS class ``gamekit-figure``)."""
    view = W.Output()
    view.add_class("gamekit-figure")
    if fig is not None:
        redraw(view, fig)
    return view
