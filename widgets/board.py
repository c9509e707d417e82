"""Board renderers, pluggable per game, and the clickable board panel.

A game's board is an HTML string whose root element has the CSS class ``gamekit-board``.
``board_html(state, lang, actions)`` looks the renderer up in this order: one registered with
``register_board(game, fn)``; the one the game handed to ``gamekit.core.register(render=...)``;
a generic table of ``state.to_dict()``. A new game only passes its renderer to ``register``.

Clickable boards (``gamekit.kit.targets``): a renderer that accepts ``actions`` gets the legal
actions of the decision the person faces and marks the element standing for each with
``data-action="<str(action)>"``. ``BoardPanel`` (an anywidget) highlights those elements,
makes them keyboard-focusable and sends a click back to the kernel, where ``on_action``
callbacks apply it through the same path as the decision buttons.
"""

from __future__ import annotations

import html as _html
import inspect
from collections.abc import Callable
from typing import Any

import anywidget
import traitlets

from gamekit.core import Action, GameState, OptionError, get

__all__ = ["BOARDS", "board_share", "register_board", "board_html", "generic_html", "BoardPanel", "CSS"]

BoardFn = Callable[..., str]

BOARDS: dict[str, BoardFn] = {}

CSS = """
<style>
.gamekit-app { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; }
.gamekit-app .gamekit-status { font-weight: 600; }
.gamekit-narration { max-height: 260px; overflow-y: auto; font-size: 13px; }
.gamekit-narration li { margin: 2px 0; }
.gamekit-narration .gk-rule { color: #777; font-size: 11px; margin-left: 4px; }
.gamekit-narration .gk-latest { font-weight: 600; }
.gamekit-error { color: #b00020; }
.gamekit-decision { min-width: 60px; }
.gamekit-app button:disabled, .gamekit-app .jupyter-button:disabled {
  background: #eeeeee !important; color: #9a9a9a !important; cursor: default !important;
  box-shadow: none !important; opacity: 1; }
.gamekit-generic table { border-collapse: collapse; font-size: 12px; }
.gamekit-generic td, .gamekit-generic th { border: 1px solid #ddd; padding: 2px 6px;
  vertical-align: top; text-align: left; }
.gamekit-scores table { border-collapse: collapse; font-size: 13px; }
.gamekit-scores td, .gamekit-scores th { border-bottom: 1px solid #ddd; padding: 2px 8px;
  text-align: right; }
</style>
"""


def board_share(game: str) -> int:
    """The share of the app's width (percent) the board of ``game`` takes, the decision
    column the rest: 60, or what its renderer declares as ``fn.board_share`` (a board holding
    the map and a player's board side by side wants more)."""
    share = getattr(_lookup(game)[0], "board_share", 60)
    return share if isinstance(share, int) and 40 <= share <= 80 else 60


def register_board(game: str, fn: BoardFn) -> None:
    """Use ``fn(state, lang="en") -> html`` as the board of ``game``."""
    BOARDS[game] = fn


def _accepts_lang(fn: Callable) -> bool:
    try:
        params = inspect.signature(fn).parameters
    except (TypeError, ValueError):
        return False
    return "lang" in params or any(p.kind is p.VAR_KEYWORD for p in params.values())


def _accepts_actions(fn: Callable) -> bool:
    try:
        return "actions" in inspect.signature(fn).parameters
    except (TypeError, ValueError):
        return False


def _lookup(game: str) -> tuple[BoardFn, bool]:
    """The renderer of ``game`` and whether it takes ``actions``."""
    fn = BOARDS.get(game)
    if fn is None:
        try:
            fn = get(game).render
        except OptionError:  # a state class used without registering its game
            fn = None
    if fn is None:
        return generic_html, False
    if not _accepts_lang(fn):
        plain = fn
        return (lambda state, lang="en": plain(state)), False
    return fn, _accepts_actions(fn)


def board_html(state: GameState, lang: str = "en",
               actions: tuple[Action, ...] | list[Action] | None = None) -> str:
    """The board of ``state`` as HTML (root element with class ``gamekit-board``);
    ``actions``: the legal actions the renderer marks as clickable (``data-action``)."""
    fn, takes_actions = _lookup(state.game)
    if takes_actions and actions is not None:
        return fn(state, lang=lang, actions=tuple(actions))
    return fn(state, lang=lang)


def _cell(value: Any, depth: int = 0) -> str:
    if isinstance(value, dict):
        if not value:
            return "—"
        rows = "".join(
            f"<tr><th>{_html.escape(str(k))}</th><td>{_cell(v, depth + 1)}</td></tr>"
            for k, v in value.items()
        )
        return f"<table>{rows}</table>"
    if isinstance(value, (list, tuple)):
        if not value:
            return "—"
        if all(not isinstance(v, (dict, list, tuple)) for v in value):
            return _html.escape(", ".join(str(v) for v in value))
        rows = "".join(f"<tr><th>{i}</th><td>{_cell(v, depth + 1)}</td></tr>"
                       for i, v in enumerate(value))
        return f"<table>{rows}</table>"
    return _html.escape(str(value))


