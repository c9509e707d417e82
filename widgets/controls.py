"""Step controls: back / next decision / next phase / next round, play the bots until the
person's turn, and a timeline slider that travels to any earlier point of the game."""

from __future__ import annotations

from typing import Any

import ipywidgets as W

from gamekit.core import CATALOG

from .i18n import ui
from .session import Session

__all__ = ["StepControls", "where_text"]


def _plain(text: str) -> str:
    return "".join(ch for ch in text.casefold() if ch.isalnum())


def where_text(session: Session, index: int | None = None, lang: str = "en") -> str:
    """``Round 2 · planning`` (localized) for a point of the session."""
    rnd, phase = session.where(index)
    state_over = index is None and session.over()
    if state_over:
        return ui("over", lang)
    head = ui("setup", lang) if rnd <= 0 else CATALOG.text(session.game, "round", lang, n=rnd)
    name = CATALOG.name(session.game, phase, lang)
    if _plain(name) == _plain(head):  # the set-up's own phase: "Preparação" once
        return head
    return f"{head} · {name}"


class StepControls(W.VBox):
    def __init__(self, session: Session, lang: str = "en", **kw: Any):
        self.session = session
        self.lang = lang
        lay = W.Layout(width="auto")
        self.back_button = W.Button(layout=lay, icon="step-backward")
        self.next_button = W.Button(layout=lay, button_style="primary", icon="step-forward")
        self.phase_button = W.Button(layout=lay, icon="forward")
        self.round_button = W.Button(layout=lay, icon="fast-forward")
        self.bots_button = W.Button(layout=lay, button_style="info", icon="users")
        self.end_button = W.Button(layout=lay, icon="flag-checkered")
        for b, cls in (
            (self.back_button, "gamekit-back"), (self.next_button, "gamekit-next"),
            (self.phase_button, "gamekit-next-phase"), (self.round_button, "gamekit-next-round"),
            (self.bots_button, "gamekit-bots"), (self.end_button, "gamekit-to-end"),
        ):
            b.add_class(cls)
        self.back_button.on_click(lambda _b: self.session.back())
        self.next_button.on_click(lambda _b: self.session.step())
        self.phase_button.on_click(lambda _b: self.session.next_phase())
        self.round_button.on_click(lambda _b: self.session.next_round())
        self.bots_button.on_click(lambda _b: self.session.bots_until_human())
        self.end_button.on_click(lambda _b: self.session.to_end())
        self.slider = W.IntSlider(min=0, max=max(1, session.length), value=session.index,
                                  continuous_update=False, readout=False,
                                  layout=W.Layout(width="60%"))
        self.slider.add_class("gamekit-timeline")
        self.position = W.HTML()
        self._syncing = False
        self.slider.observe(self._slid, names="value")
        buttons = [self.back_button, self.next_button, self.phase_button, self.round_button]
        if session.human is not None:
            buttons.append(self.bots_button)
        else:
            buttons.append(self.end_button)
        self.row = W.HBox(buttons, layout=W.Layout(flex_flow="row wrap"))
        super().__init__([self.row, W.HBox([self.slider, self.position])], **kw)
        self.add_class("gamekit-controls")
        self.set_lang(lang)

    def _slid(self, change: dict) -> None:
        if self._syncing:
            return
        self.session.goto(change["new"])

    def set_lang(self, lang: str) -> None:
        self.lang = lang
        self.back_button.description = ui("back", lang)
        self.back_button.tooltip = ui("back_tip", lang)
        self.next_button.description = ui("next", lang)
        self.next_button.tooltip = ui("next_tip", lang)
        self.phase_button.description = ui("next_phase", lang)
        self.round_button.description = ui("next_round", lang)
        self.bots_button.description = ui("bots", lang)
        self.end_button.description = ui("to_end", lang)
        self.slider.description = ""
        self.refresh()

    def refresh(self) -> None:
        s = self.session
        self._syncing = True
        try:
            with self.slider.hold_sync():
                self.slider.max = max(1, s.length)
                self.slider.value = s.index
        finally:
            self._syncing = False
        over = s.over()
        human_wait = s.waiting_for_human()
        future = s.index < s.length
        self.back_button.disabled = s.index == 0
        blocked = over or (human_wait and not future)
        self.next_button.disabled = blocked
        self.phase_button.disabled = blocked
        self.round_button.disabled = blocked
        self.end_button.disabled = blocked
        self.bots_button.disabled = over or human_wait
        self.position.value = ui("position", self.lang, i=s.index, n=s.length,
                                 where=where_text(s, None, self.lang))
