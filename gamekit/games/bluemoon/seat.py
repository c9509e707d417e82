"""What one player has in Blue Moon City (rulebook "Preparação": the figure, the 10 player
markers, the starting hand of 8 people cards; "Bônus Disponíveis": crystals face down, golden
scales, cards won face down during one's own turn; "Oferendas ao Obelisco": the offerings).

Cards are counted by kind: ``hand[k]`` is how many cards of kind ``k`` (``data.KINDS``) the
player holds and is known to hold; cards drawn unknown in a game recorded from one seat are
kept apart by ``BlueMoonState.unknown`` (``gamekit.core.unknown``) and counted only in
``hand_size``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["BlueMoonSeat", "OFFERING_KINDS"]

#: where offerings are made (``offering_kinds`` order; rulebook "Oferendas ao Obelisco" and the
#: Pillar / Golden Temple bonuses): the score breakdown's three parts
OFFERING_KINDS = ("central_square", "pillar", "golden_temple")


@dataclass(slots=True)
class BlueMoonSeat:
    """One player's cards, tokens, markers and figure."""

    #: known cards in hand, counted by kind (24 kinds)
    hand: list[int] = field(default_factory=lambda: [0] * 24)
    #: cards in hand, the unknown ones included
    hand_size: int = 0
    #: cards won face down this turn (rulebook "Bônus Disponíveis": they join the hand after
    #: the turn), in the order won
    pending: list[int] = field(default_factory=list)
    #: crystals (face down: ``None`` in another seat's view)
    crystals: int | None = 0
    #: golden scales held (rulebook "Escamas Douradas")
    scales: int = 0
    #: player markers in reserve (rulebook "Marcadores de Jogador": 10 each)
    markers: int = 0
    #: offerings made to the obelisk
    offerings: int = 0
    #: offerings by where they were made (``OFFERING_KINDS`` order)
    offering_kinds: list[int] = field(default_factory=lambda: [0, 0, 0])
    #: contributions made (a marker placed on a building's space)
    contributions: int = 0
    #: the cell the player's figure stands on
    figure: int = 0

    def copy(self) -> BlueMoonSeat:
        """An independent copy (the lists are copied)."""
        return BlueMoonSeat(
            list(self.hand), self.hand_size, list(self.pending), self.crystals, self.scales,
            self.markers, self.offerings, list(self.offering_kinds), self.contributions,
            self.figure,
        )
