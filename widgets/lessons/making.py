"""What every game's lesson content uses to build itself: its recorded game (``record_game``,
each content's ``make_record``) and the picture of a round's steps (``steps_diagram``).

Kept apart from ``gamekit_widgets.lesson`` (which imports the contents), so a content module
imports nothing that imports it back: no import cycle between the lesson modules.
"""

from __future__ import annotations

import html as _html
from collections.abc import Callable
from pathlib import Path
from typing import Any

from gamekit.core import new

from ..session import Session

__all__ = ["record_game", "steps_diagram"]


def record_game(
    game: str, players: int, seed: int, path: Path, options: dict[str, Any] | None = None
) -> Path:
    """Play a lesson's game again with today's heuristic bots and save its record at ``path``
    (each lesson's ``make_record``)."""
    session = Session(new(game, players=players, seed=seed, **(options or {})),
                      agents={i: "heuristic" for i in range(players)}, human=None, seed=seed)
    session.to_end()
    path.parent.mkdir(parents=True, exist_ok=True)
    session.record().save(path)
    return path


def steps_diagram(
    steps: list[tuple[str, str]], colours: tuple[str, ...], dashed: Callable[[str], bool],
    note: str, css_class: str = "",
) -> str:
    """The shape of a round/turn: boxes (title, note) joined by arrows; ``dashed`` titles are
    steps that may not happen; ``note`` explains the picture."""
    boxes = []
    for (name, sub), colour in zip(steps, colours, strict=True):
        line = "dashed" if dashed(name) else "solid"
        boxes.append(
            f"<div style='display:inline-block;border:2px {line} {colour};border-radius:6px;"
            f"padding:4px 8px;margin:2px;text-align:center'><b>{_html.escape(name)}</b>"
            f"<div style='font-size:10px;color:#555'>{_html.escape(sub)}</div></div>")
    cls = f" class='{css_class}'" if css_class else ""
    return (f"<div{cls} style='font-family:system-ui,sans-serif;font-size:12px'>"
            f"{' → '.join(boxes)}<div style='font-size:11px;color:#555'>{note}</div></div>")
