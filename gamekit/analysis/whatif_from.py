"""What-if from any real position: the state at move ``N`` of a saved or imported game, and a
fork of it to play on against the bots, the record itself untouched.

``state_at`` reads a gamekit record (``"format": "gamekit-record"``) or a position
(``"format": "gamekit-position"``) as JSON only, bounded like any upload; a record is replayed
to its first ``at`` player actions (all of them by default), a position is the state it holds.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..core import GameRecord, GameState, RecordError, make_agent, replay
from ..core.positions import PositionError, position
from ..core.record_format import parse_json_bytes, read_json_file

__all__ = ["state_at", "fork", "play_on"]


def state_at(source: str | Path | bytes | dict[str, Any], at: int | None = None,
             game: str | None = None) -> GameState:
    """The game in ``source`` (a file path, JSON bytes or parsed JSON) after ``at`` player
    actions of its record; a position file is taken as it is (``at`` must then be omitted)."""
    name = str(source) if isinstance(source, (str, Path)) else "upload"
    if isinstance(source, (str, Path)):
        data = read_json_file(source, name)[1]
    elif isinstance(source, (bytes, bytearray)):
        data = parse_json_bytes(source, name)
    else:
        data = source
    kind = data.get("format") if isinstance(data, dict) else None
    if kind == "gamekit-position":
        if at is not None:
            raise PositionError(f"{name}: a position has no moves to stop at (leave out --at)")
        return position(data, game)
    if kind != "gamekit-record":
        raise RecordError("is neither a gamekit record nor a position (its \"format\" is "
                          "not gamekit-record or gamekit-position)", name)
    record = GameRecord.from_dict(data, name)
    if game is not None and record.game != game:
        raise RecordError(f"is a record of {record.game!r}, not of {game!r}", name)
    actions = sum(1 for m in record.moves if not m.startswith("chance "))
    if at is not None and not 0 <= at <= actions:
        raise RecordError(f"has {actions} player actions: --at must lie between 0 and "
                          f"{actions}, got {at}", name, "moves")
    return replay(record, at)


def fork(state: GameState) -> GameState:
    """An independent copy of ``state`` to try things on (the original, and any record it
    came from, never change)."""
    if state.viewer is not None:
        raise PositionError("a view hides parts of the game: fork the full state")
    return state.clone()


def play_on(state: GameState, human: int, bots: str = "heuristic", seed: int = 0,
            limit: int | None = None) -> int:
    """Let the bots play every seat but ``human`` until ``human`` must decide (or the game
    ends, or ``limit`` decisions); the decisions made. Works on ``state`` itself: call it on a
    ``fork``."""
    agents = {s: make_agent(state.game, bots, seed * 7919 + s) for s in range(state.players)
              if s != human}
    done = 0
    while limit is None or done < limit:
        seats = state.to_move()
        if not seats or human in seats:
            break
        seat = seats[0]
        agent = agents[seat]
        view = state.agent_view(seat) if agent.needs_view else None
        state.apply(agent.choose(view, state.decision(seat)))
        done += 1
    return done
