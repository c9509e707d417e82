""""What would you do here?" answers decided by the lesson's own playouts (issue 28): stored
verdicts match a recomputation, a separated verdict names the game's choice (the prose explains
it), a close one accepts every choice and says why."""

from __future__ import annotations

from functools import cache

import pytest

from gamekit_widgets.lesson import Lesson
from gamekit_widgets.lessons import verdicts


@cache
def _lesson(game: str) -> Lesson:
    return Lesson(game)


def _race() -> Lesson:
    return _lesson("race")


def _decided(lesson: Lesson) -> list[str]:
    return [k for k, spec in lesson.content.QUIZZES.items() if "actions" in spec]


@pytest.mark.parametrize(("game", "count"), [("race", 6), ("wonderful", 2), ("bluemoon", 5), ("gaia", 5)])
def test_every_playout_decided_quiz_has_a_stored_verdict(game, count):
    lesson = _lesson(game)
    keys = _decided(lesson)
    assert len(keys) == count
    for key in keys:
        found = verdicts.stored(game, key)
        assert found is not None, key
        assert found["verdict"] in ("ranked", "close") and found["playouts"] == verdicts.PLAYOUTS
        assert set(found["means"]) == set(lesson.content.QUIZZES[key]["choices"](lesson))


@pytest.mark.parametrize("game", ["race", "wonderful", "gaia", "bluemoon"])
def test_a_separated_verdict_is_the_answer_and_the_choice_the_prose_explains(game):
    lesson = Lesson(game)  # the quizzes play on to their moments, in the notebook's order
    ranked = [k for k in _decided(lesson) if verdicts.stored(game, k)["verdict"] == "ranked"]
    assert ranked
    for key in ranked:
        best = verdicts.stored(game, key)["best"]
        box = lesson.quiz(key)
        assert box.answer() == best, key
        first = lesson.text(key + "_why").split(":")[0].lower()
        assert lesson._choice_label(best).split()[0].strip(":").lower() in first, (key, first)


def test_the_playouts_correct_the_recorded_game_where_it_erred():
    """It's a Wonderful World's last planning: the recorded game recycled Ark of the Covenant;
    kept, the recycling cubes and Krystallium finish it the same round (7 VP better)."""
    lesson = _lesson("wonderful")
    spec = lesson.content.QUIZZES["q_last"]
    assert spec["answer"](lesson) == "recycle"  # what the recorded game did
    found = verdicts.stored("wonderful", "q_last")
    assert found["verdict"] == "ranked" and found["best"] == "keep"
    assert lesson.facts()["r4_keep_gain"] == 7
    assert lesson.text("q_last_why").startswith("Keep:")


def test_the_stored_verdict_is_what_the_playouts_give():
    lesson = _race()
    # the two-choice question of round 10: 2 x 40 playouts from late in the game
    assert verdicts.compute(lesson, "q_r10_choice") == verdicts.stored("race", "q_r10_choice")


def test_a_close_question_has_no_wrong_answer_and_says_why():
    lesson = _race()
    key = "q_r10_choice"
    assert verdicts.stored("race", key)["verdict"] == "close"
    box = lesson.quiz(key)
    answer = lesson.content.QUIZZES[key]["answer"](lesson)
    other = next(c for c in lesson.content.QUIZZES[key]["choices"](lesson) if c != answer)
    box.pick(other)
    assert lesson.quiz_results[key] == "first"
    text = box.children[-1].value
    assert "Close call" in text and "40 times" in text and "In the game: Consume: Trade" in text
    lesson.set_lang("pt")
    assert "Decisão apertada" in box.children[-1].value
    lesson.set_lang("en")


def test_a_ranked_question_still_has_a_wrong_answer():
    lesson = _race()
    key = "q_r12_choice"
    box = lesson.quiz(key)
    assert box.answer() == "consume_x2"
    box.pick("produce")
    assert key not in lesson.quiz_results  # a second try
    box.pick("consume_trade")
    assert lesson.quiz_results[key] == "missed"


@pytest.mark.parametrize("key", ["q_nope"])
def test_a_quiz_without_playouts_has_no_verdict(key):
    assert verdicts.stored("race", key) is None
    assert verdicts.stored("gaia", "q_r1_choice") is None


