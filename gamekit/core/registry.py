"""The game registry: the one seam between a game and the rest of gamekit.

A game package calls ``register(StateClass, ...)`` when it is imported and hands over
everything core and the front-ends need of it: the state class, its agents, its board renderer,
its labels, the support its lessons need and the constraints of its set-up form. Nothing else
reaches into a game package.

Games are found through the ``gamekit.games`` entry-point group (declared in a distribution's
``pyproject.toml``: ``[project.entry-points."gamekit.games"] race = "gamekit.games.race"``),
so a third-party game plugs in exactly as the bundled ones; no module is looked up by a naming
convention. A package that imports without registering (a game still being written) is simply
not listed; one that fails to import is reported in ``BROKEN`` and hides no other game.
"""

from __future__ import annotations

import functools
import re
import types
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from importlib.metadata import EntryPoint, entry_points
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .i18n import CATALOG
from .options import OptionError

if TYPE_CHECKING:  # annotations only: the state module imports this one
    from .state import GameState

__all__ = [
    "ENTRY_POINTS", "BROKEN", "GameInfo", "Palette", "Presets", "register", "get", "new",
    "available",
    "declared", "rescan",
]

#: the entry-point group games are declared in
ENTRY_POINTS = "gamekit.games"

#: ``render(state, lang="en", **kw) -> html``: a board whose root element has the CSS class
#: ``gamekit-board``
Renderer = Callable[..., str]
#: a ``lesson`` of one of these kinds is a factory, called once on first use
_FACTORIES = (types.FunctionType, types.MethodType, functools.partial)



_PYPROJECT = Path(__file__).resolve().parents[2] / "pyproject.toml"


def _bundled(path: Path = _PYPROJECT) -> dict[str, str]:
    """The ``gamekit.games`` entry points of the source tree's ``pyproject.toml`` (none when
    gamekit is installed from a wheel: its metadata has them), so no list of games is kept by
    hand: ``gamekit new-game`` adds its line there."""
    table = '[project.entry-points."gamekit.games"]'
    found: dict[str, str] = {}
    inside = False
    for line in path.read_text(encoding="utf-8").splitlines() if path.is_file() else ():
        if line.startswith("["):
            inside = line.strip() == table
        elif inside and (m := re.fullmatch(r'(\w+) = "([\w.]+)"', line.strip())):
            found[m[1]] = m[2]
    return found


#: the games this distribution declares in ``pyproject.toml``; used only when the installed
#: metadata declares no game at all (a source tree run without installing it, or an install
#: made before the entry points existed): ``pip install -e .`` makes the entry points win
BUNDLED = _bundled()


@dataclass(frozen=True)
class Presets:
    """What a set-up form cannot guess from the options alone.

    ``players``/``bots``: the form's defaults; ``choices``: option name -> the values to offer
    (or a zero-argument function giving that mapping, called when a form is built);
    ``fixes``: option name -> the settings a truthy value of that option imposes, e.g.
    ``{"scenario": {"players": 1}}`` (a solo scenario is played by one player)."""

    players: int | None = None
    bots: tuple[str, ...] = ()
    choices: Mapping[str, list] | Callable[[], Mapping[str, list]] | None = None
    fixes: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)

    def option_choices(self) -> dict[str, list]:
        """The ``choices`` mapping (calling the function if one was given)."""
        found = self.choices() if callable(self.choices) else self.choices
        return dict(found or {})


