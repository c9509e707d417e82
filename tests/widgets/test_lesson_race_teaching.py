"""Race for the Galaxy's lesson teaches (issue "Lessons that teach"): the recorded line replays
and every number the prose states is the game's; the "what would you do here?" questions are at
least half of the quizzes and their premises are true of the position asked about; the mistake
scenario shows what it claims; the wrong statements stay fixed."""

from __future__ import annotations

import re

import pytest

from gamekit.core import GameRecord, replay
from gamekit_widgets.lesson import Lesson
from gamekit_widgets.lessons import prose, race


@pytest.fixture(scope="module")
def lesson():
    return Lesson("race")


#: every number the race prose states about its game, as the recorded game gives it
GOLDEN = {
    "ee_mil": 1, "ac_rare_mil": 1, "ac_discount": 1, "start_pool": 24, "pool_per_player": 12,
    "pw_cost": 1, "pw_paid": 0, "ef_paid": 1, "ef_mil": 1, "ef_round": 1, "gem_paid": 2,
    "rm_defense": 2, "rm_military": 2, "p1_explore_n": 3, "p1_explore_keep": 2,
    "p2_explore_n": 3, "p2_explore_keep": 1, "trade1_round": 2, "trade1_n": 3, "trade2_n": 4,
    "trade3_n": 5, "comet_cost": 3, "comet_paid": 2, "ns_round": 4, "ns_defense": 1,
    "cm_paid": 5, "pw_round": 1, "pw_draw_round": 6, "mc_paid": 2, "mc_cost": 3,
    "engines_from": 7, "both_produce": {"en": "7 and 9", "pt": "7 e 9"}, "factory_round": 8,
    "factory_paid": 6, "pool_after_factory": 12, "last_pool": 6, "last_earned": 8,
    "pool_end": -2, "ml_hand": 6, "ml_defense": 4, "ml_military": 1, "rfc_defense": 1,
    "empath_mil": -1, "p1_mil_before": 1, "p1_mil_after": 0, "p1_hand_r2": 0, "p2_prod_r5": 3,
    "final_scores": {"en": "26 to 22", "pt": "26 a 22"}, "playouts": 20,
}


def test_the_recorded_line_replays_to_the_game_the_prose_tells():
    record = GameRecord.load(race.RECORD)
    final = replay(record)
    assert final.is_over() and final.result().scores == [26, 22] and final.round == 12


def test_every_number_the_prose_states_is_the_games(lesson):
    assert lesson.facts() == GOLDEN
    placeholders = set()
    for lang in prose.LANGS:
        text = prose.path_of("race", lang).read_text(encoding="utf-8")
        placeholders |= set(re.findall(r"\{([a-z_0-9]+)\}", text))
    # every fact is stated somewhere, and the prose states no number that is not a fact
    # (the chapter's round and the texts the lesson fills itself aside)
    filled_by_lesson = {"round", "n", "who", "world", "vp", "detail", "card", "others", "a", "b",
                        "tableau", "chips", "six"}
    assert set(GOLDEN) <= placeholders
    assert placeholders - filled_by_lesson <= set(GOLDEN)


def test_at_least_half_the_quizzes_ask_what_you_would_do(lesson):
    decisions = [k for k, q in race.QUIZZES.items() if q.get("decision")]
    assert len(decisions) * 2 >= len(race.QUIZZES)
    for key in decisions:
        assert lesson.text(key, "en").startswith("<strong>What would you do here?</strong>")
        answer = race.QUIZZES[key]["answer"](lesson)
        assert answer in race.QUIZZES[key]["choices"](lesson), key
        # the answer is explained, and names the action chosen
        for lang in prose.LANGS:
            assert lesson.text(key + "_why", lang).startswith(
                lesson.text("choice." + answer, lang)), (key, lang)


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
    assert lesson.session.state_at(i).to_dict()["vp_pool"] == GOLDEN["last_pool"]


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
