"""Markers on tracks: one player's level with a floor and a cap, and a track all players share.

- :class:`Track`: one marker, ``bottom <= level <= top`` (``top=None``: no cap, e.g. a VP track).
  :meth:`Track.advance` is checked (a step past the cap is an error: the engine tests
  :meth:`Track.can_advance` in its legal-action path); :meth:`Track.gain` keeps what fits and
  returns it (resources capped on the board, e.g. Gaia Project's 15 ore, the excess is lost).
- :class:`SharedTrack`: every seat's marker on one track, with levels that only one seat may
  occupy (Gaia Project's research tracks: levels 0-5, level 5 is reached by one player only).

>>> ore = Track(level=14, top=15)
>>> ore.gain(3)
1
>>> research = SharedTrack(players=2, top=5, exclusive={5})
>>> research.advance(0, 5)
5
>>> research.why_not(1, 5)
'level 5 is already taken by seat 0'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

__all__ = ["TrackError", "Track", "SharedTrack", "kept", "blocked"]


class TrackError(ValueError):
    """A move along a track that the track does not allow (the track is unchanged)."""


def kept(level: int, n: int, top: int | None) -> int:
    """The steps of a gain of ``n >= 0`` from ``level`` that fit below ``top`` (``None``: no
    cap): what :meth:`Track.gain` keeps, for a game that holds its levels as plain numbers."""
    if top is not None and level + n > top:
        return max(0, top - level)
    return n


def blocked(levels: Sequence[int], seat: int, steps: int, top: int, bottom: int = 0,
            exclusive: Iterable[int] = ()) -> str | None:
    """Why ``seat`` (at ``levels[seat]``) cannot move ``steps`` on a track all seats share
    (``bottom..top``, each ``exclusive`` level held by one marker at most), in words; ``None``
    when it can: :meth:`SharedTrack.why_not` for a game that holds its levels as plain numbers
    (Gaia Project's research: level 5 is one player's)."""
    new = levels[seat] + steps
    if new > top:
        return f"level {new} is past the top of the track ({top})"
    if new < bottom:
        return f"level {new} is below the bottom of the track ({bottom})"
    if steps and new in exclusive:
        other = next((s for s, lv in enumerate(levels) if lv == new), None)
        if other is not None and other != seat:
            return f"level {new} is already taken by seat {other}"
    return None


@dataclass(slots=True)
class Track:
    """One marker on a track."""

    level: int = 0
    top: int | None = None
    bottom: int = 0

    def __post_init__(self) -> None:
        if self.top is not None and self.top < self.bottom:
            raise TrackError(f"a track's top {self.top} is below its bottom {self.bottom}")
        if not self._fits(self.level):
            raise TrackError(f"level {self.level} is off the track {self._span()}")

    def _fits(self, level: int) -> bool:
        return level >= self.bottom and (self.top is None or level <= self.top)

    def _span(self) -> str:
        return f"{self.bottom}..{'' if self.top is None else self.top}"

    @property
    def room(self) -> int | None:
        """Steps left to the top (``None`` without a cap)."""
        return None if self.top is None else self.top - self.level

    def can_advance(self, steps: int = 1) -> bool:
        """Whether ``steps`` (negative: back) keep the marker on the track."""
        return self._fits(self.level + steps)

    def advance(self, steps: int = 1) -> int:
        """Move ``steps`` (negative: back) and return the new level; ``TrackError`` (and no
        change) when that would leave the track."""
        new = self.level + steps
        if not self._fits(new):
            raise TrackError(f"cannot move {steps:+d} from level {self.level} on track {self._span()}")
        self.level = new
        return new

    def gain(self, n: int) -> int:
        """Move up to ``n`` steps up, stopping at the top; return the steps taken."""
        if n < 0:
            raise TrackError(f"gain takes a non-negative amount, got {n}")
        n = kept(self.level, n, self.top)
        self.level += n
        return n

    def lose(self, n: int) -> int:
        """Move up to ``n`` steps down, stopping at the bottom; return the steps taken."""
        if n < 0:
            raise TrackError(f"lose takes a non-negative amount, got {n}")
        n = min(n, self.level - self.bottom)
        self.level -= n
        return n


class SharedTrack:
    """All seats' markers on one track (``bottom..top``); a level in ``exclusive`` holds one
    marker at most (the first to get there keeps it)."""

    __slots__ = ("levels", "top", "bottom", "exclusive")

    def __init__(
        self,
        players: int,
        top: int,
        bottom: int = 0,
        exclusive: Iterable[int] = (),
        levels: Iterable[int] | None = None,
    ):
        self.top = top
        self.bottom = bottom
        self.exclusive = frozenset(exclusive)
        self.levels = [bottom] * players if levels is None else list(levels)
        if len(self.levels) != players:
            raise TrackError(f"{len(self.levels)} levels given for {players} players")
        for s, lv in enumerate(self.levels):
            if not bottom <= lv <= top:
                raise TrackError(f"seat {s}'s level {lv} is off the track {bottom}..{top}")
        for lv in self.exclusive:
            held = [s for s, x in enumerate(self.levels) if x == lv]
            if len(held) > 1:
                raise TrackError(f"level {lv} is held by seats {held}; only one may hold it")

    def holder(self, level: int) -> int | None:
        """The seat on ``level`` (the first one, in seat order), or ``None``."""
        for s, lv in enumerate(self.levels):
            if lv == level:
                return s
        return None

    def why_not(self, seat: int, steps: int = 1) -> str | None:
        """Why ``seat`` cannot move ``steps`` now, in words; ``None`` when it can."""
        return blocked(self.levels, seat, steps, self.top, self.bottom, self.exclusive)

    def can_advance(self, seat: int, steps: int = 1) -> bool:
        """Whether ``seat`` may move ``steps`` (negative: back)."""
        return self.why_not(seat, steps) is None

    def advance(self, seat: int, steps: int = 1) -> int:
        """Move ``seat``'s marker and return its new level; ``TrackError`` (no change) when the
        move leaves the track or lands on an exclusive level another seat holds."""
        problem = self.why_not(seat, steps)
        if problem is not None:
            raise TrackError(problem)
        self.levels[seat] += steps
        return self.levels[seat]

    def copy(self) -> SharedTrack:
        """An independent copy (for clones; no re-validation)."""
        new = SharedTrack.__new__(SharedTrack)
        new.levels = list(self.levels)
        new.top = self.top
        new.bottom = self.bottom
        new.exclusive = self.exclusive
        return new