#: seat colours of a game that hands none (the app's player banner uses the same order)
SEAT_COLOURS = ("#d62728", "#1f77b4", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b")


@dataclass(frozen=True)
class Palette:
    """A game's colours, shared by its board and every chart: ``seats`` (player 1 first) and
    ``resources`` (resource id -> colour)."""

    seats: tuple[str, ...] = SEAT_COLOURS
    resources: Mapping[str, str] = field(default_factory=dict)


@dataclass
class GameInfo:
    """A registered game: what ``register`` was handed.

    ``agents``: named agent factories ``(seed) -> Agent``; ``render``: the board renderer
    (``None``: front-ends fall back to a generic table); ``presets``: set-up defaults and
    option constraints; ``labels``: catalog messages (``act.<verb>``, names) added at
    registration; ``lesson``: what the game's lessons need of its internals (card data,
    scenario builders, drawings of pieces) as one object, or a zero-argument factory of it,
    called once on first use; ``importers``: readers of other sites' game records by format
    name, ``(data: bytes, source: str) -> GameState`` (the state after the record's last
    move), raising ``RecordError``; ``samples``: recorded games shipped with the game, by name,
    as a zero-argument function giving their bytes (for ``importers``); ``exporters``: writers
    of a gamekit record (JSON bytes) in another site's format, ``(data, source) -> bytes``."""

    id: str
    state: type[GameState]
    agents: dict[str, Callable[..., Any]] = field(default_factory=dict)
    default_players: int = 2
    render: Renderer | None = None
    presets: Presets = field(default_factory=Presets)
    labels: Mapping[str, Any] = field(default_factory=dict)
    lesson_source: Any = field(default=None, repr=False)
    importers: Mapping[str, Callable[[bytes, str], GameState]] = field(default_factory=dict)
    samples: Mapping[str, Callable[[], bytes]] = field(default_factory=dict)
    exporters: Mapping[str, Callable[[bytes, str], bytes]] = field(default_factory=dict)
    _lesson: Any = field(default=None, init=False, repr=False)
    palette: Palette = field(default_factory=Palette)
    #: the game's own analyses, by name: frames of many games (Gaia Project's ``survey``) and
    #: figures (Gaia Project's power cycle) the analyse pages ask for by name
    analyses: Mapping[str, Callable[..., Any]] = field(default_factory=dict)
    #: where the game's lesson lives: the importable module of its lesson content (chapters,
    #: quizzes, guided game), imported by a front-end only when a lesson is opened; ``None``:
    #: the game has no lesson (or ``lesson`` is itself complete content)
    lesson_content: str | None = None
    #: the top of the game's ladder of bots (``gamekit ladder``'s default: random < heuristic <
    #: this): the generic ``rollouts`` unless the game names a stronger bot of its own
    top_bot: str = "rollouts"

    @property
    def lesson(self) -> Any:
        """The lesson support of the game (``None`` if it hands none)."""
        if self._lesson is None and self.lesson_source is not None:
            src = self.lesson_source
            self._lesson = src() if isinstance(src, _FACTORIES) else src
        return self._lesson


_GAMES: dict[str, GameInfo] = {}
#: game packages that failed to import, with the error (shown by ``gamekit list``)
BROKEN: dict[str, str] = {}


def register(
    state: type[GameState],
    agents: dict[str, Callable[..., Any]] | None = None,
    default_players: int = 2,
    *,
    render: Renderer | None = None,
    presets: Presets | Mapping[str, Any] | None = None,
    labels: Mapping[str, Any] | None = None,
    lesson: Any = None,
    importers: Mapping[str, Callable[[bytes, str], GameState]] | None = None,
    samples: Mapping[str, Callable[[], bytes]] | None = None,
    exporters: Mapping[str, Callable[[bytes, str], bytes]] | None = None,
    palette: Palette | Mapping[str, Any] | None = None,
    analyses: Mapping[str, Callable[..., Any]] | None = None,
    lesson_content: str | None = None,
    top_bot: str = "rollouts",
) -> GameInfo:
    """Register a game (called by its package's ``__init__``). Everything after
    ``default_players`` is optional: see ``GameInfo``. ``presets`` may be a ``Presets`` or
    the mapping of its fields; ``palette`` a ``Palette`` or the mapping of its fields."""
    if not isinstance(presets, Presets):
        presets = Presets(**dict(presets or {}))
    if labels:
        CATALOG.add(state.game, dict(labels))
    info = GameInfo(state.game, state, dict(agents or {}), default_players, render, presets,
                    dict(labels or {}), lesson, dict(importers or {}), dict(samples or {}),
                    dict(exporters or {}))
    if palette is not None:
        info.palette = palette if isinstance(palette, Palette) else Palette(
            tuple(palette.get("seats", SEAT_COLOURS)), dict(palette.get("resources", {})))
    info.analyses = dict(analyses or {})
    info.lesson_content = lesson_content
    info.top_bot = top_bot
    _GAMES[state.game] = info
    BROKEN.pop(state.game, None)
    return info


_DECLARED: dict[str, EntryPoint] = {}


def _declared() -> dict[str, EntryPoint]:
    """The entry points of the ``gamekit.games`` group, by game id (read once: scanning the
    installed metadata takes tens of milliseconds; ``rescan()`` reads it again)."""
    if not _DECLARED:
        found = {ep.name: ep for ep in entry_points(group=ENTRY_POINTS)}
        if not found:
            found = {n: EntryPoint(n, value, ENTRY_POINTS) for n, value in BUNDLED.items()}
        _DECLARED.update(found)
    return _DECLARED


def rescan() -> list[str]:
    """Read the entry points again (after installing a game into a running kernel) and
    retry the broken packages; returns ``available()``."""
    _DECLARED.clear()
    BROKEN.clear()
    return available()


def _load(name: str, ep: Any) -> None:
    """Import a declared game (it registers itself); a failure goes to ``BROKEN``."""
    try:
        ep.load()
    except Exception as exc:  # one broken package must not hide the others
        BROKEN[name] = f"{type(exc).__name__}: {exc}"


def available() -> list[str]:
    """Ids of every registered game: those already registered and those declared in the
    ``gamekit.games`` entry-point group (imported here, so they register)."""
    for name, ep in _declared().items():
        if name not in _GAMES and name not in BROKEN:
            _load(name, ep)
    return sorted(_GAMES)


def declared() -> list[str]:
    """Ids of the games declared in the ``gamekit.games`` entry-point group (the games a
    distribution ships; a game registered by hand, such as a test's, is not one of them)."""
    return sorted(_declared())


def get(game: str) -> GameInfo:
    """The registered game ``game`` (importing its declared package on first use)."""
    if game not in _GAMES:
        ep = _declared().get(game) if isinstance(game, str) else None
        if ep is None:
            raise OptionError(f"unknown game {game!r}; available: {', '.join(available())}")
        _load(game, ep)
        if game in BROKEN:
            raise OptionError(f"game {game!r} cannot be loaded: {BROKEN[game]}")
        if game not in _GAMES:
            raise OptionError(
                f"{ep.value} did not register a game; available: {', '.join(available())}"
            )
    return _GAMES[game]


def new(game: str, players: int | None = None, seed: Any = 0, **options: Any) -> GameState:
    """Start a new game: ``gamekit.new("wonderful", players=4, seed=1)``."""
    info = get(game)
    return info.state.new(info.default_players if players is None else players, seed, **options)


