"""What one seat of Race for the Galaxy has in front of it and in hand (rulebook "Preparação":
the start world, the hand, the action cards; "Como jogar": the tableau, goods and VP chips) and
the bookkeeping of the step it is in (issue 10: per-seat data in typed dataclasses).

Cards are integer copy indices (``cards.COPIES``); on a view, a hidden card is ``HIDDEN`` and
a secret pick ``SECRET`` (``common``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["RaceSeat"]


@dataclass(slots=True)
class RaceSeat:
    """One seat's cards, chips and step bookkeeping (the step it decides is on the core
    decision stack, ``state.stack``)."""

    #: the start world dealt at setup ("Preparação"), a copy index in ``tableau``
    start: int
    #: cards in play, in the order placed ("Desenvolvimentos", "Mundos")
    tableau: list[int] = field(default_factory=list)
    #: the hand, in the order the cards came in ("Preparação": the deal; the order of the legal
    #: actions follows it)
    hand: list[int] = field(default_factory=list)
    #: cards drawn in Explore waiting to be kept or discarded ("Fase I: Explorar")
    explored: list[int] = field(default_factory=list)
    #: goods: world -> the card lying face down on it as the good, in the order placed
    #: ("Fase V: Produzir", windfall worlds)
    goods: dict[int, int] = field(default_factory=dict)
    #: VP chips won ("Fase IV: Consumir")
    chips: int = 0
    #: the action cards chosen this round (codes, ``common.E5`` ...; "Como jogar")
    action_picks: list[int] = field(default_factory=list)
    #: the card picked in Develop/Settle (-1: none, None: no pick yet; "Fase II", "Fase III")
    chosen: int | None = None
    #: military added this Settle phase by cards discarded for it ("Fase III: Colonizar")
    temp_military: int = 0
    #: explored cards still to keep ("Fase I: Explorar")
    keep_left: int = 0
    #: consume powers (and ``trade``/``start``/``done`` marks) used this phase ("Fase IV")
    consume_used: set = field(default_factory=set)
    #: goods produced this Produce phase, by kind ("Fase V: Produzir")
    produced: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    #: worlds that received a good this Produce phase ("Fase V: Produzir")
    produced_on: set[int] = field(default_factory=set)
    #: windfall productions still to place (good kind, ``ANY`` for any; "Fase V")
    windfall_queue: list[int] = field(default_factory=list)

    def copy(self) -> RaceSeat:
        """An independent copy (the containers are copied, the cards are integers)."""
        return RaceSeat(
            self.start, self.tableau[:], self.hand[:], self.explored[:], self.goods.copy(),
            self.chips, self.action_picks[:], self.chosen, self.temp_military,
            self.keep_left, set(self.consume_used), self.produced[:], set(self.produced_on),
            self.windfall_queue[:],
        )
