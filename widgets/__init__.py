"""ipywidgets front-ends for gamekit, generic through the engine contract.

    >>> from gamekit_widgets import App
    >>> App("wonderful", players=3)          # one seat against bots, in a notebook or Voila

Panels (each usable alone): ``StepControls``, ``DecisionPanel``, ``NarrationPanel``,
``FlowsPanel``, ``BoardPanel``; the model they share is a ``Session`` (state + history).
Board renderers are pluggable per game (``register_board``). Interface text is in the
``ui`` namespace of the message catalog (``gamekit_widgets.i18n``), English and Portuguese.
The browser is untrusted: every message of a page is checked in the kernel (``guard``).
"""

from . import i18n  # noqa: F401  (registers the ui messages)
from .app import App, GameWidget, agent_names
from .board import BoardPanel, board_html, register_board
from .controls import StepControls
from .decision import DecisionPanel, action_label
from .guard import install as _guard_pages
from .narration import NarrationPanel
from .session import Session

_guard_pages()  # every message of a page is checked in the kernel (guard.py)

__all__ = [
    "App", "BoardPanel", "DecisionPanel", "FlowsPanel", "GameWidget", "NarrationPanel",
    "Session", "StepControls", "action_label", "agent_names", "board_html", "register_board",
]


def __getattr__(name: str):
    if name == "FlowsPanel":  # plotly is imported only when the flows panel is used
        from .flows import FlowsPanel

        return FlowsPanel
    raise AttributeError(name)
