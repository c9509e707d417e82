"""It's a Wonderful World in the widgets: the board renderer, the play app, the lesson and the
analysis helpers, in pure Python."""

from __future__ import annotations

import re

import pytest

import gamekit
from gamekit.core import make_agent, play
from gamekit.games.wonderful import render
from gamekit.games.wonderful.asks import cubes
from gamekit_widgets import GameWidget, Session
from gamekit_widgets.analysis import Analysis, summary
from gamekit_widgets.lesson import Lesson
from gamekit_widgets.presets import play_app


def played(until, players=3, seed=1):
    st = gamekit.new("wonderful", players=players, seed=seed)
    agents = [make_agent("wonderful", "heuristic", s) for s in range(players)]
    play(st, agents, until=until)
    return st


def test_board_shows_every_part_of_the_empire():
    st = played(lambda s: s.round == 2 and s.phase == "production")
    html = render.html(st)
    assert html.count("class='gamekit-board") == 1
    assert "data-round='2'" in html and "data-phase='production'" in html
    d = st.to_dict()
    for seat in d["seats"]:
        assert f"data-seat='{seat['seat']}'" in html
        for entry in seat["construction"]:
            filled = sum(1 for sp in entry["spaces"] if sp["filled_by"])
            assert f"{filled}/{len(entry['spaces'])}" in html
        for cid in seat["built"]:
            assert f"data-card='{cid}'" in html
    assert "Krystallium" in html or "data-kind='krystallium'" in html
    assert st._repr_html_() == render.html(st)


def test_board_in_portuguese_and_hidden_cards():
    st = played(lambda s: s.phase == "draft" and len(s.drafted[0]) == 2)
    pt = render.html(st, "pt")
    assert "Rodada 1 de 4" in pt and "seleção" in pt.lower()
    view = render.html(st.view(0))
    assert "gkw-hidden" in view  # other seats' hands are face down
    hand0 = st.hands[0]
    assert all(f"data-card='{c}'" in view for c in hand0)


def test_card_with_empty_and_filled_spaces():
    cid = next(iter(render.CARDS))
    spaces = [{"kind": k, "filled_by": k if i == 0 else None}
              for i, k in enumerate(render.CARDS[cid].spaces)]
    html = render.card_html(cid, "en", spaces)
    assert html.count("gkw-empty") == len(spaces) - 1
    assert f"1/{len(spaces)}" in html


def test_play_app_one_round_by_clicking():
    app = play_app("wonderful", players=3, human=0, seed=2)
    s = app.session
    assert s.waiting_for_human() and s.where() == (1, "draft")
    board0 = app.view.board.value
    sankey0 = tuple(app.view.flows.sankey.data[0].link.value)
    clicks = 0
    while s.where()[0] == 1:
        assert app.view.decision.visible_buttons, "no button while the person must decide"
        app.view.decision.visible_buttons[0].click()
        clicks += 1
        assert clicks < 200
    assert app.view.board.value != board0
    assert app.view.flows.rounds == [2]  # the Sankey follows the current round
    app.view.flows.round_filter.value = -1  # every round on request
    assert tuple(app.view.flows.sankey.data[0].link.value) != sankey0
    assert any("(R1)" in x for x in app.view.flows.sankey.data[0].node.label)
    assert "Round 2" in app.view.status.value
    # time travel back to the start of the game restores it exactly
    fp = s.state_at(0).fingerprint()
    app.view.controls.slider.value = 0
    assert s.state.fingerprint() == fp


def test_placement_goes_one_cube_a_click():
    st = played(lambda s: s.phase == "production" and cubes(s, 0) > 1
                and 0 in s.to_move(),
                seed=3)
    s = Session(st, human=0, agents={1: "heuristic", 2: "heuristic"})
    w = GameWidget(s, flows=False)
    pending = cubes(st, 0)
    place = [a for a in w.decision.actions if a.verb == "place"]
    assert place and w.decision.click(place[0])
    assert cubes(s.state, 0) == pending - 1


def test_language_switch_reaches_board_and_buttons():
    app = play_app("wonderful", players=3, human=0, seed=4, flows=False)
    app.view.language.value = "pt"
    assert "Rodada 1 de 4" in app.view.board.value
    assert app.view.decision.visible_buttons[0].description.startswith("selecionar")
    assert "Sua decisão" in app.view.decision.question.value


