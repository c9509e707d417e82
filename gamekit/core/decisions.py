"""Decisions: who must decide now, about what, and which actions are legal."""

from __future__ import annotations

from collections.abc import Callable, Mapping
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
    #: the rulebook section of the step (a ``rule.<id>`` catalog key of the game), if declared
    rule: str | None = field(default=None, compare=False)
    #: what an option's label (``act.<verb>``) needs beyond the action's own arguments, named
    #: from the state (Blue Moon City's cell ``0 2`` is "the Royal Palace"):
    #: ``option_params(action) -> {name: value}``, called only when a label is shown
    option_params: Callable[[Action], Mapping[str, Any]] | None = field(
        default=None, compare=False, repr=False)

    def question(self, lang: str = "en") -> str:
        """The question in words, e.g. 'Pick a card to draft'."""
        return CATALOG.text(self.game, "ask." + self.kind, lang, **self.params)

    def label_params(self, action: Action) -> dict[str, Any]:
        """The extra parameters of ``action``'s label (empty if the game names none)."""
        return dict(self.option_params(action)) if self.option_params is not None else {}

    def __contains__(self, action: object) -> bool:
        return action in self.legal
