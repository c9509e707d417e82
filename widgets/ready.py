"""Readiness of the app in a kernel: ``Shown``, a tiny invisible widget that tells the kernel
when the browser has drawn it, and ``warm_up``, which pays the plotly imports ahead of time.

Heavy parts of the app (the plotly ``FigureWidget``, which carries plotly.js to the browser)
are built once the app is on screen, so the decisions and the board are usable first. In a
kernel that Voilà pre-heats for its pool (``VOILA_PREHEAT=True`` in its environment; see
``config/voila.py``), ``warm_up`` imports plotly's widget modules while nobody waits, so a
person's first Sankey costs a fraction of a second instead of seconds.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable

import anywidget

__all__ = ["Shown", "warm_up", "preheated", "skip_iri_grammar"]


class Shown(anywidget.AnyWidget):
    _esm = """
export default {
  render({ model, el }) {
    el.style.display = "none";
    model.send({ event: "shown" });
  }
};
"""

    def __init__(self, callback: Callable[[], None], **kw):
        super().__init__(**kw)
        self._callback = callback
        self.fired = False
        self.on_msg(self._message)

    def _message(self, _widget, content, _buffers) -> None:
        if isinstance(content, dict) and content.get("event") == "shown" and not self.fired:
            self.fired = True
            self._callback()


def skip_iri_grammar() -> None:
    """Let the kernel skip ``rfc3987_syntax``: plotly's ``FigureWidget`` imports nbformat, whose
    jsonschema imports that optional package to check IRI formats, and it builds a grammar for
    4-5 s of CPU at import. Nothing in the app validates IRIs; jsonschema then simply has no
    ``iri`` format check. Only when it is not imported yet, and only in this process."""
    sys.modules.setdefault("rfc3987_syntax", None)  # type: ignore[arg-type]


def preheated() -> bool:
    """Whether this kernel was started by Voilà for its pre-heated pool."""
    return os.environ.get("VOILA_PREHEAT") == "True"


def warm_up() -> None:
    """Import plotly's widget modules (not more: a figure built here, before the page is
    connected, left the person's first ``FigureWidget`` without its data in the browser)."""
    skip_iri_grammar()
    import plotly.basewidget  # noqa: F401
    import plotly.graph_objects  # noqa: F401
