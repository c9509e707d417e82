"""The Race for the Galaxy lesson: the recorded game replays, the rules it teaches still happen,
every text has both languages, the quizzes and the common-mistake scenarios run."""

from __future__ import annotations

import re

import pytest

from gamekit.core import CATALOG, GameRecord
from gamekit_widgets.lesson import Lesson
from gamekit_widgets.lessons import prose, race


@pytest.fixture(scope="module")
def lesson():
    return Lesson("race")


def test_record_is_the_first_game_setup():
    record = GameRecord.load(race.RECORD)
    assert record.game == "race" and record.players == 2 and record.seed == race.SEED
    assert record.options["first_game"] is True


def test_lesson_walks_the_recorded_game(lesson):
    lesson.chapter("setup")
    d = lesson.state.to_dict()
    assert [s["start_world"] for s in d["seats"]] == ["epsilon_eridani", "alpha_centauri"]
    q = lesson.quiz("q_phases")
    q.pick("develop_settle")
    assert "Right!" in q.children[2].value
    box = lesson.chapter("r1_develop")
    assert (lesson.state.round, lesson.state.phase) == (1, "develop")
    assert "gamekit-board" in box.children[1].value
    q = lesson.quiz("q_pw_cost")
    assert q.answer() == 0
    lesson.chapter("r1_settle")
    assert "public_works" in lesson.state.to_dict()["seats"][0]["tableau"]
    assert lesson.quiz("q_conquer").answer() == "conquer"
    lesson.chapter("r2_choose")
    flows = lesson.round_flows(1)
    sankey, stocks = lesson.figures[1]
    assert sankey["value"] and len(stocks)
    assert flows.value.count("<svg") == 2
    lesson.chapter("r2_explore")
    assert lesson.quiz("q_trade").answer() == 3
    lesson.chapter("r3_settle")
    assert lesson.quiz("q_comet").answer() == 2
    lesson.chapter("r5_choose")
    assert lesson.quiz("q_goods").answer() == 4
    for key in ("r6_choose", "r6_consume", "r10_consume"):
        spec = race.CHAPTERS[key]["at"]
        lesson.chapter(key)
        assert (lesson.state.round, lesson.state.phase) == (spec["round"], spec["phase"]), key
    # round 10: Player 2 has not sold yet; its Alien Technology good is still there
    st = lesson.state
    assert "alien_robotic_factory" in st.to_dict()["seats"][1]["goods"]
    assert st.pool == 12 and not any(e.kind == "sell" and e.round == 10 for e in st.events)
    lesson.chapter("game_end")
    assert lesson.state.is_over()


def test_lesson_golden_facts(lesson):
    final = lesson.final()
    res = final.result()
    assert final.round == 12 and final.pool == -2 and max(len(seat.tableau) for seat in final.seats) < 12
    assert res.winners == [0] and res.scores == [26, 22]
    assert race.paid_for(lesson, 0, "public_works") == 0
    assert race.paid_for(lesson, 1, "comet_zone") == 2
    assert race.paid_for(lesson, 0, "gem_world") == 2
    ev = final.events
    # Public Works never draws for itself, but does for a later development
    pw = next(i for i, e in enumerate(ev) if e.kind == "place" and e.data["card"] == "public_works")
    assert not any(e.kind == "draw" and e.data["why"] == "develop_after" and e.round == 1
                   for e in ev[pw:])
    assert any(e.kind == "draw" and e.data["why"] == "develop_after" and e.round == 6 for e in ev)
    # Expedition Force (Develop) helps conquer in the same round's Settle
    assert any(e.kind == "place" and e.data["card"] == "expedition_force" and e.round == 1
               for e in ev)
    assert any(e.kind == "conquer" and e.data["card"] == "rebel_miners" and e.round == 1
               for e in ev)
    assert lesson.happened("sell", world="alpha_centauri")
    reveals = {a for e in ev if e.kind == "reveal" for a in e.data["actions"]}
    assert {"develop", "settle", "explore_1_1", "consume_trade", "consume_x2",
            "produce"} <= reveals
    assert lesson.happened("good", why="windfall") and lesson.happened("good", why="produce")
    # round 10: Trade sells the Alien Technology good (5 cards) before Player 2 consumes
    r10 = [e for e in ev if e.round == 10 and e.seat == 1 and e.kind in ("sell", "vp")]
    assert r10[0].kind == "sell" and r10[0].data["world"] == "alien_robotic_factory"
    assert r10[0].data["n"] == 5
    # round 12: 8 VP earned from a pool of 6, all paid
    assert sum(e.data["n"] for e in ev if e.kind == "vp" and e.round == 12) == 8


def test_scoring_explains_every_vp_and_switches_language(lesson):
    box = lesson.scoring()
    text = box.children[1].value
    assert "26 VP" in text and "Winner: Player 1" in text
    numbers = [int(x) for x in re.findall(r"• (\d+) VP", text)]
    assert sum(numbers) == 26
    lesson.set_lang("pt")
    assert "Vencedor: Jogador 1" in box.children[1].value
    assert "26 PV" in box.children[1].value
    lesson.set_lang("en")


