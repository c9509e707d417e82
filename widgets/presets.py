"""The play app with the set-up presets each game hands to ``register(presets=...)``:
the form's defaults (players, bots), the values offered for an option (``choices``) and the
settings an option imposes (``fixes``: a solo scenario means one player). Generic: nothing
here names a game.

An option whose kind is a list and that has ``choices`` is chosen seat by seat
(``SeatChoices``: one dropdown per seat, "—" everywhere means the option is not given, e.g.
each player picks a faction in play)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as W

from gamekit.core import CATALOG, get
from gamekit.core.registry import Presets

from .address import follow_address
from .app import App, shows_none
from .decision import seat_name

__all__ = ["SeatChoices", "add_seat_choices", "apply_fixes", "play_app", "relabel_choices"]


class SeatChoices(W.HBox):
    """One dropdown per seat for a list option; ``value`` is the list (``None`` when no seat
    has a choice: the option is left to the game). Follows the form's player count and
    language (``description`` / ``relabel``)."""

    def __init__(self, game: str, values: list, players: int,
                 lang: Callable[[], str] = lambda: "en"):
        self.game, self.values, self.lang_of = game, list(values), lang
        self.lang = lang()
        self.label = W.HTML()
        self.seats: list[W.Dropdown] = []
        super().__init__([self.label], layout=W.Layout(flex_flow="row wrap"))
        self.add_class("gamekit-seat-choices")
        self.resize(players)

    def _options(self) -> list[tuple[str, Any]]:
        return [("—", None)] + [(CATALOG.name(self.game, v, self.lang), v) for v in self.values]

    def resize(self, players: int) -> None:
        """One dropdown per seat of ``players`` (the choices made so far are kept; the
        dropdowns of seats gone are closed: a page changing the player count again and again
        leaves no widgets behind)."""
        for gone in self.seats[players:]:
            for part in (gone.layout, gone.style, gone):
                part.close()
        self.seats = self.seats[:players] + [
            shows_none(W.Dropdown(options=self._options(), layout=W.Layout(width="180px"),
                                  value=None))
            for _s in range(len(self.seats), players)]
        self.relabel(self.lang)

    def relabel(self, lang: str) -> None:
        self.lang = lang
        for s, d in enumerate(self.seats):
            value = d.value
            d.options = self._options()
            d.value = value
            d.description = seat_name(self.game, s, lang)
        self.children = [self.label, *self.seats]

    @property
    def help_target(self) -> W.HTML:
        """The widget that shows the option's help on hover (the row's label: a box's own
        ``tooltip`` breaks ipywidgets' view, which reads a ``description`` boxes lack)."""
        return self.label

    @property
    def description(self) -> str:
        return self.label.value

    @description.setter
    def description(self, text: str) -> None:
        self.label.value = f"<b>{text}</b>"
        self.relabel(self.lang_of())

    @property
    def value(self) -> list | None:
        chosen = [d.value for d in self.seats]
        return None if all(v is None for v in chosen) else chosen

    @value.setter
    def value(self, values: list | None) -> None:
        for s, d in enumerate(self.seats):
            d.value = values[s] if values and s < len(values) else None


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


def add_seat_choices(app: App, per_seat: dict[str, list]) -> None:
    """Put a ``SeatChoices`` row in the form for each list option of ``per_seat``."""
    for name, values in per_seat.items():
        widget = SeatChoices(app.game, values, app.players.value, lambda: app.lang)
        app.option_widgets[name] = widget  # the app's language switch relabels it
        app.players.observe(lambda c, w=widget: w.resize(c["new"]), names="value")
        key = "option." + name
        widget.description = CATALOG.text(app.game, key, app.lang) \
            if CATALOG.has(app.game, key) else name
        app.form.children = [*app.form.children[:-1], widget, app.form.children[-1]]


def relabel_choices(app: App, names: list[str], lang: str) -> None:
    """Name the offered values of the dropdown options ``names`` in ``lang`` (the form's
    language switch: no value shown in the other language, or as a raw id)."""
    for name in names:
        widget = app.option_widgets.get(name)
        if isinstance(widget, W.Dropdown):
            value = widget.value
            widget.options = [(CATALOG.name(app.game, v, lang) if v is not None else "—", v)
                              for _label, v in widget.options]
            widget.value = value


def play_app(game: str, **kw: Any) -> App:
    """The play app of ``game`` with its presets (keyword arguments override them)."""
    info = get(game)
    presets = info.presets
    if presets.players is not None:
        kw.setdefault("players", presets.players)
    if presets.bots:
        kw.setdefault("bots", list(presets.bots))
    choices = {**presets.option_choices(), **kw.pop("choices", {})}
    spec = info.state.options_spec
    per_seat = {n: v for n, v in choices.items() if n in spec and spec[n].kind is list}
    flat = {n: v for n, v in choices.items() if n not in per_seat}
    if flat:
        kw["choices"] = flat
    app = App(game, **kw)
    add_seat_choices(app, per_seat)
    relabel_choices(app, list(flat), app.lang)
    app.view.language.observe(lambda c: relabel_choices(app, list(flat), c["new"]),
                              names="value")
    apply_fixes(app, presets)
    follow_address(app)  # the page's address may set the game up (e.g. a lesson's hand-over)
    return app
