"""The examples of docs/kit.md and of the kit's docstrings run and print what they show."""

import doctest
import importlib
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parents[2] / "docs" / "kit.md"
MODULES = ["hexgrid", "squaregrid", "paths", "track", "bowls", "deck"]


def test_docs_examples():
    failed, tried = doctest.testfile(str(DOC), module_relative=False, verbose=False)
    assert tried >= 40, "docs/kit.md lost its examples"
    assert failed == 0


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(f"gamekit.kit.{name}")
    failed, tried = doctest.testmod(module, verbose=False)
    assert tried >= 3 and failed == 0


def test_docs_name_every_module():
    text = DOC.read_text(encoding="utf-8")
    for name in MODULES:
        assert f"`gamekit.kit.{name}`" in text or f"`{name}`" in text
