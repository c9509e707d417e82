"""Quizzes check understanding (issue 28): a wrong first answer gets its own feedback and a
second try without the answer; the second answer (or "show the answer") ends the quiz; the
lesson keeps a score (``gamekit_widgets.lessons.quizzes``)."""

from __future__ import annotations

import pytest

from gamekit_widgets.lesson import Lesson, load_content
from gamekit_widgets.lessons import gaia, prose, quizzes


@pytest.fixture()
def lesson():
    return Lesson("gaia")


def feedback(q):
    return q.children[-1].value


def test_a_wrong_first_answer_gets_its_feedback_and_a_second_try(lesson):
    score = lesson.quiz_score()
    assert "No quiz answered yet" in score.value
    q = lesson.quiz("q_leech")
    answer = gaia.facts()["leech_vp"]
    wrong = next(c for c in (0, 1, 2, 3) if c != answer)
    q.pick(wrong)
    text = feedback(q)
    assert "Not quite." in text and "Try once more" in text
    assert lesson.text(f"q_leech.opt.{wrong}") in text  # the option's own feedback
    assert "Answer:" not in text  # the answer is not shown yet
    buttons = q.children[1].children
    assert [b.disabled for b in buttons[:4]] == [c == wrong for c in (0, 1, 2, 3)]
    assert "q_leech" not in lesson.quiz_results
    q.pick(answer)
    assert "Right!" in feedback(q) and "Answer:" in feedback(q)
    assert lesson.quiz_results["q_leech"] == quizzes.SECOND
    assert "0 of 1 right at the first try, 1 at the second" in score.value


def test_two_wrong_answers_end_the_quiz_with_the_answer(lesson):
    q = lesson.quiz("q_gaia_tokens")
    answer = q.answer()
    wrong = [c for c in (3, 4, 6) if c != answer]
    q.pick(wrong[0])
    q.pick(wrong[1])
    text = feedback(q)
    assert "Not quite." in text and "Answer:" in text and "Try once more" not in text
    assert lesson.text(f"q_gaia_tokens.opt.{wrong[1]}") in text
    assert lesson.quiz_results["q_gaia_tokens"] == quizzes.MISSED
    q.pick(answer)  # the quiz is over: a later click changes nothing
    assert lesson.quiz_results["q_gaia_tokens"] == quizzes.MISSED


def test_right_at_once_and_revealed_quizzes_are_scored_in_both_languages(lesson):
    score = lesson.quiz_score()
    lesson.quiz("q_leech").pick(gaia.facts()["leech_vp"])
    lesson.quiz("q_gaia_tokens").reveal()
    assert quizzes.score(lesson.quiz_results) == {"asked": 2, "right": 1, "second": 0}
    assert "1 of 2 right at the first try" in score.value
    lesson.set_lang("pt")
    assert "1 de 2 certas na primeira tentativa" in score.value


@pytest.mark.parametrize(("game", "least"), [("gaia", 14), ("wonderful", 9), ("bluemoon", 12),
                                             ("race", 36)])
def test_every_option_feedback_is_a_choice_of_its_quiz_in_both_languages(game, least):
    content = load_content(game)
    texts = prose.load(game)
    options = [k for k in texts if ".opt." in k]
    assert len(options) >= least
    lesson = Lesson(game)
    for key in options:
        quiz, choice = key.split(".opt.")
        assert quiz in content.QUIZZES, key
        assert texts[key]["en"] and texts[key]["pt"] and texts[key]["en"] != texts[key]["pt"]
        if content.QUIZZES[quiz].get("at") is None:  # choices that need no moment of the game
            labels = {quizzes.option_key(quiz, c) for c in content.QUIZZES[quiz]["choices"](lesson)}
            assert key in labels, key


def test_every_option_of_every_race_quiz_has_its_own_feedback_in_both_languages():
    lesson = Lesson("race")
    for key, spec in load_content("race").QUIZZES.items():
        for choice in spec["choices"](lesson):
            okey = quizzes.option_key(key, choice)
            for lang in ("en", "pt"):
                text = lesson.text(okey, lang=lang)
                assert text and text != okey and "{" not in text, (okey, lang, text)
