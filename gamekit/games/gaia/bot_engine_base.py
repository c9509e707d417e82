"""A faction's plan for the engines bot (:mod:`.bot_engines`, session 26, issue 32): what the
seat's position is worth beyond the scholar's value, which main actions a turn considers and
how a decision of its own is answered ("Apêndice I: Facções"). The base plan changes nothing:
the completer's own play."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gamekit.core import Action

__all__ = ["FactionPlan"]


class FactionPlan:
    """A faction's own play (the default changes nothing: the completer's). ``agent`` is the
    engines bot asking (its search: ``agent._best``, ``agent.rounds``...)."""

    def term(self, agent, state, seat: int) -> float:
        """VP the seat's position is worth beyond the scholar's value (rounds 1–5)."""
        return 0.0

    def mains(self, agent, state, seat: int, legal: list[Action]) -> list[Action]:
        """The actions a turn of rounds 1–5 chooses among (``legal`` itself by default)."""
        return legal

    def decide(self, agent, state, seat: int, decision) -> Action | None:
        """The seat's own answer to ``decision`` (set-up and rounds 1–5), or ``None`` to let
        the completer answer."""
        return None
