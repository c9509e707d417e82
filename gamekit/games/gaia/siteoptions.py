"""The options of a boardgamers.space record (its ``options``/``engine_options``): those that
change the rules (mapped to gamekit's options by :mod:`.importer`), those that change none (kept
as the game option ``site_options`` and written back by :mod:`.writer`), and what is refused by
name (an unknown option, an expansion, a rule gamekit does not play)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gamekit.core.records import RecordError

__all__ = ["OPTIONS", "SITE_ONLY_OPTIONS", "OptionsError", "check_options", "site_only_problem",
           "site_options"]


#: boardgamers.space record options that change no rule (who created the game, the clock,
#: whether the site checked federations on its side, rating): kept and written back, never
#: read by the rules. ``name -> kind`` of the value.
SITE_ONLY_OPTIONS: dict[str, type | tuple[type, ...]] = {
    "creator": int, "noFedCheck": bool, "timePerMove": int, "timePerGame": int,
    "timerStart": int, "timerEnd": int, "unrated": bool, "randomPlayerOrder": bool,
}


def site_only_problem(options: Any) -> str | None:
    """Why ``options`` is not a dict of rule-free site options (``None``: it is)."""
    if not isinstance(options, dict):
        return "must be an object"
    for name, value in options.items():
        kind = SITE_ONLY_OPTIONS.get(name) if isinstance(name, str) else None
        if kind is None:
            return (f"{str(name)[:40]!r} is not a rule-free site option (known: "
                    f"{', '.join(SITE_ONLY_OPTIONS)})")
        if kind is int and (isinstance(value, bool) or not isinstance(value, int)
                            or not 0 <= value <= 10**9):
            return f"{name} must be a whole number 0-10^9"
        if kind is bool and not isinstance(value, bool):
            return f"{name} must be true or false"
    return None


class OptionsError(RecordError):
    """A record option that is unknown, of a wrong value or not played."""


def _check_bool(v: Any) -> str | None:
    return None if isinstance(v, bool) else "must be true or false"


def _choices(*ok: str):
    return lambda v: None if v in ok else f"must be one of {', '.join(ok)}"


#: engine options the reader accepts: name -> check returning an error text or None
OPTIONS: dict[str, Any] = {
    "layout": _choices("standard", "balanced", "xshape"),
    "map": lambda v: None if isinstance(v, (dict, list)) else "must be a map object",
    "auction": _choices("bid-while-choosing", "choose-bid"),
    "advancedRules": _check_bool,
    "factionVariant": _choices("standard", "more-balanced", "beta"),
    "factionVariantVersion": lambda v: None if isinstance(v, int) and not isinstance(v, bool)
    and 0 <= v <= 99 else "must be a whole number 0-99",
    "flexibleFederations": _check_bool,
    "randomFactions": _check_bool,
}
_EXPANSIONS = ("frontiers", "lostFleet", "spaceShips")
#: site options that change the rules in a way gamekit does not play: refused by name
_UNSUPPORTED = {"customBoardSetup": "the last player laying out the whole board"}


def check_options(options: Any) -> dict[str, Any]:
    if options is None:
        return {}
    if not isinstance(options, Mapping):
        raise OptionsError(f"options must be an object, got {type(options).__name__}")
    for name, value in options.items():
        if name in _EXPANSIONS:
            raise OptionsError(f"option {name!r} is an expansion; gamekit reads the base game "
                                "only")
        if name in _UNSUPPORTED and value:
            raise OptionsError(f"option {name!r} ({_UNSUPPORTED[name]}) is not played by "
                                "gamekit")
        if name in SITE_ONLY_OPTIONS or name in _UNSUPPORTED:
            problem = site_only_problem({name: value}) if name in SITE_ONLY_OPTIONS else None
            if problem:
                raise OptionsError(f"option {problem}, got {value!r:.60}")
            continue
        if not isinstance(name, str) or name not in OPTIONS:
            raise OptionsError(f"unknown option {str(name)[:40]!r} (known: "
                                f"{', '.join([*OPTIONS, *SITE_ONLY_OPTIONS])})")
        problem = OPTIONS[name](value)
        if problem:
            raise OptionsError(f"option {name!r} {problem}, got {value!r:.60}")
    return dict(options)


def site_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """The record's options that change no rule (kept as metadata, written back)."""
    return {k: v for k, v in options.items() if k in SITE_ONLY_OPTIONS}
