"""The lessons teach (issue 16, "Lessons that teach"), one check per concern for every game:
the recorded line replays to the game the prose tells; every number the prose states is the
game's; at least half the quizzes ask "what would you do here?" on the board, their answer in
the choices and explained (starting with it) in both languages; every round has a board; no
engine command in the prose. Each game's own premises live in its lesson test module."""

from __future__ import annotations

import re

import pytest

from gamekit.core import GameRecord, replay
from gamekit.core.registry import declared
from gamekit_widgets.lesson import Lesson, load_content
from gamekit_widgets.lessons import prose

GAMES = tuple(declared())  # every shipped game (the registry)

#: the recorded game of each lesson: final scores and the last round
ENDS = {"wonderful": ([50, 50, 36], 4), "race": ([26, 22], 12), "bluemoon": ([5, 3, 4], 19),
        "gaia": ([74, 70], 6)}

#: every number the race and Blue Moon City prose states about its game, as the game gives it
GOLDEN = {
    "race": {
        "ee_mil": 1, "ac_rare_mil": 1, "ac_discount": 1, "start_pool": 24, "pool_per_player": 12,
        "pw_cost": 1, "pw_paid": 0, "ef_paid": 1, "ef_mil": 1, "ef_round": 1, "gem_paid": 2,
        "rm_defense": 2, "rm_military": 2, "p1_explore_n": 3, "p1_explore_keep": 2,
        "p2_explore_n": 3, "p2_explore_keep": 1, "trade1_round": 2, "trade1_n": 3,
        "trade2_n": 4, "trade3_n": 5, "comet_cost": 3, "comet_paid": 2, "ns_round": 4,
        "ns_defense": 1, "cm_paid": 5, "pw_round": 1, "pw_draw_round": 6, "mc_paid": 2,
        "mc_cost": 3, "engines_from": 7, "both_produce": {"en": "7 and 9", "pt": "7 e 9"},
        "factory_round": 8, "factory_paid": 6, "pool_after_factory": 12, "last_pool": 6,
        "last_earned": 8, "pool_end": -2, "ml_hand": 6, "ml_defense": 4, "ml_military": 1,
        "rfc_defense": 1, "empath_mil": -1, "p1_mil_before": 1, "p1_mil_after": 0,
        "p1_hand_r2": 0, "p2_prod_r5": 3, "final_scores": {"en": "26 to 22", "pt": "26 a 22"},
        "playouts": 20, "r1_paid_p1": 2, "r1_paid_p2": 1, "r5_goods": 6, "r5_windfall": 2,
        "r6_goods": 5, "r6_vp": 6, "x2_round": 6, "r7_empty": 4, "r7_goods": 5,
        "r8_goods_p1": 2, "r11_discarded": 3,
    },
    "bluemoon": {
        "final_scores": {"en": "5, 3 and 4", "pt": "5, 3 e 4"}, "playouts": 20,
        "p3_refill_discarded": 0, "p3_refill_drew": 2, "reshuffle_round": 8, "p1_r1_scales": 1,
        "players": 3, "other_tiles": 16, "start_cards": 8, "markers": 10, "scales": 10,
        "obelisk_n": 13, "obelisk_costs": "7 7 7 7 8 8 9 9 10 10 11 11 12", "pal_paid": 2,
        "pal_spaces": 4, "pal_v1": 5, "pal_v2": 4, "pal_rest": 3, "pal_p1_v": 4, "wt_v1": 5,
        "wt_mimix": 5, "wt_round": 1, "wt_v2": 4, "wt_v3": 3, "wt_v3_over": 2, "wt_p2": 2,
        "wt_p1": 1, "wt_maj_crystals": 2, "wt_con_crystals": 3, "th_cards": 2,
        "th_con_crystals": 1, "wa_scales": 2, "ho_scales": 2, "ft_p3": 2, "ft_p2": 1, "ss_p1": 5,
        "ss_p2": 1, "ss_p3": 4, "ss_p1_crystals": 6, "ss_p3_crystals": 3, "thermae_neigh": 2,
        "p2_offer1": 7, "p2_offer1_round": 5, "p3_offer1": 7, "offer1_had": 19, "offer1": 7,
        "mh_round": 6, "mh_p2": 2, "mh_p1": 1, "mh_scales": 2, "mh_crystals": 3, "pal_maj": 3,
        "pal_con_crystals": 1, "pal_con_cards": 1, "fork_round": 7, "r10_offer": 7, "pillar_x": 2,
        "pillar_cost": 9, "pillar_had": 12, "r10_offers": 2, "r10_left": 3, "p3_offer2": 8,
        "ss2_p1": 4, "ss2_p1_crystals": 3, "ss2_p2_crystals": 3, "if_p3": 2, "if_p1": 1,
        "mt_p2": 2, "mt_p3": 1, "cr_p3": 3, "p3_offer3": 9, "ss3_p3": 7, "ss3_p3_crystals": 6,
        "p3_offer4": 10, "p1_offer3": 10, "p1_offer4": 11, "p2_offers18": 3, "cv_scales": 2,
        "ss4_p1_crystals": 6, "ss4_p2_crystals": 3, "win_crystals": 12, "win_offers": 4,
        "end_p1_offer": 11, "win_n": 5, "th_scale_rounds": {"en": "4 and 5", "pt": "4 e 5"},
        "oo_crystals": 20, "oo_cost": 7, "oo_next": 7,
        "oo_legal": {"en": "done", "pt": "encerrar"}, "kh_face": 5, "kh_spaces": "5, 4, 3",
        "kh_legal": {"en": "contribute to space 3 (red 3), done", "pt": "contribuir no espaço 3 (vermelho 3), encerrar"},
        "kh_space": 3, "kh_total": 3,
    },
}
#: placeholders the lesson fills itself (the chapter's round, a seat's name, a fork's words…)
FILLED_BY_LESSON = {
    "race": {"round", "n", "who", "world", "vp", "detail", "card", "others", "a", "b",
             "tableau", "chips", "six"},
    "bluemoon": {"round", "n", "who", "cost", "x", "detail", "left", "c", "filled", "next",
                 "scales", "stage", "a", "b", "d"},
}


