"""Setup ("Preparação"): start worlds, the options' tableaus and hands, the deck, the deal in
resolution order, Alpha Centauri's good, the round machinery and the initial discard; a mixin
of ``RaceState``."""

from __future__ import annotations

from gamekit.core import OptionError
from gamekit.core.unknown import HiddenCards
from gamekit.kit.deck import Deck

from .cards import DATA, START_WORLDS, TYPE_BY_ID, copies_of
from .common import _CT, ANY, NCARDS, ONLY, _cid
from .seat import RaceSeat


class _Stock:
    """Cards not placed yet, by id (each id's copies in index order)."""

    def __init__(self) -> None:
        self.left: dict[str, list[int]] = {}
        for c in range(NCARDS):
            self.left.setdefault(_cid(c), []).append(c)

    def take(self, card_id: str, option: str) -> int:
        left = self.left.get(card_id)
        if not left:
            raise OptionError(
                f"option {option!r} of race: no copy of {card_id!r} left (the base game has "
                f"{TYPE_BY_ID[card_id].count}; others are already placed)"
            )
        return left.pop(0)

    def rest(self) -> list[int]:
        return sorted(c for left in self.left.values() for c in left)


class SetupRules:
    """Setup methods of ``RaceState`` (a mixin)."""

    def _setup(self) -> None:
        o = self.options
        self.advanced = bool(o["advanced"])
        self.npicks = 2 if self.advanced else 1
        stock = _Stock()
        self._setup_starts(stock)
        self._setup_tableaus(stock)
        dealt = self._setup_hands(stock)
        self.pile = Deck(eager=True, sort_discards=True)
        self._setup_deck(stock)
        n = self.players
        if o["chips"] is not None:
            for seat, chips in zip(self.seats, o["chips"]):
                seat.chips = chips
        self.pool = o["vp_pool"] if o["vp_pool"] is not None else DATA["vp_chips_per_player"] * n
        self._setup_deal(dealt)
        self._setup_goods()
        self._setup_machinery()
        self._setup_discard(dealt)
        self._walk()

    def _setup_starts(self, stock: _Stock) -> None:
        o = self.options
        n = self.players
        if o["start_worlds"] is not None:
            starts = [stock.take(x, "start_worlds") for x in o["start_worlds"]]
        elif o["first_game"]:
            nums = DATA["first_game"]["start_worlds"][str(n)]
            starts = [stock.take(START_WORLDS[k].id, "first_game") for k in nums]
        else:
            sw = [copies_of(c.id)[0] for c in START_WORLDS]
            self.chance.shuffle("start_worlds", sw)
            starts = [stock.take(_cid(c), "start_worlds") for c in sw[:n]]
        self.seats = [RaceSeat(c, [c]) for c in starts]
        for s, c in enumerate(starts):
            self.flow(s, "card", 1, "setup", "tableau")
            self.emit("start_world", s, rule="setup", card=_cid(c))

    def _setup_tableaus(self, stock: _Stock) -> None:
        if self.options["tableaus"] is None:
            return
        for s, ids in enumerate(self.options["tableaus"]):
            for x in ids:
                c = stock.take(x, "tableaus")
                if _CT[c].dev and any(_CT[d].id == x for d in self.seats[s].tableau):
                    raise OptionError(f"option 'tableaus' of race: seat {s + 1} has two {x}")
                self.seats[s].tableau.append(c)
                self.flow(s, "card", 1, "setup", "tableau")

    def _setup_hands(self, stock: _Stock) -> bool:
        """Hands from the options (or the preset first-game hands); True: deal at random."""
        o = self.options
        if o["hands"] is not None:
            for s, ids in enumerate(o["hands"]):
                self.seats[s].hand = [stock.take(x, "hands") for x in ids]
            return False
        if o["first_game"]:
            for s in range(self.players):
                num = _CT[self.seats[s].start].start
                preset = DATA["first_game"]["hands"].get(str(num))
                if preset is None:
                    raise OptionError(
                        f"option 'first_game' of race: start world {_cid(self.seats[s].start)} has no "
                        "preset hand"
                    )
                self.seats[s].hand = [stock.take(x, "first_game") for x in preset]
            return False
        return True

    def _setup_deck(self, stock: _Stock) -> None:
        """The draw deck (top = end of the list): option ``deck``, or shuffled (``deck_top``)."""
        o = self.options
        if o["deck"] is not None:
            want = sorted(o["deck"])
            have = sorted(_cid(c) for c in stock.rest())
            if want != have:
                extra = sorted(set(want) - set(have)) or sorted(
                    x for x in set(want) if want.count(x) > have.count(x))
                missing = sorted(set(have) - set(want)) or sorted(
                    x for x in set(have) if have.count(x) > want.count(x))
                raise OptionError(
                    "option 'deck' of race must list exactly the cards not placed elsewhere "
                    f"({len(have)} cards); too many/unknown: {extra[:6]}, missing: {missing[:6]}"
                )
            order = [stock.take(x, "deck") for x in o["deck"]]
            self.deck = order[::-1]
        else:
            top = [stock.take(x, "deck_top") for x in (o["deck_top"] or [])]
            below = stock.rest()
            self.chance.shuffle("deck", below)
            self.deck = below + top[::-1]

    def _setup_deal(self, dealt: bool) -> None:
        """The resolution order (clockwise from the lowest start world number), then the deal
        seat by seat in that order, like every draw."""
        n = self.players
        first = min(range(n), key=lambda s: _CT[self.seats[s].start].start)
        self.order = [(first + i) % n for i in range(n)]
        self.emit("order", rule="who_first", seats=[f"p{x + 1}" for x in self.order])
        for s in self.order:
            if dealt:
                for _ in range(DATA["deal"]):
                    c = self._pop()
                    if c is not None:
                        self.seats[s].hand.append(c)
            self.flow(s, "card", len(self.seats[s].hand), "deck:deal", "hand")
            self.emit("deal", s, rule="setup", n=len(self.seats[s].hand))
            self.emit("dealt", s, rule="setup", visible=ONLY[s], cards=self._ids(self.seats[s].hand))

    def _setup_goods(self) -> None:
        """Alpha Centauri's good (in order), the option's goods (seat by seat), the chips."""
        for s in self.order:
            w = self.seats[s].start
            if _CT[w].windfall:
                self._put_good(s, w, "setup")
        if self.options["goods"] is not None:
            for s, ids in enumerate(self.options["goods"]):
                for x in ids:
                    w = next((c for c in self.seats[s].tableau if _CT[c].id == x), None)
                    if w is None or _CT[w].good == ANY:
                        raise OptionError(
                            f"option 'goods' of race: {x!r} is not a world with goods in seat "
                            f"{s + 1}'s tableau"
                        )
                    if w in self.seats[s].goods:
                        raise OptionError(f"option 'goods' of race: {x!r} already has a good")
                    self._put_good(s, w, "setup")
        for s in range(self.players):
            if self.seats[s].chips:
                self.flow(s, "vp", self.seats[s].chips, "pool:setup", "vp_chips")

    def _setup_machinery(self) -> None:
        self.revealed = True
        self.queue: list[tuple[str, int]] = []
        self.phase_step: tuple[str, int] = ("setup", 0)
        self.placed_this_phase: set[int] = set()
        self.sequence: list[int] = []
        self.resolving: int | None = None
        #: cards drawn unknown in a game recorded from one seat (``unknown_cards``)
        self.unknown = HiddenCards(self.players)
        self.over = False
        self.masked = False  # True on a view: hidden parts replaced by placeholders

    def _setup_discard(self, dealt: bool) -> None:
        """The initial discard (2 after a random deal unless the option says otherwise)."""
        disc = self.options["initial_discard"]
        if disc is None:
            disc = DATA["discard"] if dealt else 0
        self.phase = "setup"
        if disc:
            for s in range(self.players):
                k = min(disc, len(self.seats[s].hand))
                if k:
                    self.seats[s].pending = ("discard0", k)
        self._tm = self._deciding()
