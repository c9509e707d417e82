"""Gaia Project's far-sighted bot, ``farsight`` (issue 29; docs/bots.md, "Session 15: rollouts
to the game's end"): the heuristic's choice checked by playing it and its next best main actions
to the game's end, the heuristic itself at every seat.

Gaia Project has no hidden information and no chance once the set-up is made (the rulebook's
"Preparação" places everything face up), and the registered ``heuristic`` (the planner of
:mod:`.bots`) is deterministic but for a 1e-6 tie noise. The rollout policy here is that same
planner (same class, same parameters) with the tie noise taken out (:func:`exact_planner`: a
tie goes to the first action listed), so a rollout is a pure function of the position: after a
candidate action, the heuristic plays every seat, the bot's own included, until the game ends
("Fim do Jogo e Pontuação"), and the final VP margin (own less the best other seat's) is what
happens if the bot plays that action and then plays like the heuristic, against heuristic
opponents. At a turn ("Sequência do turno") the bot plays the candidate with the best margin
among the heuristic's own choice (the anchor) and the ``width`` main actions it values best one
step ahead (:func:`.bot_rollout.candidates`; by default 3 at 2 players, 2 at a larger table:
:func:`width_for`); ties go to the anchor. With the
anchor always among the candidates this is the rollout algorithm of policy improvement: the
realised margin is at least the anchor's predicted one as long as the model is exact (it is
not where a real opponent breaks a tie otherwise).

Cost control: every rollout remembers the positions where the bot's seat was to begin a turn,
with the action it took there and the rollout's final margin; when the real game reaches one of
them (it followed the predicted line), the anchor is that action and its margin is known, so
its rollout is skipped (``cache``). Before round ``start`` the bot plays the heuristic's choice.

Every other decision (research step, tech tile, booster, leech, federation...) is the exact
planner's. It decides from the seat's view only (the seed, the one hidden thing, is not in it)
and is deterministic: it draws no random numbers at all.
"""

from __future__ import annotations

import pickle

from gamekit.core import Action, Agent

from .bot_rollout import candidates
from .bots import HeuristicAgent, _own_memos

__all__ = ["FarsightAgent", "exact_planner", "final_margin", "playout", "width_for"]


class _NoTies:
    """The rollout planners' stand-in generator: no tie noise (the first best action wins)."""

    @staticmethod
    def random() -> float:
        return 0.0


def exact_planner(depth: int = 3, beam: int = 8) -> HeuristicAgent:
    """The registered heuristic without its tie noise: its choice is a function of the
    position alone."""
    agent = HeuristicAgent(0, depth, beam)
    agent.rng = _NoTies()  # type: ignore[assignment]
    return agent


def final_margin(state, seat: int) -> float:
    """``seat``'s VP less the best other seat's (the final margin once the game is over)."""
    mine = state.pl[seat].vp
    others = [state.pl[s].vp for s in range(state.players) if s != seat]
    return float(mine - max(others)) if others else float(mine)


def position_key(state) -> bytes:
    """The position (board, players, pending decisions) as bytes, without the history."""
    return pickle.dumps(state.to_dict(), 4)


def playout(view, action: Action, policy: Agent, limit: int = 5000):
    """``action`` played on a copy of ``view``, then ``policy`` at every seat to the game's
    end (or ``limit`` decisions): the state reached, the decisions made, and the positions
    where the acting seat was to begin a turn with the action the policy took there."""
    s = view.clone()
    _own_memos(s)
    s.quiet = True
    me = action.seat
    s.apply(action, False)
    n, stops = 0, []
    while n < limit and not s.over:
        seat = s.to_move()[0]
        decision = s.decision(seat)
        legal = decision.legal
        choice = legal[0] if len(legal) == 1 else policy.choose(s, decision)
        if seat == me and decision.kind == "turn" and len(legal) > 1:
            stops.append((position_key(s), choice))
        s.apply(choice, False)
        n += 1
    return s, n, stops


def width_for(players: int) -> int:
    """The alternatives searched by default: 3 at 2 players, 2 at a larger table (a rollout
    there costs about twice as much: the widths the ladder measured, docs/bots.md)."""
    return 3 if players == 2 else 2


class FarsightAgent(Agent):
    """The heuristic's choice, changed when a rollout to the game's end gives another main
    action a better final margin (see the module docstring)."""

    name = "farsight"
    needs_view = True

    def __init__(self, seed: int = 0, width: int | None = None, start: int = 1,
                 margin: float = 0.0,
                 cache: bool = True, depth: int = 3, beam: int = 8):
        super().__init__(seed)
        #: the decisions but the turn, the anchor of a turn, and every seat of a rollout
        self.planner = exact_planner(depth, beam)
        self.width, self.start, self.margin, self.cache = width, start, margin, cache
        #: position key -> (the action the rollout's own seat took there, its final margin)
        self.known: dict[bytes, tuple[Action, float]] = {}
        #: decisions simulated, rollouts played and rollouts skipped by the cache (cost figures)
        self.simulated = self.rollouts = self.hits = 0
        #: per searched turn: (the anchor's predicted margin, the chosen one's) for the checks
        self.predictions: list[tuple[float, float]] = []

    def choose(self, view, decision):
        legal = decision.legal
        anchor = self.planner.choose(view, decision)
        if decision.kind != "turn" or len(legal) == 1 or view is None or view.round < self.start:
            return anchor
        seat = decision.seat
        options = candidates(self.planner, self.width or width_for(view.players), view, seat,
                             legal, anchor)
        if len(options) == 1:
            return anchor
        values = [self._anchor_value(view, anchor)] + [None] * (len(options) - 1)
        best, top = anchor, float("-inf")
        for i, a in enumerate(options):
            v = values[i] if values[i] is not None else self.rollout_value(view, seat, a)
            values[i] = v
            if v - (0.0 if i == 0 else self.margin) > top:
                best, top = a, v - (0.0 if i == 0 else self.margin)
        self.predictions.append((values[0], values[options.index(best)]))
        return best

    def _anchor_value(self, view, anchor: Action) -> float | None:
        """The anchor's margin when a remembered rollout reached this position and took the
        anchor there (``cache``), else ``None``."""
        if not self.cache or not self.known:
            return None
        hit = self.known.get(position_key(view))
        if hit is None or hit[0] != anchor:
            return None
        self.hits += 1
        return hit[1]

    def rollout_value(self, view, seat: int, action: Action) -> float:
        """The final margin for ``seat`` after ``action`` and the exact heuristic at every
        seat; the rollout's own turn positions are remembered (``cache``)."""
        s, n, stops = playout(view, action, self.planner)
        self.simulated += n
        self.rollouts += 1
        margin = final_margin(s, seat)
        if self.cache:
            for key, choice in stops:
                self.known[key] = (choice, margin)
        return margin
