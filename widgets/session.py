"""A game being watched or played: the live state, its history (time travel) and its bots.

``Session`` holds no widgets: it is the model every panel of the front-end reads. It keeps a
snapshot (pickled state) every ``CHECKPOINT`` actions and the actions between them, so going
back to any earlier point is a load and at most ``CHECKPOINT - 1`` replayed actions (the
engines are deterministic: the state carries its own randomness), and going forward again
after a step back replays the same actions (redo) until a different action forks the game.
Pickling the whole state after every action cost a click 1-2 ms per action late in a game
(the state holds every event so far), several actions per click with the bots'. Seats without
an agent are played by a person (``human``); a spectator session (``human=None``) lets agents
decide for every seat, which is what a lesson walks through.
"""

from __future__ import annotations

import pickle
from collections.abc import Callable, Sequence
from typing import Any

from gamekit.core import (
    Action,
    Agent,
    GameRecord,
    GameState,
    IllegalAction,
    ParseError,
    get,
    make_agent,
)
from gamekit.core.events import narrated
from gamekit.core.records import play_record, start

__all__ = ["Session"]

_LIMIT = 20_000
#: a snapshot every this many actions (and where the live state may differ from a replay: after
#: a fork, which drops recorded chance, and at the end of a loaded record)
CHECKPOINT = 8


