"""The guided first game (issue 28, "The learner plays"): one widget for every game's lesson.

The learner decides every decision of their own seat, against the heuristic bots, in the
rulebook's first-game set-up (the lesson content's ``GUIDED``). A coach (the same heuristic) suggests
a move at each decision, and the hints fade: the first ``show`` decisions get the suggestion
with why (the decision's rulebook section, and the lesson's own reason for that kind of
decision, prose key ``guided_why.<kind>``), then up to ``ask`` only on request ("Hint"), then
none. After each choice that differs from the suggestion, both are played out ``playouts``
times from the learner's view with the same draws (``forks.compare``): when the suggestion is
clearly better the feedback says by how much, cites the rule and offers "Take back"
(``Session.back``); otherwise it says the two are close. At the end: the scores and a link to
the play app with the same set-up.

``Guided`` holds no engine internals: the session's public API, ``state.decision``,
``state.view`` and the agents by name. ``choose``, ``hint``, ``take_back`` and ``progress``
are what the buttons call (and what tests and scripts call).
"""

from __future__ import annotations

import html as _html
import re
from dataclasses import dataclass
from typing import Any

import ipywidgets as W

from gamekit.core import CATALOG, Action, Decision, get, make_agent, new

from .. import address
from ..board import board_html
from ..decision import action_label
from ..i18n import ui
from ..session import Session
from . import forks
from .guided_tables import Setup

__all__ = ["Guided", "Verdict", "GOOD", "CLOSE", "WEAK"]

GOOD, CLOSE, WEAK = "good", "close", "weak"
_TAGS = re.compile(r"<[^>]+>")


@dataclass(frozen=True)
class Verdict:
    """How a choice of the learner compares with the suggestion at that decision."""

    kind: str  # GOOD (the suggestion itself), CLOSE or WEAK (the suggestion clearly better)
    action: Action
    best: Action
    decision: Decision
    #: the suggestion's mean VP margin less the choice's, over ``playouts`` paired playouts
    gap: float = 0.0
    playouts: int = 0


