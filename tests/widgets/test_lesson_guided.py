"""The guided first game of the lessons (issue 28, "The learner plays"): one shared widget,
the rulebook's first-game set-up, fading hints, feedback judged by playouts, take back,
the handover to the play app; both languages."""

from __future__ import annotations

import dataclasses
import random
from functools import cache

import pytest

from gamekit.core import CATALOG, get
from gamekit_widgets.lesson import Lesson
from gamekit_widgets.lessons.guided import CLOSE, GOOD, WEAK, Guided

GAMES = ["wonderful", "race", "bluemoon", "gaia"]


@cache
def _lesson(game: str) -> Lesson:
    # a new game, not the lesson's record (replaying it costs seconds): the guided game is
    # its own game either way; made once per game
    return Lesson(game, players=get(game).default_players, seed=1)


def _guided(game: str, **change) -> Guided:
    lesson = _lesson(game)
    lesson.set_lang("en")
    setup = dataclasses.replace(_lesson(game).content.GUIDED, **change)
    guide = Guided(lesson, setup)
    guide.widget()
    return guide


def _texts(widget) -> str:
    """Every HTML value and button label under ``widget``."""
    out = [getattr(widget, "value", "") if isinstance(getattr(widget, "value", ""), str)
           else "", getattr(widget, "description", "") or ""]
    for child in getattr(widget, "children", ()):
        out.append(_texts(child))
    return " ".join(out)


def _buttons(widget, cls: str):
    found = []
    if cls in getattr(widget, "_dom_classes", ()):
        found.append(widget)
    for child in getattr(widget, "children", ()):
        found.extend(_buttons(child, cls))
    return found


@pytest.mark.parametrize("game", GAMES)
def test_the_guided_game_starts_at_a_real_decision_of_the_learner_in_the_first_game_setup(game):
    guide = _guided(game)
    setup = _lesson(game).content.GUIDED
    decision = guide.decision()
    assert decision is not None and decision.seat == setup.seat == 0
    assert len(decision.legal) > 1  # a move that is no choice is made for the learner
    assert guide.state.players == setup.players
    assert set(guide.session.agents) == set(range(1, setup.players))  # bots on every other seat
    assert guide.stage() == "show"
    text = _texts(guide.box)
    assert "Suggested:" in text and decision.question("en") in text


def test_first_game_setups_are_the_rulebooks():
    race = _guided("race")
    assert race.options == {"first_game": True}
    gaia = _guided("gaia")
    assert gaia.options["layout"] == "first_game"
    assert gaia.options["factions"] == list(get("gaia").lesson.FIRST_GAME_FACTIONS[2])
    assert _guided("wonderful").options == {"empire_side": "A"}
    assert _guided("bluemoon").options == {}  # the rulebook's default rules


def test_hints_fade_shown_then_on_request_then_none():
    guide = _guided("race", show=1, ask=2)
    assert guide.stage() == "show" and "Suggested:" in _texts(guide.box)
    guide.choose(guide.suggestion())
    assert guide.stage() == "ask"
    text = _texts(guide.box)
    assert "Suggested:" not in text and "Hint" in text
    [hint] = _buttons(guide.box, "gamekit-guided-hint-button")
    hint.click()
    assert "Suggested:" in _texts(guide.box)
    guide.choose(guide.suggestion())
    assert guide.stage() == "none"
    text = _texts(guide.box)
    assert "Suggested:" not in text and not _buttons(guide.box, "gamekit-guided-hint-button")


def test_the_suggestion_is_good_and_a_clearly_worse_choice_is_weak_with_the_rule_and_take_back():
    guide = _guided("race", playouts=10)
    verdict = guide.choose(guide.suggestion())
    assert verdict.kind == GOOD and "Good:" in guide.feedback()
    rng = random.Random(3)
    for _ in range(40):  # random choices until one ends clearly worse than the suggestion
        decision = guide.decision()
        if decision is None:
            break
        others = [a for a in decision.legal if a != guide.suggestion()]
        verdict = guide.choose(rng.choice(others) if others else decision.legal[0])
        if verdict.kind == WEAK:
            break
    assert verdict.kind == WEAK, "no random choice in 40 was judged weaker"
    assert verdict.gap > 0 and verdict.playouts == 10
    words = guide.feedback()
    assert "weaker choice" in words and "Rulebook:" in words and "take it back" in words
    rule = CATALOG.text("race", "rule." + verdict.decision.rule, "en")
    assert rule in words


def test_take_back_returns_to_the_learners_decision_with_the_bots_moves_undone():
    guide = _guided("race")
    before = guide.session.index
    decision = guide.decision()
    guide.choose(guide.suggestion())  # judged without playouts: the test stays quick
    assert guide.progress() == 1 and guide.session.index > before
    [back] = _buttons(guide.box, "gamekit-guided-back")
    back.click()
    assert guide.progress() == 0 and guide.session.index == before
    assert guide.decision() == decision and guide.feedback() == ""
    assert guide.take_back() is False  # nothing left to take back


def test_a_choice_that_is_not_legal_is_refused_and_the_game_is_unchanged():
    guide = _guided("wonderful")
    at = guide.session.index
    other = guide.session.agents[1]
    with pytest.raises(ValueError, match="not a choice of seat 1"):
        from gamekit.core import Action
        guide.choose(Action(1, "pass"))
    assert guide.session.index == at and guide.session.agents[1] is other


def test_a_close_choice_says_it_is_close():
    guide = _guided("wonderful", playouts=2)
    found = None
    for _ in range(12):
        decision = guide.decision()
        others = [a for a in decision.legal if a != guide.suggestion()]
        verdict = guide.choose(others[0] if others else decision.legal[0])
        if verdict.kind == CLOSE:
            found = verdict
            break
    assert found is not None
    assert "about the same over 2 playouts" in guide.feedback()


def test_portuguese_words_and_the_handover_at_the_end():
    guide = _guided("race", playouts=2)
    guide.lesson.set_lang("pt")
    text = _texts(guide.box)
    assert "Sugestão:" in text and "Sua primeira partida, com ajuda" in text
    while guide.decision() is not None:  # the learner follows the suggestion to the end
        guide.choose(guide.suggestion())
    assert guide.over()
    text = _texts(guide.box)
    assert "A partida acabou" in text and "play.ipynb" in text and "semente 11" in text
    # the hand-over: a link with this game's set-up in the play app's address, read back
    again = ("play.ipynb?players=2&amp;seed=11&amp;seat=1&amp;bot=heuristic"
             "&amp;first_game=true")
    assert again in text and "Jogar de novo esta preparação" in text
    from gamekit_widgets import address

    back = address.parse("race", again.split("?", 1)[1].replace("&amp;", "&"))
    assert back.form == {"players": 2, "seed": 11, "human": 0, "bot": "heuristic"}
    assert back.options == {"first_game": True} and not back.ignored
    guide.lesson.set_lang("en")
    assert "Now play on your own" in _texts(guide.box)
    assert "Play this set-up again in the play app" in _texts(guide.box)
