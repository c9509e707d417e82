"""The play app with the set-up presets each game hands to ``register(presets=...)``:
the form's defaults (players, bots), the values offered for an option (``choices``) and the
settings an option imposes (``fixes``: a solo scenario means one player). Generic: nothing
here names a game."""

from __future__ import annotations

from typing import Any

from gamekit.core import get
from gamekit.core.registry import Presets

from .app import App

__all__ = ["apply_fixes", "play_app"]


def _form_widget(app: App, name: str) -> Any:
    """The form's widget for ``name``: an option, or ``players`` / ``human`` / ``bot`` /
    ``seed``."""
    if name in app.option_widgets:
        return app.option_widgets[name]
    if name in ("players", "human", "bot", "seed"):
        return getattr(app, name)
    raise KeyError(f"{app.game} presets: the form has no setting {name!r}")


def apply_fixes(app: App, presets: Presets) -> None:
    """Link the form: when an option of ``presets.fixes`` gets a truthy value, set the
    settings it imposes (e.g. ``{"scenario": {"players": 1}}``)."""
    for option, settings in presets.fixes.items():
        widget = app.option_widgets.get(option)
        if widget is None:
            continue
        targets = {name: _form_widget(app, name) for name in settings}

        def changed(change: dict, settings=settings, targets=targets) -> None:
            if change["new"]:
                for name, value in settings.items():
                    targets[name].value = value

        widget.observe(changed, names="value")


def play_app(game: str, **kw: Any) -> App:
    """The play app of ``game`` with its presets (keyword arguments override them)."""
    presets = get(game).presets
    if presets.players is not None:
        kw.setdefault("players", presets.players)
    if presets.bots:
        kw.setdefault("bots", list(presets.bots))
    choices = presets.option_choices()
    if choices:
        kw.setdefault("choices", choices)
    app = App(game, **kw)
    apply_fixes(app, presets)
    return app
