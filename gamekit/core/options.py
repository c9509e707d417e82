"""Game options: declared once per game, validated with errors that name the option."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

__all__ = ["Option", "OptionError", "validate_options"]


class OptionError(ValueError):
    """A wrong game option or player count."""


@dataclass(frozen=True)
class Option:
    """One game option: ``kind`` is a type (int, str, bool, list, dict) and ``choices`` may limit it.

    ``check`` (optional) receives ``(value, players)`` and returns an error text or ``None``.
    """

    name: str
    kind: type | tuple[type, ...]
    default: Any = None
    choices: tuple | None = None
    help: str = ""
    check: Callable[[Any, int], str | None] | None = None


def _run_check(opt: Option, value: Any, players: int) -> str | None:
    """The option's own check; a value of a shape it does not expect (a list where ids
    go, say) is a problem of that option, not a crash."""
    try:
        return opt.check(value, players)
    except (TypeError, ValueError, KeyError, IndexError, AttributeError) as exc:
        return f"has a wrong shape ({type(exc).__name__}: {str(exc)[:80]})"


def _kinds(opt: Option) -> str:
    kinds = opt.kind if isinstance(opt.kind, tuple) else (opt.kind,)
    return " or ".join(k.__name__ for k in kinds)


def validate_options(
    game: str, spec: Mapping[str, Option], players: int, given: Mapping[str, Any]
) -> dict[str, Any]:
    """Return the full option dict (defaults filled) or raise ``OptionError``."""
    unknown = sorted(set(given) - set(spec))
    if unknown:
        raise OptionError(
            f"unknown option(s) {unknown} for {game}; known options: {sorted(spec)}"
        )
    out: dict[str, Any] = {}
    for name, opt in spec.items():
        value = given.get(name, opt.default)
        if value is None and opt.default is not None:  # null where a value is needed
            raise OptionError(f"option {name!r} of {game} must be {_kinds(opt)}, got null")
        if value is not None:
            if opt.kind is int and isinstance(value, bool):
                raise OptionError(f"option {name!r} of {game} must be an integer, got {value!r}")
            if opt.kind is list and isinstance(value, tuple):
                value = list(value)
            if not isinstance(value, opt.kind):
                raise OptionError(f"option {name!r} of {game} must be {_kinds(opt)}, got "
                                  f"{value!r:.80}")
            if opt.choices is not None and value not in opt.choices:
                raise OptionError(
                    f"option {name!r} of {game} must be one of {list(opt.choices)}, got {value!r:.80}"
                )
            if opt.check is not None:
                problem = _run_check(opt, value, players)
                if problem:
                    problem = problem if len(problem) <= 300 else problem[:299] + "…"
                    raise OptionError(f"option {name!r} of {game}: {problem}")
        out[name] = value
    return out
