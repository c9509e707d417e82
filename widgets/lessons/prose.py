"""Lesson prose as Markdown files, one per game and language (issue "Words": text as data).

A lesson's paragraphs live in ``widgets/lessons/text/<game>.<lang>.md`` (``lang`` = ``en`` or
``pt``, Brazilian Portuguese), so they can be read and reviewed as text. Each paragraph starts
with a marker line naming its catalog key, then Markdown (inline HTML allowed)::

    <!-- key: goal -->
    ### 1. The goal in three sentences

    You rebuild the ruined city by **contributing** cards …

``load(game)`` reads both languages, renders every section to HTML (mistune, the Markdown
renderer nbconvert already brings) and returns ``{key: {"en": html, "pt": html}}`` for
``CATALOG.add("lesson.<game>", ...)``. Text is a ``str.format`` template: write ``{{`` and ``}}``
for literal braces. A key present in one language only, a duplicated key, text before the first
marker or a missing file is a ``ProseError`` naming the file and the key.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import mistune

__all__ = ["DRAWN_SYMBOLS", "ProseError", "QUIZ_MARK", "TEXT_DIR", "LANGS", "load", "parse",
           "path_of", "undrawn"]

TEXT_DIR = Path(__file__).parent / "text"
LANGS = ("en", "pt")
_MARKER = re.compile(r"^<!--\s*key:\s*([A-Za-z0-9_.\-]+)\s*-->\s*$")
_render = mistune.create_markdown(escape=False, plugins=["strikethrough", "table"])


#: the symbols beyond ordinary punctuation that lesson text may hold: the boards draw them as
#: text and Debian's default font (DejaVu Sans) has every one, so a classroom without a
#: colour-emoji font sees them (an emoji such as a dragon or a question mark ornament showed as
#: an empty box: the boards draw those as SVG, the lessons name them in words)
DRAWN_SYMBOLS = frozenset("→−≈≤≥×÷±·…–—‘’“”•◆○●♟⚑♻✓✗")
#: the mark before a quiz's question: a drawn circle, not the question-mark emoji
QUIZ_MARK = ("<span class='gamekit-quiz-mark' style='display:inline-block;width:1.25em;"
             "height:1.25em;line-height:1.25em;border-radius:50%;background:#1565c0;color:#fff;"
             "text-align:center;font-size:0.9em'>?</span>")


def undrawn(text: str) -> set[str]:
    """The characters of ``text`` a page without a colour-emoji font may not draw: anything
    beyond Latin letters, accents and general punctuation (U+2000) that ``DRAWN_SYMBOLS``
    does not hold (emoji, dingbats, variation selectors)."""
    return {ch for ch in text if ord(ch) >= 0x2000 and ch not in DRAWN_SYMBOLS
            and not 0x2010 <= ord(ch) <= 0x205E}


class ProseError(ValueError):
    """A lesson prose file that cannot be read as marked sections."""


def path_of(game: str, lang: str) -> Path:
    """The prose file of ``game`` in ``lang``."""
    return TEXT_DIR / f"{game}.{lang}.md"


def parse(text: str, source: str = "<text>") -> dict[str, str]:
    """Split marked Markdown into ``{key: markdown}`` (the Markdown, not yet rendered)."""
    sections: dict[str, list[str]] = {}
    key: str | None = None
    for number, line in enumerate(text.splitlines(), start=1):
        found = _MARKER.match(line)
        if found:
            key = found.group(1)
            if key in sections:
                raise ProseError(f"{source}:{number}: the key {key!r} appears twice")
            sections[key] = []
        elif key is None:
            if line.strip():
                raise ProseError(f"{source}:{number}: text before the first '<!-- key: … -->' line")
        else:
            sections[key].append(line)
    return {k: "\n".join(lines).strip() for k, lines in sections.items()}


def _html(markdown: str) -> str:
    html = str(_render(markdown)).strip()
    # a one-paragraph inline text (a label, a caption) stays inline
    if html.startswith("<p>") and html.endswith("</p>") and html.count("<p>") == 1:
        return html[3:-4]
    return html


@cache
def load(game: str) -> dict[str, dict[str, str]]:
    """Every prose section of ``game`` as HTML in both languages: ``{key: {lang: html}}``."""
    parsed: dict[str, dict[str, str]] = {}
    for lang in LANGS:
        path = path_of(game, lang)
        if not path.is_file():
            raise ProseError(f"no lesson prose for {game!r} in {lang!r}: {path.name} is missing")
        parsed[lang] = parse(path.read_text(encoding="utf-8"), path.name)
    en, pt = parsed["en"], parsed["pt"]
    for lang, here, other in (("en", en, pt), ("pt", pt, en)):
        missing = sorted(set(other) - set(here))
        if missing:
            raise ProseError(f"{path_of(game, lang).name}: keys missing in {lang!r}: "
                             + ", ".join(missing))
    return {key: {lang: _html(parsed[lang][key]) for lang in LANGS} for key in en}
