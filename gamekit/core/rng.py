"""Seeded chance whose every outcome is written to the game log, so records replay without it.

A chance line in the log reads ``chance <what> <n> <n> ...``. A line ``chance arrange <kind>
<value> ...`` is not an outcome but a forced arrangement (``GameState.arrange``: "the next card
drawn is C"), applied again at its place when a record replays. Replaying feeds those lines back
in order. When the chance has a seed, each fed-back outcome is also drawn from the seeded
generator in lockstep and the two must agree: so a replayed game's generator ends exactly where
the original's was (load-then-continue draws what the original would have), and a record whose
seed does not produce its chance lines is caught (``ChanceMismatch`` with ``line`` set). With
seed ``None`` (imported games, views) the lines are taken as given.
"""

from __future__ import annotations

import os
import random
from collections import deque
from collections.abc import Iterable, MutableSequence
from operator import itemgetter
from typing import Any

__all__ = ["Chance", "ChanceMismatch", "ARRANGE", "is_outcome"]

#: a log line that forces what chance gives next (``GameState.arrange``): kept by the record,
#: applied again at its place on replay, never fed to the generator's queue
ARRANGE = "chance arrange "


def is_outcome(line: str) -> bool:
    """Whether a log line is a chance outcome (fed back to ``Chance`` on replay)."""
    return line.startswith("chance ") and not line.startswith(ARRANGE)


#: the text of the small numbers that fill chance lines (a permutation of a deck)
_DIGITS = tuple(str(i) for i in range(256))


def _shuffle(rng: random.Random, items: list) -> None:
    """``rng.shuffle(items)``: the same permutation from the same generator state. For a plain
    ``random.Random`` the loop draws with ``getrandbits`` directly (what its ``_randbelow``
    does, without a call per card); other generators shuffle themselves."""
    if type(rng) is not random.Random:
        rng.shuffle(items)
        return
    getrandbits = rng.getrandbits
    for i, k in _steps(len(items)):
        j = getrandbits(k)
        while j > i:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


def _sample(rng: random.Random, n: int, k: int) -> list[int]:
    """``rng.sample(range(n), k)``: the same indices from the same generator state. For a
    plain ``random.Random`` and the small pools of set-ups (``k`` ≤ 5, ``n`` ≤ 21: its
    list-pool branch) the draws go to ``getrandbits`` directly (what its ``_randbelow`` does,
    without a call per index, nor the population's ``Sequence`` check); else ``rng.sample``."""
    if type(rng) is not random.Random or not 0 <= k <= 5 or not k <= n <= 21:
        return rng.sample(range(n), k)
    getrandbits = rng.getrandbits
    pool = list(range(n))
    got = []
    for m in range(n, n - k, -1):  # ``_randbelow(m)``: bit length of m, drawn until below
        width = m.bit_length()
        j = getrandbits(width)
        while j >= m:
            j = getrandbits(width)
        got.append(pool[j])
        pool[j] = pool[m - 1]  # the item left out moves into the vacancy
    return got


#: the Fisher-Yates steps of a shuffle by length: ``(i, bit length of i + 1)``, ``i`` falling
_STEPS: dict[int, tuple[tuple[int, int], ...]] = {}


def _steps(n: int) -> tuple[tuple[int, int], ...]:
    steps = _STEPS.get(n)
    if steps is None:
        steps = tuple((i, (i + 1).bit_length()) for i in reversed(range(1, n)))
        if n <= 4096:  # (bounded: decks are small)
            _STEPS[n] = steps
    return steps


class ChanceMismatch(ValueError):
    """A replayed chance line does not fit the draw the game asked for (or, with a seed, is
    not the outcome the seed gives). ``line`` is the 0-based number of the fed line."""

    def __init__(self, message: str, line: int | None = None):
        self.line = line
        super().__init__(message)


