"""The draft for the random-play walker (``playout``, issue 15; rulebook "Fase de Seleção",
"Modo 2 jogadores"): every seat picks a distinct card of its hand, the picks are revealed and
the hands passed; with the budget for the rest of the draft, a whole round of turns in one
loop (``_draft_round``), else turn by turn (``_draft``, which stops at any pick). Also the
walker's shared tables: action texts, bit lengths, empty sub-stacks and the draw."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamekit.core.actions import _text

from .actions import CARD_ACTIONS
from .draft import LEFT_ROUNDS, PICKS
from .planning import start

if TYPE_CHECKING:
    from .state import WonderfulState

__all__ = ["_texts", "_WIDTH", "_NONE", "_draw", "_reveal", "_draft"]


def _texts(verb: str) -> list[dict[str, str]]:
    """The logged text of ``<verb> <card>`` by seat and card id."""
    return [{cid: _text(a) for cid, a in table.items()} for table in CARD_ACTIONS[verb]]


_DRAFT, _KEEP, _RECYCLE, _DISCARD = (_texts(v) for v in ("draft", "keep", "recycle", "discard"))
#: bit length of each count of legal actions (``int.bit_length`` without the call); a list
#: is never longer: 10 distinct drafted cards kept or recycled, 150 cards under construction
#: each discarded or given one token per kind of space (8 kinds)
_WIDTH = tuple(k.bit_length() for k in range(2048))
#: ``n`` empty sub-stacks (``state.stacks`` of nobody deciding, or its first ``n`` seats)
_NONE = {n: ((),) * n for n in range(6)}


def _reveal(state: WonderfulState) -> bool:
    """Every pick is in: to the selection areas, and the hands passed (``draft.reveal``,
    quiet); whether the draft goes on."""
    seats = state.seats
    n = len(seats)
    for seat in seats:
        seat.drafted.append(seat.pick)
        seat.pick = None
    hands = [seat.hand for seat in seats]
    if n == 2 and len(hands[0]) == 3:  # 2 players: the 3 cards left are discarded
        for seat in seats:
            state.pile.discards.extend(seat.hand)
            seat.hand = []
        return False
    d = 1 if state.round in LEFT_ROUNDS else -1
    packets = [seat.packet for seat in seats]
    for s in range(n):
        receiver = seats[(s + d) % n]
        receiver.hand = hands[s]
        receiver.packet = packet = packets[s]
        receiver.packets_seen |= 1 << packet
    if n > 2 and len(hands[0]) == 1:  # the single card passed last is kept
        for seat in seats:
            seat.drafted.append(seat.hand[0])
            seat.hand = []
        return False
    return True


def _draft(state: WonderfulState, bits: list, log, budget: int) -> int:
    """The draft's turns ("Fase de Seleção"), at most ``budget`` picks: every seat with a pick
    on the stack takes a distinct card of its hand, then the picks are revealed and the hands
    passed, until the draft ends and planning starts. Returns the picks made."""
    seats = state.seats
    texts = _DRAFT
    n = 0
    while True:
        stacks = state.stacks
        if budget - n >= _round_picks(seats) and stacks == PICKS[len(seats)]:
            return n + _draft_round(state, bits, log)
        for s, mine in enumerate(stacks):
            if not mine:
                continue
            if n >= budget:
                state.stacks = _NONE[s] + stacks[s:]
                return n
            seat = seats[s]
            hand = seat.hand
            cards = list(dict.fromkeys(hand))
            k = len(cards)
            cid = cards[_draw(bits[s], k)] if k > 1 else cards[0]
            log(texts[s][cid])
            hand.remove(cid)
            seat.pick = cid
            n += 1
        state.stacks = _NONE[len(seats)]
        if not _reveal(state):
            start(state)
            return n
        state.stacks = PICKS[len(seats)]


def _round_picks(seats: list) -> int:
    """The picks left in the draft when every seat is to pick from its hand: each pick turn
    takes a card from every hand, until 1 card is left (2 players: 3, discarded)."""
    n = len(seats)
    return n * (len(seats[0].hand) - (3 if n == 2 else 1))


def _draft_round(state: WonderfulState, bits: list, log) -> int:
    """The rest of the draft from a pick turn on ("Fase de Seleção", "Modo 2 jogadores"), every
    seat to pick: the same picks, draws and log as ``_draft`` turn by turn, with the hands
    handed round a list (``held``) and each pick to the selection area at once; the seats'
    hands, packets and the packets they have seen are written as the last reveal leaves them
    (``_pass``). Planning starts. Returns the picks made."""
    seats = state.seats
    n = len(seats)
    texts = _DRAFT
    held = [seat.hand for seat in seats]  # the hand each seat holds, handed on each turn
    areas = [seat.drafted for seat in seats]
    # the hands with copies, by ``id``: where a pair's later copy lies (-1: more copies)
    dups = {id(hand): _later_copy(hand) for hand in held if len(set(hand)) < len(hand)}
    left = 3 if n == 2 else 1
    d = 1 if state.round in LEFT_ROUNDS else -1
    turns = 0
    while True:
        if dups:
            _pick_first_copies(held, dups, bits, log, areas)
        else:  # every hand of distinct cards, all of one size (2 or more): the usual turn
            k = len(held[0])
            width = _WIDTH[k]
            for hand, draw, text, area in zip(held, bits, texts, areas):
                i = draw(width)
                while i >= k:
                    i = draw(width)
                cid = hand.pop(i)
                log(text[cid])
                area.append(cid)
        hand = held[0]
        turns += 1
        if n == 2 and len(hand) == left:  # 2 players: the 3 cards left are discarded
            for hand in held:
                state.pile.discards.extend(hand)
            _pass(seats, d, turns - 1)
            break
        # passed: seat s gets the hand of seat s - d
        held = held[-1:] + held[:-1] if d == 1 else held[1:] + held[:1]
        if len(hand) == left:  # the single card passed last is kept
            for s, hand in enumerate(held):
                areas[s].append(hand[0])
            _pass(seats, d, turns)
            break
    for seat in seats:
        seat.hand = []
    state.stacks = _NONE[n]
    start(state)
    return turns * n


def _pass(seats: list, d: int, passes: int) -> None:
    """The packets after ``passes`` passes of the hands (``_reveal`` each time: seat ``s``
    gets the packet of seat ``s - d``), and the packets each seat has held on the way."""
    n = len(seats)
    packets = [seat.packet for seat in seats]
    every = (1 << n) - 1 if passes >= n - 1 else 0  # each packet held once (packets 0 .. n-1)
    for s, seat in enumerate(seats):
        if every:
            seat.packets_seen |= every
        else:
            seen = seat.packets_seen
            for t in range(1, passes + 1):
                seen |= 1 << packets[(s - d * t) % n]
            seat.packets_seen = seen
        seat.packet = packets[(s - d * passes) % n]


def _later_copy(hand: list) -> int:
    """Where the second copy lies in a hand holding two copies of one card and one of each
    other card; -1 for a hand with more copies (three of a card, two pairs)."""
    seen: set[str] = set()
    later = -1
    for j, cid in enumerate(hand):
        if cid in seen:
            if later >= 0:
                return -1
            later = j
        seen.add(cid)
    return later


def _pick_first_copies(held: list, dups: dict, bits: list, log, areas: list) -> None:
    """One pick turn where some hands (``dups``, by ``id``) hold two copies of a card: each
    seat picks one of the distinct cards of its hand, in the order of first copies. A hand
    with one pair (``dups`` gives where its later copy lies) draws among the hand less that
    copy; a hand with more copies lists its first copies; a hand of distinct cards draws as in
    ``_draft_round`` (every hand holds as many cards: one count and bit length for the turn).
    A hand whose copies are gone leaves ``dups``."""
    k = len(held[0])
    width = _WIDTH[k]
    for hand, draw, text, area in zip(held, bits, _DRAFT, areas):
        later = dups.get(id(hand))
        if later is None:  # distinct cards: ``_draw`` inline (2 or more cards)
            i = draw(width)
            while i >= k:
                i = draw(width)
            cid = hand.pop(i)
        elif later >= 0:  # one pair: the k - 1 first copies are the hand less its later copy
            i = 0
            if k > 2:  # (``_draw`` inline)
                w = _WIDTH[k - 1]
                i = draw(w)
                while i >= k - 1:
                    i = draw(w)
            if i >= later:
                i += 1
            else:
                later -= 1
            cid = hand.pop(i)
            if hand[later] == cid:  # the pair's first copy: no copies left
                del dups[id(hand)]
            else:
                dups[id(hand)] = later
        else:
            cards = list(dict.fromkeys(hand))
            cid = cards[_draw(draw, len(cards))] if len(cards) > 1 else cards[0]
            hand.remove(cid)  # (its first copy)
            if len(cards) == k:  # its copies were gone
                del dups[id(hand)]
        log(text[cid])
        area.append(cid)


def _draw(draw, k: int) -> int:
    """``Random._randbelow(k)`` for ``k`` > 1 through the seat's ``getrandbits``."""
    width = _WIDTH[k]
    i = draw(width)
    while i >= k:
        i = draw(width)
    return i
