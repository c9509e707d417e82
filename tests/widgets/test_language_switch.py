"""One language switch per page switches everything on it: the play app's buttons, hover
texts, refusals and form; a lesson's embedded game; the analysis page's tables and figures."""

from __future__ import annotations

from gamekit_widgets import App
from gamekit_widgets.analysis import Analysis
from gamekit_widgets.lesson import Lesson


def _texts(app):
    d = app.view.decision
    return ([b.description for b in d.visible_buttons], [b.tooltip for b in d.visible_buttons],
            d.question.value, d.message.value, app.setup.get_title(0))


def test_the_play_apps_switch_relabels_buttons_hover_texts_refusals_and_the_form():
    app = App("race", players=2, human=0, seed=3, flows=False)
    d = app.view.decision
    wrong = d.actions[0]._replace(seat=1)
    assert not d.apply_text(str(wrong))  # a refusal is on screen
    labels, tips, question, message, form = _texts(app)
    assert tips and all(t.startswith(lab) for t, lab in zip(tips, labels))
    app.view.language.value = "pt"
    labels_pt, tips_pt, question_pt, message_pt, form_pt = _texts(app)
    assert question_pt != question and message_pt != message and form_pt != form
    assert "Não permitido" in message_pt
    assert all(a != b for a, b in zip(tips, tips_pt))  # every hover text is worded again
    assert all("regras:" in t or "responde:" in t for t in tips_pt)
    app.view.language.value = "en"
    assert _texts(app)[1] == tips


def test_a_lessons_switch_reaches_its_embedded_game():
    lesson = Lesson("race")
    switch = lesson.language().children[1]
    game = lesson.widget(flows=False)
    view = next(w for w in _walk(game) if hasattr(w, "decision") and hasattr(w, "narration"))
    before = view.decision.question.value, view.status.value
    switch.value = "pt"
    assert view.lang == "pt"
    assert (view.decision.question.value, view.status.value) != before


def test_the_analysis_pages_switch_remakes_its_tables_and_figures():
    an = Analysis("race", n=4, players=2, agents=["heuristic", "random"], seed=0,
                  progress=False)
    table = an.show(lambda: an.table("agent", min_games=2))
    figure = an.show(lambda: an.win_rate("agent", min_games=2))
    assert "win rate" in table.children[0].value
    view = figure.children[0]  # the figure's JSON in an Output (figure_view), redrawn in place
    en_axes = view.outputs[0]["data"]["application/vnd.plotly.v1+json"]["layout"]
    an.language().value = "pt"
    assert "taxa de vitória" in table.children[0].value and "win rate" not in table.children[0].value
    assert figure.children[0] is view
    pt_axes = view.outputs[0]["data"]["application/vnd.plotly.v1+json"]["layout"]
    assert pt_axes != en_axes and "taxa de vitória" in str(pt_axes).lower()


def _walk(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _walk(child)
