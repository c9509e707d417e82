"""The browser is untrusted (issue 30): every message a page sends to a widget is checked in
the kernel before it changes anything. One layer for every app, installed when
``gamekit_widgets`` is imported (``install``): it wraps ipywidgets' single entry point for the
messages of a page (``Widget._handle_msg``, replaced), so every widget of every app is covered, those
made later included, without a check in each app.

A message is refused (logged server-side, nothing changed, no exception raised) when:

- it sets a trait that the page's own views never write (``writable``: a dropdown writes its
  ``index``, an input its ``value``, an accordion its ``selected_index``, a plotly figure what
  it drew; never ``min``, ``max``, ``options``, ``disabled``, a label, an HTML panel or the
  board), or it touches a disabled widget;
- a value is out of bounds: an integer beyond ``MAX_INT``, a float not finite, a text longer
  than ``MAX_TEXT``, a file larger than the upload limit, more files than ``MAX_FILES``, a
  container larger than ``MAX_ITEMS`` or deeper than ``MAX_DEPTH``;
- the widget's own trait refuses the value (wrong type, an index out of range);
- it is a custom message (a click) for a widget that takes none, or larger than ``MAX_CUSTOM``.

Whatever a handler then raises is logged, never shown to the page. A page may not create
widgets in the kernel either (``jupyter.widget`` comms opened by a browser are closed).
"""

from __future__ import annotations

import json
import logging
import math
import sys
from typing import Any

import ipywidgets as W
from ipywidgets.widgets.widget import (
    JUPYTER_WIDGETS_ECHO,
    Widget,
    _put_buffers,
    _remove_buffers,
)
from ipywidgets.widgets.widget_selection import _MultipleSelection, _Selection
from ipywidgets.widgets.widget_selectioncontainer import _SelectionContainer
from traitlets import TraitError

from gamekit.core.records import MAX_BYTES

__all__ = ["MAX_CUSTOM", "MAX_INT", "MAX_TEXT", "install", "refusal"]

LOG = logging.getLogger("gamekit.widgets.guard")

MAX_INT = 2**53  # the largest integer a browser's number holds exactly
MAX_TEXT = 10_000  # characters of a text field
MAX_FILES = 1  # files of one upload
MAX_ITEMS = 1_000  # items of a list or dict in a value
MAX_DEPTH = 8  # nesting of a value
MAX_CUSTOM = 4_096  # bytes of a custom message (a click on the board)

#: the traits a page's views write, by widget class (the first class that matches decides)
_WRITABLE: list[tuple[tuple[type, ...], frozenset[str]]] = [
    ((W.HTML, W.HTMLMath, W.Label, W.IntProgress, W.FloatProgress, W.Valid), frozenset()),
    ((W.FileUpload,), frozenset({"value"})),
    ((_Selection, _MultipleSelection), frozenset({"index"})),
    ((_SelectionContainer,), frozenset({"selected_index"})),
    ((W.ValueWidget,), frozenset({"value"})),
]

#: plotly's figure widget (imported only once the flows panel is built): what its view writes,
#: each an object with exactly these keys (its view reports what it drew; the figure needs it)
_PLOTLY: dict[str, frozenset[str]] = {
    "_js2py_traceDeltas": frozenset({"trace_deltas", "trace_edit_id"}),
    "_js2py_layoutDelta": frozenset({"layout_delta", "layout_edit_id"}),
    "_js2py_restyle": frozenset({"style_data", "style_traces", "source_view_id"}),
    "_js2py_relayout": frozenset({"relayout_data", "source_view_id"}),
    "_js2py_update": frozenset({"style_data", "style_traces", "layout_data", "source_view_id"}),
    "_js2py_pointsCallback": frozenset({"event_type", "points", "device_state", "selector"}),
    "_view_count": frozenset(), "_last_layout_edit_id": frozenset(),
    "_last_trace_edit_id": frozenset(),
}


def _plotly(widget: Widget) -> bool:
    module = sys.modules.get("plotly.basewidget")
    return module is not None and isinstance(widget, module.BaseFigureWidget)


