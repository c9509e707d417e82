"""The what-if panel of the play app (it replaces the bulk "Suggest"): the person's options
in the current decision, each played out many times from what that seat can see (no peeking:
``gamekit.analysis.what_if`` works on the seat's view), ranked with 95 % intervals. A row's
button plays that one option, only while the position is still the one evaluated."""

from __future__ import annotations

import html as _html
from typing import Any

import ipywidgets as W

from gamekit.analysis import text, what_if
from gamekit.analysis.whatif import DEFAULT_ROLLOUTS

from .decision import action_label, seat_name
from .session import Session

__all__ = ["WhatIfPanel"]


def _pct(x: float) -> str:
    return f"{100 * x:.0f} %"


def _signed(x: float) -> str:
    return f"{x:+.1f}".replace("-", "−")


class WhatIfPanel(W.VBox):
    """Evaluate the acting seat's options (CSS class ``gamekit-whatif``)."""

    def __init__(self, session: Session, lang: str = "en", rollouts: int = DEFAULT_ROLLOUTS,
                 **kw: Any):
        self.session = session
        self.lang = lang
        self.title = W.HTML()
        self.evaluate_button = W.Button(icon="question-circle", button_style="info")
        self.evaluate_button.add_class("gamekit-whatif-evaluate")
        self.evaluate_button.on_click(lambda _b: self.evaluate())
        self.rollouts = W.BoundedIntText(value=rollouts, min=1, max=400,
                                         layout=W.Layout(width="190px"),
                                         style={"description_width": "initial"})
        self.bar = W.IntProgress(min=0, max=1, value=0, layout=W.Layout(width="100%",
                                                                         display="none"))
        self.message = W.HTML()
        self.rows = W.VBox()
        self.note = W.HTML()
        self.table = None
        self._evaluated: tuple[int, int, int] | None = None
        super().__init__([self.title, W.HBox([self.evaluate_button, self.rollouts]), self.bar,
                          self.message, self.rows, self.note], **kw)
        self.add_class("gamekit-whatif")
        self.set_lang(lang)

    # ------------------------------------------------------------------ text
    def set_lang(self, lang: str) -> None:
        self.lang = lang
        self.title.value = f"<b>{_html.escape(text('whatif.title', lang))}</b>"
        self.evaluate_button.description = text("whatif.evaluate", lang)
        self.evaluate_button.tooltip = text("whatif.tip", lang)
        self.rollouts.description = text("whatif.rollouts", lang)
        if self.table is not None and self._current():
            self._show(self.table)

    # ------------------------------------------------------------------ state
    def _key(self) -> tuple[int, int, int]:
        s = self.session
        return id(s), s.index, s.jumps

    def _current(self) -> bool:
        return self._evaluated == self._key()

    def refresh(self) -> None:
        """After any change of the game: a table of another position is taken down."""
        seat = self.session.acting_seat()
        self.evaluate_button.disabled = seat is None
        if self.table is not None and not self._current():
            self.clear()

    def clear(self) -> None:
        self.table = None
        self._evaluated = None
        self.rows.children = ()
        self.note.value = ""
        self.message.value = ""

    # ------------------------------------------------------------------ work
    def _progress(self, done: int, total: int) -> None:
        self.bar.max = max(1, total)
        self.bar.value = done
        self.message.value = _html.escape(text("whatif.working", self.lang, done=done,
                                               total=total))

    def evaluate(self):
        """Rank the acting seat's options; the table (a DataFrame) or ``None``."""
        s = self.session
        seat = s.acting_seat()
        self.clear()
        if seat is None:
            self.message.value = _html.escape(text("whatif.nothing", self.lang))
            return None
        self.bar.layout.display = "flex"
        try:
            table = what_if(s.state, seat, rollouts=self.rollouts.value,
                            seed=s.seed * 1009 + s.index, progress=self._progress)
        finally:
            self.bar.layout.display = "none"
        self.table = table
        self._evaluated = self._key()
        self._show(table)
        return table

    def _show(self, table) -> None:
        lang, game = self.lang, self.session.game
        state, seat = self.session.state, self.session.acting_seat()
        # the decision names what the labels need of the state (a building, a card's ≈)
        decision = state.decision(seat) if seat is not None else None
        rows = []
        for i, r in table.iterrows():
            button = W.Button(description=action_label(game, r["option"], lang, decision),
                              tooltip=text("whatif.play", lang),
                              layout=W.Layout(width="auto", margin="2px"))
            button.add_class("gamekit-whatif-play")
            button._gk_row = i
            button.on_click(lambda b: self.play(b._gk_row))
            stats = (f"{_pct(r['win_rate'])} ({_pct(r['win_low'])}–{_pct(r['win_high'])}) · "
                     f"{_signed(r['margin'])} ({_signed(r['margin_low'])} … "
                     f"{_signed(r['margin_high'])})")
            rows.append(W.HBox([W.HTML(f"<b>{int(r['rank'])}.</b>"), button,
                                W.HTML(_html.escape(stats))],
                               layout=W.Layout(align_items="center")))
        self.rows.children = rows
        who = seat_name(game, table.attrs["seat"], lang)
        notes = [text("whatif.for", lang, who=who),
                 text("whatif.note", lang, rollouts=table.attrs["rollouts"],
                      depth=table.attrs["depth"])]
        if table.attrs["skipped"]:
            notes.append(text("whatif.skipped", lang, n=table.attrs["skipped"]))
        self.message.value = ""
        self.note.value = "<br>".join(f"<small>{_html.escape(n)}</small>" for n in notes)

    def play(self, row: int) -> bool:
        """Play the option of ``row`` (one action), if the position is still the evaluated
        one; else say it changed and play nothing."""
        if self.table is None or not self._current():
            self.clear()
            self.message.value = _html.escape(text("whatif.stale", self.lang))
            return False
        action = self.table["option"].iloc[row]
        self.clear()
        return self.session.apply(action)