class Guided:
    """The guided game of ``lesson`` (a ``Lesson``; its language and prose are used)."""

    def __init__(self, lesson: Any, setup: Setup | None = None):
        self.lesson = lesson
        self.game = lesson.game
        self.setup = setup or lesson.content.GUIDED
        sp = self.setup
        self.options = dict(sp.options(get(self.game).lesson))
        state = new(self.game, players=sp.players, seed=sp.seed, **self.options)
        bots = {s: "heuristic" for s in range(sp.players) if s != sp.seat}
        self.seat = sp.seat
        self.session = Session(state, agents=bots, human=sp.seat, seed=sp.seed)
        self.session.autoplay = True
        self.session.bots_until_human()
        self._forced()
        self.coach = make_agent(self.game, "heuristic", sp.seed)
        self.verdict: Verdict | None = None
        self.hinted = False  # the learner asked for the hint of this decision
        self.verdicts: list[Verdict] = []  # every choice judged, taken back or not
        self._suggested: dict[int, Action] = {}
        #: the history index of each real decision the learner made (what "Take back" undoes)
        self._points: list[int] = []
        self.box = W.VBox(layout=W.Layout(border="2px solid #4a7", padding="8px",
                                          margin="8px 0"))
        self.box.add_class("gamekit-guided")

    # ------------------------------------------------------------------ the game
    @property
    def state(self):
        return self.session.state

    def over(self) -> bool:
        return self.state.is_over()

    def decision(self) -> Decision | None:
        """The learner's pending decision (``None`` when the game is over)."""
        if self.over() or self.seat not in self.state.to_move():
            return None
        return self.state.decision(self.seat)

    def progress(self) -> int:
        """The learner's decisions made so far (a take-back takes one off; a move that was no
        choice is not counted)."""
        return len(self._points)

    def stage(self) -> str:
        """How much help this decision gets: ``show``, ``ask`` (on request) or ``none``."""
        n = self.progress()
        return "show" if n < self.setup.show else "ask" if n < self.setup.ask else "none"

    def suggestion(self) -> Action:
        """The coach's move at the learner's decision (from what the learner can see)."""
        key = self.session.point_id(self.session.index)
        if key not in self._suggested:
            decision = self.decision()
            if decision is None:
                raise ValueError("the guided game waits for no decision of the learner")
            view = self.state.agent_view(self.seat) if self.coach.needs_view else None
            self._suggested[key] = self.coach.choose(view, decision)
        return self._suggested[key]

    def judge(self, action: Action, best: Action, decision: Decision) -> Verdict:
        """``action`` against the suggestion ``best`` at the current point (before playing)."""
        if action == best:
            return Verdict(GOOD, action, best, decision)
        fork = forks.compare(self.state, played=action, choices=[best],
                             playouts=self.setup.playouts, seed=self.session.index)
        other = next(b for b in fork.branches if not b.played)
        gap, low, _high = other.versus
        kind = WEAK if low > 0 else CLOSE
        return Verdict(kind, action, best, decision, gap, self.setup.playouts)

    def choose(self, action: Action) -> Verdict:
        """Play the learner's ``action`` (judged first); the bots play on to the next one."""
        decision = self.decision()
        if decision is None or action not in decision.legal:
            raise ValueError(f"{action} is not a choice of seat {self.seat + 1} here")
        verdict = self.judge(action, self.suggestion(), decision)
        self._points.append(self.session.index)
        self.session.apply(action)
        self._forced()
        self.verdict, self.hinted = verdict, False
        self.verdicts.append(verdict)
        self.render()
        return verdict

    def _forced(self) -> None:
        """Play the learner's moves that are no choice (one legal action), and the bots'
        after them: the learner is asked only real decisions."""
        decision = self.decision()
        while decision is not None and len(decision.legal) == 1:
            self.session.apply(decision.legal[0], notify=False)
            decision = self.decision()

    def take_back(self) -> bool:
        """Back to the learner's last decision (the bots' moves since undone); ``False`` if
        the learner has decided nothing yet."""
        if not self._points:
            return False
        self.session.goto(self._points.pop())
        self.verdict, self.hinted = None, False
        self.render()
        return True

    def hint(self) -> None:
        self.hinted = True
        self.render()

    # ------------------------------------------------------------------ words
    def _label(self, action: Action, decision: Decision) -> str:
        return action_label(self.game, action, self.lesson.lang, decision)

    def _prose(self, key: str) -> str:
        """The lesson's own words for ``key`` (plain text, the Markdown paragraph's tags
        dropped), or ""."""
        if not CATALOG.has(self.lesson.ns, key):
            return ""
        return _TAGS.sub("", CATALOG.text(self.lesson.ns, key, self.lesson.lang)).strip()

    def rule(self, decision: Decision) -> str:
        """The rulebook section of ``decision`` in words (empty if the game names none)."""
        lang = self.lesson.lang
        if decision.rule and CATALOG.has(self.game, "rule." + decision.rule):
            return CATALOG.text(self.game, "rule." + decision.rule, lang)
        return ""

    def why(self, decision: Decision, best: Action) -> str:
        """The suggestion with why: the lesson's reason for this kind of decision and the
        rulebook section it comes from."""
        lang = self.lesson.lang
        key = "guided_why." + decision.kind
        reason = self._prose(key) or ui("guided_why_default", lang)
        rule = self.rule(decision)
        cite = " " + ui("guided_rule", lang, rule=rule) if rule else ""
        return ui("guided_suggest", lang, move=self._label(best, decision)) + " " + reason + cite

    def feedback(self) -> str:
        """The words on the last choice (empty before the first)."""
        v = self.verdict
        if v is None:
            return ""
        lang = self.lesson.lang
        move, best = self._label(v.action, v.decision), self._label(v.best, v.decision)
        gap = f"{abs(v.gap):.1f}".replace(".", "," if lang == "pt" else ".")
        text = ui("guided_" + v.kind, lang, move=move, best=best, n=v.playouts, d=gap)
        rule = self.rule(v.decision)
        if v.kind == WEAK:
            reason = self._prose("guided_why." + v.decision.kind)
            if reason:
                text += " " + reason
            if rule:
                text += " " + ui("guided_rule", lang, rule=rule)
            text += " " + ui("guided_can_take_back", lang)
        return text

    # ------------------------------------------------------------------ the widget
    def widget(self) -> W.VBox:
        return self.lesson._live(self.box, self.render)

    def render(self) -> None:
        lang = self.lesson.lang
        head = W.HTML(f"<b>{_html.escape(ui('guided_title', lang))}</b> · " + _html.escape(
            ui("guided_progress", lang, n=self.progress(),
               stage=ui("guided_stage_" + self.stage(), lang))))
        parts: list[W.Widget] = [head]
        shown = self.state.view(self.seat)
        parts.append(W.HTML(board_html(shown, lang)))
        said = self.feedback()
        if said:
            tone = "#b35c00" if self.verdict and self.verdict.kind == WEAK else "#2a6e3f"
            note = W.HTML(f"<div class='gamekit-guided-feedback' style='color:{tone}'>"
                          f"{_html.escape(said)}</div>")
            parts.append(note)
        if self.progress():
            back = W.Button(description=ui("guided_take_back", lang), icon="undo")
            back.add_class("gamekit-guided-back")
            back.on_click(lambda _b: self.take_back())
            parts.append(back)
        parts.extend(self._end() if self.over() else self._ask())
        self.box.children = parts

    def _ask(self) -> list[W.Widget]:
        """The learner's question, the suggestion (by stage) and one button per choice."""
        lang = self.lesson.lang
        decision = self.decision()
        if decision is None:  # cannot happen with bots on every other seat; said plainly
            return [W.HTML(_html.escape(ui("guided_waiting", lang)))]
        parts: list[W.Widget] = [W.HTML(
            f"<b class='gamekit-guided-question'>{_html.escape(decision.question(lang))}</b>")]
        stage = self.stage()
        if stage == "show" or (stage == "ask" and self.hinted):
            hint = W.HTML(f"<div class='gamekit-guided-hint'>"
                          f"{_html.escape(self.why(decision, self.suggestion()))}</div>")
            parts.append(hint)
        elif stage == "ask":
            ask = W.Button(description=ui("guided_hint", lang), icon="lightbulb-o")
            ask.add_class("gamekit-guided-hint-button")
            ask.on_click(lambda _b: self.hint())
            parts.append(ask)
        parts.append(self._choices(decision))
        return parts

    def _choices(self, decision: Decision) -> W.Widget:
        lang = self.lesson.lang
        labels = [(self._label(a, decision), a) for a in decision.legal]
        if len(labels) > self.setup.max_choices:
            pick = W.Dropdown(options=labels, layout=W.Layout(width="auto"))
            play = W.Button(description=ui("guided_play_choice", lang), button_style="primary")
            play.on_click(lambda _b: self.choose(pick.value))
            box = W.HBox([pick, play])
        else:
            buttons = []
            for label, action in labels:
                b = W.Button(description=label, layout=W.Layout(width="auto"))
                b.on_click(lambda _b, a=action: self.choose(a))
                buttons.append(b)
            box = W.HBox(buttons, layout=W.Layout(flex_flow="row wrap"))
        box.add_class("gamekit-guided-choices")
        return box

    def _end(self) -> list[W.Widget]:
        """The result and the handover to the play app: a link with the same set-up in its
        address (``gamekit_widgets.address``), and one to a new game."""
        lang = self.lesson.lang
        res = self.state.result()
        scores = ", ".join(f"{CATALOG.text(self.game, 'seat', lang, n=s + 1)}: {v}"
                           for s, v in enumerate(res.scores))
        won = self.seat in res.winners
        text = ui("guided_over_won" if won else "guided_over_lost", lang, scores=scores)
        setup = ui("guided_setup", lang, players=self.setup.players, seed=self.setup.seed)
        again = _html.escape(address.link(self.game, self.setup.players, self.setup.seed,
                                          self.options, seat=self.seat + 1))
        link = (f"<a class='gamekit-guided-again' href='{again}' target='_blank'>"
                f"{_html.escape(ui('guided_play_same', lang))}</a> · "
                f"<a class='gamekit-guided-play' href='play.ipynb' target='_blank'>"
                f"{_html.escape(ui('guided_play', lang))}</a>")
        return [W.HTML(f"<p><b>{_html.escape(text)}</b></p><p>{_html.escape(setup)}</p>"
                       f"<p>{link}</p>")]
