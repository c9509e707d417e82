"""``gamekit new-game <id>``: write the skeleton of a fifth game (issue 24, section 3).

The skeleton is a small real game (a race to a target with one die) with every seam a game
has, in the order docs/adding-a-game.md lists them: the package ``gamekit/games/<id>/`` (data
file, rules, positions schema, state on the core's ``Course``/``Steps``, bots, renderer,
catalogs, ``register(...)``), its tests, its three notebooks, its docs page and its line in
``pyproject.toml``'s ``gamekit.games`` entry-point group. The templates are package data
(``templates/*.tmpl``); ``__game__``, ``__Game__`` and ``__Title__`` are replaced by the id, the
class-name prefix and the title. Nothing is overwritten: an id already taken (registered, or a
folder or file already there) is refused before anything is written.
"""

from __future__ import annotations

import keyword
import re
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from gamekit.core.registry import available

__all__ = ["NewGameError", "FILES", "check_id", "plan", "generate", "ENTRY_TABLE",
           "README_TABLE"]


class NewGameError(ValueError):
    """A game id or a target folder ``new-game`` cannot use (the message says why)."""


#: template -> where it goes under the project root (``{id}``: the game id), in the order of
#: docs/adding-a-game.md's checklist
FILES = (
    ("game_data.json.tmpl", "gamekit/games/{id}/data/game.json"),
    ("game_data.py.tmpl", "gamekit/games/{id}/data.py"),
    ("locale_en.po.tmpl", "gamekit/games/{id}/locale/en.po"),
    ("locale_pt_BR.po.tmpl", "gamekit/games/{id}/locale/pt_BR.po"),
    ("game_text.py.tmpl", "gamekit/games/{id}/text.py"),
    ("game_rules.py.tmpl", "gamekit/games/{id}/rules.py"),
    ("game_position.py.tmpl", "gamekit/games/{id}/position.py"),
    ("game_state.py.tmpl", "gamekit/games/{id}/state.py"),
    ("game_bots.py.tmpl", "gamekit/games/{id}/bots.py"),
    ("game_render.py.tmpl", "gamekit/games/{id}/render.py"),
    ("game_init.py.tmpl", "gamekit/games/{id}/__init__.py"),
    ("tests_rules.py.tmpl", "tests/{id}/test_{id}_rules.py"),
    ("tests_position_hostile.py.tmpl", "tests/{id}/test_{id}_position_hostile.py"),
    ("tests_property.py.tmpl", "tests/{id}/test_{id}_properties.py"),
    ("notebook_learn.ipynb.tmpl", "notebooks/{id}/learn.ipynb"),
    ("notebook_play.ipynb.tmpl", "notebooks/{id}/play.ipynb"),
    ("notebook_analyse.ipynb.tmpl", "notebooks/{id}/analyse.ipynb"),
    ("docs_game.md.tmpl", "docs/games/{id}.md"),
)
#: the ``pyproject.toml`` table a game's entry point is added to
ENTRY_TABLE = '[project.entry-points."gamekit.games"]'
_ID = re.compile(r"[a-z][a-z0-9]{1,23}")
#: names a game package cannot take (the core's own and the test game's)
_RESERVED = frozenset({"core", "kit", "games", "plots", "analysis", "newgame", "toy", "test"})


def check_id(game: str) -> str:
    """``game`` if it can be a new game's id (2-24 lowercase letters and digits, a letter
    first, not a Python keyword, not reserved, not registered); else ``NewGameError``."""
    if not isinstance(game, str) or not _ID.fullmatch(game):
        raise NewGameError(f"game id {game!r:.40}: use 2 to 24 lowercase letters and digits, "
                           "a letter first (e.g. 'mygame')")
    if keyword.iskeyword(game) or game in _RESERVED:
        raise NewGameError(f"game id {game!r}: the name is reserved")
    if game in available():
        raise NewGameError(f"game id {game!r}: a game of that id is already registered")
    return game


@dataclass(frozen=True)
class Planned:
    """One file ``new-game`` writes: where (under the root) and what."""

    path: Path
    text: str


def _fill(text: str, game: str, title: str) -> str:
    cls = game.capitalize()
    return text.replace("__Game__", cls).replace("__game__", game).replace("__Title__", title)


