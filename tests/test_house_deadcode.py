"""House rule (issue 24): no dead code in ``gamekit/``, ``widgets/`` or ``config/``.

Vulture reads the packages together with everything that uses them (the tests, the notebooks'
code cells and the docs' Python examples), so public API used only there is not dead; names
used by what vulture cannot see are in ``tests/vulture_whitelist.py``, each with its reason.
Memos read through ``state.__dict__.get("_<name>_memo")`` (Gaia's caches) are ignored by
pattern. Unused functions, methods, classes, variables, imports and unreachable code are
reported (confidence 60: vulture's lowest, every kind of finding)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import vulture  # the dev extra (make install) installs it

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("gamekit", "widgets", "config")
IGNORE_NAMES = ["_*_memo"]


def _users(folder: Path) -> list[Path]:
    """The notebooks' code cells and the docs' Python examples as modules in ``folder``."""
    out = []
    for i, notebook in enumerate(sorted(ROOT.glob("notebooks/**/*.ipynb"))):
        cells = json.loads(notebook.read_text("utf-8"))["cells"]
        code = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
        code = "\n".join(line for line in code.splitlines()
                         if not line.lstrip().startswith(("%", "!")))
        out.append(folder / f"notebook_{i}.py")
        out[-1].write_text(code, encoding="utf-8")
    blocks = []
    for page in sorted(ROOT.glob("docs/**/*.md")):
        for block in re.findall(r"```python\n(.*?)```", page.read_text("utf-8"), re.S):
            lines = [line[4:] for line in block.splitlines() if line.startswith((">>> ", "... "))]
            blocks.append("\n".join(lines) if lines else block)
    out.append(folder / "docs_examples.py")
    out[-1].write_text("\n\n".join(f"def _example_{i}():\n" + "\n".join(
        "    " + line for line in b.splitlines()) + "\n    pass" for i, b in enumerate(blocks)),
        encoding="utf-8")
    return out


def test_no_dead_code(tmp_path):
    users = _users(tmp_path)
    finder = vulture.Vulture(ignore_names=IGNORE_NAMES)
    finder.scavenge([str(ROOT / p) for p in (*PACKAGES, "tests")] + [str(p) for p in users])
    dead = []
    for item in finder.get_unused_code(min_confidence=60):
        path = Path(item.filename).resolve()
        if path.is_relative_to(ROOT) and path.relative_to(ROOT).parts[0] in PACKAGES:
            dead.append(f"{path.relative_to(ROOT)}:{item.first_lineno}: {item.message}")
    assert not dead, "dead code:\n" + "\n".join(sorted(dead))
