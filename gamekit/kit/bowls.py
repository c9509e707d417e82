"""Pools of tokens: numbered bowls, Gaia Project's power bowls, and keyed supplies.

Every operation is checked first and then done: a move the tokens do not allow raises
:class:`BowlError` and changes nothing. Tokens are conserved: they only enter through ``add``
and only leave through ``remove`` (and, for power, ``burn``), which the tests check.

- :class:`Bowls`: ``n`` numbered bowls of identical tokens.
- :class:`PowerBowls`: Gaia Project's power cycle (rulebook "Poder"; reference
  ``power_actions.json`` → ``power_cycle`` and ``burn``): bowls I, II, III and the Gaia area.
- :class:`Pool`: counts of token kinds (a supply, a bank, a VP-chip pool).

>>> p = PowerBowls(2, 4, 0)
>>> p.charge(3)
3
>>> (p.bowl1, p.bowl2, p.bowl3)
(0, 5, 1)
>>> p.burn()
>>> (p.bowl1, p.bowl2, p.bowl3, p.removed)
(0, 3, 2, 1)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from .values import SlotsEq

__all__ = ["BowlError", "Bowls", "PowerBowls", "Pool"]


class BowlError(ValueError):
    """A token move the bowls do not allow (nothing was changed)."""


def _amount(n: int) -> None:
    if n < 0:
        raise BowlError(f"an amount of tokens cannot be negative, got {n}")


class Bowls(SlotsEq):
    """``len(counts)`` numbered bowls (0-based) holding identical tokens."""

    __slots__ = ("counts",)

    def __init__(self, counts: Iterable[int]):
        self.counts = list(counts)
        if any(c < 0 for c in self.counts):
            raise BowlError(f"a bowl cannot hold a negative count: {self.counts}")

    def __getitem__(self, bowl: int) -> int:
        return self.counts[bowl]

    def __len__(self) -> int:
        return len(self.counts)

    def __repr__(self) -> str:
        return f"Bowls({self.counts})"

    @property
    def total(self) -> int:
        """Tokens in all bowls."""
        return sum(self.counts)

    def move(self, src: int, dst: int, n: int = 1) -> None:
        """Move ``n`` tokens from bowl ``src`` to bowl ``dst``."""
        _amount(n)
        c = self.counts
        if c[src] < n:
            raise BowlError(f"bowl {src} holds {c[src]} tokens; cannot move {n}")
        c[src] -= n
        c[dst] += n

    def add(self, bowl: int, n: int = 1) -> None:
        """Put ``n`` new tokens into ``bowl``."""
        _amount(n)
        self.counts[bowl] += n

    def remove(self, bowl: int, n: int = 1) -> None:
        """Take ``n`` tokens out of ``bowl`` (they leave the bowls)."""
        _amount(n)
        if self.counts[bowl] < n:
            raise BowlError(f"bowl {bowl} holds {self.counts[bowl]} tokens; cannot remove {n}")
        self.counts[bowl] -= n

    def copy(self) -> Bowls:
        """An independent copy."""
        return Bowls(self.counts)


class PowerBowls(SlotsEq):
    """Gaia Project power: tokens in bowls I, II, III and in the Gaia area.

    ``removed`` counts tokens that left the game (burning, satellites, spending tokens) and
    ``added`` the new tokens, so ``tokens == start + added - removed`` always holds.
    Taklons' brainstone is not modelled here.
    """

    __slots__ = ("bowl1", "bowl2", "bowl3", "gaia", "added", "removed")

    def __init__(self, bowl1: int = 0, bowl2: int = 0, bowl3: int = 0, gaia: int = 0):
        if min(bowl1, bowl2, bowl3, gaia) < 0:
            raise BowlError(f"a bowl cannot hold a negative count: {(bowl1, bowl2, bowl3, gaia)}")
        self.bowl1 = bowl1
        self.bowl2 = bowl2
        self.bowl3 = bowl3
        self.gaia = gaia
        self.added = 0
        self.removed = 0

    def __repr__(self) -> str:
        return f"PowerBowls({self.bowl1}, {self.bowl2}, {self.bowl3}, gaia={self.gaia})"

    def as_tuple(self) -> tuple[int, int, int, int]:
        """``(bowl I, bowl II, bowl III, Gaia area)``."""
        return self.bowl1, self.bowl2, self.bowl3, self.gaia

    @property
    def tokens(self) -> int:
        """All the player's tokens: bowls I-III and the Gaia area."""
        return self.bowl1 + self.bowl2 + self.bowl3 + self.gaia

    @property
    def charge_room(self) -> int:
        """The most power a charge can still move (``2 x I + II``); more is lost."""
        return 2 * self.bowl1 + self.bowl2

    @property
    def max_spend(self) -> int:
        """Power that can be spent now after burning as much as possible (``III + II // 2``)."""
        return self.bowl3 + self.bowl2 // 2

    def charge(self, n: int) -> int:
        """Charge ``n`` power: each moves a token I → II, or II → III once bowl I is empty.
        Return the power charged (less than ``n`` when the rest would be lost)."""
        _amount(n)
        room = 2 * self.bowl1 + self.bowl2
        if n > room:  # the rest would be lost (comparisons: a ``min`` call costs more)
            n = room
        first = n if n < self.bowl1 else self.bowl1
        self.bowl1 -= first
        self.bowl2 += first - (n - first)
        self.bowl3 += n - first
        return n

    def spend(self, n: int) -> None:
        """Spend ``n`` power: ``n`` tokens move III → I."""
        _amount(n)
        if self.bowl3 < n:
            raise BowlError(f"bowl III holds {self.bowl3} power; cannot spend {n}")
        self.bowl3 -= n
        self.bowl1 += n

    def burn(self, n: int = 1, to_gaia: bool = False) -> None:
        """Burn ``n`` times: each takes 2 tokens from II, moves one to III and removes the other
        from the game (Itars: ``to_gaia=True`` puts it in the Gaia area instead)."""
        _amount(n)
        if self.bowl2 < 2 * n:
            raise BowlError(f"bowl II holds {self.bowl2} tokens; burning {n} needs {2 * n}")
        self.bowl2 -= 2 * n
        self.bowl3 += n
        if to_gaia:
            self.gaia += n
        else:
            self.removed += n

    def add(self, n: int) -> None:
        """``n`` new tokens enter bowl I."""
        _amount(n)
        self.bowl1 += n
        self.added += n

    def split(self, n: int, order: tuple[int, ...] = (1, 2, 3)) -> tuple[int, int, int]:
        """How many of ``n`` tokens come from I, II and III when taken in ``order`` (the anchor
        engine's choice for satellites and gaiaforming: I, then II, then III)."""
        _amount(n)
        have = {1: self.bowl1, 2: self.bowl2, 3: self.bowl3}
        if n > have[1] + have[2] + have[3]:
            raise BowlError(f"bowls I-III hold {have[1] + have[2] + have[3]} tokens; {n} needed")
        take = {1: 0, 2: 0, 3: 0}
        left = n
        for b in order:
            take[b] = min(left, have[b])
            left -= take[b]
        if left:
            raise BowlError(f"bowls {order} hold fewer than {n} tokens")
        return take[1], take[2], take[3]

    def _take(self, bowl1: int, bowl2: int, bowl3: int) -> None:
        if min(bowl1, bowl2, bowl3) < 0:
            raise BowlError(f"token amounts cannot be negative: {(bowl1, bowl2, bowl3)}")
        if bowl1 > self.bowl1 or bowl2 > self.bowl2 or bowl3 > self.bowl3:
            raise BowlError(f"cannot take {(bowl1, bowl2, bowl3)} from bowls "
                            f"{(self.bowl1, self.bowl2, self.bowl3)}")
        self.bowl1 -= bowl1
        self.bowl2 -= bowl2
        self.bowl3 -= bowl3

    def remove(self, bowl1: int = 0, bowl2: int = 0, bowl3: int = 0) -> None:
        """Take tokens out of the game from the given bowls (satellites)."""
        self._take(bowl1, bowl2, bowl3)
        self.removed += bowl1 + bowl2 + bowl3

    def to_gaia(self, bowl1: int = 0, bowl2: int = 0, bowl3: int = 0) -> None:
        """Move tokens from the given bowls to the Gaia area (gaiaforming)."""
        self._take(bowl1, bowl2, bowl3)
        self.gaia += bowl1 + bowl2 + bowl3

    def from_gaia(self, n: int | None = None, bowl: int = 1) -> int:
        """Gaia phase: move ``n`` tokens (all when ``None``) from the Gaia area to ``bowl``
        (1, or 2 for the Terrans); return how many moved."""
        if n is None:
            n = self.gaia
        _amount(n)
        if n > self.gaia:
            raise BowlError(f"the Gaia area holds {self.gaia} tokens; cannot move {n}")
        if bowl not in (1, 2, 3):
            raise BowlError(f"tokens return to bowl 1, 2 or 3, not {bowl}")
        self.gaia -= n
        if bowl == 1:
            self.bowl1 += n
        elif bowl == 2:
            self.bowl2 += n
        else:
            self.bowl3 += n
        return n

    def copy(self) -> PowerBowls:
        """An independent copy."""
        new = PowerBowls.__new__(PowerBowls)
        new.bowl1, new.bowl2, new.bowl3, new.gaia = self.bowl1, self.bowl2, self.bowl3, self.gaia
        new.added, new.removed = self.added, self.removed
        return new


