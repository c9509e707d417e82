"""Every notebook executes top to bottom (its golden ``assert`` cells included) and is
committed stripped of outputs (``nbstripout --verify``)."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((ROOT / "notebooks").rglob("*.ipynb"))
NOTEBOOKS = [p for p in NOTEBOOKS if ".ipynb_checkpoints" not in p.parts]
#: seconds each notebook may take (the analyse notebook must stay under a minute in CI)
BUDGET = {"analyse.ipynb": 60}


def test_notebooks_exist():
    names = {p.relative_to(ROOT / "notebooks").as_posix() for p in NOTEBOOKS}
    assert {"index.ipynb", "wonderful/learn.ipynb", "wonderful/play.ipynb",
            "wonderful/analyse.ipynb", "gaia/learn.ipynb", "gaia/play.ipynb",
            "gaia/analyse.ipynb", "gaia/replay.ipynb"} <= names


def test_notebooks_are_stripped():
    nbstripout = Path(sys.executable).parent / "nbstripout"
    proc = subprocess.run([str(nbstripout), "--verify", *map(str, NOTEBOOKS)],
                          capture_output=True, text=True)
    assert proc.returncode == 0, f"not stripped (run nbstripout on them): {proc.stdout}{proc.stderr}"


@pytest.mark.timeout(300)
@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_notebook_executes(path: Path):
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(nb, timeout=180, kernel_name="python3",
                            resources={"metadata": {"path": str(path.parent)}})
    t0 = time.perf_counter()
    client.execute()
    elapsed = time.perf_counter() - t0
    errors = [
        f"cell {i}: {o.get('ename')}: {o.get('evalue')}"
        for i, cell in enumerate(nb.cells) for o in cell.get("outputs", [])
        if o.get("output_type") == "error"
    ]
    assert not errors, errors
    budget = BUDGET.get(path.name)
    if budget is not None:
        assert elapsed < budget, f"{path.name} took {elapsed:.0f}s (budget {budget}s)"
