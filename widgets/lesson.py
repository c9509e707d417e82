"""Lessons: a seeded game walked through step by step, with text in English and Portuguese.

A ``Lesson`` holds a spectator ``Session`` (bots decide for every seat) and the lesson's
content (``gamekit_widgets.lessons.<game>``: texts registered in the catalog under
``lesson.<game>``, chapters, quizzes, scenarios). Notebook cells only call it:

    lesson = Lesson("wonderful", players=3, seed=24)
    lesson.language()                 # the one language switch of the whole lesson
    lesson.say("goal")                # a paragraph, re-rendered when the language changes
    lesson.chapter("r1_draft")        # play on to that point; explanation + board there
    lesson.round_flows(1)             # the Sankey and stocks of a finished round
    lesson.quiz("q_draft_size")       # a question; the answer is revealed by playing on
    lesson.scoring()                  # every VP of the winner traced to its source

Everything a lesson shows is a snapshot of the moment it was created, so scrolling back up
shows the game as it was; the language switch re-renders every snapshot.
"""

from __future__ import annotations

import html as _html
import importlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ipywidgets as W

from gamekit import plots
from gamekit.core import CATALOG, GameRecord, GameState, get, make_agent, new, play

from .board import CSS, board_html
from .decision import action_label
from .i18n import LANGUAGE_CHOICES, ui
from .lessons import quizzes
from .lessons.guided import Guided
from .lessons.making import record_game, steps_diagram
from .session import Session

__all__ = ["Lesson", "load_content", "record_game", "steps_diagram"]



def load_content(game: str):
    """The lesson content of ``game``: the module its registration names
    (``register(lesson_content=...)``), else the game's lesson support itself when it is
    complete content (has ``CHAPTERS``: a third-party game's lesson). No module is looked up by
    a naming convention; ``LookupError`` if the game registers no lesson."""
    info = get(game)  # a registered game (``OptionError`` naming the available ones if not)
    if info.lesson_content is not None:  # a name written in the game's own code, not data
        return importlib.import_module(info.lesson_content)
    support = info.lesson
    if support is None or not hasattr(support, "CHAPTERS"):
        raise LookupError(f"{game} has no lesson (register(lesson_content=...) names none)")
    return support


