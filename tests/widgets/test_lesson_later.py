"""A lesson in a kernel Voilà pre-heats sends its drawings after the page's first paint
(issue 27: a lesson usable in 5 s): boards, extras and round flows start empty beside an
invisible ``Painted`` widget next to the language switch, and are drawn, the same as
elsewhere, once the page says it has painted. Fewer widget models: paragraphs and boards
share one layout and one style (``light``)."""

from __future__ import annotations

import ipywidgets as W
import pytest

from gamekit_widgets.lesson import Lesson
from gamekit_widgets.ready import Painted


def _build(lesson: Lesson) -> tuple[W.VBox, list[W.HTML]]:
    switch = lesson.language()
    drawings = [lesson.extra("pieces"), lesson.chapter("r1_develop").children[1],
                lesson.round_flows(1)]
    return switch, drawings


@pytest.fixture(scope="module")
def drawn() -> list[str]:
    """The drawings of a lesson built in an ordinary kernel (drawn at once)."""
    with pytest.MonkeyPatch.context() as mp:
        mp.delenv("VOILA_PREHEAT", raising=False)
        lesson = Lesson("race")
        switch, drawings = _build(lesson)
    assert not [w for w in switch.children if isinstance(w, Painted)]
    return [w.value for w in drawings]


def test_a_pre_heated_lessons_drawings_follow_the_paint(monkeypatch, drawn):
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    lesson = Lesson("race")
    switch, drawings = _build(lesson)
    (painted,) = [w for w in switch.children if isinstance(w, Painted)]
    assert [w.value for w in drawings] == ["", "", ""]
    assert lesson.say("goal").value  # the text is there at once
    painted._message(painted, {"event": "painted?"}, [])  # not the page's word: nothing
    assert [w.value for w in drawings] == ["", "", ""]
    painted._message(painted, {"event": "shown"}, [])
    assert [w.value for w in drawings] == drawn
    assert "<svg" in drawings[2].value and "gamekit-board" in drawings[1].value
    later = lesson.chapter("r1_settle").children[1]  # made after the paint: drawn at once
    assert "gamekit-board" in later.value


def test_a_language_switch_before_the_paint_draws_in_that_language(monkeypatch, drawn):
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    lesson = Lesson("race")
    switch, drawings = _build(lesson)
    switch.children[1].value = "pt"
    assert drawings[1].value and drawings[1].value != drawn[1]
    (painted,) = [w for w in switch.children if isinstance(w, Painted)]
    painted._message(painted, {"event": "shown"}, [])
    switch.children[1].value = "en"
    assert [w.value for w in drawings] == drawn


def test_paragraphs_and_boards_share_their_layout_and_style():
    lesson = Lesson("race")
    a, b = lesson.say("goal"), lesson.say("pieces")
    board = lesson.chapter("setup").children[1]
    assert a.layout is b.layout is board.layout and a.style is b.style is board.style
    assert a.layout.keys and not [k for k in ("display", "width") if getattr(a.layout, k)]


def test_the_free_play_widget_builds_its_flows_when_opened():
    """No plotly figure (and no plotly.js on the page) until the person opens the flows."""
    lesson = Lesson("race")
    game = lesson.widget()
    assert game.flows is None and game.flows_section.selected_index is None
    game.flows_section.selected_index = 0
    assert game.flows is not None and game.flows_section.children == (game.flows,)
