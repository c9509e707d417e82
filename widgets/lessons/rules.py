"""Rules taught by content (issue 28): each rulebook rule is checked by what the lesson says.

``docs/lessons/<game>-rules.json`` (beside the coverage tables; not package data) lists, for every section of the rulebook (the sections
file of ``coverage``), the facts a learner must be told -- numbers, conditions, exceptions -- as a
phrase in each language, and ``by``: the first thing the learner does that needs them (a quiz
key, or a chapter key), or ``null`` when no decision of the lesson needs the rule (it must still
be said somewhere in the lesson)::

    {"section": "1) Ação: Construir uma Mina > Acessibilidade", "by": "q_income",
     "facts": [{"en": "levels 2 and 3 a range of 2", "pt": "níveis 2 e 3, alcance 2"}]}

A section with no rule to teach (credits) says why in ``none`` instead of listing facts.

What the learner sees is the notebook's order of ``lesson.say/chapter/quiz/scenario("key")``
calls (a quiz's ``_why`` comes after its question); a fact counts only when its phrase appears
(case and spacing ignored, HTML left out) in a text shown *before* ``by`` -- strictly before a
quiz's question, up to and including a chapter. The section's own name never counts as a fact.
``check(game)`` lists every problem; ``rate(game)`` is (sections taught, rule sections).
"""

from __future__ import annotations

import html
import json
import re
from functools import cache
from pathlib import Path
from typing import Any

from . import coverage, prose

__all__ = ["RulesError", "entries", "shown", "texts", "check", "problems", "rate", "normal"]

DATA = coverage.ROOT / "docs" / "lessons"
NOTEBOOKS = coverage.ROOT / "notebooks"
_CALL = re.compile(r"lesson\.(say|chapter|quiz|scenario)\(\s*[\"']([A-Za-z0-9_.\-]+)[\"']")
_TAG = re.compile(r"<[^>]+>")
#: inline tags are left out without a space ("<strong>a</strong>, b" reads "a, b")
_INLINE = re.compile(r"</?(?:strong|em|b|i|code|span|a)(?:\s[^>]*)?>")
_KEYS = {"section", "by", "facts", "none"}


class RulesError(ValueError):
    """A rules file that cannot be read (unknown key, a fact without both languages)."""


def normal(text: str) -> str:
    """Text as compared: HTML tags and emphasis left out, lower case, one space."""
    text = html.unescape(_TAG.sub(" ", _INLINE.sub("", text))).replace("*", "").replace("_", " ")
    return re.sub(r"\s+", " ", text).strip().lower()


def rules_path(game: str) -> Path:
    return DATA / f"{game}-rules.json"


@cache
def entries(game: str) -> tuple[dict[str, Any], ...]:
    """The entries of ``game``'s rules file, checked for shape."""
    path = rules_path(game)
    data = json.loads(path.read_text(encoding="utf-8"))
    out = []
    for i, e in enumerate(data):
        extra = set(e) - _KEYS
        if extra or "section" not in e:
            raise RulesError(f"{path.name}: entry {i}: unknown keys {sorted(extra)} or no section")
        for fact in e.get("facts", []):
            if set(fact) != set(prose.LANGS) or not all(fact.values()):
                raise RulesError(f"{path.name}: {e['section']!r}: a fact needs 'en' and 'pt'")
        out.append(e)
    return tuple(out)


def shown(game: str, notebook: Path | None = None) -> list[str]:
    """The prose keys the learner sees, in the order of the lesson notebook."""
    nb = json.loads((notebook or NOTEBOOKS / game / "learn.ipynb").read_text(encoding="utf-8"))
    keys: list[str] = []
    for cell in nb["cells"]:
        if cell["cell_type"] != "code":
            continue
        for kind, key in _CALL.findall("".join(cell["source"])):
            keys.append(key)
            if kind == "quiz":
                keys.append(key + "_why")
    return keys


def texts(game: str) -> dict[str, dict[str, str]]:
    """Every prose key of ``game`` as compared text: ``{key: {lang: text}}``."""
    return {k: {lang: normal(v) for lang, v in by.items()} for k, by in prose.load(game).items()}


def _before(order: list[str], by: str | None, quizzes: set[str]) -> list[str]:
    if by is None:
        return order
    end = order.index(by)
    return order[:end] if by in quizzes else order[:end + 1]


def check(game: str, **given: Any) -> list[str]:
    """Every problem of ``game``'s rules file against its lesson, in words (empty: all taught)."""
    return [text for _section, text in problems(game, **given)]


def problems(game: str, rules: tuple[dict[str, Any], ...] | None = None,
          order: list[str] | None = None, said: dict[str, dict[str, str]] | None = None,
          quizzes: set[str] | None = None) -> list[tuple[str, str]]:
    """Every problem as (section, words). The arguments default to the game's own file, notebook, prose and quizzes."""
    rules = entries(game) if rules is None else rules
    order = shown(game) if order is None else order
    said = texts(game) if said is None else said
    if quizzes is None:
        from gamekit_widgets.lesson import load_content
        quizzes = set(load_content(game).QUIZZES)
    out = []
    listed = [e["section"] for e in rules]
    out += [(s, f"section {s!r} has no entry") for s in coverage.sections(game)
            if s not in listed]
    for e in rules:
        section, by, facts = e["section"], e.get("by"), e.get("facts", [])
        if not facts:
            if not e.get("none"):
                out.append((section, f"{section!r}: no facts and no reason"))
            continue
        if by is not None and by not in order:
            out.append((section, f"{section!r}: {by!r} is not shown by the lesson"))
            continue
        keys = [k for k in _before(order, by, quizzes) if k in said]
        for fact in facts:
            for lang in prose.LANGS:
                phrase = normal(fact[lang])
                names = normal(section)
                if len(phrase.split()) < 2 or phrase in names:
                    out.append((section, f"{section!r} ({lang}): {fact[lang]!r} is no fact, "
                                         "only a name"))
                elif not any(phrase in said[k][lang] for k in keys):
                    where = f"before {by!r}" if by else "in the lesson"
                    out.append((section, f"{section!r} ({lang}): {fact[lang]!r} is not said "
                                         f"{where}"))
    return out


def rate(game: str) -> tuple[int, int]:
    """(rule sections whose every fact is said in time, rule sections) of ``game``."""
    rules = [e for e in entries(game) if e.get("facts")]
    bad = {section for section, _text in problems(game)}
    taught = [e for e in rules if e["section"] not in bad]
    return len(taught), len(rules)
