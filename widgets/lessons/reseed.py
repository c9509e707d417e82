"""What a lesson's content still finds in another game (issue 28: moving a lesson onto another
seed or other options, e.g. Blue Moon City's recorded game onto the rulebook's default rules).

A lesson's content reads its recorded game through functions of the lesson: its chapters'
moments (``CHAPTERS[key]["at"]``), the numbers its prose states (``FACTS``), its quizzes'
answers and decision points (``QUIZZES``) and its common-mistake scenarios (``SCENARIOS``).
``compare`` runs every one of them on the recorded game and on a candidate game (the same
bots, another seed and options) side by side: what breaks (an error: the story lacks that
event) and what changes (another number, another round) is what a rebuild must rewrite.

``python -m gamekit_widgets.lessons.reseed GAME SEED [OPTION=JSON ...]`` prints the table.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

__all__ = ["Row", "compare", "readings"]


@dataclass(frozen=True)
class Row:
    """One thing the content reads: ``part`` (chapter, fact, quiz, scenario), its ``key``, its
    value on the recorded game and on the candidate (``"error: ..."`` when it fails)."""

    part: str
    key: str
    recorded: str
    candidate: str

    @property
    def broken(self) -> bool:
        return self.candidate.startswith("error") and not self.recorded.startswith("error")

    @property
    def changed(self) -> bool:
        return self.recorded != self.candidate


def _safe(f: Callable[[], Any]) -> str:
    try:
        return str(f())
    except (LookupError, StopIteration, ValueError, KeyError, TypeError) as e:
        return f"error: {type(e).__name__} {e}"[:120]


def _moment(lesson: Any, at: Any) -> str:
    """Where a chapter's ``at`` (a predicate, or ``Lesson.reach`` arguments) lands: history
    index, round, seat (1-based) to play; the lesson goes back to its start."""
    lesson.session.goto(0)
    if callable(at):
        lesson.goto(at)
    else:
        lesson.reach(**at)
    st = lesson.state
    seat = "end" if st.is_over() else ",".join(str(s + 1) for s in st.to_move())
    return f"#{lesson.session.index} round {st.round} seat {seat}"


def _quiz(lesson: Any, spec: dict[str, Any]) -> str:
    answer = spec["answer"](lesson) if callable(spec.get("answer")) else spec.get("answer")
    where = f" at #{spec['index'](lesson)}" if callable(spec.get("index")) else ""
    return f"{answer}{where}"


def readings(lesson: Any) -> dict[tuple[str, str], str]:
    """Everything ``lesson``'s content reads from its game: (part, key) -> value or error."""
    content = lesson.content
    out: dict[tuple[str, str], str] = {}
    for key, spec in content.CHAPTERS.items():
        out["chapter", key] = _safe(lambda spec=spec: _moment(lesson, spec.get("at", {})))
    for key, fact in getattr(content, "FACTS", {}).items():
        out["fact", key] = _safe(lambda fact=fact: fact(lesson))
    for key, spec in content.QUIZZES.items():
        out["quiz", key] = _safe(lambda spec=spec: _quiz(lesson, spec))
    final = lesson.final()
    for key, spec in getattr(content, "SCENARIOS", {}).items():
        out["scenario", key] = _safe(lambda spec=spec: type(spec["find"](lesson, final)).__name__)
    lesson.session.goto(0)
    return out


def compare(game: str, seed: int, **options: Any) -> list[Row]:
    """``game``'s lesson content read on its recorded game and on the game its bots play with
    ``seed`` and ``options`` (played to the end), one ``Row`` per thing read."""
    from gamekit_widgets.lesson import Lesson

    recorded = readings(Lesson(game))
    players = getattr(Lesson(game).content, "PLAYERS", None)
    candidate = readings(Lesson(game, players=players, seed=seed, **options))
    return [Row(part, key, value, candidate[part, key]) for (part, key), value in recorded.items()]


def main(argv: list[str]) -> int:
    """``GAME SEED [OPTION=JSON ...]``: print what changes and what breaks."""
    game, seed = argv[0], int(argv[1])
    options = {k: json.loads(v) for k, v in (a.split("=", 1) for a in argv[2:])}
    rows = compare(game, seed, **options)
    for r in rows:
        mark = "BROKEN " if r.broken else ("changed" if r.changed else "same   ")
        print(f"{mark} {r.part:8} {r.key:22} {r.recorded[:40]:40} | {r.candidate[:60]}")
    print(f"{sum(r.broken for r in rows)} broken, {sum(r.changed for r in rows)} changed "
          f"of {len(rows)}")
    return 0


if __name__ == "__main__":  # python -m gamekit_widgets.lessons.reseed GAME SEED [OPT=JSON]
    sys.exit(main(sys.argv[1:]))
