"""Coverage tables of the lessons (issue "Lessons that teach"): which chapter teaches each
section of the rulebook.

Each game has two files:

* ``widgets/lessons/data/<game>-sections.txt`` -- the rulebook's sections, one per line, as
  the rulebook (``shared/rules``) titles them (``Parent > Child`` for a subsection); blank lines
  and lines starting with ``#`` are ignored;
* ``docs/lessons/<game>-coverage.md`` -- a Markdown table with the columns
  ``| Rulebook section | Taught in | Moment | First game |``: the section (as in the sections
  file), the prose key of the lesson that teaches it (a ``<!-- key: … -->`` marker of
  ``widgets/lessons/text/<game>.<lang>.md``) or ``rulebook`` when the lesson leaves it to the
  rulebook, the moment of the game shown (or, for ``rulebook``, the reason), and ``needed``
  when a newcomer's first game needs the rule (``—`` for variants, solo modes, reference pages,
  credits: see ``docs/lessons/newcomer.md``).

``check(game)`` lists every problem (a section missing from the table, a row for no section, a
key that is not in the prose of both languages, an empty moment, a rule a first game needs left
to the rulebook); ``rate(game)`` is the share of sections taught by the lesson itself;
``needed(game)`` the rows a first game needs.
"""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

from . import prose

__all__ = ["Row", "ROOT", "sections", "table", "check", "rate", "needed", "NEEDED"]

ROOT = Path(__file__).resolve().parents[2]
DATA = Path(__file__).parent / "data"
RULEBOOK = "rulebook"
#: the mark of the "First game" column for a rule a newcomer's first game needs
NEEDED = "needed"


class Row(NamedTuple):
    """One row of a coverage table."""

    section: str
    key: str
    moment: str
    #: a newcomer's first game needs this rule
    first_game: bool = False


def sections(game: str) -> list[str]:
    """The rulebook's sections of ``game`` (the sections file)."""
    text = (DATA / f"{game}-sections.txt").read_text(encoding="utf-8")
    return [s.strip() for s in text.splitlines() if s.strip() and not s.startswith("#")]


def table_path(game: str) -> Path:
    return ROOT / "docs" / "lessons" / f"{game}-coverage.md"


def table(game: str) -> list[Row]:
    """The rows of ``game``'s coverage table (header and separator lines left out)."""
    rows = []
    for line in table_path(game).read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line.startswith("|"):
            continue
        cells = [c.strip() for c in line.strip("|").split("|")]
        if len(cells) not in (3, 4) or cells[0] == "Rulebook section" \
                or set(cells[0]) <= set("-: "):
            continue
        first = len(cells) == 4 and cells[3] == NEEDED
        rows.append(Row(cells[0], cells[1].strip("`"), cells[2], first))
    return rows


def check(game: str) -> list[str]:
    """Every problem of ``game``'s coverage table, in words (empty: the table is complete)."""
    wanted = sections(game)
    rows = table(game)
    keys = set.intersection(*(set(prose.parse(prose.path_of(game, lang).read_text(
        encoding="utf-8"), str(prose.path_of(game, lang)))) for lang in prose.LANGS))
    problems = []
    seen = {r.section for r in rows}
    problems += [f"section {s!r} is not in the table" for s in wanted if s not in seen]
    for r in rows:
        if r.section not in wanted:
            problems.append(f"row {r.section!r} names no section of the rulebook")
        if r.key != RULEBOOK and r.key not in keys:
            problems.append(f"row {r.section!r}: {r.key!r} is no prose key of both languages")
        if not r.moment:
            problems.append(f"row {r.section!r}: no moment (or reason) given")
        if r.first_game and r.key == RULEBOOK:
            problems.append(f"row {r.section!r}: a first game needs it, yet it is left to the "
                            "rulebook")
    return problems


def rate(game: str) -> float:
    """The share of the rulebook's sections the lesson teaches itself (0..1)."""
    wanted = set(sections(game))
    taught = {r.section for r in table(game) if r.key != RULEBOOK and r.section in wanted}
    return len(taught) / len(wanted) if wanted else 0.0


def needed(game: str) -> list[Row]:
    """The rows of the rules a newcomer's first game of ``game`` needs (column "First game")."""
    return [r for r in table(game) if r.first_game]
