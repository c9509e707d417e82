"""Board renderers, pluggable per game, and the board panel.

A game's board is an HTML string whose root element has the CSS class ``gamekit-board``.
``board_html(state, lang)`` looks the renderer up in this order: one registered with
``register_board(game, fn)``; the one the game handed to ``gamekit.core.register(render=...)``;
a generic table of ``state.to_dict()``. A new game only passes its renderer to ``register``.
"""

from __future__ import annotations

import html as _html
import inspect
from collections.abc import Callable
from typing import Any

import ipywidgets as W

from gamekit.core import GameState, OptionError, get

__all__ = ["BOARDS", "register_board", "board_html", "generic_html", "BoardPanel", "CSS"]

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
.gamekit-generic table { border-collapse: collapse; font-size: 12px; }
.gamekit-generic td, .gamekit-generic th { border: 1px solid #ddd; padding: 2px 6px;
  vertical-align: top; text-align: left; }
.gamekit-scores table { border-collapse: collapse; font-size: 13px; }
.gamekit-scores td, .gamekit-scores th { border-bottom: 1px solid #ddd; padding: 2px 8px;
  text-align: right; }
</style>
"""


def register_board(game: str, fn: BoardFn) -> None:
    """Use ``fn(state, lang="en") -> html`` as the board of ``game``."""
    BOARDS[game] = fn


def _accepts_lang(fn: Callable) -> bool:
    try:
        params = inspect.signature(fn).parameters
    except (TypeError, ValueError):
        return False
    return "lang" in params or any(p.kind is p.VAR_KEYWORD for p in params.values())


def _lookup(game: str) -> BoardFn:
    fn = BOARDS.get(game)
    if fn is not None:
        return fn
    try:
        found = get(game).render
    except OptionError:  # a state class used without registering its game
        found = None
    if found is None:
        return generic_html
    if _accepts_lang(found):
        return found
    return lambda state, lang="en": found(state)


def board_html(state: GameState, lang: str = "en") -> str:
    """The board of ``state`` as HTML (root element with class ``gamekit-board``)."""
    return _lookup(state.game)(state, lang=lang)


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


class BoardPanel(W.HTML):
    """The board of a session's current state (a seat's view when a person plays)."""

    def __init__(self, **kw: Any):
        super().__init__(**kw)
        self.add_class("gamekit-board-panel")
        self.layout = W.Layout(width="100%", overflow="auto")

    def show(self, state: GameState, lang: str = "en", viewer: int | None = None) -> None:
        shown = state if viewer is None else state.view(viewer)
        self.value = board_html(shown, lang)