def writable(widget: Widget) -> frozenset[str]:
    """The traits of ``widget`` a page may set (none for a widget not listed, e.g. a board)."""
    if _plotly(widget):
        return frozenset(_PLOTLY)
    for classes, names in _WRITABLE:
        if isinstance(widget, classes):
            return names
    return frozenset()


def _plotly_refusal(state: dict) -> str | None:
    """Why a plotly figure's update is refused: each message an object with its own keys."""
    for name, value in state.items():
        keys = _PLOTLY[name]
        if keys and value is not None and (not isinstance(value, dict) or set(value) != keys):
            return f"{name}: not a plotly message"
        if not keys and not isinstance(value, (int, type(None))):
            return f"{name}: not a number"
    return None


def _takes_custom(widget: Widget) -> bool:
    """Whether ``widget`` takes custom messages from its view (a button's click, a board's)."""
    anywidget = sys.modules.get("anywidget")
    return isinstance(widget, W.Button) or (
        anywidget is not None and isinstance(widget, anywidget.AnyWidget))


def _leaf_refusal(item: Any) -> str | None:
    """Why one scalar ``item`` (number, text, bytes) is out of bounds, or ``None``."""
    if isinstance(item, int):
        return "an integer out of range" if abs(item) > MAX_INT else None
    if isinstance(item, float):
        return "a number out of range" if not math.isfinite(item) or abs(item) > MAX_INT \
            else None
    if isinstance(item, str):
        return f"a text of {len(item)} characters" if len(item) > MAX_TEXT else None
    if isinstance(item, (bytes, bytearray, memoryview)):
        return f"{len(item)} bytes" if len(item) > MAX_BYTES else None
    return f"a {type(item).__name__}"


