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
        if value is not None:
            if opt.kind is int and isinstance(value, bool):
                raise OptionError(f"option {name!r} of {game} must be an integer, got {value!r}")
            if opt.kind is list and isinstance(value, tuple):
                value = list(value)
            if not isinstance(value, opt.kind):
                kinds = opt.kind if isinstance(opt.kind, tuple) else (opt.kind,)
                wanted = " or ".join(k.__name__ for k in kinds)
                raise OptionError(f"option {name!r} of {game} must be {wanted}, got {value!r:.80}")
            if opt.choices is not None and value not in opt.choices:
                raise OptionError(
                    f"option {name!r} of {game} must be one of {list(opt.choices)}, got {value!r}"
                )
            if opt.check is not None:
                problem = opt.check(value, players)
                if problem:
                    raise OptionError(f"option {name!r} of {game}: {problem}")
        out[name] = value
    return out