def plan(game: str, root: Path, title: str | None = None) -> list[Planned]:
    """The files of a new game ``game`` under the project ``root`` (nothing written);
    ``NewGameError`` if the id is unusable or any of its files or folders already exists."""
    check_id(game)
    root = Path(root)
    if not (root / "gamekit" / "games").is_dir():
        raise NewGameError(f"{root}: not the root of a gamekit checkout (no gamekit/games/ "
                           "folder); run it there or pass --root")
    for folder in (f"gamekit/games/{game}", f"tests/{game}", f"notebooks/{game}"):
        if (root / folder).exists():
            raise NewGameError(f"game id {game!r}: {folder} already exists")
    title = title or game.capitalize()
    if not title.isprintable() or not 0 < len(title) <= 60 or set(title) & set('"\\|'):
        raise NewGameError("the title must be 1 to 60 printable characters, without quotes, "
                           "backslashes or bars")
    folder = resources.files(__package__) / "templates"
    out = []
    for template, where in FILES:
        path = root / where.format(id=game)
        if path.exists():
            raise NewGameError(f"game id {game!r}: {path.relative_to(root)} already exists")
        out.append(Planned(path, _fill((folder / template).read_text(encoding="utf-8"),
                                       game, title)))
    return out


def _with_entry_point(text: str, game: str) -> str:
    """``pyproject.toml``'s text with ``game`` declared in the ``gamekit.games`` group."""
    lines = text.splitlines(keepends=True)
    if ENTRY_TABLE + "\n" not in lines:
        raise NewGameError(f"pyproject.toml has no {ENTRY_TABLE} table")
    at = lines.index(ENTRY_TABLE + "\n") + 1
    while at < len(lines) and lines[at].strip() and not lines[at].startswith("["):
        at += 1
    lines.insert(at, f'{game} = "gamekit.games.{game}"\n')
    return "".join(lines)


#: the import-linter contract of a new game's layers, added to ``pyproject.toml``
_CONTRACT = """
[[tool.importlinter.contracts]]
id = "{id}-layers"
name = "{title}: render/bots > state > position > rules > data"
type = "layers"
containers = ["gamekit.games.{id}"]
layers = ["render : bots", "state", "position", "rules", "data"]
"""


#: the README table every game has a row in (tests/test_house.py checks it)
README_TABLE = "## What each game supports"
_ROW = ("| {title} | `{id}` | 2–4 | skeleton written by `gamekit new-game`: a race to a target "
        "with one die | random, heuristic, look-ahead | learn, play, analyse; HTML board |")


def _with_readme_row(text: str, game: str, title: str) -> str:
    """README's text with a row for ``game`` at the end of the games table (unchanged when the
    README has no such table)."""
    head, sep, rest = text.partition(README_TABLE)
    lines = rest.split("\n")
    rows = [i for i, line in enumerate(lines) if line.startswith("| ")]
    if not sep or not rows:
        return text
    last = rows[0]
    while last + 1 < len(lines) and lines[last + 1].startswith("| "):
        last += 1
    lines.insert(last + 1, _ROW.format(title=title, id=game))
    return head + sep + "\n".join(lines)


def generate(game: str, root: Path | str = ".", title: str | None = None,
             dry_run: bool = False) -> list[Path]:
    """Write the skeleton of ``game`` under ``root`` (or, with ``dry_run``, only list it);
    returns the files written, then ``pyproject.toml`` (the game's entry point and the
    import-linter contract of its layers) and ``README.md`` (its row in the games table) when
    they are there."""
    root = Path(root)
    files = plan(game, root, title)
    title = title or game.capitalize()
    edits = {}  # the project files that list every game: pyproject.toml and README.md
    pyproject, readme = root / "pyproject.toml", root / "README.md"
    if pyproject.is_file():
        edits[pyproject] = _with_entry_point(pyproject.read_text(encoding="utf-8"), game) + \
            _CONTRACT.format(id=game, title=title)
    if readme.is_file():
        edits[readme] = _with_readme_row(readme.read_text(encoding="utf-8"), game, title)
    paths = [f.path for f in files] + list(edits)
    if dry_run:
        return paths
    for f in files:
        f.path.parent.mkdir(parents=True, exist_ok=True)
        f.path.write_text(f.text, encoding="utf-8")
    for path, text in edits.items():
        path.write_text(text, encoding="utf-8")
    return paths
