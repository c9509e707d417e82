"""How deep an uploaded record's JSON nests, read from its text in C (the upload bounds of
``notation.parse_json``; the site's records are plain JSON, ``docs/games/gaia.md``, "The notation reader")."""

from __future__ import annotations

import re

__all__ = ["shallow"]

#: what a JSON text holds besides its brackets: runs of other characters, and strings (whose
#: brackets do not nest)
_NOT_BRACKETS_RE = re.compile(r'[^"\[\]{}]+|"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_EMPTY_PAIR_RE = re.compile(r"\[\]|\{\}")


def shallow(text: str, limit: int) -> bool:
    """Whether the valid JSON ``text`` nests its containers fewer than ``limit`` deep: each
    pass removes the containers that hold none (a few passes in C instead of a walk over
    every value; a deeper text is then walked by :func:`notation._depth`, which decides)."""
    brackets = _NOT_BRACKETS_RE.sub("", text)
    for _ in range(limit - 1):
        if not brackets:
            return True
        brackets = _EMPTY_PAIR_RE.sub("", brackets)
    return not brackets
