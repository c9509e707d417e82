"""Seeded chance whose every outcome is written to the game log, so records replay without it.

A chance line in the log reads ``chance <what> <n> <n> ...``. Replaying feeds those lines back
in order instead of drawing from the generator.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterable, MutableSequence
from typing import Any

__all__ = ["Chance", "ChanceMismatch"]


class ChanceMismatch(ValueError):
    """A replayed chance line does not fit the draw the game asked for."""


class Chance:
    """The game's only source of randomness. ``log`` is the game's move log (shared list)."""

    __slots__ = ("rng", "queue", "log")

    def __init__(self, seed: int | str | None, log: list[str], outcomes: Iterable[str] = ()):
        self.rng = random.Random(seed)
        self.log = log
        self.queue: deque[str] = deque(outcomes)

    def _outcome(self, what: str, size: int | None) -> list[int] | None:
        if not self.queue:
            return None
        line = self.queue.popleft()
        parts = line.split()
        if len(parts) < 2 or parts[0] != "chance" or parts[1] != what:
            raise ChanceMismatch(f"recorded chance {line!r} does not match the draw '{what}'")
        try:
            values = [int(x) for x in parts[2:]]
        except ValueError:
            raise ChanceMismatch(f"recorded chance {line!r} holds a non-number") from None
        if size is not None and len(values) != size:
            raise ChanceMismatch(
                f"recorded chance {line!r} has {len(values)} values; the draw needs {size}"
            )
        return values

    def _write(self, what: str, values: list[int]) -> None:
        self.log.append("chance " + what + (" " + " ".join(map(str, values)) if values else ""))

    def shuffle(self, what: str, items: MutableSequence[Any]) -> None:
        """Shuffle ``items`` in place; the permutation is logged."""
        n = len(items)
        perm = self._outcome(what, n)
        if perm is None:
            perm = list(range(n))
            self.rng.shuffle(perm)
        elif sorted(perm) != list(range(n)):
            raise ChanceMismatch(f"recorded shuffle '{what}' is not a permutation of {n} items")
        old = list(items)
        items[:] = [old[i] for i in perm]
        self._write(what, perm)

    def randrange(self, what: str, n: int) -> int:
        """A number in ``range(n)``; logged."""
        got = self._outcome(what, 1)
        if got is None:
            value = self.rng.randrange(n)
        else:
            value = got[0]
            if not 0 <= value < n:
                raise ChanceMismatch(f"recorded chance '{what}' value {value} is not below {n}")
        self._write(what, [value])
        return value

    def choice(self, what: str, seq: list[Any]) -> Any:
        """One element of ``seq``; its index is logged."""
        return seq[self.randrange(what, len(seq))]

    def sample(self, what: str, seq: list[Any], k: int) -> list[Any]:
        """``k`` distinct elements of ``seq`` (indices logged)."""
        got = self._outcome(what, k)
        if got is None:
            got = self.rng.sample(range(len(seq)), k)
        elif len(set(got)) != k or any(not 0 <= i < len(seq) for i in got):
            raise ChanceMismatch(f"recorded sample '{what}' is not {k} distinct indices")
        self._write(what, got)
        return [seq[i] for i in got]

    def copy(self, log: list[str]) -> Chance:
        """An independent copy writing to ``log`` (same generator state and pending outcomes)."""
        new = Chance.__new__(Chance)
        new.rng = random.Random()
        new.rng.setstate(self.rng.getstate())
        new.queue = deque(self.queue)
        new.log = log
        return new
