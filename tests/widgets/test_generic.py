"""Generic widgets on the toy game, in pure Python: click buttons, check traits and figures."""

from __future__ import annotations

import json
import pickle

import pytest
import toy  # noqa: F401  (registers the "toy" game; tests/conftest.py puts tests/core on the path)

import gamekit
from gamekit import plots
from gamekit.core import CATALOG, Flow
from gamekit_widgets import App, GameWidget, Session
from gamekit_widgets.board import board_html, register_board
from gamekit_widgets.decision import action_label


@pytest.fixture
def watch():
    state = gamekit.new("toy", players=3, seed=1)
    return GameWidget(Session(state, human=None))


def sankey(fig):
    if fig is None:  # not built yet: never an empty Sankey (plotly.js fails on one)
        return None
    t = fig.data[0]
    return tuple(t.node.label or ()), tuple(t.link.source or ()), tuple(t.link.value or ())


def test_ui_catalog_has_both_languages():
    from gamekit_widgets.i18n import UI_MESSAGES

    for key in UI_MESSAGES:
        assert CATALOG.text("ui", key, "en") and CATALOG.text("ui", key, "pt")
    assert CATALOG.missing() == []


def test_decision_buttons_are_the_legal_actions(watch):
    s = watch.session
    seat = s.state.to_move()[0]
    legal = s.state.decision(seat).legal
    buttons = watch.decision.visible_buttons
    assert watch.decision.actions == list(legal)
    d = s.state.decision(seat)
    assert [b.description for b in buttons] == [action_label(s.game, a, "en", d) for a in legal]
    # hover texts in words: what the action does and the rulebook section, no action syntax
    assert all(b.tooltip.startswith(b.description) and "rulebook: Bidding" in b.tooltip
               for b in buttons)
    assert not any(str(a) in b.tooltip for a, b in zip(legal, buttons))
    assert all("gamekit-decision" in b._dom_classes for b in buttons)
    assert "Choose a card to bid" in watch.decision.question.value


def test_click_applies_and_narrates(watch):
    s = watch.session
    before = sankey(watch.flows.sankey)
    first = watch.decision.actions[0]
    watch.decision.visible_buttons[0].click()
    assert s.index == 1
    assert s.state.log[-1] == str(first)
    assert any("bids" in line for line in watch.narration.lines)
    # a whole round: every seat bids, the winner is narrated with its rule
    watch.controls.round_button.click()
    assert s.where()[0] == 2
    text = " ".join(watch.narration.lines)
    assert "wins with" in text or "Bids:" in text
    assert "Rule: Bidding" in watch.narration.body.value or "Bids:" in text
    after = sankey(watch.flows.sankey)
    assert after != before
    # the current round by default (no round suffix); every round on request
    assert not any("(R" in label for label in after[0])
    watch.flows.round_filter.value = -1
    assert any("(R1)" in label for label in sankey(watch.flows.sankey)[0])


def _facts(state) -> tuple:
    """What ``fingerprint`` covers, as values: a point travelled to is rebuilt from a snapshot
    and replayed actions (``Session``), whose equal strings may be other objects than the live
    state's, so its fingerprint can differ in bytes, never in values."""
    return pickle.loads(state.fingerprint())


def test_step_controls_and_time_travel(watch):
    s = watch.session
    fp0 = _facts(s.state)
    watch.controls.next_button.click()
    fp1 = _facts(s.state)
    watch.controls.phase_button.click()
    watch.controls.round_button.click()
    assert s.index >= 3 and watch.controls.slider.max == s.length
    end = s.index
    # the timeline slider restores an earlier state exactly
    watch.controls.slider.value = 1
    assert s.index == 1 and _facts(s.state) == fp1
    watch.controls.slider.value = 0
    assert _facts(s.state) == fp0
    # forward again replays the same actions (redo), so the end state is the same
    for _ in range(end):
        watch.controls.next_button.click()
    assert s.index == end
    watch.controls.back_button.click()
    assert s.index == end - 1


def test_fork_after_back_drops_the_future(watch):
    s = watch.session
    watch.controls.round_button.click()
    n = s.length
    s.goto(0)
    seat = s.state.to_move()[0]
    other = [a for a in s.state.legal_actions(seat) if a != s._actions[0]][0]
    assert s.apply(other)
    assert s.length == 1 < n and s.actions == [other]


def test_illegal_action_keeps_state_and_explains(watch):
    s = watch.session
    fp = s.state.fingerprint()
    assert not s.apply("p1 bid 99")
    assert s.state.fingerprint() == fp
    assert "p1 bid 99" in s.message  # the English line (logs, CLI)
    shown = watch.decision.message.value
    assert "Choose a card to bid" in shown and "p1 bid 99" not in shown  # words, no syntax


def test_language_switch(watch):
    watch.controls.next_button.click()
    watch.language.value = "pt"
    assert watch.controls.next_button.description.startswith("Próxima decisão")
    assert "Jogador 1 licita" in " ".join(watch.narration.lines)
    assert "Brinquedo" in watch.status.value
    assert watch.flows.tabs.get_title(0) == "Para onde foram os recursos"
    assert watch.flows.round_filter.label == "Rodada atual"
    watch.flows.round_filter.value = -1
    assert any("(Preparação)" in x for x in watch.flows.sankey.data[0].node.label)
    watch.language.value = "en"
    assert "Player 1 bids" in " ".join(watch.narration.lines)


