"""The game registry. Games register themselves on import; the core never imports a game
by name except through this lookup (``gamekit.games.<id>`` is imported on first use)."""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .options import OptionError
from .state import GameState

__all__ = ["GameInfo", "register", "get", "new", "available"]


@dataclass
class GameInfo:
    """A registered game: its state class and its named agent factories ``(seed) -> Agent``."""

    id: str
    state: type[GameState]
    agents: dict[str, Callable[..., Any]] = field(default_factory=dict)
    default_players: int = 2


_GAMES: dict[str, GameInfo] = {}
#: game packages that failed to import, with the error (shown by ``gamekit list``)
BROKEN: dict[str, str] = {}


def register(
    state: type[GameState],
    agents: dict[str, Callable[..., Any]] | None = None,
    default_players: int = 2,
) -> GameInfo:
    """Register a game (called by each game package's ``__init__``)."""
    info = GameInfo(state.game, state, dict(agents or {}), default_players)
    _GAMES[state.game] = info
    return info


def available() -> list[str]:
    """Ids of all game packages under ``gamekit.games`` (imports them to register)."""
    import gamekit.games as pkg

    for mod in pkgutil.iter_modules(pkg.__path__):
        if mod.ispkg and mod.name not in _GAMES:
            try:
                importlib.import_module(f"gamekit.games.{mod.name}")
            except Exception as exc:  # one broken package must not hide the others
                BROKEN[mod.name] = f"{type(exc).__name__}: {exc}"
    return sorted(_GAMES)


def get(game: str) -> GameInfo:
    """The registered game ``game`` (importing ``gamekit.games.<game>`` if needed)."""
    if game not in _GAMES:
        try:
            importlib.import_module(f"gamekit.games.{game}")
        except ModuleNotFoundError as exc:
            if exc.name and exc.name.startswith("gamekit.games"):
                raise OptionError(
                    f"unknown game {game!r}; available: {', '.join(available())}"
                ) from None
            raise
        if game not in _GAMES:
            raise OptionError(f"gamekit.games.{game} did not register a game")
    return _GAMES[game]


def new(game: str, players: int | None = None, seed: Any = 0, **options: Any) -> GameState:
    """Start a new game: ``gamekit.new("wonderful", players=4, seed=1)``."""
    info = get(game)
    return info.state.new(info.default_players if players is None else players, seed, **options)
