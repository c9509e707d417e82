"""The Blue Moon City lesson: the recorded game replays, the rules it teaches still happen,
every text has both languages, the quizzes and the common-mistake scenarios run."""

from __future__ import annotations

import re

import pytest

from gamekit.core import CATALOG, GameRecord
from gamekit_widgets.lesson import Lesson
from gamekit_widgets.lessons import bluemoon, prose


@pytest.fixture(scope="module")
def lesson():
    return Lesson("bluemoon")


def test_record_is_the_lesson_game():
    record = GameRecord.load(bluemoon.RECORD)
    assert record.game == "bluemoon" and record.players == 3 and record.seed == bluemoon.SEED


def test_lesson_walks_the_recorded_game(lesson):
    box = lesson.chapter("setup")
    assert (lesson.state.round, lesson.state.turn_seat) == (1, 2)  # Player 3 starts
    assert "gamekit-board" in box.children[1].value
    lesson.chapter("r1_p1")
    assert (lesson.state.round, lesson.state.turn_seat, lesson.state.step) == (1, 0, "move")
    q = lesson.quiz("q_scale")
    q.pick(1)
    assert "Right!" in q.children[2].value
    lesson.chapter("r1_p2")
    assert lesson.state.seats[0].scales == 1
    assert lesson.quiz("q_second_scale").answer() == 1
    lesson.chapter("r2_p3")
    d = lesson.state.to_dict()
    assert d["tiles"]["great_hall"]["built"] and d["scales"][1] == 2
    flows = lesson.round_flows(1)
    sankey, stocks = lesson.figures[1]
    assert sankey["value"] and len(stocks)
    assert flows.value.count("<svg") == 2
    box = lesson.chapter("r5_refill")
    assert lesson.state.step == "refill" and len(lesson.state.seats[0].pending) == 1
    assert "won this turn" in box.children[1].value
    lesson.round_flows(5)
    assert lesson.quiz("q_neighbours").answer() == 2
    lesson.chapter("r7_p2")
    assert lesson.state.seats[0].offerings == 2
    assert lesson.quiz("q_scale_scoring").answer() == 6
    lesson.chapter("r9_p2")
    assert lesson.quiz("q_pillar").answer() == 9
    lesson.chapter("r10_p2")
    assert lesson.state.seats[0].offerings == 4
    lesson.chapter("game_end")
    assert lesson.state.is_over()


def test_lesson_golden_facts(lesson):
    final = lesson.final()
    res = final.result()
    assert final.end_reason == "offerings" and final.round == 14
    assert res.winners == [0] and [p.offerings for p in final.seats] == [5, 1, 3]
    assert res.breakdown[0] == {"offerings": 4, "pillar_offerings": 1,
                                "golden_temple_offerings": 0}
    ev = final.events
    assert any(e.kind == "contribute" and e.data["tile"] == "royal_palace" and e.seat == 2
               for e in ev)
    assert any(e.kind == "contribute" and {"khind_3", "mimix_1"} <= set(e.data["cards"])
               for e in ev)
    assert lesson.happened("recolour", card="lux_1")
    assert bluemoon.dragon_scales(lesson, 0, 1) == 1 and bluemoon.dragon_scales(lesson, 1, 1) == 1
    assert sum(1 for e in ev if e.kind == "contribute" and e.seat == 1 and e.round == 1) == 2
    assert bluemoon.neighbourhood_bonuses(lesson, 2, "city_residence") == 2
    assert bluemoon.scale_crystals(lesson, 0) == 6 and bluemoon.scale_crystals(lesson, 1) == 3
    assert bluemoon.pillar_cost(lesson, 0) == 9
    assert lesson.happened("pending_to_hand", round=5)
    assert lesson.happened("game_won", n=5)


def test_the_end_is_explained_and_switches_language(lesson):
    box = lesson.scoring()
    text = box.children[1].value
    assert "5 offerings" in text and "Winner: Player 1" in text
    assert "41 crystals went to the obelisk" in text and "2 are left" in text
    lesson.set_lang("pt")
    assert "Vencedor: Jogador 1" in box.children[1].value
    assert "5 oferendas" in box.children[1].value
    lesson.set_lang("en")


def test_every_text_has_both_languages():
    for key, texts in bluemoon.TEXTS.items():
        assert set(texts) == {"en", "pt"}, key
    for key in list(bluemoon.CHAPTERS) + list(bluemoon.QUIZZES) + list(bluemoon.SCENARIOS):
        assert CATALOG.has(bluemoon.NS, key), key
    for key in bluemoon.QUIZZES:
        assert CATALOG.has(bluemoon.NS, key + "_why"), key


def test_language_switch_rerenders_the_lesson(lesson):
    switch = lesson.language()
    para = lesson.say("goal")
    board = lesson.board()
    extra = lesson.extra("turn_shape")
    pieces = lesson.extra("pieces")
    assert "goal in three sentences" in para.value and "reconstructed" in lesson.say("pieces").value
    assert "crystals" in board.value and "Refill" in extra.value
    switch.children[1].value = "pt"
    assert "objetivo em três frases" in para.value
    assert "cristais" in board.value and "Praça Central" in board.value
    assert "Reposição" in extra.value and "curinga" in pieces.value
    switch.children[1].value = "en"
    assert "goal in three sentences" in para.value


