"""The whole-turn plans Blue Moon City's offering questions compare (issue 28: a question on a
whole turn is decided by playing out whole turns, not one action; ``lessons.verdicts``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gamekit.core import Action

__all__ = ["turn_index", "turn_plans"]


def turn_index(lesson: Any, at: Callable[[Any], bool]) -> int:
    """The history index of the moment ``at`` (a predicate of the state) in the lesson's
    game; the lesson stays where it is."""
    here = lesson.session.index
    try:
        lesson.session.goto(0)
        return lesson.session.until(at)
    finally:
        lesson.session.goto(here)


def turn_plans(at: Callable[[Any], bool]) -> Callable[[Any], dict[str, Any]]:
    """Player 1's whole-turn plans from the start of its turn ``at`` (of the lesson):
    ``offer``, the recorded turn up to its offering (walk to the Central Square, end the
    movement, offer: Crystals & the obelisk); ``contribute``, no walk (the figure stays on its
    building and the turn goes on there: contributions)."""
    def plans(lesson: Any) -> dict[str, Any]:
        index = turn_index(lesson, at)
        here = lesson.session.index
        lesson.session.to_end()
        try:
            line = []
            for a in lesson.session.history()[index:]:
                line.append(a)
                if a.verb == "offer":
                    break
        finally:
            lesson.session.goto(here)
        return {"offer": tuple(line), "contribute": Action(0, "done", ())}
    return plans
