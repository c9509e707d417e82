"""A faction's plan for the engines bot (:mod:`.bot_engines`, session 26, issue 32): what the
seat's position is worth beyond the scholar's value, which main actions a turn considers and
how a decision of its own is answered ("Apêndice I: Facções"). The base plan changes nothing:
the completer's own play."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gamekit.core import Action

__all__ = ["FactionPlan", "upgrades_to"]


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


def upgrades_to(legal: list[Action], code: str) -> list[Action]:
    """The upgrades of ``legal`` to a ``code`` structure ("Melhorar uma estrutura": ``ts``,
    ``lab``, ``PI``...)."""
    return [a for a in legal if a.verb == "upgrade" and a.args[-1] == code]
