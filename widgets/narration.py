"""The narration panel: what just happened, each event with the rulebook section it applied."""

from __future__ import annotations

import html as _html
from typing import Any

import ipywidgets as W

from .i18n import ui
from .session import Session

__all__ = ["NarrationPanel", "narration_items"]


def narration_items(events: list, lang: str = "en") -> list[tuple[str, str | None]]:
    """``(text, rule text or None)`` for each event."""
    return [(e.text(lang), e.rule_text(lang)) for e in events]


class NarrationPanel(W.VBox):
    """Events since the last command, visible to ``viewer`` (a person's seat, or all)."""

    def __init__(self, session: Session, lang: str = "en", limit: int = 40, **kw: Any):
        self.session = session
        self.lang = lang
        self.limit = limit
        self.title = W.HTML()
        self.body = W.HTML()
        self.body.add_class("gamekit-narration")
        super().__init__([self.title, self.body], **kw)
        self.add_class("gamekit-narration-panel")
        self.refresh()

    def set_lang(self, lang: str) -> None:
        self.lang = lang
        self.refresh()

    @property
    def lines(self) -> list[str]:
        """The narrated texts now shown (newest last)."""
        return [t for t, _r in self._items]

    def refresh(self) -> None:
        s = self.session
        lang = self.lang
        viewer: Any = "all" if s.human is None else s.human
        items = narration_items(s.new_events(viewer), lang)
        self._items = items
        self.title.value = f"<b>{ui('narration', lang)}</b>"
        if not items:
            self.body.value = f"<i>{ui('nothing_yet', lang)}</i>"
            return
        hidden = max(0, len(items) - self.limit)
        shown = items[hidden:]
        parts = []
        if hidden:
            parts.append(f"<li><i>{ui('earlier', lang, n=hidden)}</i></li>")
        for i, (text, rule) in enumerate(shown):
            cls = " class='gk-latest'" if i == len(shown) - 1 else ""
            rule_html = (
                f"<span class='gk-rule'>{_html.escape(ui('rule', lang, section=rule))}</span>"
                if rule else ""
            )
            parts.append(f"<li{cls}>{_html.escape(text)}{rule_html}</li>")
        self.body.value = "<ul>" + "".join(parts) + "</ul>"
