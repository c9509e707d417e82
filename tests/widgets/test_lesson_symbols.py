"""Lesson text holds no emoji (issue 28): a classroom without a colour-emoji font saw boxes for
the dragon and the quiz's question mark. Only the symbols ``prose.DRAWN_SYMBOLS`` (the boards
draw them as text; Debian's DejaVu Sans has each one) may appear beyond punctuation."""

from __future__ import annotations

from pathlib import Path

import pytest

from gamekit_widgets.lesson import Lesson
from gamekit_widgets.lessons import guided, prose

GAMES = ("wonderful", "race", "bluemoon", "gaia")
WIDGETS = Path(guided.__file__).resolve().parents[1]


def test_undrawn_finds_emoji_and_spares_the_drawn_symbols():
    assert prose.undrawn("a 🐉 and a ❓ ️") == {"🐉", "❓", "\ufe0f"}
    assert prose.undrawn("● ♟ ◆ ○ ⚑ ♻ → ≥ − “pé” — ação…") == set()


@pytest.mark.parametrize("game", GAMES)
def test_lesson_prose_holds_no_emoji(game):
    for key, texts in prose.load(game).items():
        for lang, text in texts.items():
            assert not prose.undrawn(text), (game, key, lang, prose.undrawn(text))


def test_lesson_words_and_code_hold_no_emoji():
    """The page's own words (both catalogs) and every lesson module (strings built in code)."""
    files = [*(WIDGETS / "locale").rglob("*.po"), *(WIDGETS / "lessons").glob("*.py"),
             WIDGETS / "lesson.py"]
    assert len(files) > 10
    for path in files:
        assert not prose.undrawn(path.read_text(encoding="utf-8")), path


def test_the_quiz_mark_is_drawn_not_an_emoji():
    lesson = Lesson("gaia")
    q = lesson.quiz("q_leech")
    question = q.children[0].value
    assert prose.QUIZ_MARK in question and not prose.undrawn(question)
    lesson.set_lang("pt")
    assert not prose.undrawn(q.children[0].value)