def test_gaia_s_power_question_stays_a_rule_one_choice_is_not_legal():
    """Bowl III cannot pay 7 credits there: no playout can try it, so the rules answer; it is
    asked as a rule question ("which can Player 1 take?"), each option citing the rule."""
    lesson = _lesson("gaia")
    spec = lesson.content.QUIZZES["q_power_pick"]
    assert "actions" not in spec and verdicts.stored("gaia", "q_power_pick") is None
    assert spec["kind"] == "rule" and "decision" not in spec
    asks = {"en": "What would you do", "pt": "O que você faria"}
    for lang, words in asks.items():
        assert words not in lesson.text("q_power_pick", lang, power_pick_round=1,
                                        power_pick_bowl3=3)
        for option in ("power4", "power7"):
            text = lesson.text(f"q_power_pick.opt.{option}", lang, power_pick_bowl3=3)
            assert "(6) " in text, (lang, option)  # the rule's section
    assert lesson.text("q_power_pick.opt.power4", "en", power_pick_bowl3=3).startswith(
        "Not allowed")
    from gamekit_widgets.lessons import gaia
    legal = gaia.state_at(gaia.moment(gaia._power_pick_moment)).decision(0).legal
    powers = {a.args[0] for a in legal if a.verb == "action"}
    assert "power7" in powers and "power4" not in powers


def test_a_choice_of_several_actions_is_played_as_a_line():
    """Blue Moon City's Khind question: paying without the Khind is the recorded payment less
    its first card (the Lux, then the two Mimix), legal card by card, and the Khind stays in
    Player 1's hand."""
    from gamekit_widgets.lessons import forks

    lesson = _lesson("bluemoon")
    spec = lesson.content.QUIZZES["q_khind_pay"]
    lines = spec["actions"](lesson)
    assert lines["all_three"][0].args[0].startswith("khind")
    assert lines["mimixes"] == lines["all_three"][1:]
    after = forks.replay(lesson.session.state_at(spec["index"](lesson)), list(lines["mimixes"]))
    hand = after.to_dict()["hands"][0]
    assert any(c.startswith("khind") for c in hand), hand
    found = verdicts.compute(lesson, "q_khind_pay", playouts=4)
    assert set(found["means"]) == {"all_three", "mimixes"} and found["playouts"] == 4


def test_the_stored_gaia_verdict_is_what_the_playouts_give():
    lesson = _lesson("gaia")
    assert verdicts.compute(lesson, "q_late_project") == verdicts.stored("gaia", "q_late_project")


def test_a_close_call_names_the_game_s_choice_and_the_rules_when_they_differ():
    """Blue Moon City's Khind: the playouts do not separate the two payments; Player 1 paid the
    Khind in the game, the rules' count leaves it out: the feedback says both."""
    lesson = Lesson("bluemoon")
    key = "q_khind_pay"
    assert verdicts.stored("bluemoon", key)["verdict"] == "close"
    assert lesson.content.QUIZZES[key]["played"](lesson) == "all_three"
    box = lesson.quiz(key)
    box.pick("all_three")
    assert lesson.quiz_results[key] == "first"
    text = box.children[-1].value
    assert "Close call" in text and "In the game: Khind + Mimix 3 + Mimix 2" in text
    assert "rules" in text
    lesson.set_lang("pt")
    text = box.children[-1].value
    assert "Na partida: Khind + Mimix 3 + Mimix 2" in text
    assert "Pela conta das regras: Mimix 3 + Mimix 2" in text


def test_blue_moon_city_offering_questions_compare_whole_turns():
    """Round 7: walk to the Central Square, end the movement and offer, or stay where the figure
    is and keep the crystals (ranked: offer); round 19, on the square with 4 offerings: offer (and win) or end the turn
    keeping the crystals (ranked: offer)."""
    lesson = _lesson("bluemoon")
    quizzes = lesson.content.QUIZZES
    plans = quizzes["q_first_offering"]["actions"](lesson)
    offer = plans["offer"]
    assert [a.verb for a in offer] == ["move", "done", "offer"] and offer[0].args == (2, 2)
    assert all(a.seat == 0 for a in offer) and str(plans["wait"]) == "p1 done"
    start = lesson.session.state_at(quizzes["q_first_offering"]["index"](lesson))
    assert start.to_dict()["turn"]["stage"] == "move" and start.seats[0].figure != 12
    plans = quizzes["q_win_offer"]["actions"](lesson)
    assert [str(a) for a in plans["offer"]] == ["p1 done", "p1 offer"]
    assert [str(a) for a in plans["wait"]] == ["p1 done", "p1 done"]
    start = lesson.session.state_at(quizzes["q_win_offer"]["index"](lesson))
    assert start.seats[0].figure == 12 and start.seats[0].offerings == 4  # on the square
    for key in ("q_first_offering", "q_win_offer"):
        assert verdicts.stored("bluemoon", key)["verdict"] == "ranked", key
        assert verdicts.stored("bluemoon", key)["best"] == "offer", key
    for lang, words in (("en", "clearly behind"), ("pt", "claramente atrás")):
        assert words in lesson.text("q_win_offer_why", lang)
