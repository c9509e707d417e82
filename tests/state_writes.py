"""A scan of test modules for white-box writes to engine state (issue 10: tests set positions
up through ``state.position()`` / ``gamekit.position`` and ``chance arrange`` lines only).

A write is an assignment (``=``, ``+=``, ...) whose target reaches through an attribute
(``s.ask = ...``, ``s.pl[0].res["qic"] = 5``, ``p.bowls.bowl1 = 2``), or a mutating call on an
attribute (``s.deck.clear()``, ``s.seats[1].hand.extend(...)``, ``p.res.update(...)``).
Writes to plain local names and dicts (``data["deck"] = ...``: a position being edited) are
fine, and so are the public switches in ``PUBLIC``."""

from __future__ import annotations

import ast
from pathlib import Path

PUBLIC = frozenset({"quiet"})
NOT_STATE = frozenset({"sys", "os", "monkeypatch", "self"})  # roots that are no engine state
MUTATORS = frozenset({"append", "extend", "clear", "remove", "insert", "update", "pop",
                      "popitem", "setdefault", "add", "discard", "sort", "reverse"})


def _through_attribute(node: ast.AST) -> str | None:
    """The first attribute name on the way from ``node`` to its root name, if any."""
    while isinstance(node, (ast.Attribute, ast.Subscript)):
        if isinstance(node, ast.Attribute):
            return node.attr
        node = node.value
    return None


def _first_attr(node: ast.AST) -> str | None:
    """The attribute written (``s.pl[0].res["x"]`` -> ``res``; ``s.ask`` -> ``ask``)."""
    while isinstance(node, ast.Subscript):
        node = node.value
    return node.attr if isinstance(node, ast.Attribute) else _through_attribute(node)


def _root(node: ast.AST) -> str | None:
    while isinstance(node, (ast.Attribute, ast.Subscript)):
        node = node.value
    return node.id if isinstance(node, ast.Name) else None


def _refused(tree: ast.AST) -> set[int]:
    """Ids of the nodes inside ``with pytest.raises(...)``: writes a test expects to fail."""
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.With) and any(
                isinstance(i.context_expr, ast.Call) and isinstance(i.context_expr.func,
                                                                    ast.Attribute)
                and i.context_expr.func.attr == "raises" for i in node.items):
            out.update(id(n) for stmt in node.body for n in ast.walk(stmt))
    return out


def writes(path: Path) -> list[str]:
    """``file:line attribute`` of every white-box write in one module."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    refused = _refused(tree)
    out = []
    for node in ast.walk(tree):
        if id(node) in refused:
            continue
        targets: list[ast.AST] = []
        if isinstance(node, ast.Assign):
            targets = [t for t in node.targets]
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target]
        elif isinstance(node, ast.Delete):
            targets = list(node.targets)
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
              and node.func.attr in MUTATORS and isinstance(node.func.value, ast.Attribute)):
            targets = [node.func.value]
        for t in targets:
            for one in (t.elts if isinstance(t, ast.Tuple) else [t]):
                attr = _first_attr(one)
                if attr is not None and attr not in PUBLIC and _root(one) not in NOT_STATE:
                    out.append(f"{path.name}:{node.lineno} {attr}")
    return out


def scan(folder: Path) -> dict[str, int]:
    """White-box writes per test module of ``folder`` (modules without any are left out)."""
    found = {}
    for path in sorted(folder.glob("*.py")):
        n = len(writes(path))
        if n:
            found[path.name] = n
    return found
