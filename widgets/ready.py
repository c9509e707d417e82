"""``Shown``: a tiny invisible widget that tells the kernel when the browser has drawn it.

Heavy parts of the app (the plotly ``FigureWidget``, which carries plotly.js to the browser)
are built once the app is on screen, so the decisions and the board are usable first."""

from __future__ import annotations

from collections.abc import Callable

import anywidget

__all__ = ["Shown"]


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
