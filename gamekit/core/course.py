"""The course of a game and its decisions, declared as tables that core walks (contract v2).

A game declares two tables instead of hand-written loops and flags:

* ``Course`` -- its **phases**: each ``Phase`` has what happens on entering it (deals,
  production: the automatic effects), how it moves to its next step when no seat has a decision
  (``next_step``; ``None``: the phase is one step), and the phase after it (a name, ``None`` for
  the end of the round, or a function of the state, for a course the round's choices decide).
  ``Course.advance(state)`` is the one move of the walker; the game calls it while no seat
  decides.
* ``Steps`` -- its **decision steps** (the decision stack): each ``Step`` names its kind (the
  catalog question ``ask.<kind>``), its rulebook section, its legal actions, the verbs it
  accepts and how they apply, its stack (the enclosing steps the widgets show, outermost first),
  its question's parameters and whether it is secret. ``Steps.current(state, seat)`` says which
  step a seat is on (by default the top of the seat's entries of the core decision stack,
  ``state.stack``, see ``gamekit.core.stack``); ``legal``, ``apply`` and ``decide`` dispatch through the table, so the
  state's ``_legal``/``_apply``/``_decide`` hooks are one line each.

Stopping points: a state whose ``stop_at`` names boundaries (``"step"``, ``"phase"``,
``"round"``) pauses there, before the automatic effects of what comes next (production, deals,
reveals): ``paused`` names the boundary, nobody is to move, ``apply`` refuses, and ``resume()``
goes on (``gamekit.core.simulate.run_to`` plays on to the next one). Playouts never set ``stop_at``: the check costs one
attribute read per boundary.

Action values: ``act(seat, verb, args)`` hands out one shared ``Action`` per value, so legal
lists rebuilt after every move allocate nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

from .actions import Action, IllegalAction
from .decisions import Decision

__all__ = ["BOUNDARIES", "Course", "Phase", "Step", "Steps", "act", "on_stack"]

#: the boundaries a game can stop at, innermost first
BOUNDARIES = ("step", "phase", "round")

_ACTIONS: dict[tuple, Action] = {}


def act(seat: int, verb: str, args: tuple = ()) -> Action:
    """The shared action value ``(seat, verb, args)`` (interned: built once per value)."""
    key = (seat, verb, args)
    found = _ACTIONS.get(key)
    if found is None:
        found = _ACTIONS[key] = Action(seat, verb, args)
    return found


# ---------------------------------------------------------------------------- phases
class Phase(NamedTuple):
    """A phase of a round. ``enter(state)`` carries out its opening effects and opens its
    first step; ``next_step(state)`` closes the current step and opens the next one, returning
    ``False`` when the phase is over (``None``: a one-step phase); ``next`` is the phase after
    it: a name, ``None`` (the round ends) or ``f(state) -> name | None``."""

    name: str
    rule: str
    enter: Callable[[Any], None]
    next_step: Callable[[Any], bool] | None
    next: str | None | Callable[[Any], str | None]


class Course:
    """A game's phase table and its walker.

    ``end_round(state) -> bool`` closes a round (clean-up, end-of-round scoring) and says
    whether another round follows; ``end_game(state)`` ends the game; ``start_round(state)``
    opens a round (its first phase included).
    """

    __slots__ = ("phases", "start_round", "end_round", "end_game")

    def __init__(
        self,
        phases: Mapping[str, Phase],
        *,
        start_round: Callable[[Any], None],
        end_round: Callable[[Any], bool],
        end_game: Callable[[Any], None],
    ) -> None:
        self.phases = dict(phases)
        self.start_round = start_round
        self.end_round = end_round
        self.end_game = end_game

    def advance(self, state: Any) -> bool:
        """No seat has a decision: one move of the walker (the next step, phase or round).
        Returns ``False`` when the state pauses at a boundary its ``stop_at`` names; resumed,
        it goes on from that very boundary."""
        phase = self.phases[state.phase]
        paused = state.paused
        start = 0
        if paused is not None:  # resumed: skip what was done before the pause
            start = BOUNDARIES.index(paused[len(RESUMED):]) + 1
            state.paused = None
        if start <= 1 and phase.next_step is not None:
            if start < 1 and _hold(state, "step"):
                return False
            if phase.next_step(state):
                return True
            start = 0
        following = phase.next(state) if callable(phase.next) else phase.next
        if following is not None:
            if start < 2 and _hold(state, "phase"):
                return False
            self.phases[following].enter(state)
            return True
        if start < 3 and not self.end_round(state):
            self.end_game(state)
            return True
        if start < 3 and _hold(state, "round"):
            return False
        self.start_round(state)
        return True


def _hold(state: Any, boundary: str) -> bool:
    """Whether the walker pauses at ``boundary`` (one of the state's ``stop_at``)."""
    stops = state.stop_at
    if not stops or boundary not in stops:
        return False
    state.paused = boundary
    return True


#: prefix of ``paused`` while ``resume()`` goes on from a boundary
RESUMED = "resumed:"


# ---------------------------------------------------------------------------- decision steps
class Step(NamedTuple):
    """One kind of decision.

    ``legal(state, seat)`` lists its actions; ``verbs`` names the verbs it accepts; ``apply``
    carries one out: ``apply(state, action)`` for this step alone (``None``: the table's
    ``apply`` map, ``f(state, seat, *args)`` by verb); ``stack`` is the inner part of the
    decision stack (a tuple, or ``f(state, seat)`` for one that names the card at hand);
    ``params(state, seat)`` fills the question; ``secret`` marks a simultaneous secret choice.
    """

    kind: str
    rule: str
    legal: Callable[[Any, int], list[Action]]
    verbs: tuple[str, ...]
    stack: tuple[str, ...] | Callable[[Any, int], tuple[str, ...]]
    params: Callable[[Any, int], dict[str, Any]] | None = None
    apply: Callable[[Any, Action], None] | None = None
    secret: bool = False


def on_stack(state: Any, seat: int) -> str:
    """The step ``seat`` is on read from the core decision stack (``gamekit.core.stack``):
    the kind of its top entry (the default ``current`` of ``Steps``)."""
    for entry in reversed(state.stack):
        if entry.seat == seat:
            return entry.kind
    raise KeyError(f"seat {seat} has no pending decision")


class Steps:
    """A game's step table: ``current(state, seat) -> step name`` picks the step a seat is on
    (default ``on_stack``: the kind of the seat's top entry of ``state.stack``; a game still on
    its own flags passes its own);
    ``apply`` maps verbs to ``f(state, seat, *args)`` for steps without their own ``apply``;
    ``outer(state, seat, step) -> tuple`` gives the stack around the step (e.g. the phase)."""

    __slots__ = ("game", "steps", "current", "verbs", "outer")

    def __init__(
        self,
        game: str,
        steps: Mapping[str, Step],
        current: Callable[[Any, int], str] | None = None,
        *,
        apply: Mapping[str, Callable[..., None]] | None = None,
        outer: Callable[[Any, int, Step], tuple[str, ...]] | None = None,
    ) -> None:
        self.game = game
        self.steps = dict(steps)
        self.current = current or on_stack
        self.verbs = dict(apply or {})
        self.outer = outer
        for name, step in self.steps.items():
            if step.apply is None and (missing := [v for v in step.verbs if v not in self.verbs]):
                raise ValueError(f"step {name!r}: no apply for the verbs {missing}")

    def step_of(self, state: Any, seat: int) -> Step:
        """The step ``seat`` is on (meaningful while it has a decision)."""
        return self.steps[self.current(state, seat)]

    def legal(self, state: Any, seat: int) -> list[Action]:
        return self.steps[self.current(state, seat)].legal(state, seat)

    def apply(self, state: Any, action: Action) -> None:
        """Carry out ``action`` (already checked legal) through its step."""
        step = self.steps[self.current(state, action.seat)]
        if step.apply is not None:
            step.apply(state, action)
            return
        fn = self.verbs.get(action.verb)
        if fn is None or action.verb not in step.verbs:
            raise IllegalAction(f"{action}: step {step.kind} takes {', '.join(step.verbs)}",
                                action)
        fn(state, action.seat, *action.args)

    def stack(self, state: Any, seat: int) -> tuple[str, ...]:
        """The decision stack of ``seat``, outermost first (what the widgets show)."""
        step = self.step_of(state, seat)
        inner = step.stack(state, seat) if callable(step.stack) else step.stack
        return (self.outer(state, seat, step) if self.outer else ()) + inner

    def decide(self, state: Any, seat: int, legal: list[Action]) -> Decision:
        """The ``Decision`` of ``seat``: its step's kind, parameters, stack and rule."""
        step = self.step_of(state, seat)
        inner = step.stack(state, seat) if callable(step.stack) else step.stack
        stack = (self.outer(state, seat, step) if self.outer else ()) + inner
        params = step.params(state, seat) if step.params is not None else {}
        return Decision(self.game, seat, step.kind, tuple(legal), params, stack,
                        secret=step.secret, rule=step.rule)

