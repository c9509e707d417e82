"""Messages (English and Brazilian Portuguese) and component names of Blue Moon City.

The words are in ``locale/en.po`` and ``locale/pt_BR.po`` (msgctxt ``bluemoon``,
``bluemoon.board`` and ``bluemoon.names``), read once at import; see docs/i18n.md.
"""

from __future__ import annotations

from pathlib import Path

from gamekit.core import CATALOG

__all__ = ["MESSAGES", "NAMES", "NS", "EVENT_KINDS"]

NS = "bluemoon"

CATALOG.load(Path(__file__).with_name("locale"))

MESSAGES = CATALOG.namespace(NS)
NAMES = CATALOG.names[NS]
EVENT_KINDS = tuple(k for k in MESSAGES
                    if not k.startswith(("ask.", "rule.", "score.", "option.", "option_help.")))
