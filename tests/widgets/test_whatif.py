"""The what-if panel of the play app: the answer in words, a table with intervals for the
person's decision, readable labels in both languages, one action per click, never a stale one,
and a fork to play on from here against the bots that leaves the game as it was."""

from __future__ import annotations

import re

import pytest

from gamekit.analysis import what_if
from gamekit_widgets.app import App
from gamekit_widgets.decision import action_label

#: rounds each evaluation plays here: the panel's time budget is replaced by a count, so what the
#: panel shows never hangs on the machine's load (the budget itself: tests/core/test_whatif.py)
ROUNDS = 24


@pytest.fixture()
def budgets(monkeypatch):
    """The time budgets the panel asked for; each race plays ``ROUNDS`` rounds instead."""
    import gamekit_widgets.whatif as panel_module

    asked: list[float | None] = []

    def counted(state, seat, *, seconds, **kw):
        asked.append(seconds)
        return what_if(state, seat, rollouts=ROUNDS, seconds=None, **kw)

    monkeypatch.setattr(panel_module, "what_if", counted)
    return asked


@pytest.fixture()
def app(budgets):
    a = App("race", players=2, human=0, seed=3, flows=False)
    assert a.session.acting_seat() == 0
    return a


def test_the_persons_budget_reaches_the_race(app, budgets):
    app.view.whatif.seconds.value = 0.5
    table = app.view.whatif.evaluate()
    assert budgets == [0.5] and table.attrs["rollouts"] <= ROUNDS


def test_the_panel_replaces_suggest(app):
    view = app.view
    assert not hasattr(view.decision, "suggest_button")  # the bulk Suggest is gone
    assert view.whatif in view.children[-1].children[1].children  # beside the decision


def test_evaluate_shows_every_option_ranked_with_intervals(app):
    panel = app.view.whatif
    panel.seconds.value = 0.5
    table = panel.evaluate()
    legal = app.state.decision(0).legal
    assert len(panel.rows.children) == len(table) == len(legal)
    labels = [row.children[1].description for row in panel.rows.children]
    assert labels == [action_label("race", a, "en") for a in table["option"]]
    first = panel.rows.children[0].children[2].value
    assert re.match(r"\d+ % \(\d+ %–\d+ %\) · [+−]\d", first), first
    assert panel.bar.layout.display == "none" and 0 < panel.bar.value <= 1
    for label in labels:  # no raw ids
        assert not re.search(r"\b[a-z]+_[a-z_]+\b", label), label
    answer = panel.answer.value
    assert labels[0] in answer and ("Close call" in answer or ": wins " in answer)
    assert not re.search(r"\b[a-z]+_[a-z_]+\b", answer), answer
    assert f"{table.attrs['rollouts']} rollouts per option" in panel.note.value
    places = [row.children[0].value for row in panel.rows.children]
    racing = list(table["in_race"])
    if table.attrs["verdict"] == "close":  # no order among the options still in the race
        assert [p == "<b>≈</b>" for p in places] == racing
    else:
        assert places[0] == "<b>1.</b>"


def test_labels_follow_the_language(app):
    panel = app.view.whatif
    panel.seconds.value = 0.5
    table = panel.evaluate()
    app.set_lang("pt")
    assert panel.evaluate_button.description == "Avaliar minhas opções"
    assert panel.rows.children[0].children[1].description == action_label(
        "race", table["option"].iloc[0], "pt")
    assert "simulações por opção" in panel.note.value
    assert "vence" in panel.answer.value and "wins" not in panel.answer.value
    assert panel.fork_button.description == "Continuar daqui contra os bots"


def test_a_row_plays_exactly_one_action(app):
    panel = app.view.whatif
    panel.seconds.value = 0.5
    session = app.session
    session.autoplay = False
    table = panel.evaluate()
    before = session.index
    panel.rows.children[-1].children[1].click()
    assert session.index == before + 1
    assert session.actions[-1] == table["option"].iloc[-1]
    assert panel.rows.children == () and panel.table is None


def test_a_table_of_another_position_plays_nothing(app):
    panel = app.view.whatif
    panel.seconds.value = 0.5
    session = app.session
    session.autoplay = False
    table = panel.evaluate()
    stale = panel.rows.children[0].children[1]
    session.apply(table["option"].iloc[0])  # the person played with the decision buttons
    assert panel.table is None and panel.rows.children == ()  # taken down at once
    index = session.index
    panel.table, panel._evaluated = table, (id(session), index - 1, session.jumps)
    assert panel.play(0) is False and session.index == index
    assert "changed" in panel.message.value
    stale.click()
    assert session.index == index


def test_nothing_to_evaluate_when_it_is_not_the_persons_turn(app, monkeypatch):
    monkeypatch.setattr(app.session, "acting_seat", lambda: None)  # e.g. a bot must decide
    app.view.refresh()
    assert app.view.whatif.evaluate_button.disabled
    assert app.view.whatif.evaluate() is None
    assert "No decision" in app.view.whatif.message.value


def test_play_on_from_here_forks_and_back_returns_to_the_game(app):
    panel = app.view.whatif
    game = app.session
    game.autoplay = False
    before = (game.index, game.state.fingerprint(), list(game.actions))
    fork = panel.fork()
    assert app.view.session is fork and panel.original is game
    assert fork.human == 0 and fork.state.to_dict() == game.state.to_dict()
    assert panel.fork_button.description == "Back to the game"
    fork.apply(fork.state.decision(0).legal[-1])
    assert fork.index >= 1
    assert (game.index, game.state.fingerprint(), list(game.actions)) == before  # untouched
    assert panel.fork() is game and app.view.session is game and panel.original is None
    assert panel.fork_button.description == "Play on from here against the bots"


def test_what_if_and_play_on_at_any_move_of_a_saved_game(app):
    from gamekit.core import make_agent, new, play

    game = new("race", players=2, seed=8)
    play(game, [make_agent("race", "heuristic", s) for s in range(2)], limit=30)
    record = game.record()
    moves = list(record.moves)
    assert app.load(record.to_dict())
    session = app.session
    session.autoplay = False
    session.goto(12)  # stop at move 12 of the saved game
    panel = app.view.whatif
    panel.seconds.value = 0.5
    seat = session.acting_seat()
    if seat is not None:
        table = panel.evaluate()
        assert table.attrs["seat"] == seat and len(panel.rows.children) == len(table)
    fork = panel.fork()
    assert fork.state.to_dict() == session.state_at(12).to_dict()
    mover = fork.acting_seat()
    if mover is not None:
        fork.apply(fork.state.decision(mover).legal[0])
    assert session.length == 30 and record.moves == moves  # the saved game is untouched
    assert session.record().moves == session.state_at(12).record().moves
    panel.fork()
    assert app.session is session and session.index == 12
