"""The generic widgets on a game they know only through the seam (``tests/core/seam_toy.py``:
the toy game registered with its board, presets, labels and lesson): no widget names a game."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
import seam_toy  # tests/conftest.py puts tests/core on the path

import gamekit
from gamekit.core.registry import declared
from gamekit_widgets import GameWidget, Session
from gamekit_widgets.board import board_html
from gamekit_widgets.home import games
from gamekit_widgets.lesson import Lesson
from gamekit_widgets.presets import play_app

WIDGETS = Path(__file__).resolve().parents[2] / "widgets"
GAME_IDS = set(declared())  # every shipped game (the registry)

#: "seamtoy" is registered while this module's tests run (never during collection)
_seamtoy = pytest.fixture(scope="module", autouse=True)(seam_toy.registered)


def _code_strings(tree: ast.AST) -> list[str]:
    """String constants of a module that are not docstrings."""
    docs = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                docs.add(id(body[0].value))
    return [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant)
            and isinstance(n.value, str) and id(n) not in docs]


def _imports(tree: ast.AST) -> list[str]:
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            out.append(node.module or "")
    return out


def test_no_widget_imports_a_game_or_branches_on_a_game_id():
    """Generic widgets: no ``gamekit.games`` import anywhere in widgets/, and no game id in the
    code of the generic modules (only the per-game lesson content names its game)."""
    checked = 0
    for path in sorted(WIDGETS.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        rel = path.relative_to(WIDGETS).as_posix()
        assert not [m for m in _imports(tree) if m.startswith("gamekit.games")], rel
        # a game's lesson content, and the modules it is split into (lessons/<id>_*.py)
        if rel.startswith("lessons/") and path.stem.split("_")[0] in GAME_IDS:
            continue
        named = GAME_IDS & set(_code_strings(tree))
        assert not named, f"widgets/{rel} names {named}"
        checked += 1
    assert checked >= 10


def test_play_app_takes_defaults_choices_and_fixes_from_the_seam():
    app = play_app("seamtoy", flows=False)
    assert app.players.value == 2 and [v for _label, v in app.bot.options] == ["random"]
    rounds = app.option_widgets["rounds"]
    assert [v for _label, v in rounds.options] == [3, 2, 1]
    app.option_widgets["solo"].value = True  # a solo option means one player
    assert app.players.value == 1 and app.human.value == 0
    assert app.start() and app.state.players == 1 and app.state.options["solo"] is True


def test_play_app_keywords_override_the_presets():
    app = play_app("seamtoy", players=3, bots=["random", "lookahead"], flows=False)
    assert app.players.value == 3 and [v for _label, v in app.bot.options] == ["random", "lookahead"]


def test_board_and_buttons_come_from_the_seam():
    state = gamekit.new("seamtoy", players=2, seed=2)
    assert "seamtoy-board" in board_html(state, "pt") and "Mesa do brinquedo" in board_html(
        state, "pt")
    widget = GameWidget(Session(state, human=0, agents={1: "random"}), "en", flows=False)
    assert "seamtoy-board" in widget.board.value
    labels = [b.description for b in widget.decision.buttons if b.layout.display != "none"]
    hand = state.hands[0]
    assert [f"bid the {c}" for c in hand] == labels[: len(hand)]
    widget.set_lang("pt")
    assert "Mesa do brinquedo" in widget.board.value


def test_home_lists_the_game():
    row = next(g for g in games() if g["id"] == "seamtoy")
    assert row["en"] == "Seam toy" and row["pt"] == "Brinquedo da costura"
    assert row["players"] == "1–3"


def test_lesson_content_comes_through_the_seam():
    lesson = Lesson("seamtoy", players=2, seed=1, agent="random")
    assert lesson.content is gamekit.get("seamtoy").lesson
    box = lesson.chapter("start")
    assert lesson.state.round == 2 and "The first bids are in." in box.children[0].value
    assert "seamtoy-board" in box.children[1].value
    quiz = lesson.quiz("q_winner")
    quiz.reveal()
    assert "single highest card" in quiz.children[2].value


def test_a_game_without_lesson_says_so():
    import toy  # noqa: F401

    with pytest.raises(LookupError, match="toy has no lesson"):
        Lesson("toy", players=2, seed=1, agent="random")


def test_lesson_of_an_unknown_game_names_the_available_ones():
    from gamekit.core import OptionError

    with pytest.raises(OptionError, match="unknown game 'data'; available: .*wonderful"):
        Lesson("data", players=2, seed=1)
