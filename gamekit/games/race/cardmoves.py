"""Moving cards and chips in Race for the Galaxy: draws from the deck (reshuffled as soon as it
runs out, "Fim da rodada"), goods placed face down on worlds ("Fase V: Produzir"), cards
discarded, VP chips won ("Fase IV: Consumir"), the active powers of a tableau (a card placed
this phase gives no power yet, "Fases") and who decides now. Plain functions of
``(state, seat, ...)`` the rule modules share."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamekit.core import Action
from gamekit.core.course import act
from gamekit.core.stack import Pending, only

from .cards import CardType
from .common import _CT, _GOOD_NAMES, ONLY

if TYPE_CHECKING:
    from .state import RaceState

__all__ = ["Powers", "active", "award", "card_actions", "deciding", "draw", "everyone", "find",
           "has", "ids", "on_step",
           "pending", "per_tableau", "pop", "powers", "put_good", "put_pending", "reshuffled",
           "set_pending", "step_kind", "take_unknown", "to_discard"]

#: shared immutable actions ``(seat, verb, card id)`` (legal lists are rebuilt often)
_ACTS: dict[tuple, Action] = {}


def ids(cards) -> list[str]:
    """Card ids of copy indices."""
    return [_CT[c].id for c in cards]


def reshuffled(st: RaceState):
    """The deck's callback: narrate a reshuffle."""
    return lambda n: st.emit("reshuffle", rule="round_end", n=n)


def pop(st: RaceState) -> int | None:
    """Draw the top card of the deck (reshuffling the discards as soon as it runs out)."""
    return st.pile.draw_one(st.chance, reshuffled(st))


def draw(st: RaceState, s: int, n: int, why: str) -> int:
    """Seat ``s`` draws ``n`` cards into its hand (``why``: the flow's reason); how many came."""
    got = st.pile.draw(st.chance, n, reshuffled(st))
    if got:
        st.seats[s].hand.extend(got)
        if st.unknown.expected[s]:
            take_unknown(st, s, got)
        st.flow(s, "card", len(got), "deck:" + why, "hand")
        if not st.quiet:
            rule = "trade" if why == "trade" else st.phase_step[0]
            st.emit("draw", s, rule=rule, n=len(got), why=why)
            st.emit("drew", s, rule=rule, visible=ONLY[s], cards=ids(got), why=why)
    return len(got)


def take_unknown(st: RaceState, s: int, cards: list[int]) -> None:
    """Cards ``s`` just drew: those declared unknown become provisional (``unknown_cards``)."""
    take = st.unknown.take
    for c in cards:
        if not take(s, c):
            return


def put_good(st: RaceState, s: int, world: int, why: str) -> bool:
    """The top card of the deck as a good on ``world`` of seat ``s`` (False: no card left)."""
    c = pop(st)
    if c is None:
        return False
    st.seats[s].goods[world] = c
    g = _CT[world].good
    st.flow(s, _GOOD_NAMES[g], 1, "deck:" + why, "goods")
    rule = "setup" if why == "setup" else "settle" if why == "settle" else "produce"
    st.emit("good", s, rule=rule, world=_CT[world].id, good=_GOOD_NAMES[g], why=why)
    return True


def award(st: RaceState, s: int, vp: int, why: str) -> None:
    """Seat ``s`` takes ``vp`` chips from the pool (which may go below 0)."""
    if vp <= 0:
        return
    st.seats[s].chips += vp
    st.pool -= vp
    st.flow(s, "vp", vp, "pool:" + why, "vp_chips")
    st.emit("vp", s, rule="consume", n=vp, why=why, pool=st.pool)


def to_discard(st: RaceState, s: int, c: int, src: str, why: str, resource: str = "card") -> None:
    """Card ``c`` of seat ``s`` (from ``src``) onto the discard pile."""
    st.pile.discards.append(c)
    held = st.unknown.held[s]
    if held and c in held:  # an unknown card leaves face down: it stays unknown
        held.remove(c)
    st.flow(s, resource, 1, src, "discard:" + why)