def test_common_mistake_scenarios_run(lesson):
    box = lesson.scenario("m_scales_first")
    assert "Great Hall" in box.children[1].value
    box = lesson.scenario("m_pending")
    assert "won this turn" in box.children[1].value
    # one offering a turn: after it only 'done' is left; a Pillar 1 adds one at the price + 1
    st = bluemoon.offering_state()
    assert st.seats[0].offerings == 1 and st.seats[0].crystals == 13
    assert [str(a) for a in st.decision(0).legal] == ["p1 done"]
    st = bluemoon.offering_state(pillar=True)
    assert "p1 pillar pillar_1" in {str(a) for a in st.decision(0).legal}
    st.apply("p1 pillar pillar_1")
    assert st.seats[0].offerings == 2 and st.seats[0].crystals == 13 - 8
    box = lesson.scenario("m_one_offering")
    assert "the only choices left: done." in box.children[0].value  # named as the buttons are
    assert "p1 done" not in box.children[0].value and "gamekit-board" in box.children[1].value
    # a Khind is a wild 1: Terrah 2 + Khind 3 pay only the red 3 of the Earth Temple
    st = bluemoon.khind_state()
    assert [str(a) for a in st.decision(0).legal] == ["p1 contribute 2", "p1 done"]
    box = lesson.scenario("m_khind")
    assert ("contribute to space 3 (red 3), done — space 3 is the red 3"
            in box.children[0].value)


def test_try_it_forks_the_pillar_offering(lesson):
    index, other = bluemoon.fork_point(lesson)
    assert str(lesson.session._actions[index]) == "p1 pillar pillar_1"
    assert str(other) == "p1 done"
    index2, choices = bluemoon.fork_choices(lesson)
    assert index2 == index and [str(c) for c in choices] == ["p1 pillar pillar_1", "p1 done"]
    out = lesson.try_it()
    fork = lesson.fork_table
    # the played line is the recorded game replayed exactly: 5, 1 and 3 offerings
    assert fork.recorded.scores == lesson.final().result().scores == [5, 1, 3]
    assert sorted(b.playouts for b in fork.branches) == [20, 20]
    assert "Player 1: 5, Player 2: 1, Player 3: 3" in out.value
    assert "offering with Pillar 1" in out.value


# --------------------------------------------------------------------------- what it teaches
def test_decision_premises_are_true_of_the_position(lesson):
    ev = lesson.final().events
    # the palace: the Mimix 3 paid a space under a Lux 2 recolouring from brown
    third = [e for e in ev if e.kind == "contribute" and e.data["tile"] == "royal_palace"][2]
    assert third.data["cards"] == ["mimix_3"]
    assert any(e.kind == "recolour" and e.data == {"card": "lux_2", "frm": "brown", "to": "black",
                                                    "n": 1, "split": "≈"} for e in ev if e.round == 1)
    # the Fire Temple: the Khind was paid though the two Terrahs reach the value
    fire = next(e for e in ev if e.kind == "contribute" and e.data["tile"] == "fire_temple")
    assert sorted(fire.data["cards"]) == ["khind_2", "terrah_2", "terrah_3"]
    # round 6: Player 1 had no offering and enough crystals for the cheapest space
    here = lesson.session.index
    lesson.session.goto(0)
    lesson.session.until(bluemoon.turn_start(6, 0))
    d = lesson.state.to_dict()
    lesson.session.goto(here)
    assert d["offerings"][0] == 0 and d["crystals"][0] >= d["obelisk"]["costs"][0]
    # the fork: a Pillar 1 in hand after the offering, enough crystals for the next price + 1
    i = bluemoon._fork_index(lesson)
    d = lesson.session.state_at(i).to_dict()
    assert d["hands"][0].get("pillar_1") and d["crystals"][0] >= lesson.facts()["pillar_cost"]


def test_round_one_introduces_one_rule_per_example(lesson):
    keys = ["r1_move", "r1_contribute", "r1_more", "r1_p1", "r1_dragon", "r1_p2"]
    assert [k for k in bluemoon.CHAPTERS if k.startswith("r1_")] == keys
    for lang, one in (("en", "One rule:"), ("pt", "Uma regra:")):
        for k in keys:
            assert lesson.text(k, lang, round=1).count(one) == 1, (k, lang)


def test_scenario_premises(lesson):
    st = bluemoon.offering_state()
    assert st.to_dict()["offerings"][0] == 1
    assert [a.verb for a in st.decision(0).legal] == ["done"]
    st = bluemoon.khind_state()
    hand = st.to_dict()["hands"][0]
    assert hand.get("terrah_2") == 1 and hand.get("khind_3") == 1
    assert not any(k.startswith("terrah") and k != "terrah_2" for k in hand)


def test_wrong_statements_stay_fixed():
    en = prose.path_of("bluemoon", "en").read_text(encoding="utf-8")
    pt = prose.path_of("bluemoon", "pt").read_text(encoding="utf-8")
    assert "5×5 grid of buildings" not in en and "grade 5×5 de construções" not in pt
    assert "**21 tiles**" in en and "**21 peças**" in pt
    assert "15 to 20" not in en and "15 a 20" not in pt
    assert en.count("wasted") >= 3 and pt.count("desperdiçad") >= 3
    assert not re.search(r"\bp[1-4] [a-z]+", en + pt)
