"""Blue Moon City's lesson teaches (issue "Lessons that teach"): the recorded line replays and
every number the prose states is the game's; half the quizzes ask "what would you do here?" with
true premises; round 1 introduces one rule per example; the mistake scenarios show what they
claim; the wrong statements stay fixed (21 tiles, no unsourced length, wasted plays said)."""

from __future__ import annotations

import re

import pytest

from gamekit.core import GameRecord, replay
from gamekit_widgets.lesson import Lesson
from gamekit_widgets.lessons import bluemoon, prose


@pytest.fixture(scope="module")
def lesson():
    return Lesson("bluemoon")


GOLDEN = {
    "final_scores": {"en": "5, 1 and 3", "pt": "5, 1 e 3"}, "playouts": 20, "pal_v2_over": 1,
    "pillar_had": 12, "r10_left": 1, "r14_crystals": 12, "r14_offers": 4,
    "p3_refill_discarded": 0, "p3_refill_drew": 2, "reshuffle_round": 9, "p1_r1_scales": 1,
    "ft_terrah": 5, "players": 3, "other_tiles": 16, "start_cards": 8, "markers": 10,
    "scales": 10, "obelisk_n": 13, "obelisk_costs": "7 7 7 7 8 8 9 9 10 10 11 11 12",
    "pal_paid": 3, "pal_spaces": 4, "pal_v1": 5, "pal_v2": 4, "pal_v3": 3, "pal_rest": 3,
    "ft_v1": 5, "gh_round": 1, "gh_v1": 4, "gh_v2": 3, "gh_maj_scales": 1, "gh_con_crystals": 1,
    "after_gh": 2, "lib_round": 4, "lib_p2": 2, "lib_p1": 1, "pal_maj": 3,
    "pal_con_crystals": 1, "pal_con_cards": 1, "ft_round": 6, "ft_p1_markers": 2,
    "ft_con_crystals": 3, "offer1_had": 8, "offer1": 7, "offer2": 7, "cr_round": 7, "ss_p1": 5,
    "ss_p3": 2, "ss_p1_crystals": 6, "ss_p2_crystals": 3, "fork_round": 10, "r10_offer": 8,
    "pillar_x": 1, "pillar_cost": 9, "r10_offers": 4, "end_p3_offer": 9, "end_p1_offer": 10,
    "win_n": 5, "ft_scale_rounds": {"en": "1 and 2", "pt": "1 e 2"}, "oo_crystals": 20,
    "oo_cost": 7, "oo_next": 7, "oo_legal": {"en": "done", "pt": "encerrar"}, "kh_face": 5,
    "kh_spaces": "5, 4, 3",
    "kh_legal": {"en": "contribute to space 3 (red 3), done",
                 "pt": "contribuir no espaço 3 (vermelho 3), encerrar"},
    "kh_space": 3, "kh_total": 3, "cr_v1": 4, "cr_v2": 3, "r6_scales": 1, "r8_offer": 7,
    "citadel_markers": 1, "r11_offer": 9, "r12_scales": 1, "et_p1": 2, "et_p3": 1,
}


def test_the_recorded_line_replays_to_the_game_the_prose_tells():
    final = replay(GameRecord.load(bluemoon.RECORD))
    assert final.is_over() and final.result().scores == [5, 1, 3] and final.round == 14


def test_every_number_the_prose_states_is_the_games(lesson):
    assert lesson.facts() == GOLDEN
    stated = set()
    for lang in prose.LANGS:
        stated |= set(re.findall(r"\{([a-z_0-9]+)\}",
                                 prose.path_of("bluemoon", lang).read_text(encoding="utf-8")))
    filled_by_lesson = {"round", "n", "who", "cost", "x", "detail", "left", "c", "filled",
                        "next", "scales", "stage", "a", "b"}
    assert set(GOLDEN) - {"players"} <= stated | {"kh_face"}
    assert stated - filled_by_lesson <= set(GOLDEN)


def test_at_least_half_the_quizzes_ask_what_you_would_do(lesson):
    decisions = [k for k, q in bluemoon.QUIZZES.items() if q.get("decision")]
    assert len(decisions) * 2 >= len(bluemoon.QUIZZES)
    for key in decisions:
        spec = bluemoon.QUIZZES[key]
        answer = spec["answer"](lesson)
        assert answer in spec["choices"](lesson), key
        for lang, ask in (("en", "What would you do here?"), ("pt", "O que você faria aqui?")):
            assert lesson.text(key, lang).startswith(f"<strong>{ask}</strong>")
            assert lesson.text(key + "_why", lang).lower().startswith(
                lesson.text("choice." + answer, lang).split(" ")[0].lower()), (key, lang)


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
    assert d["hands"][0].get("pillar_1") and d["crystals"][0] >= GOLDEN["pillar_cost"]


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


def test_every_round_has_a_board():
    fresh = Lesson("bluemoon")
    rounds = set()
    for key, spec in bluemoon.CHAPTERS.items():
        fresh.chapter(key)
        if spec.get("board", True):
            rounds.add(fresh.state.round)
    assert rounds == set(range(1, fresh.final().round + 1))
