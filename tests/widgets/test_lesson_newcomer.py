"""A learner who has never played can play a first game after its lesson (issue 16): the
reproducible part of that claim, checked for every game (docs/lessons/newcomer.md says what it
covers and what it does not — no human study).

1. The rules a first game needs are the coverage table's rows marked ``needed`` (column "First
   game"); each is taught by a paragraph of the lesson, never left to the rulebook.
2. Each of those paragraphs is a cell of the lesson's notebook shown *before* the learner is
   asked to decide in a game of their own: the "Try it yourself" fork and the free-play widget.
3. Every quiz names the paragraph that teaches its rule (``taught_by``), and that paragraph comes
   earlier in the notebook than the quiz: a question never asks about a rule not yet taught.
"""

from __future__ import annotations

import json
import re

import pytest

from gamekit_widgets.lesson import load_content
from gamekit_widgets.lessons import coverage, prose

GAMES = ("wonderful", "race", "bluemoon", "gaia")
_CALL = re.compile(r'lesson\.(?:say|chapter|quiz|scenario|extra)\("([^"]+)"\)')
#: the cells where the learner decides in a game of their own
_PLAYS = ("lesson.try_it()", "lesson.widget()")
#: the sections a first game does without (column "First game": ``—``), reviewed one by one:
#: variants and other player counts, solo modes, worked examples, reference pages, credits, and
#: the set-ups a first game replaces with its own (taught: "Primeira partida", first-game map)
NOT_FOR_A_FIRST_GAME = {
    "wonderful": {"III Como jogar", "VI Final do jogo > Exemplo de fim de jogo",
                  "Modo 2 jogadores", "Modo a solo",
                  "Modo a solo > Classificação (tabela de pontuação)",
                  "Cenários a solo (CO1–CO6)"},
    "race": {"Preparação", "Partida de 2 jogadores (para jogadores experientes)",
             "Sobre as cartas", "Créditos"},
    "bluemoon": {"Preparação > Preparação alternativa",
                 "Expansão > Preparação adicional das construções",
                 "Expansão > Construções especiais", "Créditos"},
    # issue 28: the appendices (the factions in play, research board, action spaces, boosters,
    # scoring and tech tiles) are rules a first game meets, taught before the game (rules_*)
    "gaia": {"Créditos"} | {s for s in coverage.sections("gaia")
                            if s.startswith("Configurações Avançadas")},
}


def notebook(game: str) -> list[str]:
    path = coverage.ROOT / "notebooks" / game / "learn.ipynb"
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]


def shown_at(game: str) -> dict[str, int]:
    """Prose key -> index of the first notebook cell that shows it."""
    where: dict[str, int] = {}
    for i, cell in enumerate(notebook(game)):
        for key in _CALL.findall(cell):
            where.setdefault(key, i)
    return where


def first_play(game: str) -> int:
    cells = notebook(game)
    plays = [i for i, c in enumerate(cells) if c.strip() in _PLAYS]
    assert plays, f"{game}: the notebook never lets the learner play"
    return min(plays)


@pytest.mark.parametrize("game", GAMES)
def test_the_rules_a_first_game_needs_are_taught_by_the_lesson(game):
    needed = coverage.needed(game)
    assert needed, f"{game}: no section marked as needed for a first game"
    assert coverage.check(game) == []  # among others: no needed rule left to the rulebook
    left = {r.section for r in coverage.table(game)} - {r.section for r in needed}
    assert left == NOT_FOR_A_FIRST_GAME[game]


@pytest.mark.parametrize("game", GAMES)
def test_each_needed_rule_is_taught_before_the_learner_plays(game):
    where = shown_at(game)
    play = first_play(game)
    for row in coverage.needed(game):
        assert row.key in where, f"{game}: {row.key!r} ({row.section}) is no cell of the notebook"
        assert where[row.key] < play, (f"{game}: {row.section!r} is taught by {row.key!r} only "
                                       "after the learner plays")


@pytest.mark.parametrize("game", GAMES)
def test_every_quiz_asks_only_about_a_rule_already_taught(game):
    content = load_content(game)
    where = shown_at(game)
    keys = set(prose.load(game))
    for key, spec in content.QUIZZES.items():
        assert spec.get("kind") in ("rule", "decide"), (game, key)
        teacher = spec.get("taught_by")
        assert teacher in keys, f"{game}: {key} names no prose paragraph teaching its rule"
        assert key in where, f"{game}: the quiz {key} is not asked in the notebook"
        assert teacher in where and where[teacher] < where[key], (
            f"{game}: {key} is asked before {teacher!r} teaches its rule")


@pytest.mark.parametrize("game", GAMES)
def test_decisions_come_after_the_shape_of_play(game):
    """The first "what would you do here?" question comes after the goal, the pieces and the
    shape of a round (or turn) have been shown."""
    content = load_content(game)
    where = shown_at(game)
    decide = [where[k] for k, s in content.QUIZZES.items() if s.get("kind") == "decide"]
    shape = "turn_shape" if "turn_shape" in where else "round_shape"
    assert decide and min(decide) > max(where["goal"], where["pieces"], where[shape]), game
