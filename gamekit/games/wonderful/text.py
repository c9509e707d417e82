"""Messages (English and Brazilian Portuguese) and component names of It's a Wonderful World.

The words are in ``locale/en.po`` and ``locale/pt_BR.po`` (msgctxt ``wonderful``,
``wonderful.board`` and ``wonderful.names``), read once at import; see docs/i18n.md. Rule keys
are the Portuguese rulebook's section headings (snake_case, no accents).
"""

from __future__ import annotations

from pathlib import Path

from gamekit.core import CATALOG

__all__ = ["MESSAGES", "NAMES", "RULES", "EVENT_KINDS", "ASK_KINDS"]

CATALOG.load(Path(__file__).with_name("locale"))

MESSAGES = CATALOG.namespace("wonderful")
NAMES = CATALOG.names["wonderful"]
RULES = {k: v for k, v in MESSAGES.items() if k.startswith("rule.")}
ASK_KINDS = tuple(k.split(".", 1)[1] for k in MESSAGES if k.startswith("ask."))
EVENT_KINDS = tuple(
    k for k in MESSAGES
    if not k.startswith(("rule.", "ask.", "act.", "summary", "option.", "option_help."))
    and k not in ("seat", "round")
)