class Powers:
    """What the active cards of one tableau add up to (a tableau changes rarely: computed once
    per distinct tuple of active cards and shared, so read only): the cards, the Explore,
    Develop and Settle counts and the Settle aggregates of ``build.settle_info``."""

    __slots__ = ("cards", "explore_draw", "explore_keep", "dev_discount", "dev_draw_start",
                 "dev_draw_after", "settle_draw_after", "mil", "mil_good", "mil_rebel",
                 "settle_discount", "pay_mil", "colony", "tactics")

    def __init__(self, key: tuple[int, ...]) -> None:
        cards = self.cards = tuple([_CT[c] for c in key])
        explore_draw = explore_keep = discount = draw_start = draw_after = settle_after = 0
        mil = rebel = tactics = 0
        mil_good = [0, 0, 0, 0]
        pay_mil = -1
        discounts: list[tuple[int, int]] = []
        colony = False
        for x in cards:  # one pass: a miss of the cache is paid in random playouts
            explore_draw += x.explore_draw
            explore_keep += x.explore_keep
            discount += x.dev_discount
            draw_start += x.dev_draw_start
            draw_after += x.dev_draw_after
            settle_after += x.settle_draw_after
            mil += x.mil
            rebel += x.mil_rebel
            if x.settle_discount:
                discounts.extend(x.settle_discount)
            if x.mil_good != _NO_GOOD_MIL:
                mil_good = [a + b for a, b in zip(mil_good, x.mil_good)]
            pay_mil = max(pay_mil, x.pay_mil)
            colony = colony or x.colony
            tactics = max(tactics, x.mil_discard)
        self.explore_draw, self.explore_keep = explore_draw, explore_keep
        self.dev_discount, self.dev_draw_start, self.dev_draw_after = discount, draw_start, draw_after
        self.settle_draw_after = settle_after
        self.mil, self.mil_good, self.mil_rebel = mil, tuple(mil_good), rebel
        self.settle_discount = tuple(discounts)
        self.pay_mil, self.colony, self.tactics = pay_mil, colony, tactics


#: a card without military for a kind of good
_NO_GOOD_MIL = [0, 0, 0, 0]

_POWERS: dict[tuple[int, ...], Powers] = {}


def per_tableau(table: dict, key: tuple[int, ...], make, limit: int = 50_000):
    """``table[key]``, made by ``make(key)`` the first time (a tableau's aggregates are computed
    once per distinct tableau; the table is emptied past ``limit`` entries)."""
    found = table.get(key)
    if found is None:
        if len(table) > limit:
            table.clear()
        found = table[key] = make(key)
    return found


def powers(st: RaceState, s: int) -> Powers:
    """The powers of seat ``s``'s active cards (cards placed this phase give none yet)."""
    fresh = st.placed_this_phase
    tab = st.seats[s].tableau
    key = tuple([c for c in tab if c not in fresh]) if fresh else tuple(tab)
    found = _POWERS.get(key)  # looked up here first: the hot path
    return found if found is not None else per_tableau(_POWERS, key, Powers)


def active(st: RaceState, s: int) -> tuple[CardType, ...]:
    """Card types of seat ``s`` whose powers act now (cards placed this phase do not)."""
    return powers(st, s).cards


def find(cards: list[int], card_id: str, skip: int = -1) -> int | None:
    """The first copy of ``card_id`` in ``cards`` (but ``skip``)."""
    for c in cards:
        if c != skip and _CT[c].id == card_id:
            return c
    return None


def has(st: RaceState, s: int, card_id: str) -> int | None:
    """Copy of ``card_id`` active in the tableau of ``s``, if any."""
    fresh = st.placed_this_phase
    for c in st.seats[s].tableau:
        if _CT[c].id == card_id and c not in fresh:
            return c
    return None


def pending(st: RaceState, s: int) -> tuple | None:
    """The step seat ``s`` is on, read from the core decision stack (``state.stack``,
    ``gamekit.core.stack``: a seat's top entry) as ``(kind, *data)``; ``None``: nothing to
    decide. Race asks each seat one step at a time, so a seat has at most one entry.
    (Entries are read by index, ``(kind, seat, data)``: the hot path.)"""
    for e in st.stack:
        if e[1] == s:
            return (e[0], *e[2])
    return None