def test_every_text_has_both_languages():
    for key, texts in race.TEXTS.items():
        assert set(texts) == {"en", "pt"}, key
    for key in list(race.CHAPTERS) + list(race.QUIZZES) + list(race.SCENARIOS):
        assert CATALOG.has(race.NS, key), key
    for key in race.QUIZZES:
        assert CATALOG.has(race.NS, key + "_why"), key


def test_language_switch_rerenders_the_lesson(lesson):
    switch = lesson.language()
    para = lesson.say("goal")
    board = lesson.board()
    extra = lesson.extra("round_shape")
    assert "goal in three sentences" in para.value
    switch.children[1].value = "pt"
    assert "objetivo em três frases" in para.value
    assert "Reserva de PV" in board.value and "Colonização" in extra.value
    switch.children[1].value = "en"
    assert "goal in three sentences" in para.value


def test_common_mistake_scenarios_run(lesson):
    box = lesson.scenario("m_public_works")
    assert "data-card='public_works'" in box.children[1].value
    box = lesson.scenario("m_next_phase")
    assert "data-card='rebel_miners'" in box.children[1].value
    box = lesson.scenario("m_bonus_chooser")
    assert "data-card='gem_world'" in box.children[1].value
    # a military world is never paid in cards: not offered although the hand could pay 4
    st = race.military_state()
    legal = {str(a) for a in st.decision(0).legal}
    assert legal == {"p1 pass", "p1 settle gem_world", "p1 settle spice_world",
                     "p1 settle rebel_fuel_cache"}
    assert len(st.seats[0].hand) == 6
    box = lesson.scenario("m_military_cards")
    assert "data-card='malevolent_lifeforms'" in box.children[1].value


def test_try_it_forks_the_first_choice(lesson):
    index, other = race.fork_point(lesson)
    assert index == 0 and str(other) == "p1 choose settle"
    index, choices = race.fork_choices(lesson)
    assert index == 0 and str(choices[0]) == "p1 choose develop"
    # every action card of the basic game is an alternative (the played one first)
    assert len(choices) == len(set(choices)) == 7
    out = lesson.try_it()
    fork = lesson.fork_table
    # the played line is the recorded game replayed exactly: 26 to 22, as the chapters showed
    assert fork.recorded.scores == lesson.final().result().scores == [26, 22]
    assert {b.action for b in fork.branches} == set(choices)
    assert all(b.playouts == lesson.facts()["playouts"] == 20 for b in fork.branches)
    assert next(b for b in fork.branches if b.played).action == choices[0]
    assert "Explore +5" in out.value and "Player 1: 26, Player 2: 22" in out.value
    assert "26 to 22" in lesson.text("try_intro", "en")


# --------------------------------------------------------------------------- what it teaches
def test_decision_premises_are_true_of_the_position(lesson):
    p1_r1 = race.seat_at_choice(lesson, 0, 1)
    assert sorted(p1_r1["hand"]) == ["colony_ship", "gem_world", "public_works",
                                     "rebel_fuel_cache"]
    assert p1_r1["tableau"] == ["epsilon_eridani"]
    p1_r2 = race.seat_at_choice(lesson, 0, 2)
    assert p1_r2["hand"] == [] and p1_r2["goods"] == {}
    p1_r4 = race.seat_at_choice(lesson, 0, 4)
    assert [(w, g[0]) for w, g in p1_r4["goods"].items()] == [("empath_world", "genes")]
    p2_r5 = race.seat_at_choice(lesson, 1, 5)
    assert p2_r5["goods"] == {}
    p2_r10 = race.seat_at_choice(lesson, 1, 10)
    kinds = [g[0] for g in p2_r10["goods"].values()]
    assert "alien" in kinds and len(kinds) > 1
    assert race.seat_at_choice(lesson, 0, 12)["goods"]
    i = race.choice_index(lesson, 0, 12)
    assert lesson.session.state_at(i).to_dict()["vp_pool"] == lesson.facts()["last_pool"]


def test_military_scenario_premise(lesson):
    st = race.military_state()
    d = st.to_dict()["seats"][0]
    assert len(d["hand"]) == 6 and "malevolent_lifeforms" in d["hand"]
    assert sum(race.card(c).mil for c in d["tableau"]) < race.card("malevolent_lifeforms").defense


def test_wrong_statements_stay_fixed():
    en = prose.path_of("race", "en").read_text(encoding="utf-8")
    pt = prose.path_of("race", "pt").read_text(encoding="utf-8")
    assert "square (" not in en and "quadrados (" not in pt
    assert "losango" in en and "losango" in pt
    assert "subtracts" in en and "subtrai" in pt
    # the game length is the rulebook's, and said to be
    assert "rulebook says usually 7 to 11" in en and "livro de regras, geralmente de 7 a 11" in pt
    # no engine command in prose
    assert not re.search(r"\bp[1-4] [a-z]+", en + pt)


def test_flow_charts_carry_a_finding_of_their_round(lesson):
    for rnd in (1, 2, 5, 6):
        for lang in ("en", "pt"):
            text = lesson.text(f"flows_r{rnd}", lang, n=rnd)
            assert re.search(r"\d", text.split("</strong>", 1)[1]), (rnd, lang)
