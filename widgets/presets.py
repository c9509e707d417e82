"""Per-game settings of the play app (choices the generic option form cannot guess)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .app import App

__all__ = ["PRESETS", "play_app"]


def _wonderful(app: App) -> None:
    """Choosing a solo scenario means one player (and side B, which the engine sets)."""
    scenario = app.option_widgets.get("scenario")
    if scenario is None:
        return

    def changed(change: dict) -> None:
        if change["new"]:
            app.players.value = 1
            app.human.value = 0

    scenario.observe(changed, names="value")


def _wonderful_choices() -> dict[str, list]:
    from gamekit.games.wonderful.data import SCENARIOS

    return {"scenario": [None, *sorted(SCENARIOS)]}


PRESETS: dict[str, dict[str, Any]] = {
    "wonderful": {
        "players": 3,
        "bots": ["heuristic", "random"],
        "choices": _wonderful_choices,
        "link": _wonderful,
    },
}


def play_app(game: str, **kw: Any) -> App:
    """The play app of ``game`` with its presets (keyword arguments override them)."""
    preset = dict(PRESETS.get(game, {}))
    link: Callable[[App], None] | None = preset.pop("link", None)
    choices = preset.pop("choices", None)
    if callable(choices):
        choices = choices()
    if choices is not None:
        kw.setdefault("choices", choices)
    for k, v in preset.items():
        kw.setdefault(k, v)
    app = App(game, **kw)
    if link is not None:
        link(app)
    return app
