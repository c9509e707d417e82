"""Fuzzing positions: every position that loads is playable (docs/positions.md).

``sample_positions`` saves positions of seeded random games at random points (some paused at a
stopping point). ``mutations`` changes each field of one with every kind of bad value (null, a
wrong type, out of range, an unknown id or a method name, a duplicate, a key dropped or added);
``random_mutations`` changes random fields to values found elsewhere in the position or to small
numbers (values of the right shape but the wrong meaning). ``check_position`` loads one: it must
be refused with ``PositionError``, or load into a state that plays ``MOVES`` random moves without
an exception within ``CPU_LIMIT`` seconds of CPU and saves a position that loads again.
``fuzz`` runs all of it for one game and player count and returns the faults; the test suite
runs a small seeded share, ``gamekit soak`` (``make soak``) the full sweep.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from typing import Any

from .positions import PositionError, position, save_position
from .registry import get

__all__ = ["CPU_LIMIT", "MOVES", "check_position", "fuzz", "mutations", "random_mutations",
           "sample_positions"]

#: random moves a loaded position must play, and the CPU seconds it may take (load included)
MOVES = 200
CPU_LIMIT = 1.0
#: strings a hostile position may try where an id goes: method and attribute names, paths
_NAMES = ("__class__", "__init__", "_begin_explore", "_act_pick", "apply", "no_such_id",
          "../../etc/passwd", "", "x" * 300)
_UNKNOWN_KEY = "no_such_key"
Path = tuple[Any, ...]


class FuzzFault(AssertionError):
    """A position that neither was refused with ``PositionError`` nor played cleanly."""


def sample_positions(game: str, players: int, seed: int, count: int) -> list[dict[str, Any]]:
    """``count`` positions of one seeded random game, at random points (reservoir sampling
    over its decisions); odd seeds pause at every stopping point, so some are paused."""
    rng = random.Random(seed)
    state = get(game).state.new(players, seed)
    if seed % 2 and state.stopping_points:
        state.pause_at(*state.stopping_points)
    kept: list[dict[str, Any]] = []
    seen = 0
    while not state.is_over() and seen < 5000:
        seen += 1
        if len(kept) < count:
            kept.append(save_position(state))
        elif rng.randrange(seen) < count:
            kept[rng.randrange(count)] = save_position(state)
        if state.paused:
            state.resume()
            continue
        seat = state.to_move()[0]
        state.apply(rng.choice(state.legal_actions(seat)), check=False)
    return kept


def _nodes(data: Any, path: Path = ()) -> Iterator[tuple[Path, Any]]:
    """Every value of ``data`` with its path (containers before what they hold)."""
    yield path, data
    if isinstance(data, dict):
        for k, v in data.items():
            yield from _nodes(v, (*path, k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from _nodes(v, (*path, i))


def _bad_values(value: Any) -> list[tuple[str, Any]]:
    """(kind, value) of every bad value tried in place of ``value``."""
    out: list[tuple[str, Any]] = [("null", None)]
    if type(value) is bool:
        out += [("wrong type", 1), ("wrong type", "true")]
    elif type(value) is int:
        out += [("wrong type", "1"), ("wrong type", 1.5), ("wrong type", True),
                ("out of range", -1), ("out of range", value + 1), ("out of range", 10**6),
                ("out of range", -(10**9))]
    elif isinstance(value, str):
        out += [("wrong type", 0), ("wrong type", [value])]
        out += [("unknown id", name) for name in _NAMES]
    elif isinstance(value, list):
        out += [("wrong type", {}), ("wrong type", "[]"), ("out of range", [])]
        if value:
            out += [("duplicate", [*value, value[0]]), ("out of range", value[:-1]),
                    ("out of range", value * 3)]
    elif isinstance(value, dict):
        out += [("wrong type", []), ("unknown key", {**value, _UNKNOWN_KEY: 1}),
                ("out of range", {})]
    return out


def _set(doc: Any, path: Path, value: Any) -> Any:
    """Set the value at ``path`` (``path`` non-empty); returns the old value."""
    parent = doc
    for key in path[:-1]:
        parent = parent[key]
    old = parent[path[-1]]
    parent[path[-1]] = value
    return old


def _dropped(doc: dict[str, Any], path: Path) -> str:
    """``doc`` as text without the key at ``path`` (a dict member)."""
    parent = doc
    for key in path[:-1]:
        parent = parent[key]
    old = parent.pop(path[-1])
    try:
        return json.dumps(doc)
    finally:
        parent[path[-1]] = old  # (the key order changes; the content does not)


def _show(path: Path) -> str:
    return "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path).lstrip(".")


def mutations(doc: dict[str, Any]) -> Iterator[tuple[str, str]]:
    """(what was changed, the position as JSON text) for every field of ``doc`` and every
    bad value (``_bad_values``), and every dict member dropped."""
    for path, value in list(_nodes(doc)):
        if not path:
            continue
        for kind, bad in _bad_values(value):
            old = _set(doc, path, bad)
            try:
                text = json.dumps(doc)
            finally:
                _set(doc, path, old)
            yield f"{_show(path)} = {kind} {json.dumps(bad)[:40]}", text
        if not isinstance(path[-1], int):
            yield f"{_show(path)} dropped", _dropped(doc, path)


def random_mutations(doc: dict[str, Any], rng: random.Random, count: int
                     ) -> Iterator[tuple[str, str]]:
    """``count`` random changes of 1 to 3 fields of the game's part of ``doc``: a value found
    elsewhere in the position, a small number, two items of a list swapped."""
    nodes = [(p, v) for p, v in _nodes(doc["state"], ("state",))][1:]
    pool = [v for _p, v in nodes]
    base = json.dumps(doc)
    for _ in range(count):
        work, changes = json.loads(base), []
        for _k in range(rng.randint(1, 3)):
            path, value = rng.choice(nodes)
            roll = rng.random()
            if roll < 0.5:  # a copy: changes after this one may go inside it
                new = json.loads(json.dumps(rng.choice(pool)))
            elif roll < 0.8 or not isinstance(value, list) or len(value) < 2:
                new = rng.randint(-2, 120)
            else:
                new = list(value)
                i, j = rng.sample(range(len(new)), 2)
                new[i], new[j] = new[j], new[i]
            try:
                _set(work, path, new)
            except (KeyError, IndexError, TypeError):  # inside a value changed before
                continue
            changes.append(f"{_show(path)} = {json.dumps(new)[:40]}")
        yield "; ".join(changes), json.dumps(work)


def check_position(text: str | dict[str, Any], seed: int = 0, moves: int = MOVES,
                   cpu_limit: float = CPU_LIMIT) -> str:
    """``"refused"`` (a ``PositionError``) or ``"played"`` (loaded, then ``moves`` random
    moves, resuming at pauses, without an exception, within ``cpu_limit`` CPU seconds, and its
    position saved and loaded again); anything else raises ``FuzzFault`` saying what."""
    start = time.process_time()
    try:
        state = position(text)
    except PositionError:
        return "refused"
    except Exception as exc:  # the finding: anything but PositionError
        raise FuzzFault(f"load raised {type(exc).__name__}: {str(exc)[:200]}") from exc
    rng = random.Random(seed)
    try:
        for _ in range(moves):
            if state.is_over():
                break
            if state.paused:
                state.resume()
                continue
            seat = state.to_move()[0]
            legal = state.legal_actions(seat)
            if not legal:
                raise FuzzFault(f"seat {seat} is to move with no legal action")
            state.apply(rng.choice(legal))
        state.view(0)
        position(save_position(state))
    except FuzzFault:
        raise
    except Exception as exc:  # the finding: a position that loads must play
        raise FuzzFault(f"play raised {type(exc).__name__}: {str(exc)[:200]}") from exc
    cpu = time.process_time() - start
    if cpu > cpu_limit:
        raise FuzzFault(f"took {cpu:.2f} s of CPU (limit {cpu_limit} s)")
    return "played"


def fuzz(game: str, players: int, seed: int, positions: int = 2, share: float = 1.0,
         random_count: int = 50, cpu_limit: float = CPU_LIMIT) -> dict[str, Any]:
    """Fuzz ``positions`` positions of the seeded random game ``seed``: a ``share`` of the
    systematic ``mutations`` (1.0: all) and ``random_count`` random ones each. Every sampled
    position must load. Returns ``{"game", "players", "checked", "refused", "played",
    "faults": [{"seed", "change", "error"}]}`` (faults are findings, never raised)."""
    rng = random.Random(seed)
    out: dict[str, Any] = {"game": game, "players": players, "checked": 0, "refused": 0,
                           "played": 0, "faults": []}

    def run(change: str, text: str | dict[str, Any], limit: float = cpu_limit) -> None:
        out["checked"] += 1
        try:
            out[check_position(text, rng.randrange(2**32), cpu_limit=limit)] += 1
        except FuzzFault as exc:
            out["faults"].append({"seed": seed, "change": change, "error": str(exc)})

    for i, doc in enumerate(sample_positions(game, players, seed, positions)):
        before = len(out["faults"])
        # the first load builds the schema validator: not counted against the CPU limit
        run("(none: a position the game saved)", doc, cpu_limit if i else float("inf"))
        if len(out["faults"]) > before:
            continue  # the game's own position already fails: mutating it tells no more
        for change, text in mutations(doc):
            if share >= 1.0 or rng.random() < share:
                run(change, text)
        for change, text in random_mutations(doc, rng, random_count):
            run(change, text)
    return out
