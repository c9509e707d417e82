"""Messages of Race for the Galaxy (English and Brazilian Portuguese) and display names.

The words are in ``locale/en.po`` and ``locale/pt_BR.po`` (msgctxt ``race``, ``race.board`` and
``race.names``), read once at import; see docs/i18n.md. Rule keys are the rulebook's section
headings.
"""

from __future__ import annotations

from pathlib import Path

from gamekit.core import CATALOG

__all__ = ["MESSAGES", "NAMES"]

CATALOG.load(Path(__file__).with_name("locale"))

MESSAGES = CATALOG.namespace("race")
NAMES = CATALOG.names["race"]
