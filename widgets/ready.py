"""Readiness of the app in a kernel: ``Shown``, a tiny invisible widget that tells the kernel
when a browser has drawn it, and ``preheated``, which tells a kernel Voilà pre-heats for its pool.

Heavy parts of the app (the plotly ``FigureWidget``, which carries plotly.js to the browser)
are built once the app is on screen, so the decisions and the board are usable first. A
kernel that Voilà pre-heats for its pool (``VOILA_PREHEAT=True`` in its environment, see
``config/voila.py``; ``preheated()``) builds them at once instead, while nobody waits.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable

import anywidget

from gamekit.core.schema import skip_iri_grammar

__all__ = ["Shown", "Painted", "preheated", "skip_iri_grammar", "announce_ready", "READY_LINE"]

#: the line a pre-heated kernel writes to the server's log once its app is built
#: (``{game}``: the game's id); Voilà's "Kernel pool ... is filled" comes earlier, when the
#: kernels have started, before they ran the notebook
READY_LINE = "gamekit: pre-heated play app ready: {game}"


class Shown(anywidget.AnyWidget):
    _esm = """
export default {
  render({ model, el }) {
    el.style.display = "none";
    model.send({ event: "shown" });
    // once attached, the width of the box it sits in (bounded: 10 s at most)
    let tries = 0;
    const measure = () => {
      const box = el.isConnected ? el.parentElement : null;
      const width = box ? box.clientWidth : 0;
      if (width > 0) model.send({ event: "width", width: width });
      else if (tries++ < 100) setTimeout(measure, 100);
    };
    setTimeout(measure, 0);
  }
};
"""

    def __init__(self, callback: Callable[[], None],
                 on_width: Callable[[int], None] | None = None, **kw):
        """``callback()`` once drawn; ``on_width(px)`` once the box it sits in has a width."""
        super().__init__(**kw)
        self._callback = callback
        self._on_width = on_width
        self.fired = False
        self.on_msg(self._message)

    def _message(self, _widget, content, _buffers) -> None:
        if not isinstance(content, dict):
            return
        if content.get("event") == "shown" and not self.fired:
            self.fired = True
            self._callback()
        width = content.get("width")
        if (content.get("event") == "width" and self._on_width is not None
                and isinstance(width, (int, float)) and 0 < width < 100_000):
            self._on_width(int(width))


class Painted(Shown):
    """``Shown``, told only once the page has painted every widget output it had to draw (none
    still "Loading widget...", then two frames; at most 10 s): what it triggers (an analyse
    page's figures) does not hold back the page's first paint."""

    _esm = """
export default {
  render({ model, el }) {
    el.style.display = "none";
    const t0 = Date.now();
    const painted = () => {
      const loading = Array.from(document.querySelectorAll(".jp-OutputArea-output"))
        .some((o) => o.textContent.startsWith("Loading widget"));
      if (loading && Date.now() - t0 < 10000) { setTimeout(painted, 100); return; }
      requestAnimationFrame(() => requestAnimationFrame(() =>
        setTimeout(() => model.send({ event: "shown" }), 0)));
    };
    setTimeout(painted, 0);
  }
};
"""


def preheated() -> bool:
    """Whether this kernel was started by Voilà for its pre-heated pool."""
    return os.environ.get("VOILA_PREHEAT") == "True"


def announce_ready(game: str) -> None:
    """In a pre-heated kernel, tell the server's log that this app is built (``READY_LINE``):
    the pool is ready for people when every kernel of it said so. Elsewhere, nothing."""
    if preheated() and sys.__stderr__ is not None:
        sys.__stderr__.write(READY_LINE.format(game=game) + "\n")
        sys.__stderr__.flush()