@pytest.fixture(scope="module", params=GAMES)
def lesson(request):
    return Lesson(request.param)


def is_decision(spec: dict) -> bool:
    """A "what would you do here?" question (``decision`` or ``kind: decide`` in its spec)."""
    return bool(spec.get("decision")) or spec.get("kind") == "decide"


@pytest.mark.parametrize("game", GAMES)
def test_the_recorded_line_replays_to_the_game_the_prose_tells(game):
    final = replay(GameRecord.load(load_content(game).RECORD))
    scores, last = ENDS[game]
    assert final.is_over() and final.result().scores == scores and final.round == last


@pytest.mark.parametrize("game", sorted(GOLDEN))
def test_every_number_the_prose_states_is_the_games(game):
    lesson = Lesson(game)
    assert lesson.facts() == GOLDEN[game]
    stated = set()
    for lang in prose.LANGS:
        stated |= set(re.findall(r"\{([a-z_0-9]+)\}",
                                 prose.path_of(game, lang).read_text(encoding="utf-8")))
    # every fact is stated somewhere (Blue Moon's player count and tile face aside), and the
    # prose states no number that is not a fact
    assert set(GOLDEN[game]) - {"players", "kh_face"} <= stated
    assert stated - FILLED_BY_LESSON[game] <= set(GOLDEN[game])


def test_at_least_half_the_quizzes_ask_what_you_would_do(lesson):
    quizzes = lesson.content.QUIZZES
    decisions = [k for k, q in quizzes.items() if is_decision(q)]
    assert len(decisions) * 2 >= len(quizzes), lesson.game
    asks = {"en": "What would you do here?", "pt": "O que você faria aqui?"}
    for key in decisions:
        spec = quizzes[key]
        assert spec.get("board") and spec.get("at") is not None, key  # asked on the board
        for lang in prose.LANGS:
            assert asks[lang] in lesson.text(key, lang), (key, lang)
        if lesson.game == "wonderful":  # its answers depend on the seat's hand: own test
            continue
        fresh = Lesson(lesson.game)
        box = fresh.quiz(key)
        answer = box.answer()
        assert answer in spec["choices"](fresh), key
        for lang in prose.LANGS:
            fresh.set_lang(lang)
            label = fresh._choice_label(answer)
            why = fresh.text(key + "_why", lang)
            assert why.lower().startswith(label.split(" ")[0].lower()), (key, lang, label)


@pytest.mark.parametrize("game", GAMES)
def test_every_round_has_a_board(game):
    fresh = Lesson(game)
    rounds = set()
    for key, spec in fresh.content.CHAPTERS.items():
        fresh.chapter(key)
        if spec.get("board", True):
            rounds.add(fresh.state.round)
    assert set(range(1, fresh.final().round + 1)) <= rounds


@pytest.mark.parametrize("game", GAMES)
def test_no_engine_command_in_the_prose(game):
    for lang in prose.LANGS:
        text = prose.path_of(game, lang).read_text(encoding="utf-8")
        assert not re.search(r"\bp[1-4] [a-z]+", text), (game, lang)