def test_flows_filters_and_other_tabs(watch):
    fl = watch.flows
    watch.controls.end_button.click()
    assert watch.session.over()
    all_links = sankey(fl.sankey)
    fl.seat_filter.value = 1
    one = sankey(fl.sankey)
    assert sum(one[2]) < sum(all_links[2])
    fl.round_filter.value = 2
    only2 = sankey(fl.sankey)
    assert only2[0] and all(node[0] == 2 for node in fl.sankey_data()["nodes"])
    fl.seat_filter.value = -1
    fl.round_filter.value = -1
    fl.tabs.selected_index = 1
    assert len(fl.vp.data) == 3 and len(fl.stocks.data) >= 1
    totals = [tr.y[-1] for tr in fl.vp.data]
    assert totals == [watch.session.state.score(s) for s in range(3)]
    fl.tabs.selected_index = 2
    assert "Total" in fl.table.value
    assert "wins" in watch.status.value.lower() or "Winner" in watch.status.value


def test_sankey_has_no_cycles_and_fixed_order():
    flows = [
        Flow(1, "a", 0, "gold", 2, "x", "y"),
        Flow(1, "a", 0, "gold", 1, "y", "x"),  # would close a cycle
        Flow(1, "a", 0, "gold", 1, "y", "y"),  # self loop
        Flow(2, "a", 0, "energy", 1, "x", "z"),
    ]
    d = plots.sankey_data(flows, carry=("x", "y"))
    edges = list(zip(d["source"], d["target"], strict=True))
    assert all(a != b for a, b in edges)
    # acyclic: a topological order exists
    nodes = set(range(len(d["label"])))
    incoming = {n: {a for a, b in edges if b == n} for n in nodes}
    done: set = set()
    while True:
        free = [n for n in nodes - done if incoming[n] <= done]
        if not free:
            break
        done.update(free)
    assert done == nodes
    # growing the flows never reorders existing nodes
    d2 = plots.sankey_data(flows + [Flow(3, "a", 0, "gold", 1, "y", "z")], carry=("x", "y"))
    assert d2["nodes"][: len(d["nodes"])] == d["nodes"]
    assert d["link_colour"][0].startswith("rgba(")


def test_a_refusal_is_explained_in_the_page_language_and_buttons_hover_in_words():
    app = App("toy", players=3, human=0, bot="random", seed=3)
    s = app.session
    panel = app.view.decision
    assert not hasattr(panel, "suggest_button") and not hasattr(s, "suggest")
    legal = s.state.legal_actions(0)
    wrong = legal[0]._replace(seat=1)
    assert not panel.apply_text(str(wrong))
    assert s.error is not None and str(wrong) in s.message  # the English line for logs
    shown = panel.message.value
    assert shown and str(wrong) not in shown
    app.view.set_lang("pt")
    assert panel.message.value != shown and str(wrong) not in panel.message.value
    for b in panel.visible_buttons:
        assert b.tooltip and b.tooltip != str(panel.actions[panel.buttons.index(b)])
    assert s.apply(legal[0]) and s.error is None and panel.message.value == ""


def test_app_plays_one_seat_and_bots_wait(tmp_path):
    app = App("toy", players=3, human=1, bot="random", seed=2)
    s = app.session
    assert s.waiting_for_human() and s.acting_seat() == 1
    assert app.view.controls.next_button.disabled
    while not s.over():
        app.view.decision.visible_buttons[0].click()
        if not s.over():
            assert s.waiting_for_human()
    assert "Winner" in app.view.status.value
    # save and load the record
    path = tmp_path / "game.json"
    app.save(str(path))
    data = json.loads(path.read_text())
    assert data["format"] == "gamekit-record" and data["game"] == "toy"
    app.start()
    assert app.session.index < s.index
    assert app.load(path)
    assert app.session.state.fingerprint() == s.state.fingerprint()
    app.session.goto(0)
    assert app.session.index == 0 and app.session.length == s.length
    name = app.offer_download()
    assert name.endswith(".json") and "base64," in app.download.value
    assert not app.load('{"format": "nope"}')
    assert "not a game record saved by gamekit" in app.io_message.value
    assert not app.load(str(path)), "a text is JSON, never a path"
    assert "not JSON" in app.io_message.value


def test_app_form_options_and_errors():
    app = App("toy", players=2, human=0, bot="random")
    assert set(app.option_widgets) == {"rounds", "endless"}  # scalar options get a control
    app.option_widgets["rounds"].value = 1
    app.players.value = 3
    assert app.start()
    assert app.state.players == 3 and app.state.options["rounds"] == 1
    assert len(app.human.options) == 4
    app.set_lang("pt")
    assert app.start_button.description == "Começar"


def test_bots_until_human_in_simultaneous_step():
    state = gamekit.new("toy", players=3, seed=5)
    s = Session(state, agents={1: "random", 2: "random"}, human=0)
    s.bots_until_human()
    assert s.state.to_move() == (0,)
    assert s.index == 2


def test_board_is_pluggable():
    state = gamekit.new("toy", players=2, seed=1)
    assert "gamekit-board" in board_html(state)
    register_board("toy", lambda st, lang="en": f"<div class='gamekit-board'>toy {lang}</div>")
    try:
        assert board_html(state, "pt") == "<div class='gamekit-board'>toy pt</div>"
        w = GameWidget(Session(state, human=None), flows=False)
        assert "toy en" in w.board.value
    finally:
        from gamekit_widgets.board import BOARDS

        BOARDS.pop("toy")


def test_person_sees_only_their_view():
    app = App("toy", players=3, human=0, bot="random", seed=4, flows=False)
    # the bots have bid secretly; the board shows the person's view only
    assert app.session.index == 2
    hands = app.session.state.hands
    shown = app.view.board.value
    other = ", ".join(str(c) for c in hands[1])
    assert other not in shown
