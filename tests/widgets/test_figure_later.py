"""An analyse page in a kernel Voilà pre-heats draws its figures after the page (issue 27):
each figure's Output starts empty beside an invisible ``Painted`` widget, and gets the figure
once the page says it has painted; a language switch before that wins."""

from __future__ import annotations

import pytest

from gamekit_widgets.analysis import Analysis
from gamekit_widgets.figure_view import MIME
from gamekit_widgets.ready import Painted


@pytest.fixture
def page(monkeypatch):
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    return Analysis("race", n=4, players=2, agents=["heuristic", "random"], seed=0,
                    progress=False)


def _title(view) -> str:
    return str(view.outputs[0]["data"][MIME]["layout"]).lower()


def test_a_pre_heated_pages_figure_waits_for_the_page_then_is_drawn(page):
    page.language()
    box = page.show(lambda: page.win_rate("agent", min_games=2))
    view, painted = box.children
    assert isinstance(painted, Painted) and view.outputs == ()
    painted._message(painted, {"event": "painted?"}, [])  # not the page's word: nothing
    assert view.outputs == ()
    painted._message(painted, {"event": "shown"}, [])
    assert "win rate" in _title(view)
    painted._message(painted, {"event": "shown"}, [])  # once only
    assert len(view.outputs) == 1


def test_a_language_switch_before_the_paint_wins(page):
    switch = page.language()
    box = page.show(lambda: page.win_rate("agent", min_games=2))
    view, painted = box.children
    switch.value = "pt"
    assert "taxa de vitória" in _title(view)
    painted._message(painted, {"event": "shown"}, [])
    assert "taxa de vitória" in _title(view) and "win rate" not in _title(view)


def test_elsewhere_the_figure_is_drawn_at_once(monkeypatch):
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    an = Analysis("race", n=4, players=2, agents=["heuristic", "random"], seed=0,
                  progress=False)
    (view,) = an.show(lambda: an.win_rate("agent", min_games=2)).children
    assert "win rate" in _title(view)
