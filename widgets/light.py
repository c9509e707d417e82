"""Light widgets: fewer models for a page to create (issue 27: pages fast).

Every ipywidgets widget brings a ``Layout`` model, and an ``HTML`` or ``Button`` a style model
too: a lesson of 120 paragraphs and boards made 720 models, and its page waited for the
browser to create them all (about 1 kB of state each, three models per paragraph) before it
drew anything. A layout or a style never changed after it is made can serve many widgets
(ipywidgets draws each view from the shared model): ``layout(**css)`` and ``html(value)`` here
give the one model of the kernel for those settings. Only widgets whose layout and style the
code never sets again may use them (a shared ``display = "none"`` would hide them all).
"""

from __future__ import annotations

from typing import Any

import ipywidgets as W
from ipywidgets.widgets.widget_string import HTMLStyle

__all__ = ["button", "html", "layout"]

_SHARED: dict[tuple, W.Widget] = {}


def _shared(kind: type[W.Widget], **settings: Any) -> Any:
    """The kernel's one ``kind`` model with ``settings`` (made again if it was closed)."""
    key = (kind.__name__, *sorted(settings.items()))
    found = _SHARED.get(key)
    if found is None or getattr(found, "comm", None) is None:
        found = _SHARED[key] = kind(**settings)
    return found


def layout(**css: str) -> W.Layout:
    """A ``Layout`` with ``css`` shared by every widget asking for the same (never change it)."""
    return _shared(W.Layout, **css)


def html(value: str = "", **kw: Any) -> W.HTML:
    """An ``HTML`` widget with the shared default layout and style (3 models become 1)."""
    return W.HTML(value, layout=layout(), style=_shared(HTMLStyle), **kw)


def button(auto: bool = True, **kw: Any) -> W.Button:
    """A ``Button`` with a shared style and layout (as wide as its words if ``auto``): for
    buttons whose layout and style are never set again (words and ``disabled`` may change)."""
    wide = layout(width="auto") if auto else layout()
    return W.Button(layout=wide, style=_shared(W.ButtonStyle), **kw)
