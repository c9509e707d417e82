"""Decisions: who must decide now, about what, and which actions are legal."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .actions import Action
from .i18n import CATALOG

__all__ = ["Decision"]


@dataclass(frozen=True)
class Decision:
    """A pending choice of one seat.

    ``kind`` names what is decided (a catalog key ``ask.<kind>`` gives the question),
    ``params`` fill the question, ``legal`` lists the atomic legal actions, and ``stack`` names
    the enclosing steps of a multi-step choice (outermost first), e.g. ``("build", "pay")``.
    """

    game: str
    seat: int
    kind: str
    legal: tuple[Action, ...]
    params: dict[str, Any] = field(default_factory=dict)
    stack: tuple[str, ...] = ()
    secret: bool = False

    def question(self, lang: str = "en") -> str:
        """The question in words, e.g. 'Pick a card to draft'."""
        return CATALOG.text(self.game, "ask." + self.kind, lang, **self.params)

    def __contains__(self, action: object) -> bool:
        return action in self.legal