def on_step(st: RaceState, s: int) -> bool:
    """Whether seat ``s`` has a step to decide (``pending(st, s) is not None`` without
    building the step)."""
    for e in st.stack:
        if e[1] == s:
            return True
    return False


def step_kind(st: RaceState, s: int) -> str:
    """The kind of the step seat ``s`` is on (its entry of the core stack; it has one)."""
    for e in st.stack:
        if e[1] == s:
            return e[0]
    raise KeyError(f"seat {s} has no pending step")


#: ``Pending(kind, seat, data)`` without the keyword handling of its ``__new__`` (hot path)
_entry = tuple.__new__


def put_pending(st: RaceState, s: int, p: tuple | None) -> None:
    """Seat ``s``'s entry of the core stack becomes the step ``p`` (``(kind, *data)``, the kind
    one of ``decisions.STEPS``); ``None``: the step is answered and popped. Entries stay in
    seat order. (Stacks of none, one or two entries, most of a game's writes, are rebuilt
    without a scan; a step without data on an empty stack is the core's interned ``only``.)"""
    stack = st.stack
    if p is None:
        if stack:
            st.stack = _without(stack, s)
        return
    if len(p) == 1:
        for e in stack:
            if e[1] == s:
                if e[0] == p[0] and not e[2]:
                    return  # the seat stays on the same step (another card to keep)
                break
        if not stack:
            st.stack = only(p[0], s)
            return
    st.stack = _with(stack, _entry(Pending, (p[0], s, p[1:])))


def _without(stack: tuple, s: int) -> tuple:
    """``stack`` without the entries of seat ``s``."""
    n = len(stack)
    if n == 1:
        return () if stack[0][1] == s else stack
    if n == 2 and (stack[0][1] == s) != (stack[1][1] == s):
        return stack[1:] if stack[0][1] == s else stack[:1]
    return tuple([e for e in stack if e[1] != s])


def _with(stack: tuple, entry: tuple) -> tuple:
    """``stack`` with ``entry`` in place of its seat's entries, in seat order."""
    if not stack:
        return (entry,)
    s = entry[1]
    if len(stack) == 1:
        other = stack[0][1]
        return (entry,) if other == s else (stack[0], entry) if other < s else (entry, stack[0])
    out = []
    for e in stack:  # one pass, seat order kept (a few entries at most)
        other = e[1]
        if other >= s and entry is not None:
            out.append(entry)
            entry = None
        if other != s:
            out.append(e)
    if entry is not None:
        out.append(entry)
    return tuple(out)


#: every seat on one step without data, by (kind, players): an interned stack
_EVERYONE: dict[tuple[str, int], tuple[Pending, ...]] = {}
#: every seat deciding, by number of players
_SEATS = [tuple(range(n)) for n in range(5)]


def everyone(st: RaceState, kind: str) -> None:
    """Every seat is on the step ``kind`` (one without data: a secret choice or pick, "Como
    jogar"), replacing the stack (empty while the course walks); every seat decides."""
    key = (kind, st.players)
    stack = _EVERYONE.get(key)
    if stack is None:
        stack = _EVERYONE[key] = tuple([only(kind, s)[0] for s in range(st.players)])
    st.stack = stack
    st._tm = _SEATS[st.players]


def set_pending(st: RaceState, s: int, p: tuple | None) -> None:
    """Seat ``s`` is now on step ``p`` (``None``: nothing to decide); who decides follows."""
    put_pending(st, s, p)
    stack = st.stack
    st._tm = (stack[0][1],) if len(stack) == 1 else tuple([e[1] for e in stack])


def deciding(st: RaceState) -> tuple[int, ...]:
    """The seats with a pending step (``to_move`` while the game is not paused)."""
    return tuple([e[1] for e in st.stack])


def card_actions(s: int, verb: str, cards: list[int], skip: int = -1) -> list[Action]:
    """``verb <card id>`` once per card id of ``cards`` (but ``skip``), in their order."""
    seen = set()
    out = []
    acts = _ACTS
    for c in cards:
        if c == skip:
            continue
        cid = _CT[c].id
        if cid not in seen:
            seen.add(cid)
            key = (s, verb, cid)
            a = acts.get(key)
            if a is None:
                a = acts[key] = act(s, verb, (cid,))
            out.append(a)
    return out
