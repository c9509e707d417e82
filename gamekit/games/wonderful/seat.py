"""What one seat has in front of it (rulebook "Preparação": the Empire card, the draft hand, the
selection area, the construction area, built cards, cubes and tokens on the Empire card).

A card under construction is a tuple ``(card_id, fills)`` where ``fills`` has one entry per
cost space (``""`` for empty, else the kind placed on it: the resource, ``krystallium`` or a
character).
"""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["SeatState", "Entry"]

#: a card under construction: ``(card_id, fills)``
Entry = tuple[str, tuple[str, ...]]


@dataclass(slots=True)
class SeatState:
    """One seat's zones and tokens (its pending decisions are on ``state.stack``)."""

    #: Empire card id
    empire: str
    #: draft hand (cards still to pick from)
    hand: list[str] = field(default_factory=list)
    #: the secret draft pick waiting for the reveal
    pick: str | None = None
    #: selection area: drafted cards waiting for planning
    drafted: list[str] = field(default_factory=list)
    #: construction area, in order
    construction: list[Entry] = field(default_factory=list)
    #: built cards, in the order they were completed
    built: list[str] = field(default_factory=list)
    #: resource cubes on the Empire card, by resource index (fewer than 5 in all)
    empire_cubes: list[int] = field(default_factory=lambda: [0] * 5)
    krystallium: int = 0
    financiers: int = 0
    generals: int = 0
    #: said ``done`` in the current (or last) planning or production step: a record shown on
    #: the board; who decides is read from ``state.stack`` only
    done: bool = False
    #: cubes produced this round, by resource index
    produced: list[int] = field(default_factory=lambda: [0] * 5)
    #: which dealt draft hand ("packet") the seat holds, and a bit mask of those it has held
    packet: int = 0
    packets_seen: int = 0

    def copy(self) -> SeatState:
        """An independent copy (the tuples of the construction area are immutable)."""
        return SeatState(
            self.empire, list(self.hand), self.pick, list(self.drafted),
            list(self.construction), list(self.built), list(self.empire_cubes),
            self.krystallium, self.financiers, self.generals, self.done, list(self.produced),
            self.packet, self.packets_seen,
        )

    def tokens(self) -> int:
        """Character tokens on the Empire card (the second tie-break)."""
        return self.financiers + self.generals
