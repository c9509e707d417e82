"""Every number a lesson states about its game is computed from that game (issue "Words").

The prose of the sections that narrate the lesson's game (its chapters, scenarios, quizzes and
"Try it yourself") may hold no literal number: each one is a placeholder filled from the game
(the content's ``FACTS``, or the chapter's ``round``). Allowed literals: a heading's ordinal
("### 8."), rulebook citations in ``<small>``, seat names ("Player 2": who, not how many) and
the numbers of the rules and printed cards the content lists in ``RULE_NUMBERS``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

import pytest

from gamekit.core.registry import declared
from gamekit_widgets.lesson import Lesson, load_content
from gamekit_widgets.lessons import prose

GAMES = tuple(declared())  # every shipped game (the registry)
_PLACEHOLDER = re.compile(r"\{[a-z_0-9]+\}")
_SMALL = re.compile(r"<small>.*?</small>", re.S)
_ORDINAL = re.compile(r"^#+ \d+\.", re.M)
_SEAT = re.compile(r"\b(Player|Jogador)\s+[1-4]\b")


def game_sections(content) -> set[str]:
    keys = set(content.CHAPTERS) | set(content.SCENARIOS) | {"try_intro"}
    for quiz in content.QUIZZES:
        keys |= {quiz, quiz + "_why"}
    return keys


def literal_numbers(markdown: str, rules: tuple[str, ...], names: str = "") -> list[str]:
    text = _SMALL.sub(" ", _PLACEHOLDER.sub(" ", re.sub(r"\s+", " ", markdown)))
    text = _SEAT.sub(" ", _ORDINAL.sub(" ", text))
    for phrase in rules:
        text = text.replace(phrase, " ")
    if names:  # components named with a number ("Lux 2": a name, not a count)
        text = re.sub(names, " ", text)
    return re.findall(r"[^\s]*\d[^\s]*", text)


def rule_numbers(content) -> tuple[dict[str, tuple[str, ...]], set[str]]:
    """The content's ``RULE_NUMBERS``: phrases per language (``{lang: (phrase, ...)}``), or the
    bare numbers of the rules written out in either language (a set, as Gaia Project's)."""
    rules = getattr(content, "RULE_NUMBERS", {})
    if isinstance(rules, Mapping):
        return {lang: tuple(p) for lang, p in rules.items()}, set()
    return {}, set(rules)


@pytest.mark.parametrize("game", GAMES)
def test_game_sections_state_no_literal_number(game):
    content = load_content(game)
    phrases, bare = rule_numbers(content)
    bad = []
    for lang in prose.LANGS:
        sections = prose.parse(prose.path_of(game, lang).read_text(encoding="utf-8"))
        for key in sorted(game_sections(content)):
            found = literal_numbers(sections[key], phrases.get(lang, ()),
                                    getattr(content, "NUMBERED_NAMES", ""))
            bad += [(lang, key, n) for n in found if not set(re.findall(r"\d+", n)) <= bare]
    assert not bad, bad


@pytest.mark.parametrize("game", GAMES)
def test_listed_rule_numbers_are_in_the_prose(game):
    content = load_content(game)
    phrases, bare = rule_numbers(content)
    texts = {lang: re.sub(r"\s+", " ", prose.path_of(game, lang).read_text(encoding="utf-8"))
             for lang in prose.LANGS}
    for lang, listed in phrases.items():
        missing = [p for p in listed if p not in texts[lang]]
        assert not missing, (lang, missing)
    written = set(re.findall(r"\d+", " ".join(texts.values())))
    assert bare <= written, sorted(bare - written)


@pytest.fixture(scope="module", params=GAMES)
def lesson(request):
    return Lesson(request.param)


def test_every_section_renders_filled_in_both_languages(lesson):
    facts = lesson.facts()
    assert all(v is not None for v in facts.values())
    content = lesson.content
    for lang in prose.LANGS:
        for key in prose.load(lesson.game):
            if key in content.CHAPTERS or key in content.QUIZZES or key.endswith("_why"):
                text = lesson.text(key, lang, round=lesson.state.round)
            else:
                text = lesson.text(key, lang)
            holes = re.findall(r"\{[a-z_0-9]+\}", text)
            # texts the lesson fills itself (scoring lines, captions) are checked where drawn
            assert not holes or not set(h[1:-1] for h in holes) & set(facts), (lang, key, holes)


def test_chapter_headings_name_the_round_the_chapter_shows(lesson):
    """A chapter's heading names the round of its board, or the round just finished when the
    board is the start of the next one (the text tells what just happened)."""
    for key in lesson.content.CHAPTERS:
        box = lesson.chapter(key)
        heading = box.children[0].value
        m = re.search(r"(?:Round|Rodada)s? (?:\d+–)?(\d+)", heading)
        if m:
            assert int(m.group(1)) in (lesson.state.round, lesson.state.round - 1), (key, heading)


def test_try_it_yourself_shows_the_recorded_game_as_the_played_line(lesson):
    """The played line is the lesson's game itself: for It's a Wonderful World 50-50-36 and a
    win by Player 2 on the tie-break, not a replay by re-seeded bots (which gave 64 VP)."""
    lesson.try_it()
    final = lesson.final().result()
    action, played = lesson.fork_outcomes["taken"]
    assert played.scores == final.scores and played.winners == final.winners
    index, _other = lesson.content.fork_point(lesson)
    assert action == lesson.session.action_at(index)
    if lesson.game == "wonderful":
        assert final.scores == [50, 50, 36] and final.winners == [1]
    shown = lesson.try_it().value
    assert ", ".join(f"Player {s + 1}: {v}" for s, v in enumerate(final.scores)) in shown
    assert "p1 " not in shown and "_" not in re.sub(r"<[^>]+>", "", shown)
