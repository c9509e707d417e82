"""Actions: small immutable values with a one-line text form that parses back.

Text form: ``p<seat+1> <verb> [arg ...]``, e.g. ``p2 settle new_sparta`` or
``p1 place materials "Zeppelin"``. Integer arguments are written as digits; strings with
spaces or quotes are quoted (``shlex`` rules).
"""

from __future__ import annotations

import shlex
from functools import lru_cache
from typing import NamedTuple

__all__ = ["Action", "IllegalAction", "ParseError"]


class IllegalAction(ValueError):
    """Raised by ``apply`` for an action the rules forbid now. The state is unchanged."""

    def __init__(self, message: str, action: object = None, rule: str | None = None):
        self.action = action
        self.rule = rule
        text = message if rule is None else f"{message} [rule: {rule}]"
        super().__init__(text)


class ParseError(ValueError):
    """An action's text form could not be read."""


def _arg_text(arg: object) -> str:
    if isinstance(arg, bool):
        raise TypeError("booleans are not action arguments; use 0/1 or a word")
    if isinstance(arg, int):
        return str(arg)
    s = str(arg)
    plain = s and not s.lstrip("-").isdigit() and not any(c in s for c in " \t'\"\\#")
    if plain:
        return s
    if '"' not in s and "\\" not in s:
        return f'"{s}"'
    return shlex.quote(s)


class Action(NamedTuple):
    """One atomic decision by one seat: ``seat`` (0-based), a ``verb`` and its ``args``."""

    seat: int
    verb: str
    args: tuple = ()

    def __str__(self) -> str:
        return _text(self)

    def __repr__(self) -> str:
        return f"Action({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Action:
        """Parse the text form back into an action (inverse of ``str``)."""
        if not isinstance(text, str):
            raise ParseError(f"an action must be text, got {type(text).__name__}")
        if not any(c in text for c in "'\"\\"):
            raw = text.split()  # fast path: no quoting
            return cls._build(text, raw, [False] * len(raw))
        try:
            lexer = shlex.shlex(text, posix=True)
            lexer.whitespace_split = True
            lexer.commenters = ""
            raw = list(lexer)
        except ValueError as exc:
            raise ParseError(f"cannot read action {text!r}: {exc}") from None
        quoted = _quoted_flags(text, len(raw))  # shlex drops quotes: "12" stays a string
        return cls._build(text, raw, quoted)

    @classmethod
    def _build(cls, text: str, raw: list[str], quoted: list[bool]) -> Action:
        if len(raw) < 2:
            raise ParseError(f"cannot read action {text!r}: expected 'p<seat> <verb> [args]'")
        who = raw[0]
        if not (who[:1] == "p" and who[1:].isdigit() and int(who[1:]) >= 1):
            raise ParseError(f"cannot read action {text!r}: seat must look like p1, p2, ...")
        args = tuple(
            int(tok) if (not q and tok.lstrip("-").isdigit()) else tok
            for tok, q in zip(raw[2:], quoted[2:], strict=True)
        )
        return cls(int(who[1:]) - 1, raw[1], args)


@lru_cache(maxsize=1 << 16)
def _text(action: Action) -> str:
    """Text form of an action (cached: legal actions recur, and every apply logs one)."""
    head = f"p{action.seat + 1} {action.verb}"
    if not action.args:
        return head
    return head + " " + " ".join(_arg_text(a) for a in action.args)


def _quoted_flags(text: str, n: int) -> list[bool]:
    """For each whitespace-separated token of ``text``, whether it started with a quote."""
    flags: list[bool] = []
    i, size = 0, len(text)
    while i < size and len(flags) < n:
        while i < size and text[i].isspace():
            i += 1
        if i >= size:
            break
        flags.append(text[i] in "'\"")
        in_quote: str | None = None
        while i < size:
            c = text[i]
            if in_quote:
                if c == "\\" and in_quote == '"':
                    i += 2
                    continue
                if c == in_quote:
                    in_quote = None
            elif c in "'\"":
                in_quote = c
            elif c.isspace():
                break
            i += 1
    flags.extend([False] * (n - len(flags)))
    return flags