def test_solo_scenario_preset_sets_one_player():
    app = play_app("wonderful", flows=False)
    app.option_widgets["scenario"].value = "CO2"
    assert app.players.value == 1
    assert app.start() and app.state.players == 1 and app.state.side == "B"


@pytest.fixture(scope="module")
def lesson():
    return Lesson("wonderful")


def test_lesson_walks_the_recorded_game(lesson):
    lesson.chapter("r1_draft")
    assert lesson.state.round == 1 and lesson.state.phase == "draft"
    q = lesson.quiz("q_draft_size")
    q.pick(7)
    assert "Right!" in q.children[2].value
    lesson.chapter("r1_production")
    flows = lesson.round_flows(1)
    assert lesson.state.round == 2
    sankey, stocks = lesson.figures[1]
    assert sankey["value"] and len(stocks)
    assert flows.value.count("<svg") == 2 and "<path" in flows.value
    score = lesson.scoring()
    text = score.children[1].value
    assert "tie is broken" in text and "Winner: Player 2" in text
    lesson.set_lang("pt")
    assert "Vencedor: Jogador 2" in score.children[1].value
    assert "Certo!" in q.children[2].value
    lesson.set_lang("en")


def test_lesson_golden_facts(lesson):
    res = lesson.final().result()
    assert res.winners == [1] and res.scores[0] == res.scores[1]
    for kind in ("supremacy_none", "krystallium_made", "supremacy_choice"):
        assert lesson.happened(kind), kind
    box = lesson.scenario("m_tie")
    assert "Nobody wins" not in box.children[0].value  # the text is the lesson's, the
    assert re.search(r"data-round='\d'", box.children[1].value)  # board is the moment's
    fork = lesson.fork(*lesson.content.fork_point(lesson))
    assert "alternative" in fork.value and set(lesson.fork_outcomes) == {"taken", "other"}


def test_analysis_tables():
    an = Analysis("wonderful", n=2, players=3, agents=["heuristic", "random", "random"],
                  variants={"A": {"empire_side": "A"}}, progress=False)
    assert len(an.frame) == 6
    table = summary(an.frame, "agent")
    assert set(table.columns) >= {"win_rate", "vp_mean"}
    cards = an.cards(top=5, min_built=1)
    assert len(cards) <= 5 and {"card", "times built", "win rate", "mean VP"} <= set(cards.columns)
    assert an.vp_sources("empire").data


@pytest.mark.parametrize("players,options", [
    (1, {"scenario": "CO3"}), (2, {}), (4, {"empire_side": "B"}), (5, {}),
])
def test_whole_games_through_the_app(players, options):
    """Random buttons until the end, with jumps in time and language switches on the way."""
    import random

    rng = random.Random(players)
    app = play_app("wonderful", players=players, human=0, seed=players, options=options)
    s = app.session
    for n in range(2000):
        if s.over():
            break
        buttons = app.view.decision.visible_buttons
        assert buttons, f"no button at {s.where()} with {s.state.to_move()} to move"
        rng.choice(buttons).click()
        assert not s.message, s.message
        if n % 37 == 5:
            app.view.controls.slider.value = rng.randrange(s.length + 1)
            app.view.controls.bots_button.click()
        if n % 53 == 7:
            app.view.language.value = "pt" if app.view.language.value == "en" else "en"
    assert s.over(), "the game did not end"
    assert "gamekit-board" in app.view.board.value
    record = app.record_json()
    assert app.load(record)
    a, b = app.session.state, s.state
    assert (a.to_dict(), a.log, a.flows, a.events) == (b.to_dict(), b.log, b.flows, b.events)


def test_person_sees_no_secret_of_the_bots():
    app = play_app("wonderful", players=3, human=0, seed=6, flows=False)
    s = app.session
    app.view.decision.visible_buttons[0].click()  # pick; the bots have picked secretly too
    board = app.view.board.value
    # after one pass to the left, seat 3 holds the hand seat 2 started with: seat 1 never saw it
    # (the hand seat 1 passed on is known to it, and a view may show it)
    for cid in s.state.hands[2]:
        if cid not in s.state.hands[0] and cid not in s.state.drafted[0]:
            assert f"data-card='{cid}'" not in board, f"{cid} of seat 3 is shown"
    seen = " ".join(app.view.narration.lines)
    assert "Player 2 secretly picks" not in seen and "Player 3 secretly picks" not in seen
