""""What would you do here?" answers decided by the lesson's own playouts (issue 28).

A quiz of kind ``decide`` that names its moment and its choices as actions (``index``: the
history index of the decision in the lesson's game; ``actions``: choice -> legal ``Action``
there, or a line of actions of the deciding seat when a choice takes several, e.g. a payment
card by card) is decided by paired playouts from that moment (``forks.compare``: each choice played
out ``PLAYOUTS`` times from what the deciding seat can see, the same draws and bot seeds for
every choice, seeded). The best choice (mean VP margin over the best other seat) is the
answer only when its paired difference to every other choice has an interval above 0
(``ranked``); otherwise the question is ``close`` and says so, with the means, instead of
naming one answer.

The playouts take tens of seconds, so they run at build time and the page reads their result
from ``data/verdicts.json`` (``python -m gamekit_widgets.lessons.verdicts GAME``, after the
lesson's record changes); tests/widgets/test_lesson_verdicts.py recomputes one and compares.
"""

from __future__ import annotations

import json
import sys
from functools import cache
from pathlib import Path
from typing import Any

from gamekit.core.actions import Action
from gamekit.stats import mean_interval

from . import forks

__all__ = ["PLAYOUTS", "DATA", "compute", "stored", "build"]

#: paired playouts per choice
PLAYOUTS = 40
DATA = Path(__file__).parent / "data" / "verdicts.json"


def compute(lesson: Any, key: str, playouts: int = PLAYOUTS, seed: int = 0) -> dict[str, Any]:
    """The verdict of the quiz ``key`` of ``lesson`` (see the module): ``verdict``
    (``ranked``/``close``), ``best`` (the choice with the best mean), ``means`` (choice -> mean
    VP margin), ``playouts``, ``seed``."""
    spec = lesson.content.QUIZZES[key]
    index = spec["index"](lesson)
    actions: dict[str, Any] = spec["actions"](lesson)
    base = lesson.session.state_at(index)
    margins = {}
    for c, line in actions.items():  # the same seeded draws and bots for every choice: paired
        line = (line,) if isinstance(line, Action) else tuple(line)
        start = forks.replay(base, list(line[:-1])) if len(line) > 1 else base
        fork = forks.compare(start, choices=[line[-1]], playouts=playouts, seed=seed, limit=1)
        margins[c] = fork.branches[0].margins
    means = {c: sum(m) / len(m) for c, m in margins.items()}
    best = max(means, key=lambda c: means[c])
    apart = all(mean_interval([float(x - y) for x, y in zip(margins[best], m, strict=True)])[1]
                > 0 for c, m in margins.items() if c != best)
    return {"verdict": "ranked" if apart else "close", "best": best,
            "means": {c: round(v, 2) for c, v in means.items()}, "playouts": playouts,
            "seed": seed}


@cache
def _load() -> dict[str, dict[str, Any]]:
    return json.loads(DATA.read_text()) if DATA.exists() else {}


def stored(game: str, key: str) -> dict[str, Any] | None:
    """The verdict kept for ``game``'s quiz ``key`` (``None``: not decided by playouts)."""
    return _load().get(game, {}).get(key)


def build(lesson: Any, playouts: int = PLAYOUTS) -> dict[str, Any]:
    """Compute every playout-decided quiz of ``lesson`` (a ``Lesson`` on its recorded game)
    and write them to ``DATA``."""
    game = lesson.game
    found = {key: compute(lesson, key, playouts) for key, spec in lesson.content.QUIZZES.items()
             if "actions" in spec}
    data = json.loads(DATA.read_text()) if DATA.exists() else {}
    data[game] = found
    DATA.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
    _load.cache_clear()
    return found


if __name__ == "__main__":  # python -m gamekit_widgets.lessons.verdicts GAME...
    from gamekit_widgets.lesson import Lesson

    for name in sys.argv[1:]:
        print(name, json.dumps(build(Lesson(name)), indent=1))