class Session:
    """A game with history. ``agents`` maps seat -> agent (or agent name); the other seats are
    decided through ``apply`` (a person, or the lesson's script)."""

    def __init__(
        self,
        state: GameState,
        agents: dict[int, Agent | str] | Sequence[Agent | str | None] | None = None,
        human: int | None = None,
        seed: int = 0,
    ):
        self.game = state.game
        self.human = human
        self.seed = seed
        self.agents: dict[int, Agent] = {}
        spec = agents
        if spec is None:
            default = "heuristic" if "heuristic" in get(self.game).agents else "random"
            spec = {s: default for s in range(state.players) if s != human}
        if not isinstance(spec, dict):
            spec = {s: a for s, a in enumerate(spec) if a is not None}
        for s, a in spec.items():
            if s == human:
                continue
            self.agents[s] = make_agent(self.game, a, seed * 101 + s) if isinstance(a, str) else a
        self.state = state
        #: ``_snaps[i]``: the pickled state after ``i`` actions, or ``None`` (replayed from the
        #: snapshot before it)
        self._snaps: list[bytes | None] = [self._dump(state)]
        #: ``_stamps[i]`` names the recorded point after ``i`` actions until a fork replaces it
        self._stamps: list[int] = [0]
        self._stamped = 0
        #: the point the live state is known to equal exactly (``None``: it dropped recorded
        #: chance that the recorded future used), so a redo can go on from it
        self._exact: int | None = 0
        #: whether the live state object was made by the run going on (``_run``): only then may
        #: a redo step change it in place (whoever holds the state of a point keeps it as it was)
        self._private = False
        self._actions: list[Action] = []
        self._events: list[int] = [len(state.events)]
        self._where: list[tuple[int, str]] = [(state.round, state.phase)]
        self.index = 0
        #: index before the last command, so panels can show "what just happened"
        self.mark = 0
        self.message = ""
        #: the last refusal (``message`` is its English line; ``explain(lang)`` its words)
        self.error: IllegalAction | None = None
        #: counts jumps in time (``goto``): panels use it to tell a new point from a grown one
        self.jumps = 0
        #: after a person's action, let the bots play on until the person must decide again
        self.autoplay = False
        self.listeners: list[Callable[[Session], None]] = []

    # ------------------------------------------------------------------ snapshots
    @staticmethod
    def _dump(state: GameState) -> bytes:
        return pickle.dumps(state, pickle.HIGHEST_PROTOCOL)

    @property
    def length(self) -> int:
        """Number of actions in the history (the last index of the timeline)."""
        return len(self._actions)

    @property
    def actions(self) -> list[Action]:
        """Actions up to the current point."""
        return self._actions[: self.index]

    def state_at(self, index: int) -> GameState:
        """An independent copy of the state after ``index`` actions (the snapshot at or before
        it, and the recorded actions since); a negative ``index`` counts from the end."""
        if index < 0:
            index += len(self._snaps)
        if not 0 <= index < len(self._snaps):
            raise IndexError(f"no point {index} in a history of {self.length} actions")
        start = index
        while self._snaps[start] is None:
            start -= 1
        state = pickle.loads(self._snaps[start])
        for action in self._actions[start:index]:
            state.apply(action)
        return state

    # ------------------------------------------------------------------ history (public)
    def history(self) -> list[Action]:
        """Every action of the recorded history, past and redo future alike (``actions`` is
        the past only): what lessons search for a moment of their recorded game."""
        return list(self._actions)

    def action_at(self, index: int) -> Action:
        """The recorded action taken at the point after ``index`` actions (leading to
        ``index + 1``); ``IndexError`` past the end of the history."""
        if not 0 <= index < len(self._actions):
            raise IndexError(f"no action {index} in a history of {self.length} actions")
        return self._actions[index]

    def events_of(self, index: int) -> list:
        """The events the action leading to the point after ``index`` actions made (``[]``
        for point 0 or an action that made none)."""
        if not 0 < index < len(self._events):
            return []
        lo, hi = self._events[index - 1], self._events[index]
        return list(self.state_at(index).events[lo:hi]) if hi > lo else []

    def point_id(self, index: int) -> int:
        """A number naming the recorded point after ``index`` actions, which changes when a
        fork replaces that point (for caches of what was computed at a point)."""
        return self._stamps[index]

    def _checkpoint(self) -> None:
        """Snapshot the live state at the current point (it was changed outside an action)."""
        self._snaps[self.index] = self._dump(self.state)

    def where(self, index: int | None = None) -> tuple[int, str]:
        """(round, phase) after ``index`` actions (default: now)."""
        return self._where[self.index if index is None else index]

    def new_events(self, seat: int | None | str = "all") -> list:
        """Events since the last command (after a jump: those of the action that led here),
        visible to ``seat`` (``"all"``: every event)."""
        start = min(self.mark, max(0, self.index - 1))
        events = self.state.events[self._events[start] if self.index else 0 :]
        if seat == "all":
            return list(events)
        return narrated(events, seat, self.state.twins)

    def _notify(self) -> None:
        for fn in list(self.listeners):
            fn(self)

    def _push(self, action: Action) -> None:
        """Record ``action`` just applied to ``self.state`` at ``self.index``."""
        i = self.index
        if i < len(self._actions):
            if self._actions[i] == action:
                self.index = i + 1
                self._exact = i + 1 if self._exact == i else None
                return
            # a different action than the recorded future: fork (a snapshot right after it:
            # the live state may have dropped recorded chance, which a replay would not)
            del self._actions[i:], self._snaps[i + 1 :], self._events[i + 1 :], self._where[i + 1 :]
            del self._stamps[i + 1 :]
            self._actions.append(action)
            self._snaps.append(self._dump(self.state))
        else:
            self._actions.append(action)
            self._snaps.append(self._dump(self.state) if (i + 1) % CHECKPOINT == 0 else None)
        self._stamped += 1
        self._stamps.append(self._stamped)
        self._exact = i + 1  # the recorded point is the live state itself
        self._events.append(len(self.state.events))
        self._where.append((self.state.round, self.state.phase))
        self.index = i + 1

    def _fresh(self) -> GameState:
        """The live state, ready to take a new action (a fork drops recorded chance)."""
        if self.index < len(self._actions) and self.state.chance.queue:
            self.state.chance.queue.clear()
            self._exact = None
        return self.state

    # ------------------------------------------------------------------ who decides
    def over(self) -> bool:
        return not self.state.to_move()

    def acting_seat(self) -> int | None:
        """The seat whose decision the panel shows: the person's if pending, else (spectator)
        the first seat to move; ``None`` if the game is over or only bots must decide."""
        seats = self.state.to_move()
        if not seats:
            return None
        if self.human is not None:
            return self.human if self.human in seats else None
        return seats[0]

    def waiting_for_human(self) -> bool:
        seats = self.state.to_move()
        return self.human is not None and bool(seats) and all(s == self.human for s in seats)

    def _bot_seat(self) -> int | None:
        for s in self.state.to_move():
            if s in self.agents:
                return s
        return None

    # ------------------------------------------------------------------ commands
    def apply(self, action: Action | str, notify: bool = True) -> bool:
        """Apply a person's action (or its text form). Illegal: ``False`` and ``message`` says
        why; the game is unchanged."""
        self.mark = self.index
        try:
            if isinstance(action, str):
                action = Action.parse(action.strip())
            self._fresh().apply(action)
        except (IllegalAction, ParseError) as exc:
            if not isinstance(exc, IllegalAction):
                exc = IllegalAction(str(exc), action)
            self.refuse(exc)
            if notify:
                self._notify()
            return False
        self.message, self.error = "", None
        self._push(action)
        if self.autoplay and self.human is not None and action.seat == self.human:
            start = self.mark
            self._run(self.waiting_for_human, redo_human=False, notify=False)
            self.mark = start
        if notify:
            self._notify()
        return True

    def refuse(self, exc: IllegalAction) -> None:
        """Remember a refusal: ``message`` the English line, ``explain(lang)`` the words."""
        self.error = exc
        self.message = str(exc)

    def explain(self, lang: str = "en") -> str:
        """Why the last action was refused, in ``lang`` ("" if it was not)."""
        return self.error.explain(lang) if self.error is not None else ""

    def _step(self, redo_human: bool = True) -> bool:
        """One decision: redo the recorded next action if any, else a bot decides."""
        if not self.state.to_move():
            return False
        if self.index < len(self._actions):
            nxt = self._actions[self.index]
            if redo_human or nxt.seat in self.agents:
                if self._exact == self.index and self._private:
                    self.state.apply(nxt)  # the recorded point is the live state: go on
                    self.index += 1
                else:  # a copy: once per run, not once per step
                    self.index += 1
                    self.state = self.state_at(self.index)
                    self._private = True
                self._exact = self.index
                return True
        seat = self._bot_seat()
        if seat is None:
            return False
        agent = self.agents[seat]
        state = self._fresh()
        decision = state.decision(seat)
        view = state.agent_view(seat) if agent.needs_view else None
        action = agent.choose(view, decision)
        state.apply(action)
        self._push(action)
        return True

    def _run(self, stop: Callable[[], bool], redo_human: bool = True, notify: bool = True) -> int:
        self.mark = self.index
        self.message, self.error = "", None
        n = 0
        self._private = False
        try:
            while n < _LIMIT and not stop():
                if not self._step(redo_human):
                    break
                n += 1
        finally:
            self._private = False
        if notify:
            self._notify()
        return n

    def step(self) -> int:
        """Next decision (one action)."""
        done = [False]

        def stop() -> bool:
            if done[0]:
                return True
            done[0] = True
            return False

        return self._run(stop)

    def next_phase(self) -> int:
        """Play on until the phase (or round) changes."""
        start = self.where()
        return self._run(lambda: self.where() != start)

    def next_round(self) -> int:
        """Play on until the round changes (or the game ends)."""
        start = self.where()[0]
        return self._run(lambda: self.where()[0] != start)

    def until(self, predicate: Callable[[GameState], bool]) -> int:
        """Play on until ``predicate(state)`` holds (or nobody can move)."""
        return self._run(lambda: predicate(self.state))

    def bots_until_human(self) -> int:
        """Let the bots decide until the person must (or the game ends)."""
        return self._run(self.waiting_for_human, redo_human=False)

    def to_end(self) -> int:
        """Play the game out (a person's seat is not played for them)."""
        return self._run(lambda: False)

    def back(self) -> bool:
        """One action back (in a played game: back to the person's previous decision)."""
        if self.index == 0:
            return False
        target = self.index - 1
        if self.human is not None:
            while target > 0 and self.human not in self.state_at(target).to_move():
                target -= 1
        self.goto(target)
        return True

    def goto(self, index: int) -> None:
        """Travel to the point after ``index`` actions (any point of the recorded history)."""
        index = max(0, min(int(index), len(self._actions)))
        self.mark = max(0, index - 1)
        self.jumps += 1
        self.index = index
        self.state = self.state_at(index)
        self._exact = index
        self.message, self.error = "", None
        self._notify()

    # ------------------------------------------------------------------ records
    def record(self) -> GameRecord:
        """The game up to the current point as a record."""
        return self.state.record()

    def save(self, path: str) -> None:
        self.record().save(path)

    @classmethod
    def from_record(
        cls, record: GameRecord | dict | str, agents: Any = None, human: int | None = None,
        seed: int = 0, goto_end: bool = True,
    ) -> Session:
        """A session whose history is the record's moves (every point can be travelled to)."""
        session = cls(start(record), agents=agents, human=human, seed=seed)
        play_record(session.state, record, each=lambda _state, action: session._push(action))
        # chance lines the record holds beyond its last move are not ours to use
        session.state.chance.queue.clear()
        session._checkpoint()
        session._exact = session.index
        if not goto_end:
            session.goto(0)
        session.mark = session.index
        return session

    def load(self, record: GameRecord | dict | str) -> None:
        """Replace this session's game by a recorded one (same agents and person)."""
        other = Session.from_record(record, agents=None, human=self.human, seed=self.seed)
        if other.game != self.game or other.state.players != self.state.players:
            agents = other.agents
        else:
            agents = self.agents
        listeners = self.listeners
        self.__dict__.update(other.__dict__)
        self.agents = {s: a for s, a in agents.items() if s != self.human}
        self.listeners = listeners
        self._notify()
