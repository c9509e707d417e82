"""Actions: small immutable values with a one-line text form that parses back.

Text form: ``p<seat+1> <verb> [arg ...]``, e.g. ``p2 settle new_sparta`` or
``p1 place materials "Zeppelin"``. Integer arguments are written as ASCII digits; strings with
spaces or quotes are quoted (``shlex`` rules).

An action's shape is bounded (``validate_action``): a seat and integer arguments of type
exactly ``int``, a verb and string arguments of type exactly ``str``, all of bounded size, so
hostile input is refused before anything is compared with the legal actions or applied.
"""

from __future__ import annotations

import re
import shlex
from functools import lru_cache
from typing import Any, NamedTuple

from .i18n import CATALOG, Reason

__all__ = [
    "Action",
    "IllegalAction",
    "MAX_ARGS",
    "MAX_INT",
    "MAX_SEAT",
    "MAX_TEXT",
    "MAX_WORD",
    "ParseError",
    "action_text",
    "show",
    "validate_action",
]

#: bounds on an action's shape: seats 0..MAX_SEAT, |integers| <= MAX_INT, verbs and string
#: arguments of at most MAX_WORD characters, at most MAX_ARGS arguments, text form MAX_TEXT
MAX_SEAT = 99
MAX_INT = 2**31 - 1
MAX_WORD = 100
MAX_ARGS = 16
MAX_TEXT = 1000
_INT_DIGITS = len(str(MAX_INT))
_ASCII_INT = re.compile(r"-?[0-9]+")
#: a character that makes a word need quotes (space, tab, quote, backslash, ``#``)
_QUOTED = re.compile(r"[ \t'\"\\#]").search


class IllegalAction(ValueError):
    """Raised by ``apply`` for an action the rules forbid now. The state is unchanged.

    ``message`` is English text or a :class:`~gamekit.core.i18n.Reason` (catalog key and
    parameters): ``str(exc)`` is the English line for the CLI and logs (it may show the action's
    text form), ``explain(lang)`` the reason in words for a person, in ``lang`` — never the
    action's syntax nor a raw id. ``key``/``params`` are the reason's. ``field`` names the part
    of a malformed action (``seat``, ``verb``, ``args[1]``) when the action was refused for its
    shape rather than by the rules."""

    def __init__(
        self,
        message: str | Reason,
        action: object = None,
        rule: str | None = None,
        field: str | None = None,
        *,
        reason: Reason | None = None,
        prefix: str = "",
    ):
        self.action = action
        self.rule = rule
        self.field = field
        if isinstance(message, Reason):
            reason, message = message, message.text("en")
        self.reason = reason
        message = prefix + message
        text = message if rule is None else f"{message} [rule: {rule}]"
        super().__init__(text)

    @property
    def key(self) -> str | None:
        """The catalog key of the reason (``None``: an English-only message)."""
        return None if self.reason is None else self.reason.key

    @property
    def params(self) -> dict[str, Any]:
        return {} if self.reason is None else dict(self.reason.params)

    def explain(self, lang: str = "en") -> str:
        """Why the action was refused, in words in ``lang`` (with the rulebook section)."""
        if self.reason is None:
            key = "refuse.malformed" if self.field or not isinstance(self.action, Action) \
                else "refuse.not_legal"
            return CATALOG.text("core", key, lang)
        why = self.reason.text(lang)
        if self.rule and CATALOG.has(self.reason.namespace, "rule." + self.rule):
            section = CATALOG.text(self.reason.namespace, "rule." + self.rule, lang)
            why = CATALOG.text("core", "refuse.with_rule", lang, why=why, rule=section)
        return why


class ParseError(ValueError):
    """An action's text form could not be read."""


def show(value: object, width: int = 40, depth: int = 0) -> str:
    """A short, safe description of any value for an error message (never huge, never
    calling a foreign ``__repr__``)."""
    kind = type(value)
    if value is None or kind is bool or kind is float:
        return repr(value)
    if kind is int:
        if value.bit_length() > 64:  # str() of a huge int is slow (and refused past 4300 digits)
            return f"<{value.bit_length()}-bit integer>"
        return repr(value)
    if kind is str or kind is bytes:
        cut = value[:width]
        return repr(cut) + ("…" if len(value) > width else "")
    if kind in (tuple, list, Action) and depth < 2:
        inner = ", ".join(show(v, width, depth + 1) for v in value[:6])
        more = ", …" if len(value) > 6 else ""
        return f"({inner}{more})" if kind is not list else f"[{inner}{more}]"
    return f"<{kind.__name__}>"


def _refuse(action: object, field: str, wanted: str, got: object) -> IllegalAction:
    return IllegalAction(
        f"malformed action {show(action)}: {field} must be {wanted}, "
        f"got {type(got).__name__} {show(got)}",
        action,
        field=field,
    )


