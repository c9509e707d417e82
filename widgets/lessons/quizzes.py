"""Quizzes that check understanding (issue 28, "The learner plays").

A quiz shows its question and one button per choice. A wrong first answer gets the feedback of
the option picked (prose key ``<quiz>.opt.<choice>`` when the lesson has one) and a second try:
the answer is not shown yet, and the option already tried is disabled. The second answer, or
"show the answer", ends the quiz: the verdict, the picked option's feedback, the answer and its
explanation (``<quiz>_why``). The lesson keeps each quiz's result (``Lesson.quiz_results``:
``first``, ``second`` or ``missed``) and ``score_box`` shows the score so far.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as W

from gamekit.core import CATALOG

from ..i18n import ui
from . import verdicts
from .prose import QUIZ_MARK

__all__ = ["option_key", "quiz_box", "score_box", "score"]

FIRST, SECOND, MISSED = "first", "second", "missed"


def option_key(key: str, choice: Any) -> str:
    """The prose key of the feedback of ``choice`` in quiz ``key`` (a seat: ``seat<n>``)."""
    if isinstance(choice, tuple) and len(choice) == 2 and choice[0] == "seat":
        return f"{key}.opt.seat{choice[1] + 1}"
    return f"{key}.opt.{choice}"


def _option_text(lesson: Any, key: str, choice: Any, here: dict[str, Any]) -> str:
    okey = option_key(key, choice)
    return lesson.text(okey, **here) + " " if CATALOG.has(lesson.ns, okey) else ""


def quiz_box(lesson: Any, key: str) -> W.VBox:
    """The quiz ``key`` of ``lesson`` at the lesson's current moment (see the module)."""
    spec = lesson.content.QUIZZES[key]
    choices = spec["choices"](lesson)
    fixed = spec["answer"](lesson)  # the seeded game decides it (played on from here)
    # a "what would you do here?" decided by the lesson's playouts: their best choice when it
    # separates from the others, else no single answer (``close``)
    found = verdicts.stored(lesson.game, key) if "actions" in spec else None
    close = found is not None and found["verdict"] == "close"
    if found is not None and not close:
        fixed = found["best"]
    question, feedback = W.HTML(), W.HTML()
    buttons = [W.Button(layout=W.Layout(width="auto")) for _ in choices]
    reveal = W.Button(button_style="info")
    board = [lesson.board()] if spec.get("board") else []  # the position asked about
    box = W.VBox([question, *board, W.HBox(buttons + [reveal]), feedback],
                 layout=W.Layout(border="1px solid #ddd", padding="6px", margin="6px 0"))
    box.add_class("gamekit-quiz")
    state: dict[str, Any] = {"tried": [], "done": False}
    here = {"round": lesson.state.round}  # the quiz's moment (its text may name the round)

    def render() -> None:
        question.value = f"<b>{QUIZ_MARK} {lesson.text(key, **here)}</b>"
        for b, c in zip(buttons, choices, strict=True):
            b.description = lesson._choice_label(c)
            b.disabled = c in state["tried"] and not state["done"]
        reveal.description = ui("quiz_reveal", lesson.lang)
        tried = state["tried"]
        if not state["done"]:
            feedback.value = "" if not tried else (
                f"{ui('quiz_wrong', lesson.lang)} {_option_text(lesson, key, tried[-1], here)}"
                f"{ui('quiz_again', lesson.lang)}")
            return
        verdict = ""
        if tried:
            verdict = ui("quiz_right" if tried[-1] == fixed else "quiz_wrong", lesson.lang)
            verdict += " " + _option_text(lesson, key, tried[-1], here)
        label = lesson._choice_label(fixed)
        if close:
            feedback.value = (f"{_close_text(lesson, found)} "
                              f"{_option_text(lesson, key, tried[-1], here) if tried else ''}"
                              f"{_close_game(lesson, spec, label)}"
                              f" — {lesson.text(key + '_why', **here)}")
            return
        feedback.value = (f"{verdict}{ui('answer', lesson.lang, answer=label)}"
                          f" — {lesson.text(key + '_why', **here)}")

    def finish(result: str) -> None:
        state["done"] = True
        lesson.quiz_results.setdefault(key, result)
        lesson.rescore()

    def pick(c: Any) -> None:
        if state["done"]:
            return
        state["tried"].append(c)
        if close or c == fixed:  # a close call has no wrong answer
            finish(FIRST if len(state["tried"]) == 1 else SECOND)
        elif len(state["tried"]) >= 2:
            finish(MISSED)
        render()

    def show() -> None:
        if not state["done"]:
            finish(MISSED)
        render()

    for b, c in zip(buttons, choices, strict=True):
        b.on_click(lambda _b, c=c: pick(c))
    reveal.on_click(lambda _b: show())
    box.reveal = show  # for scripts and tests
    box.pick = pick
    box.answer = lambda: fixed
    return lesson._live(box, render)


def _close_game(lesson: Any, spec: dict[str, Any], label: str) -> str:
    """What the recorded game played; when the spec's ``played`` (the game's choice) differs
    from its ``answer`` (the choice the rules favour), both."""
    played = spec["played"](lesson) if "played" in spec else None
    if played is None or lesson._choice_label(played) == label:
        return ui("quiz_close_game", lesson.lang, answer=label)
    return (ui("quiz_close_game", lesson.lang, answer=lesson._choice_label(played)) + ". "
            + ui("quiz_close_rules", lesson.lang, answer=label))


def _close_text(lesson: Any, found: dict[str, Any]) -> str:
    """Why a question has no single answer: the playouts' means, none clearly better."""
    sep = "," if lesson.lang == "pt" else "."
    means = " · ".join(f"{lesson._choice_label(c)} {v:+.1f}".replace(".", sep)
                       for c, v in sorted(found["means"].items(), key=lambda cv: -cv[1]))
    return ui("quiz_close", lesson.lang, n=found["playouts"], means=means)


def score(results: dict[str, str]) -> dict[str, int]:
    """The counts of a lesson's quiz results."""
    return {"asked": len(results), "right": sum(r == FIRST for r in results.values()),
            "second": sum(r == SECOND for r in results.values())}


def score_box(lesson: Any) -> W.HTML:
    """The quizzes answered so far: right at the first try, at the second (updated live)."""
    out = W.HTML()
    out.add_class("gamekit-quiz-score")

    def render() -> None:
        counts = score(lesson.quiz_results)
        text = (ui("quiz_score", lesson.lang, **counts) if counts["asked"]
                else ui("quiz_score_none", lesson.lang))
        out.value = f"<div class='gamekit-lesson'><b>{text}</b></div>"

    lesson._scores.append(render)
    return lesson._live(out, render)
