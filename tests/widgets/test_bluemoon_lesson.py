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
    assert d["tiles"]["water_temple"]["built"] and d["scales"][1] == 1
    flows = lesson.round_flows(1)
    sankey, stocks = lesson.figures[1]
    assert sankey["value"] and len(stocks)
    assert flows.value.count("<svg") == 2
    box = lesson.chapter("r3_end")  # the Trading House's majority cards, won in Player 3's turn
    assert lesson.state.step == "refill" and len(lesson.state.seats[2].pending) == 2
    assert "won this turn" in box.children[1].value
    lesson.chapter("r5_refill")
    lesson.round_flows(5)
    lesson.chapter("r6_end")
    assert lesson.quiz("q_neighbours").answer() == 2
    lesson.chapter("r7_p2")
    assert lesson.state.seats[0].offerings == 0
    assert lesson.quiz("q_pillar").answer() == 9
    lesson.chapter("r10_p2")
    assert lesson.state.seats[0].offerings == 2
    lesson.chapter("r8_end")
    assert lesson.quiz("q_scale_scoring").answer() == 3  # tied for the most
    lesson.chapter("r9_p2")
    lesson.chapter("game_end")
    assert lesson.state.is_over()


def test_lesson_golden_facts(lesson):
    final = lesson.final()
    res = final.result()
    assert final.end_reason == "offerings" and final.round == 19
    assert res.winners == [0] and [p.offerings for p in final.seats] == [5, 3, 4]
    assert res.breakdown[0] == {"offerings": 4, "pillar_offerings": 1,
                                "golden_temple_offerings": 0}
    assert GameRecord.load(bluemoon.RECORD).options.get("palace_colour_per_space") in (None, False)
    ev = final.events
    # the palace: one colour for all its spaces, named by the first contribution
    palace = [e for e in ev if e.kind == "contribute_start" and e.data["tile"] == "royal_palace"]
    assert {e.data["colour"] for e in palace} == {"red"} and {e.seat for e in palace} == {0, 2}
    assert any(e.kind == "contribute" and {"khind_3", "khind_1"} <= set(e.data["cards"])
               for e in ev)
    assert lesson.happened("recolour", card="lux_1")
    assert bluemoon.dragon_scales(lesson, 0, 1) == 1 and bluemoon.dragon_scales(lesson, 1, 1) == 1
    assert sum(1 for e in ev if e.kind == "contribute" and e.seat == 1 and e.round == 1) == 2
    assert bluemoon.neighbourhood_bonuses(lesson, 1, "market_hall") == 2
    assert bluemoon.scale_crystals(lesson, 0) == 6 and bluemoon.scale_crystals(lesson, 2) == 3
    assert bluemoon.scale_crystals(lesson, 0, 1) == bluemoon.scale_crystals(lesson, 1, 1) == 3
    assert bluemoon.pillar_cost(lesson, 0) == 9
    assert lesson.happened("pending_to_hand", round=2)
    assert lesson.happened("game_won", n=5)


def test_the_end_is_explained_and_switches_language(lesson):
    box = lesson.scoring()
    text = box.children[1].value
    assert "5 offerings" in text and "Winner: Player 1" in text
    assert "48 crystals went to the obelisk" in text and "not spent: 1" in text
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
    assert str(lesson.session._actions[index]) == "p1 pillar pillar_2"
    assert str(other) == "p1 done"
    index2, choices = bluemoon.fork_choices(lesson)
    assert index2 == index and [str(c) for c in choices] == ["p1 pillar pillar_2", "p1 done"]
    out = lesson.try_it()
    fork = lesson.fork_table
    # the played line is the recorded game replayed exactly: 5, 3 and 4 offerings
    assert fork.recorded.scores == lesson.final().result().scores == [5, 3, 4]
    assert sorted(b.playouts for b in fork.branches) == [20, 20]
    assert "Player 1: 5, Player 2: 3, Player 3: 4" in out.value
    assert "offering with Pillar 2" in out.value


# --------------------------------------------------------------------------- what it teaches
def test_decision_premises_are_true_of_the_position(lesson):
    ev = lesson.final().events
    # the palace: Player 3 named red, Player 1 later had black Vulca and red Terrah cards
    assert bluemoon.palace_colour(lesson) == "red"
    # the Water Temple: the Khind was paid though the two recoloured Mimix reach the value
    water = next(e for e in ev if e.kind == "contribute" and e.data["tile"] == "water_temple")
    assert sorted(water.data["cards"]) == ["khind_2", "mimix_2", "mimix_3"]
    assert any(e.kind == "recolour" and e.data["card"] == "lux_1" and e.data["frm"] == "brown"
               and e.data["to"] == "blue" for e in ev if e.round == 1 and e.seat == 0)
    # round 6: Player 1 had no offering and enough crystals for the cheapest free space
    here = lesson.session.index
    lesson.session.goto(0)
    lesson.session.until(bluemoon.turn_start(6, 0))
    d = lesson.state.to_dict()
    lesson.session.goto(here)
    free = d["obelisk"]["costs"][len(d["obelisk"]["filled"])]
    assert d["offerings"] == [0, 1, 1] and d["crystals"][0] >= free
    assert {c.split("_")[0] for c in d["hands"][0]} >= {"vulca", "terrah"}  # the palace quiz
    assert bluemoon._palace_later(lesson)["colour"] == "red"
    # the fork: a Pillar 2 in hand after the offering, enough crystals for the next price + 2
    i = bluemoon._fork_index(lesson)
    d = lesson.session.state_at(i).to_dict()
    assert d["hands"][0].get("pillar_2") and d["crystals"][0] >= lesson.facts()["pillar_cost"]


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