def generic_html(state: GameState, lang: str = "en") -> str:
    """Any game: its ``to_dict()`` as nested tables (until the game has its own renderer)."""
    try:
        data = state.to_dict()
    except NotImplementedError:
        data = {"state": repr(state)}
    return f"<div class='gamekit-board gamekit-generic'>{_cell(data)}</div>"


_ESM = """
function mark(el, model) {
  // a folding section (details[data-key]) the person opened or closed stays so across
  // redraws; the others open as drawn (data-open="1": the decision's pieces lie in it)
  const chosen = new Map();
  for (const d of el.querySelectorAll("details[data-key]")) {
    if (d.open !== (d.dataset.open === "1")) chosen.set(d.dataset.key, d.open);
  }
  el.innerHTML = model.get("value");
  for (const d of el.querySelectorAll("details[data-key]")) {
    if (chosen.has(d.dataset.key)) d.open = chosen.get(d.dataset.key);
  }
  for (const t of el.querySelectorAll("[data-action]")) {
    if (!t.hasAttribute("tabindex")) t.setAttribute("tabindex", "0");
    t.setAttribute("role", "button");
  }
}
export default {
  render({ model, el }) {
    el.classList.add("gamekit-board-panel");
    mark(el, model);
    model.on("change:value", () => mark(el, model));
    const send = (e) => {
      const t = e.target.closest("[data-action]");
      if (!t || !el.contains(t)) return;
      e.preventDefault();
      t.classList.add("gamekit-pending");
      setTimeout(() => t.classList.remove("gamekit-pending"), 1500);
      model.send({ event: "act", action: t.getAttribute("data-action") });
    };
    el.addEventListener("click", send);
    el.addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === " ") send(e);
    });
  }
};
"""

_CSS = """
.gamekit-board-panel { width: 100%; overflow: auto; }
.gamekit-board-panel [data-action] { cursor: pointer; outline: 3px solid #ffb300;
  outline-offset: 1px; box-shadow: 0 0 6px 2px #ffb30099; }
.gamekit-board-panel [data-action]:hover, .gamekit-board-panel [data-action]:focus {
  outline-color: #e65100; background-color: #fff3c4; }
.gamekit-board-panel svg [data-action] { outline: none; box-shadow: none; }
.gamekit-board-panel svg [data-action] > polygon:first-of-type { stroke: #ffe066;
  stroke-width: 3px; }
.gamekit-board-panel svg [data-action]:hover > polygon:first-of-type,
.gamekit-board-panel svg [data-action]:focus > polygon:first-of-type { stroke: #ff6d00;
  fill: #3a3f66; }
.gamekit-board-panel svg g[data-action]:not(.gamekit-target) > :is(rect, circle):first-of-type {
  stroke: #ffb300; stroke-width: 3px; }
.gamekit-board-panel svg g[data-action]:not(.gamekit-target):hover > :is(rect, circle):first-of-type
  { stroke: #e65100; fill: #fff3c4; }
.gamekit-board-panel .gamekit-pending { opacity: 0.6; }
.gamekit-board-panel .gamekit-board:has(details.gaia-names[open]) .gaia-hexname {
  display: inline; }
.gamekit-chips { display: flex; flex-wrap: wrap; gap: 3px; margin-top: 2px; }
.gamekit-chip { font-size: 11px; padding: 1px 6px; border: 1px solid #b58900;
  border-radius: 9px; background: #fff8dc; cursor: pointer; }
"""


class BoardPanel(anywidget.AnyWidget):
    """The board of a session's current state (a seat's view when a person plays), with the
    elements of the legal actions clickable. ``on_action`` holds callbacks ``fn(text)`` called
    with the ``data-action`` text of a clicked element (nothing is applied here)."""

    _esm = _ESM
    _css = _CSS
    value = traitlets.Unicode("").tag(sync=True)

    def __init__(self, **kw: Any):
        super().__init__(**kw)
        self.on_action: list[Callable[[str], None]] = []
        self.on_msg(self._message)

    def show(self, state: GameState, lang: str = "en", viewer: int | None = None,
             actions: tuple[Action, ...] | list[Action] | None = None,
             shown: GameState | None = None) -> None:
        """Draw ``state`` as ``viewer`` sees it (``shown``: that view, if already made)."""
        if shown is None:
            shown = state if viewer is None else state.view(viewer)
        html = board_html(shown, lang, actions)
        if html != self.value:
            self.value = html

    def click(self, text: str) -> None:
        """What a click on the element ``data-action=text`` does (for scripts and tests)."""
        for fn in list(self.on_action):
            fn(text)

    def _message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and content.get("event") == "act":
            text = content.get("action")
            if isinstance(text, str) and len(text) <= 1000:
                self.click(text)
