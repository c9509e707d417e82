"""The words of the lessons (issue 28, "Words of the rulebook"): the Portuguese prose uses the
Portuguese card and component names the board and narration use, never the English ones of the
game's catalog; Gaia Project's pt-BR rulebook terms; no repository path in any prose."""

from __future__ import annotations

import re

import pytest

from gamekit.core import CATALOG, get
from gamekit_widgets.lessons import prose

GAMES = ["wonderful", "race", "bluemoon", "gaia"]
#: a repository path or file name in prose (the learner reads a lesson, not the source tree)
PATH = re.compile(r"\b(?:gamekit|widgets|docs|notebooks|tests)/|\w\.(?:py|ipynb|json|md)\b")


def _plain(html: str) -> str:
    """A section's words: tags and placeholders dropped, a name broken over two lines joined."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>|\{[^}]*\}", " ", html))


def english_names(game: str) -> list[tuple[str, str]]:
    """The catalog's names of ``game`` (cards, components, phases) whose English differs from
    their Portuguese: ``(english, portuguese)``."""
    get(game)
    out = []
    for entry in CATALOG.names.get(game, {}).values():
        en, pt = entry.get("en"), entry.get("pt")
        if isinstance(en, str) and isinstance(pt, str) and en.lower() != pt.lower() \
                and len(en) >= 4:
            out.append((en, pt))
    return out


def english_in(text: str, names: list[tuple[str, str]]) -> list[str]:
    """The English names in ``text`` (whole words), with their Portuguese."""
    pt_of = dict(names)
    alternatives = "|".join(re.escape(en) for en in sorted(pt_of, key=len, reverse=True))
    found = re.findall(rf"(?<![\w-])({alternatives})(?![\w-])", _plain(text))
    return [f"{en!r} (pt: {pt_of[en]!r})" for en in dict.fromkeys(found)]


def test_the_scan_finds_an_english_card_name():
    names = english_names("race")
    assert ("Public Works", "Obras Públicas") in names
    assert english_in("O Jogador 1 baixou <em>Public Works</em> por {n} cartas", names) == [
        "'Public Works' (pt: 'Obras Públicas')"]
    assert english_in("O Jogador 1 baixou <em>Obras Públicas</em>", names) == []
    assert english_in("com Obras Públicas, Gem\nWorld e", names) == [
        "'Gem World' (pt: 'Mundo Cristalino')"]


@pytest.mark.parametrize("game", GAMES)
def test_portuguese_prose_uses_the_portuguese_names(game):
    names = english_names(game)
    found = {key: english_in(by["pt"], names) for key, by in prose.load(game).items()}
    found = {k: v for k, v in found.items() if v}
    assert not found, f"English names in the Portuguese lesson of {game}: {found}"


def test_gaia_portuguese_prose_uses_the_rulebook_power_terms():
    text = " ".join(_plain(by["pt"]) for by in prose.load("gaia").values())
    assert "Ganhar Poder" in text and "Marcadores de Poder" in text
    wrong = re.findall(r"\b(?:carreg\w*|cargas? de Poder)\b", text, flags=re.IGNORECASE)
    assert not wrong, f"not the rulebook's term (Ganhar Poder): {sorted(set(wrong))}"


@pytest.mark.parametrize("game", GAMES)
def test_no_repository_path_in_prose(game):
    found = {(key, lang): PATH.findall(_plain(text))
             for key, by in prose.load(game).items() for lang, text in by.items()}
    assert not {k: v for k, v in found.items() if v}
    assert PATH.findall("see widgets/lessons/race.py") and PATH.findall("open play.ipynb")


def test_the_gaia_lesson_board_shows_the_space_names_its_text_uses():
    from gamekit_widgets.lesson import Lesson

    lesson = Lesson("gaia")
    state = lesson.final()
    label = lesson.content._gaia_hex(state)  # the space the lesson's fork is about (``7A6``)
    drawn = lesson.board(state).value
    assert re.search(rf"<text class='gaia-hexname'[^>]*>{re.escape(label)}</text>", drawn)
    assert f"{label}</text>" in drawn and "display='none'>" + label not in drawn
    # the play app's board keeps them behind its names toggle (opt-in parameter)
    plain = get("gaia").render(state, lang="en")
    assert f"display='none'>{label}</text>" in plain
