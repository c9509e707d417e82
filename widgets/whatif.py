"""The what-if panel of the play app: the person's options in the current decision, each played
to the end of the game many times from what that seat can see (no peeking:
``gamekit.analysis.what_if`` races them on the seat's view) until one is clearly best or the
thinking time runs out; the answer in words ("… wins 46 % (40–52 %) against 31 % …" or "Close
call …"), then the table with 95 % intervals. A row's button plays that one option, only while
the position is still the one evaluated. "Play on from here" forks the game at this point
against the bots (the game and its record stay as they were; "Back to the game" returns)."""

from __future__ import annotations

import html as _html
from collections.abc import Callable
from typing import Any

import ipywidgets as W

from gamekit.analysis import text, what_if
from gamekit.analysis.whatif import DEFAULT_SECONDS
from gamekit.analysis.whatif_words import method_note, verdict

from .decision import action_label, seat_name
from .session import Session

__all__ = ["WhatIfPanel"]


def _pct(x: float) -> str:
    return f"{100 * x:.0f} %"


def _signed(x: float) -> str:
    return f"{x:+.1f}".replace("-", "−")


class WhatIfPanel(W.VBox):
    """Evaluate the acting seat's options (CSS class ``gamekit-whatif``). ``on_fork(session)``
    (set by the app) shows another session: a fork to play on, or the game again."""

    def __init__(self, session: Session, lang: str = "en", seconds: float = DEFAULT_SECONDS,
                 **kw: Any):
        self.session = session
        self.lang = lang
        self.on_fork: Callable[[Session], None] | None = None
        #: the game a fork was made from (``None`` while showing the game itself)
        self.original: Session | None = None
        self.title = W.HTML()
        # buttons as wide as their words (ipywidgets' fixed 148 px cut "Evaluate my opti…")
        self.evaluate_button = W.Button(icon="question-circle", button_style="info",
                                        layout=W.Layout(width="auto", max_width="100%"))
        self.evaluate_button.add_class("gamekit-whatif-evaluate")
        self.evaluate_button.on_click(lambda _b: self.evaluate())
        self.seconds = W.BoundedFloatText(value=seconds, min=0.5, max=60, step=0.5,
                                          layout=W.Layout(width="190px"),
                                          style={"description_width": "initial"})
        self.fork_button = W.Button(icon="code-fork",
                                    layout=W.Layout(width="auto", max_width="100%"))
        self.fork_button.add_class("gamekit-whatif-fork")
        self.fork_button.on_click(lambda _b: self.fork())
        self.bar = W.FloatProgress(min=0, max=1, value=0, layout=W.Layout(width="100%",
                                                                           display="none"))
        self.message = W.HTML()
        self.answer = W.HTML()
        self.answer.add_class("gamekit-whatif-answer")
        self.rows = W.VBox()
        self.note = W.HTML()
        self.table = None
        self._evaluated: tuple[int, int, int] | None = None
        super().__init__([self.title, W.HBox([self.evaluate_button, self.seconds],
                                             layout=W.Layout(flex_flow="row wrap")),
                          self.fork_button, self.bar, self.message, self.answer, self.rows,
                          self.note], **kw)
        self.add_class("gamekit-whatif")
        self.set_lang(lang)

    # ------------------------------------------------------------------ text
    def set_lang(self, lang: str) -> None:
        self.lang = lang
        self.title.value = f"<b>{_html.escape(text('whatif.title', lang))}</b>"
        self.evaluate_button.description = text("whatif.evaluate", lang)
        self.evaluate_button.tooltip = text("whatif.tip", lang)
        self.seconds.description = text("whatif.thinking", lang)
        self.seconds.tooltip = text("whatif.seconds", lang)
        back = self.original is not None
        self.fork_button.description = text("whatif.back" if back else "whatif.fork", lang)
        self.fork_button.tooltip = text("whatif.back_tip" if back else "whatif.fork_tip", lang)
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
        self.fork_button.disabled = self.original is None and self.session.over()
        if self.table is not None and not self._current():
            self.clear()

    def clear(self) -> None:
        self.table = None
        self._evaluated = None
        self.rows.children = ()
        self.note.value = ""
        self.message.value = ""
        self.answer.value = ""

    # ------------------------------------------------------------------ work
    def _progress(self, fraction: float, rollouts: int, racing: int) -> None:
        self.bar.value = fraction
        self.message.value = _html.escape(text("whatif.working", self.lang, n=rollouts,
                                               racing=racing))

    def evaluate(self):
        """Race the acting seat's options; the table (a DataFrame) or ``None``."""
        s = self.session
        seat = s.acting_seat()
        self.clear()
        if seat is None:
            self.message.value = _html.escape(text("whatif.nothing", self.lang))
            return None
        self.bar.layout.display = "flex"
        try:
            table = what_if(s.state, seat, seconds=float(self.seconds.value),
                            seed=s.seed * 1009 + s.index, progress=self._progress)
        finally:
            self.bar.layout.display = "none"
        self.table = table
        self._evaluated = self._key()
        self._show(table)
        return table

    def _label(self, action: Any) -> str:
        state, seat = self.session.state, self.session.acting_seat()
        # the decision names what the labels need of the state (a building, a card's ≈)
        decision = state.decision(seat) if seat is not None else None
        return action_label(self.session.game, action, self.lang, decision)

    def _show(self, table) -> None:
        lang, game = self.lang, self.session.game
        rows = []
        for i, r in table.iterrows():
            button = W.Button(description=self._label(r["option"]),
                              tooltip=text("whatif.play", lang),
                              layout=W.Layout(width="auto", margin="2px"))
            button.add_class("gamekit-whatif-play")
            button._gk_row = i
            button.on_click(lambda b: self.play(b._gk_row))
            # a close call ranks nothing among the options still in the race
            close = r["in_race"] and table.attrs["verdict"] == "close"
            stats = "—"
            if r["rollouts"]:
                stats = (f"{_pct(r['win_rate'])} ({_pct(r['win_low'])}–{_pct(r['win_high'])}) · "
                         f"{_signed(r['margin'])}")
                if r["rollouts"] > 1:
                    stats += f" ({_signed(r['margin_low'])} … {_signed(r['margin_high'])})"
            if close:
                stats += f" · {text('whatif.in_race', lang)}"
            place = "≈" if close else f"{int(r['rank'])}."
            rows.append(W.HBox([W.HTML(f"<b>{place}</b>"), button,
                                W.HTML(_html.escape(stats))],
                               layout=W.Layout(align_items="center")))
        self.rows.children = rows
        self.answer.value = f"<b>{_html.escape(verdict(table, lang, self._label))}</b>"
        who = seat_name(game, table.attrs["seat"], lang)
        notes = [text("whatif.for", lang, who=who), method_note(table, lang),
                 text("whatif.note", lang)]
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

    # ------------------------------------------------------------------ fork
    def fork(self) -> Session:
        """"Play on from here": a new session from the current point (a copy), the person at
        the acting seat (else at the game's person), the bots at the others; or, in a fork,
        back to the game it was made from. Shown through ``on_fork``."""
        if self.original is not None:
            target, self.original = self.original, None
        else:
            s = self.session
            seat = s.acting_seat()
            human = seat if seat is not None else (s.human if s.human is not None else 0)
            target = Session(s.state_at(s.index), human=human, seed=s.seed * 31 + s.index + 1)
            target.autoplay = True
            self.original = s
        self.clear()
        if self.on_fork is not None:
            self.on_fork(target)
        else:
            self.session = target
        if target.human is not None and target.acting_seat() is None and not target.over():
            target.bots_until_human()
        self.set_lang(self.lang)
        self.refresh()
        return target
