"""The closer for Gaia Project (session 16, issue 32): the finisher of :mod:`.bot_finisher`
whose turns from round ``early`` (5) to the last round are checked by rollouts to the game's
end with the finisher at every seat, the way :mod:`.bot_endgame` checks the heuristic's.

Gaia Project has no hidden information and no chance once the set-up is made ("Preparação"),
and the finisher without its 1e-6 tie noise (:func:`exact_finisher`) is a function of the
position, so a rollout (:func:`.bot_endgame.playout`) tells what follows an action when every
seat then plays the finisher — the others keep playing, unlike the forecaster's model where
they passed. At a main turn ("Sequência do turno") the finisher's own choice (the anchor) and
the ``width`` main actions the scholar values best one step ahead
(:func:`.bot_rollout.candidates`) are each played on a copy and rolled out to the end ("Fim do
Jogo e Pontuação"); the one with the best final VP of the seat (``relative``: less the best
other seat's) is played, ties to the anchor. Positions met along a rollout where the seat was to
begin a turn are remembered with the action taken and the result, so the anchor's rollout is
skipped when the game follows the predicted line (``cache``). The rollouts' finisher plans its
round 6 with a narrower beam than the finisher's (``roll``: 2 + 1 sequences, 4 actions deep, a
third of the cost; docs/bots.md, "Session 16, second round"). Round 6 and every other decision
are the finisher's. Decides from ``agent_view``; deterministic for a seed."""

from __future__ import annotations

from gamekit.core import Action

from .bot_endgame import FarsightAgent, _NoTies, final_margin, playout
from .bot_finisher import FinisherAgent
from .bot_rollout import candidates

__all__ = ["CloserAgent", "exact_finisher"]


def exact_finisher(width: int = 6, guide: int = 2, steps: int = 8) -> FinisherAgent:
    """The finisher (its round-6 beam ``width`` + ``guide``, ``steps`` deep) without its tie
    noise: its choice is a function of the position alone (the rollouts' policy)."""
    agent = FinisherAgent(0, width, guide, steps)
    agent.rng = _NoTies()  # type: ignore[assignment]
    return agent


class CloserAgent(FinisherAgent):
    """The finisher with its round-5 turns checked by rollouts (see the module docstring)."""

    name = "closer"

    def __init__(self, seed: int = 0, early: int = 5, width: int = 2, relative: bool = False,
                 cache: bool = True, roll: tuple[int, int, int] = (2, 1, 4), **search) -> None:
        super().__init__(seed, **search)
        #: first round searched, alternatives to the anchor, the value (own VP or margin)
        self.early, self.alt, self.relative, self.cache = early, width, relative, cache
        #: the rollouts' policy at every seat: the exact finisher, its round-6 beam ``roll``
        self.policy = exact_finisher(*roll)
        #: position key -> (the action the rollout's seat took there, the rollout's value)
        self.known: dict[bytes, tuple[Action, float]] = {}
        #: decisions simulated, rollouts played and rollouts skipped by the cache
        self.simulated = self.rollouts = self.hits = 0

    def choose(self, view, decision):
        anchor = super().choose(view, decision)
        legal = decision.legal
        if (view is None or decision.kind != "turn" or len(legal) == 1
                or not self.early <= view.round < 6):
            return anchor
        seat = decision.seat
        options = candidates(self, self.alt, view, seat, legal, anchor)
        if len(options) == 1:
            return anchor
        best, top = anchor, float("-inf")
        for i, a in enumerate(options):
            v = self._known(view, a) if i == 0 else None
            if v is None:
                v = self.rollout_value(view, seat, a)
            if v > top:
                best, top = a, v
        return best

    #: the anchor's value when a remembered rollout reached this position and took the anchor
    #: there (``cache``), else ``None``: farsight's look-up, on the same attributes
    _known = FarsightAgent._anchor_value

    def rollout_value(self, view, seat: int, action: Action) -> float:
        """The seat's final VP (or margin) after ``action`` and the exact finisher at every
        seat; the rollout's own turn positions are remembered (``cache``)."""
        end, n, stops = playout(view, action, self.policy)
        v = final_margin(end, seat) if self.relative else float(end.pl[seat].vp)
        self.simulated, self.rollouts = self.simulated + n, self.rollouts + 1
        self.known.update({key: (choice, v) for key, choice in stops} if self.cache else {})
        return v