def _bounded(value: Any) -> str | None:
    """Why ``value`` (one trait's value from a page) is out of bounds, or ``None``."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if depth > MAX_DEPTH:
            return f"nested deeper than {MAX_DEPTH}"
        if isinstance(item, bool) or item is None:
            continue
        if not isinstance(item, (list, tuple, dict)):
            why = _leaf_refusal(item)
            if why is not None:
                return why
            continue
        if len(item) > MAX_ITEMS:
            return f"{len(item)} items"
        if isinstance(item, dict):
            if any(not isinstance(k, str) or len(k) > 200 for k in item):
                return "a bad key"
            stack.extend((sub, depth + 1) for sub in item.values())
        else:
            stack.extend((sub, depth + 1) for sub in item)
    return None


def _state_refusal(widget: Widget, state: Any, data: dict, buffers: list) -> str | None:
    """Why an ``update`` of ``widget`` with ``state`` is refused, or ``None``."""
    if not isinstance(state, dict):
        return "no state"
    allowed = writable(widget)
    for name in state:
        if name not in allowed or name not in widget.keys:
            return f"{name!r} is not set by a page"
    if getattr(widget, "disabled", False):
        return "the widget is disabled"
    if _plotly(widget) and _plotly_refusal(state) is not None:
        return _plotly_refusal(state)
    if isinstance(widget, _Selection) and "index" in state and state["index"] is None:
        return "no choice"  # a page's dropdown always has one
    if isinstance(widget, W.FileUpload):
        files = state.get("value")
        if not isinstance(files, (list, tuple)) or len(files) > MAX_FILES:
            return "not one file"
    if buffers:
        paths = data.get("buffer_paths")
        if not isinstance(paths, list) or len(paths) != len(buffers) or len(buffers) > MAX_FILES \
                or any(not isinstance(p, list) or not p or p[0] not in state for p in paths):
            return "malformed buffers"
        try:
            _put_buffers(state, paths, buffers)
        except (KeyError, IndexError, TypeError):
            return "malformed buffers"
    for name, raw in state.items():
        why = _bounded(raw)
        if why is not None:
            return f"{name}: {why}"
        trait = widget.traits()[name]
        try:
            from_json = widget.trait_metadata(name, "from_json", widget._trait_from_json)
            trait._validate(widget, from_json(raw, widget))
        except (TraitError, TypeError, ValueError, KeyError, AttributeError) as exc:
            return f"{name}: {type(exc).__name__}"
    return None


def refusal(widget: Widget, msg: Any) -> str | None:
    """Why the page's message ``msg`` to ``widget`` is refused, or ``None`` if it may be
    handled."""
    try:
        data = msg["content"]["data"]
        buffers = msg.get("buffers") or []
    except (KeyError, TypeError, AttributeError):
        return "malformed message"
    if not isinstance(data, dict) or not isinstance(buffers, (list, tuple)):
        return "malformed message"
    method = data.get("method")
    if method == "request_state":
        return None
    if method == "update":
        return _state_refusal(widget, data.get("state"), data, list(buffers))
    if method == "custom":
        if not _takes_custom(widget) or buffers or not isinstance(data.get("content"), dict):
            return "no custom message expected"
        if getattr(widget, "disabled", False):
            return "the widget is disabled"
        try:
            size = len(json.dumps(data.get("content")))
        except (TypeError, ValueError):
            return "custom message not JSON"
        return f"custom message of {size} bytes" if size > MAX_CUSTOM else None
    return "unknown method"


def _dispatch(widget: Widget, msg: dict) -> None:
    """What ipywidgets does with a page's message (once ``refusal`` let it through), raising
    what a handler raises (ipywidgets' own entry point would send its traceback to the page)."""
    data = msg["content"]["data"]
    if data["method"] == "update":
        widget.set_state(data["state"])  # its buffers are in place (``_state_refusal``)
    elif data["method"] == "request_state":
        widget.send_state()
    else:
        widget._handle_custom_msg(data["content"], msg.get("buffers") or [])


def _restore(widget: Widget, msg: Any) -> None:
    """Put the page's view of a refused update back to the kernel's values: the echo the page
    waits for (until it comes, it ignores the kernel's updates of those traits), then the
    values themselves."""
    try:
        state = msg["content"]["data"]["state"]
        allowed = writable(widget)  # only what the page's own views write (and wait for)
        names = [n for n in state if isinstance(n, str) and n in allowed and n in widget.keys]
    except (KeyError, TypeError, AttributeError):
        return
    if not names:
        return
    try:
        if JUPYTER_WIDGETS_ECHO:
            current, paths, buffers = _remove_buffers(widget.get_state(names))
            widget._send({"method": "echo_update", "state": current, "buffer_paths": paths},
                         buffers=buffers)
        widget.send_state(names)
    except Exception:  # noqa: BLE001  (logged for the server, never sent to the page)
        LOG.exception("gamekit: could not restore %s", type(widget).__name__)


def _handle_msg(self: Widget, msg: Any) -> None:
    """``Widget._handle_msg`` of every widget: refuse (and restore the page's view), or
    handle and log any failure."""
    why = refusal(self, msg)
    if why is not None:
        LOG.warning("gamekit: refused a page's message to %s: %s", type(self).__name__, why)
        _restore(self, msg)
        return
    try:
        _dispatch(self, msg)
    except Exception:  # noqa: BLE001  (logged for the server, never sent to the page)
        LOG.exception("gamekit: a page's message to %s failed", type(self).__name__)


def _refuse_open(comm: Any, _msg: Any) -> None:
    """A page asked to create a widget in the kernel: no page of gamekit does; closed."""
    LOG.warning("gamekit: refused a widget created by a page")
    comm.close()


def _log_to_server() -> None:
    """Refusals and failures go to the process's own stderr (the server's log), never to
    ``sys.stderr``, which a kernel sends to the page."""
    if not LOG.handlers and sys.__stderr__ is not None:
        handler = logging.StreamHandler(sys.__stderr__)
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
        LOG.addHandler(handler)
        LOG.propagate = False


def install() -> None:
    """Check every message of a page to any widget (idempotent)."""
    _log_to_server()
    Widget._handle_msg = _handle_msg  # type: ignore[method-assign]
    from ipywidgets.comm import get_comm_manager

    manager = get_comm_manager()
    if manager is not None:
        manager.register_target("jupyter.widget", _refuse_open)
