"""The ``gamekit`` command's argument values: each read and bounded where it is parsed, so a
bad value is argparse's one-line message (never a traceback, never a list of 10^30 seats)."""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence

from .core import OptionError

__all__ = ["agents", "budget", "count", "game_id", "options", "seconds", "steps"]


def options(pairs: Sequence[str]) -> dict:
    out: dict = {}
    for pair in pairs or ():
        key, sep, value = pair.partition("=")
        if not sep:
            raise OptionError(f"--option takes KEY=VALUE, got {pair!r}")
        try:
            out[key] = json.loads(value)
        except json.JSONDecodeError:
            out[key] = value
    return out


def _whole(text: str, low: int) -> int:
    """A whole number from ``low`` to 10^9 given on the command line (argparse's message if
    not: no traceback, no list of 10^30 seats)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if not low <= value <= 10**9:
        raise argparse.ArgumentTypeError(f"{text} is not between {low} and 10^9")
    return value


def count(text: str) -> int:
    """A count (games, players, rollouts, processes): from 1."""
    return _whole(text, 1)


def steps(text: str) -> int:
    """A number of decisions, or a seat: from 0."""
    return _whole(text, 0)


def budget(text: str) -> float:
    """A time budget in seconds: from 0 (0: no budget)."""
    return 0.0 if text.strip() in ("0", "0.0") else seconds(text)


def seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not 0 < value <= 86_400:
        raise argparse.ArgumentTypeError(f"{text} is not more than 0 s and at most 86400 s")
    return value


def agents(text: str | None, players: int) -> list[str]:
    if not text:
        return ["random"] * players
    names = [a.strip() for a in text.split(",") if a.strip()]
    if len(names) == 1:
        names *= players
    if len(names) != players:
        raise OptionError(f"--agents names {len(names)} agents for {players} players")
    return names


def game_id(text: str) -> str:
    """A new game's id (``gamekit new-game``): argparse's message when it cannot be one."""
    from .newgame import NewGameError, check_id

    try:
        return check_id(text)
    except NewGameError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
