"""Unknown cards: games recorded from one seat's side (issue 10, "Chance under control").

A person recording a game from their seat sees the others draw, but not what. Such a record
says that a seat drew "an unknown card"; the engine carries the card hidden until the record
reveals it (the seat plays it, shows it), and then binds it, consistently with every card known
to be elsewhere.

The record lines are the core's forced-chance lines (``GameState.arrange``), replayed at their
place like every ``chance arrange`` line:

* ``chance arrange unknown <seat> <n>`` -- the next ``n`` cards ``<seat>`` (``p1``, ``p2``...)
  draws into its hand are unknown;
* ``chance arrange reveal <seat> <card>`` -- one of ``<seat>``'s unknown cards is ``<card>``.

The engine deals concrete cards all the same (its draw pile has an order), so the game stays
playable; the dealt identity of an unknown card is provisional. ``HiddenCards`` keeps, per
seat, the provisional cards and how many of the next draws are unknown; ``bind`` turns one
hidden card into the named one: the provisional card itself when it is that card, else the
named card is exchanged with a provisional one from a place whose order nobody knows (the draw
pile). A card that cannot be hidden there -- every copy of it is known to be elsewhere -- is
refused with an ``UnknownCardError`` naming it, and nothing changes.

Positions keep the marking (issue 10, "Positions"): a game's ``to_dict()`` writes the seats'
cards with the provisional identities in place (every card is somewhere) and, while any card is
unknown, the field ``unknown`` (``HiddenCards.to_data``): per seat, which of its cards are the
unknown ones (``held``) and how many of its next draws are (``expected``). ``schema`` is that
field's JSON schema; ``HiddenCards.from_data`` reads it back, refusing a malformed marking
with a ``PositionError`` naming the field; ``HiddenCards.known`` splits the seat's cards into
the known ones (checking each hidden card is among them). ``hide`` makes cards a seat already
holds unknown (e.g. a starting hand dealt before a record could say so).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, MutableSequence
from typing import Any

from .positions import PositionError

__all__ = ["HiddenCards", "UnknownCardError", "parse_seat", "parse_count", "schema"]


class UnknownCardError(ValueError):
    """An unknown card cannot be declared or bound as asked (the message names why)."""


def parse_seat(word: str, players: int) -> int:
    """``p1``..``pN`` -> the 0-based seat (``UnknownCardError`` naming the word otherwise)."""
    if len(word) >= 2 and word[0] == "p" and word[1:].isdigit() and 1 <= int(word[1:]) <= players:
        return int(word[1:]) - 1
    raise UnknownCardError(f"{word[:20]!r} is not a seat: write p1 to p{players}")


def parse_count(word: str, most: int) -> int:
    """A count of cards from 1 to ``most`` (``UnknownCardError`` naming the word otherwise)."""
    if word.isdigit() and 1 <= int(word) <= most:
        return int(word)
    raise UnknownCardError(f"{word[:20]!r} is not a number of cards from 1 to {most}")


def schema(players: int, card: dict[str, Any], most: int) -> dict[str, Any]:
    """JSON schema of the ``unknown`` field of a position for ``players`` seats: per seat the
    ``held`` cards (each matching ``card``, at most ``most``) and the ``expected`` count."""
    seat = {
        "type": "object", "required": ["held", "expected"], "additionalProperties": False,
        "properties": {
            "held": {"type": "array", "maxItems": most, "items": card},
            "expected": {"type": "integer", "minimum": 0, "maximum": most},
        },
    }
    return {"type": "array", "minItems": players, "maxItems": players, "items": seat}


class HiddenCards:
    """Per seat: the provisional identities of its unknown cards (``held``) and how many of its
    next draws are unknown (``expected``). Cards are any hashable ids of the game."""

    __slots__ = ("held", "expected")

    def __init__(self, players: int) -> None:
        self.held: list[list[Any]] = [[] for _ in range(players)]
        self.expected: list[int] = [0] * players

    def expect(self, seat: int, n: int) -> None:
        """The next ``n`` cards ``seat`` draws are unknown."""
        self.expected[seat] += n

    def take(self, seat: int, card: Hashable) -> bool:
        """A card ``seat`` draws: kept hidden (``True``) while unknown draws are expected."""
        if not self.expected[seat]:
            return False
        self.expected[seat] -= 1
        self.held[seat].append(card)
        return True

    def count(self, seat: int) -> int:
        """How many unknown cards ``seat`` holds."""
        return len(self.held[seat])

    def bind(self, seat: int, card: Hashable, unordered: MutableSequence[Any],
             name: str | None = None) -> None:
        """One of ``seat``'s unknown cards is ``card``: it leaves the hidden ones (the caller
        puts it in the hand). When no provisional card is ``card``, a copy of ``card`` from
        ``unordered`` (a pile whose order nobody knows, e.g. the draw pile) takes the place of
        one provisional card, which goes back in its stead. Refused, nothing changed: the seat
        holds no unknown card, or every copy of ``card`` is known to be elsewhere."""
        held = self.held[seat]
        shown = name or str(card)
        if not held:
            raise UnknownCardError(f"seat p{seat + 1} holds no unknown card to reveal as {shown}")
        if card in held:
            held.remove(card)
            return
        try:
            at = unordered.index(card)
        except ValueError:
            raise UnknownCardError(
                f"seat p{seat + 1} cannot hold {shown}: every {shown} is known to be "
                "elsewhere") from None
        unordered[at] = held.pop()

    def hide(self, seat: int, cards: Iterable[Hashable]) -> None:
        """Cards ``seat`` already holds become unknown (the caller takes them out of the
        seat's known cards): e.g. a starting hand dealt before the record could say so."""
        self.held[seat].extend(cards)

    def known(self, seat: int, cards: Iterable[Hashable], field: str = "unknown",
              name: Callable[[Any], str] = str) -> list[Any]:
        """``cards`` (all of ``seat``'s cards, the provisional ones included) without the
        seat's hidden ones. A hidden card not among them is refused with a ``PositionError``
        naming ``field`` and the card (``name``): a card is never both hidden and elsewhere.
        The known cards keep their order."""
        rest = list(cards)
        for i, card in enumerate(self.held[seat]):
            try:
                rest.remove(card)  # the first copy: the others keep their order
            except ValueError:
                raise PositionError(
                    f"position field {field}[{seat}].held[{i}]: {name(card)} is not among the cards "
                    f"of seat p{seat + 1} (an unknown card is one of the cards the seat holds)"
                ) from None
        return rest

    def to_data(self, name: Callable[[Any], str] = str) -> list[dict[str, Any]]:
        """The marking as JSON data: per seat ``{"held": [names], "expected": n}`` (a view's
        hidden identities, ``None``, stay ``null``)."""
        return [{"held": [None if c is None else name(c) for c in held], "expected": n}
                for held, n in zip(self.held, self.expected)]

    @classmethod
    def from_data(cls, data: Any, players: int, card: Callable[[str], Hashable],
                  field: str = "unknown") -> HiddenCards:
        """Read ``to_data`` output back (``None``: nothing unknown). ``card`` turns a name into
        the game's card id and raises ``KeyError`` or ``ValueError`` for a name that is not a
        card. Anything malformed is refused with a ``PositionError`` naming the field."""
        new = cls(players)
        if data is None:
            return new
        if not isinstance(data, list) or len(data) != players:
            raise PositionError(f"position field {field}: one entry per seat ({players})")
        for seat, entry in enumerate(data):
            where = f"{field}[{seat}]"
            if not isinstance(entry, dict) or set(entry) != {"held", "expected"}:
                raise PositionError(f"position field {where}: write {{\"held\": [cards], "
                                    "\"expected\": n}")
            n, held = entry["expected"], entry["held"]
            if not isinstance(n, int) or isinstance(n, bool) or n < 0:
                raise PositionError(f"position field {where}.expected: a number of cards "
                                    f"from 0, not {str(n)[:20]!r}")
            if not isinstance(held, list):
                raise PositionError(f"position field {where}.held: a list of cards")
            for i, word in enumerate(held):
                try:
                    if not isinstance(word, str):
                        raise ValueError(word)
                    new.held[seat].append(card(word))
                except (KeyError, ValueError):
                    raise PositionError(f"position field {where}.held[{i}]: "
                                        f"{str(word)[:30]!r} is not a card") from None
            new.expected[seat] = n
        return new

    def copy(self) -> HiddenCards:
        new = HiddenCards(0)
        new.held = [list(h) for h in self.held]
        new.expected = list(self.expected)
        return new

    def __bool__(self) -> bool:
        return any(self.held) or any(self.expected)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, HiddenCards) and \
            (self.held, self.expected) == (other.held, other.expected)

    def __repr__(self) -> str:
        return f"HiddenCards(held={self.held}, expected={self.expected})"