class Lesson:
    def __init__(self, game: str, players: int | None = None, seed: int | None = None,
                 agent: str = "heuristic", lang: str = "en",
                 record: GameRecord | str | Path | None = None, **options: Any):
        """The lesson's game: ``record`` (default: the content's ``RECORD`` when neither
        ``players`` nor ``seed`` is given), else a new seeded game played by ``agent`` bots.

        A recorded game keeps the lesson stable when the bots improve: the record replays as
        long as the rules do (``gamekit_widgets.lessons.<game>.make_record`` rebuilds it)."""
        self.game = game
        self.content = load_content(game)
        self.ns = f"lesson.{game}"
        self.agent = agent
        if record is None and players is None and seed is None:
            record = getattr(self.content, "RECORD", None)
        if record is not None:
            if isinstance(record, Path) or (isinstance(record, str)
                                            and not record.lstrip().startswith("{")):
                record = GameRecord.load(record)
            elif isinstance(record, str):
                record = GameRecord.from_json(record)
            agents = {s: agent for s in range(record.players)}
            self.session = Session.from_record(record, agents=agents, human=None,
                                               seed=record.seed if isinstance(record.seed, int)
                                               else 0, goto_end=False)
        else:
            players = players or get(game).default_players
            seed = seed or 0
            state = new(game, players=players, seed=seed, **options)
            self.session = Session(state, agents={s: agent for s in range(players)},
                                   human=None, seed=seed)
        self.lang = lang
        self._renderers: list[Callable[[], None]] = []
        #: quiz key -> "first", "second" (right at that try) or "missed"; and the score boxes
        self.quiz_results: dict[str, str] = {}
        self._scores: list[Callable[[], None]] = []
        self._switch: W.ToggleButtons | None = None
        self._final: GameState | None = None
        self._facts: dict[str, Any] | None = None
        #: round -> (Sankey data, stocks frame) last drawn by ``round_flows``
        self.figures: dict[int, tuple] = {}

    # ------------------------------------------------------------------ language
    def language(self) -> W.Widget:
        """The lesson's one language switch (every text of the lesson follows it)."""
        if self._switch is None:
            self._switch = W.ToggleButtons(options=LANGUAGE_CHOICES, value=self.lang)
            self._switch.add_class("gamekit-language")
            self._switch.observe(lambda c: self.set_lang(c["new"]), names="value")
        return W.VBox([W.HTML(CSS), self._switch])

    def set_lang(self, lang: str) -> None:
        self.lang = lang
        if self._switch is not None and self._switch.value != lang:
            self._switch.value = lang
        for fn in self._renderers:
            fn()

    def text(self, key: str, lang: str | None = None, **params: Any) -> str:
        """A lesson text: the game's own (``lesson.<game>``), else the shared ``lesson`` one.
        Its placeholders are filled from ``params``, then from the lesson's ``facts``."""
        ns = self.ns if CATALOG.has(self.ns, key) else "lesson"
        lang = lang or self.lang
        facts = {k: v[lang] if isinstance(v, dict) else v for k, v in self.facts().items()}
        return CATALOG.text(ns, key, lang, **{**facts, **params})

    def facts(self) -> dict[str, Any]:
        """What the lesson's prose states about its game, computed from that game: the
        content's ``FACTS`` (placeholder name -> function of the lesson), evaluated once; a
        value that differs by language is a ``{"en": ..., "pt": ...}`` dict."""
        if self._facts is None:
            found = getattr(self.content, "FACTS", {})
            self._facts = {}  # a fact may read the texts of another (no recursion)
            self._facts = {name: fn(self) for name, fn in found.items()}
        return self._facts

    def _live(self, widget: W.Widget, render: Callable[[], None]) -> W.Widget:
        render()
        self._renderers.append(render)
        return widget

    def say(self, key: str, **params: Any) -> W.HTML:
        """A paragraph of the lesson (HTML allowed in the catalog text)."""
        out = W.HTML()
        out.add_class("gamekit-lesson-text")

        def render() -> None:
            out.value = f"<div class='gamekit-lesson'>{self.text(key, **params)}</div>"

        return self._live(out, render)

    def extra(self, name: str) -> W.HTML:
        """A drawing of the lesson content (``EXTRAS[name](lesson, lang) -> html``)."""
        out = W.HTML()

        def render() -> None:
            out.value = self.content.EXTRAS[name](self, self.lang)

        return self._live(out, render)

    # ------------------------------------------------------------------ the game
    @property
    def state(self) -> GameState:
        return self.session.state

    def goto(self, predicate: Callable[[GameState], bool]) -> int:
        """Play on (bots for every seat) until ``predicate(state)``."""
        return self.session.until(predicate)

    def reach(self, round: int | None = None, phase: str | None = None,
              step: str | None = None) -> GameState:
        """Play on to the first moment of ``round`` / ``phase`` (/ production ``step``)."""

        def there(st: GameState) -> bool:
            if st.is_over():
                return True
            if round is not None and st.round < round:
                return False
            if round is not None and st.round > round:
                return True
            if phase is not None and st.phase != phase:
                return False
            if step is not None:
                d = st.to_dict()
                return d.get("step") == step
            return True

        self.goto(there)
        return self.state

    def finish(self) -> GameState:
        self.goto(lambda st: st.is_over())
        return self.state

    def snapshot(self) -> GameState:
        return self.state.clone()

    def board(self, state: GameState | None = None) -> W.HTML:
        """The board at this moment (a snapshot)."""
        shot = (state or self.state).clone()
        out = W.HTML()

        draw = getattr(self.content, "board_html", board_html)  # a lesson's own board, if any

        def render() -> None:
            out.value = draw(shot, self.lang)

        return self._live(out, render)

    def chapter(self, key: str) -> W.Widget:
        """Play on to the chapter's moment (``at``: ``reach`` arguments, or a predicate of the
        state); its explanation, then the board there."""
        spec = self.content.CHAPTERS[key]
        at = spec.get("at", {})
        if callable(at):  # a predicate of the state
            self.goto(at)
        else:
            self.reach(**at)
        parts: list[W.Widget] = [self.say(key, round=self.state.round)]
        if spec.get("board", True):
            parts.append(self.board())
        return W.VBox(parts, layout=W.Layout(margin="6px 0 12px 0"))

    def events(self, kind: str | None = None, state: GameState | None = None) -> list:
        st = state or self.state
        return [e for e in st.events if kind is None or e.kind == kind]

    def happened(self, kind: str, **match: Any) -> bool:
        """Whether an event of ``kind`` (with data matching ``match``) happened in the full
        seeded game (played to the end on a copy)."""
        final = self.final()
        for e in final.events:
            if e.kind == kind and all(e.data.get(k) == v or getattr(e, k, None) == v
                                      for k, v in match.items()):
                return True
        return False

    def final(self) -> GameState:
        """The seeded game played to its end (the lesson's own point is unchanged)."""
        if self._final is None:
            self._final = self._play_copy()
        return self._final

    def _play_copy(self) -> GameState:
        """Play to the end without disturbing the lesson: history snapshots + redo."""
        here = self.session.index
        self.session.to_end()
        final = self.session.state.clone()
        self.session.goto(here)
        return final

    # ------------------------------------------------------------------ flows
    def round_flows(self, rnd: int, seat: int | None = None) -> W.Widget:
        """After a round: the Sankey of that round's flows and a seat's stocks so far.

        Drawn as static SVG (``gamekit.plots.sankey_svg`` / ``lines_svg``): a lesson shows many
        of them, and each plotly ``FigureWidget`` would carry plotly.js to the browser.
        Redrawn when the language changes; the data is kept in ``figures[rnd]``."""
        self.reach(round=rnd + 1)
        shot = self.state.clone()
        out = W.HTML()
        out.add_class("gamekit-round-flows")
        who = 0 if seat is None else seat

        def render() -> None:
            data = plots.sankey_data(
                shot.flows, rounds=[rnd], seats=None if seat is None else [seat],
                game=shot.game, lang=self.lang, detail=False, place_order=shot.ledger_places,
            )
            frame = plots.stocks_frame(shot.flows, who, shot.ledger_places, shot.game,
                                       self.lang)
            cols = [c for c in frame.columns if c not in ("round", "phase", "step")]
            title = ui("stocks", self.lang,
                       who=CATALOG.text(shot.game, "seat", self.lang, n=who + 1))
            self.figures[rnd] = (data, frame)
            # a lesson's caption of this round (its finding), else the shared one
            key = f"flows_r{rnd}" if CATALOG.has(self.ns, f"flows_r{rnd}") else "flows_caption"
            out.value = (
                self.text(key, n=rnd)
                + plots.sankey_svg(data, title=ui("sankey", self.lang))
                + plots.lines_svg(frame, cols,
                                  [CATALOG.name(shot.game, c, self.lang) for c in cols],
                                  [plots.colour(c) for c in cols], title=title)
            )

        return self._live(out, render)

    # ------------------------------------------------------------------ quiz
    def quiz(self, key: str) -> W.Widget:
        """A question with choices: a second try after a wrong answer, each option's own
        feedback, then the answer and why (``lessons.quizzes``)."""
        at = self.content.QUIZZES[key].get("at")  # a "what would you do here?" plays on to it
        if at is not None:
            self.goto(at) if callable(at) else self.reach(**at)
        return quizzes.quiz_box(self, key)

    def quiz_score(self) -> W.Widget:
        """The score of the quizzes answered so far (updated as the learner answers)."""
        return quizzes.score_box(self)

    def rescore(self) -> None:
        for fn in self._scores:
            fn()

    def _choice_label(self, c: Any) -> str:
        if isinstance(c, tuple) and len(c) == 2 and c[0] == "seat":
            return CATALOG.text(self.game, "seat", self.lang, n=c[1] + 1)
        if isinstance(c, str):
            if CATALOG.has(self.ns, "choice." + c):
                return self.text("choice." + c)
            return CATALOG.name(self.game, c, self.lang)
        return str(c)

    # ------------------------------------------------------------------ scoring
    def scoring(self) -> W.Widget:
        """Final scores, the breakdown table, and every VP of the winner traced to its source."""
        final = self.finish()
        shot = final.clone()
        res = shot.result()
        table = W.HTML()
        table.add_class("gamekit-scores")
        text = W.HTML()

        def render() -> None:
            frame = plots.score_frame(shot.scores(), shot.game, self.lang)
            table.value = frame.to_html(border=0)
            lines = self.content.explain_score(self, shot, res)
            text.value = "".join(f"<p>{line}</p>" for line in lines)

        self._live(text, render)
        return W.VBox([table, text])

    # ------------------------------------------------------------------ scenarios
    def scenario(self, key: str) -> W.Widget:
        """A common mistake / edge case, shown at the moment it happens in the seeded game."""
        spec = self.content.SCENARIOS[key]
        final = self.final()
        found = spec["find"](self, final)
        parts: list[W.Widget] = [self.say(key)]
        if found is not None:  # a history index of the seeded game, or a tiny game's state
            shot = found if isinstance(found, GameState) else self.session.state_at(found)
            parts.append(self.board(shot))
        return W.VBox(parts, layout=W.Layout(margin="6px 0 12px 0"))

    def first_action(self, pred: Callable[[Any], bool], what: str) -> tuple[int, Any]:
        """History index and action of the first action of the whole game that ``pred``
        accepts (the lesson stays where it is); ``LookupError`` naming ``what`` if none."""
        here = self.session.index
        self.session.to_end()
        try:
            for i, a in enumerate(self.session.history()):
                if pred(a):
                    return i, a
            raise LookupError(f"no {what} in the lesson's game")
        finally:
            self.session.goto(here)

    def find_event(self, kind: str, pred: Callable[[Any], bool] = lambda e: True) -> int | None:
        """History index right after the first event of ``kind`` (matching ``pred``)."""
        here = self.session.index
        self.session.to_end()
        s = self.session
        try:
            for i in range(1, s.length + 1):
                if any(e.kind == kind and pred(e) for e in s.events_of(i)):
                    return i
            return None
        finally:
            self.session.goto(here)

    # ------------------------------------------------------------------ try it yourself
    def fork(self, index: int, alternative: Any, seats_agent: str | None = None) -> W.Widget:
        """At the point after ``index`` actions: the lesson's game as recorded (the line played)
        against ``alternative`` played out by the lesson's bots; compare the final scores."""
        base = self.session.state_at(index)
        seat = alternative.seat if hasattr(alternative, "seat") else None
        taken = self.session.action_at(index) if index < self.session.length else None
        # the played line is the lesson's own game (what the chapters showed), not a replay
        outcomes = {"taken": (taken, self.final().result())}
        st = base.clone()
        st.apply(alternative)
        agents = [make_agent(self.game, seats_agent or self.agent, 7 + s)
                  for s in range(st.players)]
        play(st, agents)
        outcomes["other"] = (alternative, st.result())
        out = W.HTML()

        def render() -> None:
            rows = []
            for label, (action, res) in outcomes.items():
                scores = ", ".join(
                    f"{CATALOG.text(self.game, 'seat', self.lang, n=s + 1)}: {v}"
                    for s, v in enumerate(res.scores)
                )
                winners = ", ".join(CATALOG.text(self.game, "seat", self.lang, n=w + 1)
                                    for w in res.winners)
                rows.append(
                    f"<tr><td>{_html.escape(self.text('fork_' + label))}</td>"
                    f"<td>{_html.escape(self._action_text(action, base))}</td>"
                    f"<td>{_html.escape(scores)}</td><td>{_html.escape(winners)}</td></tr>"
                )
            head = "".join(f"<th>{_html.escape(self.text(k))}</th>" for k in
                           ("fork_col_line", "fork_col_action", "fork_col_scores",
                            "fork_col_winner"))
            mine = ""
            if seat is not None:
                a = outcomes["taken"][1].scores[seat]
                b = outcomes["other"][1].scores[seat]
                mine = self.text("fork_summary", who=CATALOG.text(self.game, "seat", self.lang,
                                                                   n=seat + 1), a=a, b=b)
            out.value = (f"<table class='gamekit-fork'><tr>{head}</tr>{''.join(rows)}</table>"
                         f"<p>{mine}</p>")

        self.fork_outcomes = outcomes
        return self._live(out, render)

    def _action_text(self, action: Any, state: GameState) -> str:
        """An action as a player reads it: the seat's name and the action's label."""
        if action is None:
            return "—"
        decision = state.decision(action.seat) if action.seat in state.to_move() else None
        return (f"{CATALOG.text(self.game, 'seat', self.lang, n=action.seat + 1)}: "
                f"{action_label(self.game, action, self.lang, decision)}")

    def try_it(self, playouts: int | None = None) -> W.Widget:
        """The lesson's fork: the content's ``fork_choices`` compared over playouts
        (``compare_fork``), else its ``fork_point`` played both ways (``fork``)."""
        if hasattr(self.content, "fork_choices"):
            return self.compare_fork(*self.content.fork_choices(self), playouts=playouts)
        return self.fork(*self.content.fork_point(self))

    def compare_fork(self, index: int, choices: list[Any] | None = None,
                     playouts: int | None = None) -> W.Widget:
        """At the point after ``index`` actions: the recorded game replayed exactly from there
        (the played line) and each of ``choices`` (default: every legal one of the seat that
        played) over bot playouts, ranked with intervals (``lessons.forks``)."""
        from .lessons import forks

        here = self.session.index
        self.session.to_end()
        line = list(self.session.history()[index:])
        self.session.goto(here)
        base = self.session.state_at(index)
        fork = forks.compare(base, line=line, choices=choices, seed=index,
                             playouts=playouts or forks.DEFAULT_PLAYOUTS, agent=self.agent)
        self.fork_table = fork
        self.fork_outcomes = {"taken": (line[0], fork.recorded)}
        out = W.HTML()
        return self._live(out, lambda: setattr(out, "value", forks.table_html(fork, self.lang,
                                                                               base)))

    # ------------------------------------------------------------------ the learner plays
    def guided(self) -> W.Widget:
        """The guided first game (``lessons.guided``): the learner decides every decision of
        seat 1 against the bots, with fading hints, feedback and "Take back"; kept as
        ``self.guide`` for scripts and tests."""
        self.guide = Guided(self)
        return self.guide.widget()

    # ------------------------------------------------------------------ free play
    def widget(self, flows: bool = True) -> W.Widget:
        """The full interactive widget on the lesson's game (explore it freely)."""
        from .app import GameWidget

        game = GameWidget(self.session, self.lang, flows=flows)
        # the page's one language switch is the lesson's: the embedded game follows it
        game.language.layout.display = "none"
        return self._live(game, lambda: game.set_lang(self.lang))
