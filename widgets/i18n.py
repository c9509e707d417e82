"""Interface text of the front-end: the ``ui`` (and ``lesson``) namespaces of the message catalog.

The words are in ``locale/en.po`` and ``locale/pt_BR.po`` beside this module, read once at import;
see docs/i18n.md.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gamekit.core import CATALOG

__all__ = ["ui", "game_ui", "UI_MESSAGES", "LANGUAGE_CHOICES"]

LANGUAGE_CHOICES = (("English", "en"), ("Português", "pt"))

CATALOG.load(Path(__file__).with_name("locale"))

UI_MESSAGES: dict[str, dict[str, Any]] = CATALOG.namespace("ui")


def ui(key: str, lang: str = "en", /, **params: Any) -> str:
    """An interface message in ``lang``."""
    return CATALOG.text("ui", key, lang, **params)


def game_ui(key: str, game: str, lang: str = "en", /, **params: Any) -> str:
    """``ui(key)``, or the game's own wording ``key@game`` where it has one (Blue Moon City
    scores offerings, not VP)."""
    own = f"{key}@{game}"
    return ui(own if CATALOG.has("ui", own) else key, lang, **params)
