"""Test suites import their helper modules (``toy``, ``race_helpers``, ...) by name; test files
may share basenames across folders, so pytest runs in importlib mode (see pyproject)."""

import sys
from pathlib import Path

for folder in sorted(Path(__file__).parent.iterdir()):
    if folder.is_dir() and not folder.name.startswith((".", "_")):
        sys.path.insert(0, str(folder))
sys.path.insert(0, str(Path(__file__).parent))  # shared scans (``state_writes``)
