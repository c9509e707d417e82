"""House rules over every package (issue 24, "House rules, enforced"): modules of at most 600
lines and functions of at most 80 in ``gamekit/``, ``widgets/`` and ``config/``; no import cycle
among the gamekit and widgets modules; every registered game has its notebooks, docs page,
catalogs and lesson. (Ruff's C90 and the dead-code check run in ``make test`` beside pytest.)"""

from __future__ import annotations

import ast
import functools
import inspect
from pathlib import Path

import pytest

from gamekit.core.registry import available, declared, get

ROOT = Path(__file__).resolve().parents[1]
#: import name -> folder, for every package the house rules cover
PACKAGES = {"gamekit": ROOT / "gamekit", "gamekit_widgets": ROOT / "widgets",
            "config": ROOT / "config"}
MAX_MODULE, MAX_FUNCTION = 600, 80


def _sources() -> list[Path]:
    return sorted(p for folder in PACKAGES.values() for p in folder.rglob("*.py")
                  if ".ipynb_checkpoints" not in p.parts)


def test_modules_and_functions_stay_small():
    """Every module of every package is at most 600 lines, every function at most 80."""
    too_big = []
    for path in _sources():
        text = path.read_text(encoding="utf-8")
        name = path.relative_to(ROOT)
        if text.count("\n") > MAX_MODULE:
            too_big.append(f"{name}: {text.count(chr(10))} lines")
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                size = node.end_lineno - node.lineno + 1
                if size > MAX_FUNCTION:
                    too_big.append(f"{name}:{node.lineno} {node.name}: {size} lines")
    assert not too_big, "\n".join(too_big)


def test_the_size_check_sees_every_package():
    names = {p.relative_to(ROOT).parts[0] for p in _sources()}
    assert names == {"gamekit", "widgets", "config"}
    assert any(p.name == "cli.py" for p in _sources())


# --- import cycles -------------------------------------------------------------------------


def _modules() -> dict[str, Path]:
    """Dotted module name -> file, for gamekit and gamekit_widgets (as installed)."""
    out = {}
    for pkg in ("gamekit", "gamekit_widgets"):
        root = PACKAGES[pkg]
        for path in root.rglob("*.py"):
            parts = [pkg, *path.relative_to(root).with_suffix("").parts]
            if parts[-1] == "__init__":
                parts.pop()
            out[".".join(parts)] = path
    return out


def _type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(tree: ast.AST):
    """Every import statement that can run: module level and inside functions (a lazy import
    still closes a cycle at run time), but not the annotation-only ``if TYPE_CHECKING:`` nor a
    script's ``if __name__ == "__main__":`` (it runs as a program, never on import)."""
    todo = [tree]
    while todo:
        node = todo.pop()
        if isinstance(node, ast.If) and (_type_checking(node.test) or _main(node.test)):
            todo.extend(node.orelse)
            continue
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        todo.extend(ast.iter_child_nodes(node))


def _main(test: ast.expr) -> bool:
    """``__name__ == "__main__"``."""
    return (isinstance(test, ast.Compare) and isinstance(test.left, ast.Name)
            and test.left.id == "__name__" and len(test.comparators) == 1
            and isinstance(test.comparators[0], ast.Constant)
            and test.comparators[0].value == "__main__")


def _targets(node: ast.Import | ast.ImportFrom, package: str, mods: dict) -> list[str]:
    if isinstance(node, ast.Import):
        return [a.name for a in node.names]
    base = node.module or ""
    if node.level:
        parts = package.split(".")
        parts = parts[: len(parts) - node.level + 1]
        base = ".".join(parts + ([base] if base else []))
    return [f"{base}.{a.name}" if f"{base}.{a.name}" in mods else base for a in node.names]


@functools.lru_cache(maxsize=1)
def import_graph() -> dict[str, set[str]]:
    """Module -> the modules of gamekit/gamekit_widgets it imports (the nearest enclosing module
    of each name: ``from gamekit.core import new`` is an edge to ``gamekit.core``)."""
    mods = _modules()
    graph = {}
    for name, path in mods.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        edges = set()
        for node in _imports(ast.parse(path.read_text(encoding="utf-8"))):
            for target in _targets(node, package, mods):
                while target and target not in mods:
                    target = target.rpartition(".")[0]
                if target and target != name:
                    edges.add(target)
        graph[name] = edges
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found = []
    for start in graph:
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        while work:
            node, edges = work[-1]
            nxt = next(edges, None)
            if nxt is not None:
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    work.append((nxt, iter(sorted(graph.get(nxt, ())))))
                elif nxt in stack:
                    low[node] = min(low[node], index[nxt])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                part = []
                while True:
                    top = stack.pop()
                    part.append(top)
                    if top == node:
                        break
                if len(part) > 1:
                    found.append(sorted(part))
    return found


def test_the_cycle_finder_finds_a_cycle_and_only_cycles():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_the_graph_reads_relative_lazy_and_type_checking_imports():
    graph = import_graph()
    assert "gamekit.games.gaia.importer" in graph["gamekit.games.gaia.writer"]
    assert "gamekit.core.state" not in graph["gamekit.core.registry"]  # TYPE_CHECKING only
    assert "gamekit_widgets.lessons" in graph  # widgets/ under its installed name


def test_no_import_cycle():
    """No two modules import each other, directly or through others (lazy imports count)."""
    found = cycles(import_graph())
    assert not found, "import cycles:\n" + "\n".join(" <-> ".join(c) for c in found)


# --- every registered game is complete ----------------------------------------------------

NOTEBOOKS = ROOT / "notebooks"


def _has_lesson(game: str) -> bool:
    """The game registers its lesson (``register(lesson_content=...)``) and ships its page."""
    return get(game).lesson_content is not None and (NOTEBOOKS / game / "learn.ipynb").is_file()


def _games() -> list[str]:
    """The games the distribution ships: registered and declared in the entry-point group
    (test games registered by hand, such as ``toy``, are not)."""
    return sorted(set(available()) & set(declared()))


@pytest.mark.parametrize("game", _games())
def test_every_registered_game_is_complete(game):
    package = Path(inspect.getfile(get(game).state)).parent
    missing = [f"notebooks/{game}/{page}.ipynb" for page in ("learn", "play", "analyse")
               if not (NOTEBOOKS / game / f"{page}.ipynb").is_file()]
    missing += [f"docs/games/{game}.md"] if not (ROOT / "docs" / "games" / f"{game}.md").is_file() \
        else []
    missing += [f"locale/{lang}.po" for lang in ("en", "pt_BR")
                if not (package / "locale" / f"{lang}.po").is_file()]
    missing += ["a lesson"] if not _has_lesson(game) else []
    assert not missing, f"{game} lacks {', '.join(missing)}"


def test_the_shipped_games_are_the_declared_ones():
    assert len(_games()) >= 4 and set(_games()) == set(declared())


def test_the_readme_table_has_a_row_for_every_registered_game():
    """README's "What each game supports" table is written by hand: it must name every game
    the registry has (its id in backticks in the second column), and no other."""
    text = (ROOT / "README.md").read_text("utf-8")
    table = text.split("## What each game supports", 1)[1].split("\n## ", 1)[0]
    rows = [line.split("|") for line in table.splitlines() if line.startswith("| ")]
    ids = {row[2].strip().strip("`") for row in rows[1:] if len(row) > 2}
    assert ids - {"---"} == set(_games())