def validate_action(
    action: object,
    _seat: int = MAX_SEAT,
    _int: int = MAX_INT,
    _word: int = MAX_WORD,
    _args: int = MAX_ARGS,
) -> Action:
    """Return ``action`` if it is a well-formed ``Action``; else raise ``IllegalAction``
    naming the field. Checks types exactly (``bool``, ``float`` and ``int``/``str``
    subclasses are refused) and sizes; says nothing about legality. (Runs on every checked
    apply: the bounds are bound as locals, the common case falls straight through.)"""
    if isinstance(action, Action):
        seat, verb, args = action
        if (type(seat) is int and 0 <= seat <= _seat and type(verb) is str
                and 0 < len(verb) <= _word and type(args) is tuple and len(args) <= _args):
            for arg in args:
                if type(arg) is str:
                    if len(arg) > _word:
                        break
                elif type(arg) is not int or not -_int <= arg <= _int:
                    break
            else:
                return action
    raise _malformed(action)


def _malformed(action: object) -> IllegalAction:
    """The error for an action ``validate_action`` refused, naming the first bad field."""
    if not isinstance(action, Action):
        return IllegalAction(f"not an action: {type(action).__name__} {show(action)}", action)
    seat, verb, args = action
    if type(seat) is not int or not 0 <= seat <= MAX_SEAT:
        return _refuse(action, "seat", f"an integer 0..{MAX_SEAT}", seat)
    if type(verb) is not str or not 0 < len(verb) <= MAX_WORD:
        return _refuse(action, "verb", f"text of 1 to {MAX_WORD} characters", verb)
    if type(args) is not tuple or len(args) > MAX_ARGS:
        return _refuse(action, "args", f"a tuple of at most {MAX_ARGS} values", args)
    for i, arg in enumerate(args):
        if type(arg) is int:
            wanted = f"an integer of at most {MAX_INT}"
        elif type(arg) is str:
            wanted = f"text of at most {MAX_WORD} characters"
        else:
            return _refuse(action, f"args[{i}]", "an integer or text", arg)
        if not (-MAX_INT <= arg <= MAX_INT if type(arg) is int else len(arg) <= MAX_WORD):
            return _refuse(action, f"args[{i}]", wanted, arg)
    raise AssertionError("validate_action refused a well-formed action")  # pragma: no cover


def _arg_text(arg: object) -> str:
    if isinstance(arg, bool):
        raise TypeError("booleans are not action arguments; use 0/1 or a word")
    if isinstance(arg, int):
        return str(arg)
    s = str(arg)
    plain = s and not s.lstrip("-").isdigit() and not _QUOTED(s)
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
        """Parse the text form back into an action (inverse of ``str``). The result has the
        right types (numbers in ASCII digits become ``int``), but may be out of bounds."""
        if type(text) is not str:
            raise ParseError(f"an action must be text, got {type(text).__name__}")
        if len(text) > MAX_TEXT:
            raise ParseError(
                f"cannot read action {show(text)}: longer than {MAX_TEXT} characters"
            )
        if not any(c in text for c in "'\"\\"):
            raw = text.split()  # fast path: no quoting
            return cls._build(text, raw, [False] * len(raw))
        try:
            lexer = shlex.shlex(text, posix=True)
            lexer.whitespace_split = True
            lexer.commenters = ""
            raw = list(lexer)
        except ValueError as exc:
            raise ParseError(f"cannot read action {show(text)}: {exc}") from None
        quoted = _quoted_flags(text, len(raw))  # shlex drops quotes: "12" stays a string
        return cls._build(text, raw, quoted)

    @classmethod
    def _build(cls, text: str, raw: list[str], quoted: list[bool]) -> Action:
        if len(raw) < 2:
            raise ParseError(
                f"cannot read action {show(text)}: expected 'p<seat> <verb> [args]'"
            )
        who = raw[0]
        number = who[1:]
        if not (who[:1] == "p" and len(number) <= 3 and _ASCII_INT.fullmatch(number)
                and number[0] != "-" and int(number) >= 1):
            raise ParseError(
                f"cannot read action {show(text)}: seat must look like p1, p2, ..."
            )
        return cls(int(number) - 1, raw[1], tuple(
            _arg_value(text, tok, q) for tok, q in zip(raw[2:], quoted[2:], strict=True)
        ))


def _arg_value(text: str, token: str, quoted: bool) -> int | str:
    """An unquoted number in ASCII digits is an ``int``; other unquoted digits are refused."""
    if quoted or not token.lstrip("-").isdigit():
        return token
    if not _ASCII_INT.fullmatch(token):
        raise ParseError(
            f"cannot read action {show(text)}: number {show(token)} is not a number in ASCII digits"
        )
    if len(token.lstrip("-")) > _INT_DIGITS:
        raise ParseError(
            f"cannot read action {show(text)}: number {show(token)} has too many digits"
        )
    return int(token)


def action_text(action: Action) -> str:
    """Text form of an action, not cached (for error messages about foreign actions)."""
    head = f"p{action.seat + 1} {action.verb}"
    if not action.args:
        return head
    return head + " " + " ".join(_arg_text(a) for a in action.args)


#: text form, cached: legal actions recur, and every apply logs one
_text = lru_cache(maxsize=1 << 16)(action_text)


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