class Chance:
    """The game's only source of randomness. ``log`` is the game's move log (shared list).

    ``fed`` counts the recorded lines taken from ``queue``; ``seeded`` says whether fed
    outcomes are checked against (and advance) the seeded generator.

    The generator is built on its first use (``rng``): a view's chance or a copy that never
    draws costs no seeding (agents take a view at every decision)."""

    __slots__ = ("_rng", "_origin", "queue", "log", "seeded", "fed")

    def __init__(self, seed: int | str | None, log: list[str], outcomes: Iterable[str] = ()):
        self._rng: random.Random | None = None
        # an unseeded chance still gets one fixed origin, so its copies draw what it draws
        self._origin: int | str | tuple = (
            seed if seed is not None else int.from_bytes(os.urandom(16), "big"))
        self.log = log
        self.queue: deque[str] = deque(outcomes)
        self.seeded = seed is not None
        self.fed = 0

    @property
    def rng(self) -> random.Random:
        """The generator (built from the seed, or the copied state, on first use)."""
        rng = self._rng
        if rng is None:
            origin = self._origin
            if isinstance(origin, tuple):  # a copied generator state
                rng = random.Random.__new__(random.Random)
                rng.setstate(origin)
            else:
                rng = random.Random(origin)
            self._rng = rng
        return rng

    @rng.setter
    def rng(self, rng: random.Random) -> None:
        self._rng = rng

    def _mismatch(self, message: str) -> ChanceMismatch:
        return ChanceMismatch(message, self.fed - 1)

    def _lockstep(self, what: str, recorded: list[int], drawn: list[int]) -> None:
        if recorded != drawn:
            raise self._mismatch(
                f"recorded chance '{what}' is not the outcome of the game's seed "
                "(the seed does not match the chance lines)"
            )

    def _outcome(self, what: str, size: int | None) -> list[int] | None:
        if not self.queue:
            return None
        line = self.queue.popleft()
        self.fed += 1
        if len(line) > 20 + 12 * (size or 1) + len(what):  # bounded work on hostile lines
            raise self._mismatch(f"recorded chance {line[:60]!r}… is too long for '{what}'")
        parts = line.split()
        if len(parts) < 2 or parts[0] != "chance" or parts[1] != what:
            raise self._mismatch(f"recorded chance {line!r} does not match the draw '{what}'")
        if not all(x.isascii() and x.isdigit() for x in parts[2:]):
            raise self._mismatch(f"recorded chance {line!r} holds a non-number")
        values = [int(x) for x in parts[2:]]
        if size is not None and len(values) != size:
            raise self._mismatch(
                f"recorded chance {line!r} has {len(values)} values; the draw needs {size}"
            )
        return values

    def _write(self, what: str, values: list[int]) -> None:
        if values:
            digits = _DIGITS
            words = [digits[v] if 0 <= v < 256 else str(v) for v in values]
            self.log.append("chance " + what + " " + " ".join(words))
        else:
            self.log.append("chance " + what)

    def shuffle(self, what: str, items: MutableSequence[Any]) -> None:
        """Shuffle ``items`` in place; the permutation is logged."""
        n = len(items)
        perm = self._outcome(what, n)
        if perm is None or self.seeded:
            drawn = list(range(n))
            _shuffle(self.rng, drawn)
            if perm is None:
                perm = drawn
            else:
                self._lockstep(what, perm, drawn)
        elif sorted(perm) != list(range(n)):
            raise self._mismatch(f"recorded shuffle '{what}' is not a permutation of {n} items")
        if n > 1:  # C loops (decks are shuffled at every set-up)
            arrange = itemgetter(*perm)
            items[:] = arrange(items)  # (the tuple is made before the list is written)
            if n <= len(_DIGITS):  # a permutation: every number has its text
                self.log.append(f"chance {what} {' '.join(arrange(_DIGITS))}")
                return
        self._write(what, perm)

    def randrange(self, what: str, n: int) -> int:
        """A number in ``range(n)``; logged."""
        got = self._outcome(what, 1)
        if got is None or self.seeded:
            value = self.rng.randrange(n)
            if got is not None:
                self._lockstep(what, got, [value])
        else:
            value = got[0]
            if not 0 <= value < n:
                raise self._mismatch(f"recorded chance '{what}' value {value} is not below {n}")
        self._write(what, [value])
        return value

    def choice(self, what: str, seq: list[Any]) -> Any:
        """One element of ``seq``; its index is logged."""
        return seq[self.randrange(what, len(seq))]

    def sample(self, what: str, seq: list[Any], k: int) -> list[Any]:
        """``k`` distinct elements of ``seq`` (indices logged)."""
        got = self._outcome(what, k)
        if got is None or self.seeded:
            drawn = _sample(self.rng, len(seq), k)
            if got is not None:
                self._lockstep(what, got, drawn)
            got = drawn
        elif len(set(got)) != k or any(not 0 <= i < len(seq) for i in got):
            raise self._mismatch(f"recorded sample '{what}' is not {k} distinct indices")
        self._write(what, got)
        return [seq[i] for i in got]

    def copy(self, log: list[str]) -> Chance:
        """An independent copy writing to ``log`` (same generator state and pending outcomes)."""
        new = Chance.__new__(Chance)
        new._rng = None
        new._origin = self._origin if self._rng is None else self._rng.getstate()
        new.queue = deque(self.queue)
        new.log = log
        new.seeded = self.seeded
        new.fed = self.fed
        return new
