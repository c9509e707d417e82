"""Setup ("Preparação"): start worlds, the options' tableaus and hands, the deck, the deal in
resolution order, Alpha Centauri's good, the round machinery and the initial discard; a mixin
of ``RaceState``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamekit.core import OptionError
from gamekit.core.unknown import HiddenCards
from gamekit.kit.deck import Deck

from .cardmoves import deciding, ids, pop, put_good, put_pending
from .cards import DATA, START_WORLDS, TYPE_BY_ID, copies_of
from .common import _CT, ANY, NCARDS, ONLY, _cid
from .seat import RaceSeat

if TYPE_CHECKING:
    from .state import RaceState


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


def setup(st: RaceState) -> None:
    o = st.options
    st.advanced = bool(o["advanced"])
    st.npicks = 2 if st.advanced else 1
    stock = _Stock()
    setup_starts(st, stock)
    setup_tableaus(st, stock)
    dealt = setup_hands(st, stock)
    st.pile = Deck(eager=True, sort_discards=True)
    setup_deck(st, stock)
    n = st.players
    if o["chips"] is not None:
        for seat, chips in zip(st.seats, o["chips"]):
            seat.chips = chips
    st.pool = o["vp_pool"] if o["vp_pool"] is not None else DATA["vp_chips_per_player"] * n
    setup_deal(st, dealt)
    setup_goods(st)
    setup_machinery(st)
    setup_discard(st, dealt)
    st._walk()


def setup_starts(st: RaceState, stock: _Stock) -> None:
    o = st.options
    n = st.players
    if o["start_worlds"] is not None:
        starts = [stock.take(x, "start_worlds") for x in o["start_worlds"]]
    elif o["first_game"]:
        nums = DATA["first_game"]["start_worlds"][str(n)]
        starts = [stock.take(START_WORLDS[k].id, "first_game") for k in nums]
    else:
        sw = [copies_of(c.id)[0] for c in START_WORLDS]
        st.chance.shuffle("start_worlds", sw)
        starts = [stock.take(_cid(c), "start_worlds") for c in sw[:n]]
    st.seats = [RaceSeat(c, [c]) for c in starts]
    for s, c in enumerate(starts):
        st.flow(s, "card", 1, "setup", "tableau")
        st.emit("start_world", s, rule="setup", card=_cid(c))


def setup_tableaus(st: RaceState, stock: _Stock) -> None:
    if st.options["tableaus"] is None:
        return
    for s, named in enumerate(st.options["tableaus"]):
        for x in named:
            c = stock.take(x, "tableaus")
            if _CT[c].dev and any(_CT[d].id == x for d in st.seats[s].tableau):
                raise OptionError(f"option 'tableaus' of race: seat {s + 1} has two {x}")
            st.seats[s].tableau.append(c)
            st.flow(s, "card", 1, "setup", "tableau")


def setup_hands(st: RaceState, stock: _Stock) -> bool:
    """Hands from the options (or the preset first-game hands); True: deal at random."""
    o = st.options
    if o["hands"] is not None:
        for s, named in enumerate(o["hands"]):
            st.seats[s].hand = [stock.take(x, "hands") for x in named]
        return False
    if o["first_game"]:
        for s in range(st.players):
            num = _CT[st.seats[s].start].start
            preset = DATA["first_game"]["hands"].get(str(num))
            if preset is None:
                raise OptionError(
                    f"option 'first_game' of race: start world {_cid(st.seats[s].start)} has no "
                    "preset hand"
                )
            st.seats[s].hand = [stock.take(x, "first_game") for x in preset]
        return False
    return True


def setup_deck(st: RaceState, stock: _Stock) -> None:
    """The draw deck (top = end of the list): option ``deck``, or shuffled (``deck_top``)."""
    o = st.options
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
        st.deck = order[::-1]
    else:
        top = [stock.take(x, "deck_top") for x in (o["deck_top"] or [])]
        below = stock.rest()
        st.chance.shuffle("deck", below)
        st.deck = below + top[::-1]


def setup_deal(st: RaceState, dealt: bool) -> None:
    """The resolution order (clockwise from the lowest start world number), then the deal
    seat by seat in that order, like every draw."""
    n = st.players
    first = min(range(n), key=lambda s: _CT[st.seats[s].start].start)
    st.order = [(first + i) % n for i in range(n)]
    st.emit("order", rule="who_first", seats=[f"p{x + 1}" for x in st.order])
    for s in st.order:
        if dealt:
            for _ in range(DATA["deal"]):
                c = pop(st)
                if c is not None:
                    st.seats[s].hand.append(c)
        st.flow(s, "card", len(st.seats[s].hand), "deck:deal", "hand")
        st.emit("deal", s, rule="setup", n=len(st.seats[s].hand))
        st.emit("dealt", s, rule="setup", visible=ONLY[s], cards=ids(st.seats[s].hand))


def setup_goods(st: RaceState) -> None:
    """Alpha Centauri's good (in order), the option's goods (seat by seat), the chips."""
    for s in st.order:
        w = st.seats[s].start
        if _CT[w].windfall:
            put_good(st, s, w, "setup")
    if st.options["goods"] is not None:
        for s, named in enumerate(st.options["goods"]):
            for x in named:
                w = next((c for c in st.seats[s].tableau if _CT[c].id == x), None)
                if w is None or _CT[w].good == ANY:
                    raise OptionError(
                        f"option 'goods' of race: {x!r} is not a world with goods in seat "
                        f"{s + 1}'s tableau"
                    )
                if w in st.seats[s].goods:
                    raise OptionError(f"option 'goods' of race: {x!r} already has a good")
                put_good(st, s, w, "setup")
    for s in range(st.players):
        if st.seats[s].chips:
            st.flow(s, "vp", st.seats[s].chips, "pool:setup", "vp_chips")


def setup_machinery(st: RaceState) -> None:
    st.revealed = True
    st.queue: list[tuple[str, int]] = []
    st.phase_step: tuple[str, int] = ("setup", 0)
    st.placed_this_phase: set[int] = set()
    st.sequence: list[int] = []
    st.resolving: int | None = None
    #: cards drawn unknown in a game recorded from one seat (``unknown_cards``)
    st.unknown = HiddenCards(st.players)
    st.over = False
    st.masked = False  # True on a view: hidden parts replaced by placeholders


def setup_discard(st: RaceState, dealt: bool) -> None:
    """The initial discard (2 after a random deal unless the option says otherwise)."""
    disc = st.options["initial_discard"]
    if disc is None:
        disc = DATA["discard"] if dealt else 0
    st.phase = "setup"
    if disc:
        for s in range(st.players):
            k = min(disc, len(st.seats[s].hand))
            if k:
                put_pending(st, s, ("discard0", k))
    st._tm = deciding(st)
