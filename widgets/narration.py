"""The narration panel: the game log of the whole game so far (like the sites players know), the
latest events first in view, those of the last command marked; each event with the rulebook
section it applied, a heading where a round begins."""

from __future__ import annotations

import html as _html
from typing import Any

import ipywidgets as W

from gamekit.core.events import narrated

from .i18n import ui
from .session import Session

__all__ = ["CSS", "NarrationPanel", "narration_items"]


#: the log's look: the latest event in bold, those of the last command on a tint, a round's
#: heading above its events
CSS = """<style>
.gamekit-narration ul.gk-log { list-style: none; padding-left: 4px; margin: 2px 0; }
.gamekit-narration .gk-new { background: #fff8dc; }
.gamekit-narration .gk-round { font-weight: 700; color: #444; border-bottom: 1px solid #ddd;
  margin-top: 4px; }
</style>"""


def narration_items(events: list, lang: str = "en") -> list[tuple[str, str | None]]:
    """``(text, rule text or None)`` for each event."""
    return [(e.text(lang), e.rule_text(lang)) for e in events]


def _common(old: list, new: list) -> int:
    """How many first events of ``old`` and ``new`` are the same (a step back or a fork keeps
    the events before it; a replayed state holds equal events, not the same objects)."""
    n = min(len(old), len(new))
    k = 0
    while k < n and (old[k] is new[k] or old[k] == new[k]):
        k += 1
    return k


class NarrationPanel(W.VBox):
    """The log of every event up to the session's point that ``viewer`` may see (a person's
    seat, or all), newest first; the events since the last command in bold. ``lines``: the
    texts of the log (oldest first); ``new_lines``: those of the last command."""

    def __init__(self, session: Session, lang: str = "en", limit: int | None = None, **kw: Any):
        self.session = session
        self.lang = lang
        #: at most this many events drawn (the oldest left out, counted); ``None``: all
        self.limit = limit
        self.title = W.HTML()
        self.body = W.HTML()
        self.body.add_class("gamekit-narration")
        #: ``(lang, viewer)`` -> (the events rendered, their ``<li>`` items): a click renders
        #: only the events it added, not the whole game again
        self._cache: dict[tuple[str, Any], tuple[list, list[str]]] = {}
        self._texts: list[str] = []
        self._new = 0
        super().__init__([self.title, self.body], **kw)
        self.add_class("gamekit-narration-panel")
        self.refresh()

    def set_lang(self, lang: str) -> None:
        self.lang = lang
        self.refresh()

    @property
    def lines(self) -> list[str]:
        """The narrated texts of the log (oldest first)."""
        return list(self._texts)

    @property
    def new_lines(self) -> list[str]:
        """The texts of the events of the last command (oldest first)."""
        return self._texts[len(self._texts) - self._new:] if self._new else []

    def _items(self, events: list, viewer: Any) -> list[tuple[str, int, str]]:
        """``(html, round, text)`` per event (oldest first); the events already rendered come
        from the cache."""
        lang = self.lang
        old, items = self._cache.get((lang, viewer), ([], []))
        k = _common(old, events)
        items = items[:k]
        for e in events[k:]:
            text, rule = e.text(lang), e.rule_text(lang)
            rule_html = (f"<span class='gk-rule'>{_html.escape(ui('rule', lang, section=rule))}"
                         "</span>" if rule else "")
            items.append((f"{_html.escape(text)}{rule_html}", e.round, text))
        if len(self._cache) > 8:
            self._cache.clear()
        self._cache[(lang, viewer)] = (list(events), items)
        return items

    def refresh(self) -> None:
        s = self.session
        lang = self.lang
        viewer: Any = "all" if s.human is None else s.human
        events = list(s.state.events)
        if viewer != "all":
            events = narrated(events, viewer, s.state.twins)
        items = self._items(events, viewer)
        self._texts = [text for _h, _r, text in items]
        self._new = min(len(s.new_events(viewer)), len(items))
        self.title.value = f"{CSS}<b>{ui('narration', lang)}</b>"
        if not items:
            self.body.value = f"<i>{ui('nothing_yet', lang)}</i>"
            return
        hidden = 0 if self.limit is None else max(0, len(items) - self.limit)
        first_new = len(items) - self._new
        parts = []
        shown_round = None
        for n in range(len(items) - 1, hidden - 1, -1):  # newest first
            body, rnd, _text = items[n]
            if rnd != shown_round and rnd:
                parts.append(f"<li class='gk-round'>{_html.escape(ui('log_round', lang, n=rnd))}"
                             "</li>")
                shown_round = rnd
            cls = " class='gk-latest'" if n == len(items) - 1 else (
                " class='gk-new'" if n >= first_new else "")
            parts.append(f"<li{cls}>{body}</li>")
        if hidden:
            parts.append(f"<li><i>{ui('earlier', lang, n=hidden)}</i></li>")
        self.body.value = "<ul class='gk-log'>" + "".join(parts) + "</ul>"
