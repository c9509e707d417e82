"""A deck of cards: a face-down draw pile and a face-up discard pile, shuffled only through the
game's logged :class:`~gamekit.core.rng.Chance`, so every shuffle is a ``chance`` line of the
log and a record replays without the generator.

The chance is passed to the calls that shuffle (not stored), so a cloned game simply passes its
own chance. Internally ``cards`` is the draw pile with its **top at the end** (a draw is a
``pop()``); the constructor and :meth:`Deck.order` speak top first.

Reshuffling (when a draw finds the pile empty): the discards are shuffled, logged as
``chance <what> ...``, and become the draw pile. Options: ``eager=True`` reshuffles as soon
as the last card is drawn (Race for the Galaxy: "as soon as it runs out"), and
``sort_discards=True`` sorts the discards before shuffling, so the outcome does not depend on the
order cards were discarded in. ``recycle=False`` never shuffles the discards back (It's a
Wonderful World): a draw from an empty pile then gets nothing.

>>> from gamekit.core.rng import Chance
>>> log = []
>>> deck = Deck(["a", "b", "c"])
>>> deck.draw(Chance(1, log), 2)
['a', 'b']
>>> deck.discard_many(["a", "b"])
>>> len(deck.draw(Chance(1, log), 3)), log[0].split()[:2]
(3, ['chance', 'reshuffle'])
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from operator import attrgetter
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from .values import SlotsEq

if TYPE_CHECKING:  # the kit needs no core module at run time
    from gamekit.core.rng import Chance

__all__ = ["Deck", "piles"]

T = TypeVar("T")


class Deck(SlotsEq, Generic[T]):
    """Draw pile (``cards``, top last) and discard pile (``discards``, latest last)."""

    __slots__ = ("cards", "discards", "what", "eager", "sort_discards", "recycle")

    def __init__(
        self,
        cards: Iterable[T] = (),
        discards: Iterable[T] = (),
        *,
        what: str = "reshuffle",
        eager: bool = False,
        sort_discards: bool = False,
        recycle: bool = True,
    ):
        """``cards`` top first; ``what`` names the reshuffle's chance line."""
        self.cards: list[T] = list(cards)
        self.cards.reverse()
        self.discards: list[T] = list(discards)
        self.what = what
        self.eager = eager
        self.sort_discards = sort_discards
        self.recycle = recycle

    # ------------------------------------------------------------------ sizes and looks
    def __len__(self) -> int:
        return len(self.cards)

    @property
    def size(self) -> int:
        """Cards in the draw pile."""
        return len(self.cards)

    @property
    def total(self) -> int:
        """Cards in the draw pile and the discard pile."""
        return len(self.cards) + len(self.discards)

    def order(self) -> list[T]:
        """The draw pile, top first."""
        return self.cards[::-1]

    def peek(self, n: int = 1) -> list[T]:
        """The top ``n`` cards (fewer if the pile is shorter), top first, without drawing."""
        if n <= 0:
            return []
        return self.cards[: -n - 1 : -1]

    def put_on_top(self, cards: list, name: Callable[[T], object] | None = None) -> None:
        """Move ``cards`` (top first), each taken from the draw pile, to its top: the next
        draws give them in that order. With ``name``, ``cards`` are names (``name(card)``) and
        of several copies the topmost is taken. A card not in the draw pile (or named more
        often than it is there) raises ``ValueError`` naming it, and nothing moves."""
        pile = self.cards
        taken: list[int] = []
        for want in cards:
            for pos in range(len(pile) - 1, -1, -1):
                if pos not in taken and (pile[pos] if name is None else name(pile[pos])) == want:
                    taken.append(pos)
                    break
            else:
                raise ValueError(f"{want!r} is not in the draw pile")
        chosen = [pile[pos] for pos in taken]
        rest = [card for pos, card in enumerate(pile) if pos not in taken]
        rest.extend(reversed(chosen))
        pile[:] = rest

    # ------------------------------------------------------------------ shuffles
    def shuffle(self, chance: Chance, what: str = "deck") -> None:
        """Shuffle the draw pile (logged as ``chance <what> ...``)."""
        chance.shuffle(what, self.cards)

    def reshuffle(self, chance: Chance) -> int:
        """Shuffle the discards under the draw pile; return how many cards that was."""
        pile = self.discards
        self.discards = []
        if self.sort_discards:
            pile.sort()  # type: ignore[call-arg]
        chance.shuffle(self.what, pile)
        self.cards[:0] = pile
        return len(pile)

    # ------------------------------------------------------------------ draws
    def draw_one(
        self, chance: Chance, on_reshuffle: Callable[[int], object] | None = None
    ) -> T | None:
        """The top card, reshuffling the discards first if the pile is empty; ``None`` when
        both piles are empty (or the pile is empty and ``recycle`` is off). ``on_reshuffle(n)`` is called after each reshuffle of ``n`` cards
        (e.g. to emit the game's event)."""
        cards = self.cards
        if not cards:
            if not self.discards or not self.recycle:
                return None
            n = self.reshuffle(chance)
            if on_reshuffle is not None:
                on_reshuffle(n)
        card = cards.pop()
        if self.eager and not cards and self.discards and self.recycle:
            n = self.reshuffle(chance)
            if on_reshuffle is not None:
                on_reshuffle(n)
        return card

    def draw(
        self, chance: Chance, n: int = 1, on_reshuffle: Callable[[int], object] | None = None
    ) -> list[T]:
        """Draw ``n`` cards in order (fewer only when the cards run out)."""
        cards = self.cards
        if 0 < n < len(cards) or (n == len(cards) > 0 and not self.eager):
            out = cards[:-n - 1:-1]  # the pile does not run out: one slice, top first
            del cards[-n:]
            return out
        out: list[T] = []
        for _ in range(n):
            if cards and not (self.eager and len(cards) == 1 and self.discards):
                out.append(cards.pop())  # the common case, without a call
                continue
            card = self.draw_one(chance, on_reshuffle)
            if card is None:
                break
            out.append(card)
        return out

    # ------------------------------------------------------------------ placing cards
    def discard(self, card: T) -> None:
        """Put ``card`` on the discard pile."""
        self.discards.append(card)

    def discard_many(self, cards: Iterable[T]) -> None:
        """Put ``cards`` on the discard pile in order."""
        self.discards.extend(cards)

    def top(self, cards: Iterable[T]) -> None:
        """Put ``cards`` (top first) on top of the draw pile: the first is drawn next."""
        self.cards.extend(reversed(list(cards)))

    def bottom(self, cards: Iterable[T]) -> None:
        """Put ``cards`` (top first) under the draw pile: the last given is drawn last."""
        self.cards[:0] = reversed(list(cards))

    def remove(self, card: T) -> str | None:
        """Take one ``card`` out of the draw pile, else out of the discards; return which pile
        (``"cards"`` / ``"discards"``) or ``None`` if neither holds it."""
        if card in self.cards:
            self.cards.remove(card)
            return "cards"
        if card in self.discards:
            self.discards.remove(card)
            return "discards"
        return None

    def copy(self) -> Deck[T]:
        """An independent copy (the cards themselves are shared)."""
        new: Deck[T] = Deck.__new__(Deck)
        new.cards = list(self.cards)
        new.discards = list(self.discards)
        new.what = self.what
        new.eager = self.eager
        new.sort_discards = self.sort_discards
        new.recycle = self.recycle
        return new


def piles(holder: str) -> tuple[property, property]:
    """The ``deck`` and ``discard`` properties of a state keeping its ``Deck`` in the attribute
    ``holder`` (a name in the game's code, never data): ``deck`` is the draw pile, top at the
    end (``Deck.cards``), ``discard`` the discard pile, latest last; both assignable.

    >>> class Game:
    ...     deck, discard = piles("pile")
    ...     def __init__(self):
    ...         self.pile = Deck(["a", "b"])
    >>> game = Game()
    >>> game.deck, game.discard
    (['b', 'a'], [])
    >>> game.discard = ["c"]; game.pile.discards
    ['c']
    """
    held = attrgetter(holder)

    def get_cards(state: Any) -> list:
        return held(state).cards

    def set_cards(state: Any, cards: list) -> None:
        held(state).cards = cards

    def get_discards(state: Any) -> list:
        return held(state).discards

    def set_discards(state: Any, cards: list) -> None:
        held(state).discards = cards

    return (property(get_cards, set_cards, doc="The draw pile, its top at the end."),
            property(get_discards, set_discards, doc="The discard pile, latest last."))