class Pool:
    """Counts of token kinds (missing kinds count 0)."""

    __slots__ = ("counts",)

    def __init__(self, counts: Mapping[str, int] | None = None):
        self.counts: dict[str, int] = {k: v for k, v in (counts or {}).items() if v}
        bad = {k: v for k, v in self.counts.items() if v < 0}
        if bad:
            raise BowlError(f"a pool cannot hold negative counts: {bad}")

    def __getitem__(self, kind: str) -> int:
        return self.counts.get(kind, 0)

    def __repr__(self) -> str:
        return f"Pool({self.counts})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Pool) and self.counts == other.counts

    @property
    def total(self) -> int:
        """Tokens of every kind."""
        return sum(self.counts.values())

    def add(self, kind: str, n: int = 1) -> None:
        """Put ``n`` tokens of ``kind`` in."""
        _amount(n)
        if n:
            self.counts[kind] = self.counts.get(kind, 0) + n

    def take(self, kind: str, n: int = 1) -> None:
        """Take ``n`` tokens of ``kind`` out; ``BowlError`` (no change) if there are fewer."""
        _amount(n)
        have = self.counts.get(kind, 0)
        if have < n:
            raise BowlError(f"the pool holds {have} {kind}; cannot take {n}")
        if have == n:
            self.counts.pop(kind, None)
        else:
            self.counts[kind] = have - n

    def take_upto(self, kind: str, n: int) -> int:
        """Take as many of ``n`` tokens of ``kind`` as there are; return how many."""
        _amount(n)
        n = min(n, self.counts.get(kind, 0))
        self.take(kind, n)
        return n

    def move(self, kind: str, n: int, other: Pool) -> None:
        """Move ``n`` tokens of ``kind`` to ``other``."""
        self.take(kind, n)
        other.add(kind, n)

    def copy(self) -> Pool:
        """An independent copy."""
        return Pool(self.counts)
