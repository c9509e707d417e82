"""How deep an uploaded record's JSON nests, read from its text in C (the upload bounds of
``notation.parse_json``; the site's records are plain JSON, ``docs/games/gaia.md``, "The
notation reader")."""

from __future__ import annotations

__all__ = ["shallow"]

#: every byte but a bracket is dropped; braces become brackets (the same nesting)
_KEEP = bytes.maketrans(b"{}", b"[]")
_DROP = bytes(b for b in range(256) if b not in b"[]{}")


def shallow(text: str, limit: int) -> bool:
    """Whether the valid JSON ``text`` nests its containers fewer than ``limit`` deep: the
    strings are cut out (escapes first, so each remaining quote opens or closes one), the
    brackets kept, and each pass removes the containers that hold none (bytes operations in
    C instead of a walk over every value; a deeper text is walked by ``notation._depth``,
    which decides)."""
    raw = text.encode("utf-8", "surrogatepass")
    raw = raw.replace(b"\\\\", b"").replace(b'\\"', b"")
    brackets = b"".join(raw.split(b'"')[::2]).translate(_KEEP, _DROP)
    for _ in range(limit - 1):
        if not brackets:
            return True
        brackets = brackets.replace(b"[]", b"")
    return not brackets
