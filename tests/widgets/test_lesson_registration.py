"""Lessons register with their game and read the session's history through its public API
(issue 24 §3): ``register(lesson_content=...)``, ``Session.history/action_at/events_of``; and
no import cycle between the lesson modules."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

import gamekit
from gamekit.core import get
from gamekit.core.registry import GameInfo, declared
from gamekit_widgets import Session
from gamekit_widgets.lesson import load_content

GAMES = declared()  # every shipped game (the registry)
WIDGETS = Path(__file__).resolve().parents[2] / "widgets"


@pytest.mark.parametrize("game", GAMES)
def test_each_game_registers_its_lesson_and_the_lesson_is_found_through_it(game):
    info = get(game)
    assert info.lesson_content == f"gamekit_widgets.lessons.{game}"
    content = load_content(game)
    assert content is importlib.import_module(info.lesson_content)
    assert content.CHAPTERS and content.QUIZZES


def test_a_game_without_a_registered_lesson_has_none(monkeypatch):
    info = get("race")
    bare = GameInfo(info.id, info.state)  # registered without lesson_content or lesson
    monkeypatch.setitem(__import__("gamekit.core.registry", fromlist=["_GAMES"])._GAMES,
                        "race", bare)
    with pytest.raises(LookupError, match="race has no lesson"):
        load_content("race")


def test_session_history_is_public_and_matches_the_play():
    session = Session(gamekit.new("race", players=2, seed=3), human=None, seed=3)
    session.until(lambda st: st.round >= 2)
    line = session.history()
    assert len(line) == session.length > 5
    session.goto(3)  # the redo future stays in the history
    assert session.history() == line and session.actions == line[:3]
    assert session.action_at(3) == line[3]
    with pytest.raises(IndexError):
        session.action_at(len(line))
    # the events of action i are those the state gained by it
    for i in (1, 4, len(line)):
        before, after = session.state_at(i - 1), session.state_at(i)
        assert [e.kind for e in session.events_of(i)] == [
            e.kind for e in after.events[len(before.events):]]
    assert session.events_of(0) == []


def _relative_imports(path: Path, package: str) -> set[str]:
    """Modules of ``gamekit_widgets`` a module imports when it runs (module level)."""
    found = set()
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, ast.ImportFrom) and node.level:
            parts = package.split(".")
            base = ".".join(parts[: len(parts) - node.level + 1])
            if node.module:  # a name imported may be a submodule (``from .lessons import x``)
                found.add(f"{base}.{node.module}")
                found.update(f"{base}.{node.module}.{a.name}" for a in node.names)
            else:
                found.update(f"{base}.{a.name}" for a in node.names)
    return found


def test_no_import_cycle_between_the_lesson_modules():
    graph = {"gamekit_widgets.lesson": _relative_imports(WIDGETS / "lesson.py",
                                                         "gamekit_widgets")}
    # ``load_content`` imports each game's registered content when a lesson opens
    graph["gamekit_widgets.lesson"] |= {get(g).lesson_content for g in GAMES}
    for path in (WIDGETS / "lessons").glob("*.py"):
        graph[f"gamekit_widgets.lessons.{path.stem}"] = _relative_imports(
            path, "gamekit_widgets.lessons")

    def reach(start: str) -> set[str]:
        seen, todo = set(), [start]
        while todo:
            for nxt in graph.get(todo.pop(), ()):
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        return seen

    cycles = sorted(m for m in graph if m in reach(m))
    assert not cycles, f"import cycles through {cycles}"
    # the graph sees the edges it should (a content module builds itself with ``making``)
    assert "gamekit_widgets.lessons.making" in graph["gamekit_widgets.lessons.race"]
    assert "gamekit_widgets.lessons.quizzes" in graph["gamekit_widgets.lesson"]
