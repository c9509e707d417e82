"""Phase IV, Consume (with the Trade bonus): free order, each power once, a started power used to
the maximum, mandatory except the discard-from-hand powers; x2 doubles VP from goods only."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamekit.core import Action

from .cardmoves import active, award, draw, find, on_step, pending, pop, put_pending, to_discard
from .common import (
    _CT,
    _GOOD_NAMES,
    ANY,
    ONLY,
    TRADE,
    TRADE_VALUE,
    X2,
)
from .unknown_cards import known_find

if TYPE_CHECKING:
    from .state import RaceState


def begin_consume(st: RaceState, k: int) -> None:
    for seat in st.seats:
        seat.consume_used = set()
    st.sequence = list(st.order)
    st.resolving = None
    consume_run(st)


def consume_run(st: RaceState) -> None:
    """Resolve consume one seat at a time (trade first) until a seat must decide."""
    while True:
        s = st.resolving
        if s is not None:
            if not on_step(st, s):
                consume_next(st, s)
            if on_step(st, s):
                st._tm = (s,)
                return
        if not st.sequence:
            break
        st.resolving = st.sequence.pop(0)
    st.resolving = None
    st._tm = ()


def consume_next(st: RaceState, s: int) -> None:
    """Set the next consume-step decision of ``s`` (or nothing when done)."""
    p = st.seats[s].action_picks
    used = st.seats[s].consume_used
    if "done" in used:
        return
    if TRADE in p and "trade" not in used:
        used.add("trade")
        if st.seats[s].goods:
            worlds = good_worlds(st, s, ANY)
            if len(worlds) == 1:
                sell(st, s, worlds[0], True, "trade")
            else:
                put_pending(st, s, ("trade",))
                return
    if "start" not in used:
        used.add("start")
        for ct in active(st, s):
            for pw in ct.consume:
                if pw[0] == "draw":
                    draw(st, s, pw[1], "consume")
    while True:
        legal = legal_consume(st, s)
        if not legal:
            used.add("done")
            return
        if len(legal) == 1:
            a = legal[0]
            if a.verb == "done":
                used.add("done")
                st.emit("consume_done", s, rule="consume")
                return
            start_power(st, s, a)
            if on_step(st, s):
                return
            continue
        put_pending(st, s, ("consume",))
        return


def good_worlds(st: RaceState, s: int, good: int, exclude: tuple = ()) -> list[int]:
    return [w for w in st.seats[s].goods
            if (good == ANY or _CT[w].good == good) and _CT[w].good not in exclude]


def power_usable(st: RaceState, s: int, pw: tuple) -> bool:
    kind = pw[0]
    goods = st.seats[s].goods
    if kind == "goods":
        _, good, per, distinct, *_ = pw
        if distinct:
            return len({_CT[w].good for w in goods}) >= per
        n = len(goods) if good == ANY else sum(1 for w in goods if _CT[w].good == good)
        return n >= per
    if kind in ("all", "sell"):
        return bool(goods)
    if kind == "hand":
        return bool(st.seats[s].hand)
    if kind == "gamble":
        return bool(st.pile.cards or st.pile.discards)
    return False


def legal_consume(st: RaceState, s: int) -> list[Action]:
    used = st.seats[s].consume_used
    out = []
    must = False
    for ct in active(st, s):
        for i, pw in enumerate(ct.consume):
            if (ct.id, i) in used or pw[0] == "draw" or not power_usable(st, s, pw):
                continue
            if pw[0] == "gamble":
                must = True
                out.extend(Action(s, "gamble", (n,)) for n in range(1, 8))
                continue
            out.append(Action(s, "consume", (ct.id,)))
            if pw[0] != "hand":
                must = True
    if out and not must:
        out.append(Action(s, "done"))
    return out


def power_of(st: RaceState, s: int, card_id: str, is_gamble: bool):
    for ct in active(st, s):
        if ct.id == card_id or is_gamble:
            for i, pw in enumerate(ct.consume):
                if (pw[0] == "gamble") == is_gamble and pw[0] != "draw" and (
                        (ct.id, i) not in st.seats[s].consume_used):
                    return ct, i, pw
    raise KeyError(card_id)


def start_power(st: RaceState, s: int, a: Action) -> None:
    is_gamble = a.verb == "gamble"
    ct, i, pw = power_of(st, s, "" if is_gamble else a.args[0], is_gamble)
    st.seats[s].consume_used.add((ct.id, i))
    kind = pw[0]
    if kind == "gamble":
        flip_gamble(st, s, a.args[0])
        return
    st.emit("power", s, rule="consume", card=ct.id)
    if kind == "goods":
        _, good, per, distinct, uses, vp, cards, x2 = pw
        # (card, good filter, per use, distinct, uses left, picked this use, vp, cards, x2)
        put_pending(st, s, ("good", ct.id, good, per, distinct, uses, (), vp, cards, x2))
        auto_goods(st, s)
    elif kind == "all":
        n = 0
        for w in list(st.seats[s].goods):
            consume_good(st, s, w)
            n += 1
        vp = max(0, n * pw[1] - pw[2])
        if pw[3] and X2 in st.seats[s].action_picks:
            vp *= 2
        award(st, s, vp, "consume")
    elif kind == "sell":
        worlds = good_worlds(st, s, ANY)
        if len(worlds) == 1:
            sell(st, s, worlds[0], pw[1], "consume_sell")
        else:
            put_pending(st, s, ("sell", pw[1]))
    elif kind == "hand":
        put_pending(st, s, ("hand", ct.id, pw[1], pw[2]))
        if not st.seats[s].hand:
            put_pending(st, s, None)


def flip_gamble(st: RaceState, s: int, n: int) -> None:
    c = pop(st)
    if c is None:
        return
    ct = _CT[c]
    win = ct.value == n
    st.emit("gamble_win" if win else "gamble_lose", s, rule="consume", n=n, card=ct.id)
    if win:
        st.seats[s].hand.append(c)
        st.flow(s, "card", 1, "deck:gamble", "hand")
    else:
        st.pile.discards.append(c)
        st.flow(s, "card", 1, "deck:gamble", "discard:gamble")


def consume_good(st: RaceState, s: int, w: int) -> None:
    """Discard the good of world ``w`` (face down: the world is public, the card is not)."""
    c = st.seats[s].goods.pop(w)
    g = _GOOD_NAMES[_CT[w].good]
    to_discard(st, s, c, "goods", "consume", g)
    st.emit("discard_good", s, rule="consume", world=_CT[w].id, good=g)


def goods_choices(st: RaceState, s: int) -> list[int]:
    _, _cid_, good, per, distinct, uses, picked, *_ = pending(st, s)
    if distinct:
        return [w for w in st.seats[s].goods if _CT[w].good not in picked]
    return good_worlds(st, s, good)


def auto_goods(st: RaceState, s: int) -> None:
    """Consume without asking while the choice is forced."""
    while (p := pending(st, s)) is not None and p[0] == "good":
        choices = goods_choices(st, s)
        per, distinct, uses, picked = p[3], p[4], p[5], p[6]
        need = uses * per - len(picked)
        if len(choices) == 1 or (not distinct and len(choices) <= need) or (
                distinct and len(choices) == per - len(picked)):
            pick_good(st, s, choices[0])
        else:
            return


def pick_good(st: RaceState, s: int, w: int) -> None:
    _, cid, good, per, distinct, uses, picked, vp, cards, x2 = pending(st, s)
    consume_good(st, s, w)
    picked = picked + (_CT[w].good,)
    if len(picked) == per:
        uses -= 1
        picked = ()
        gain = vp * (2 if x2 and X2 in st.seats[s].action_picks else 1)
        st.emit("consumed", s, rule="consume", card=cid, n=per)
        award(st, s, gain, "consume")
        if cards:
            draw(st, s, cards, "consume")
        probe = ("goods", good, per, distinct)
        if uses == 0 or not power_usable(st, s, probe):
            put_pending(st, s, None)
            return
    put_pending(st, s, ("good", cid, good, per, distinct, uses, picked, vp, cards, x2))


def act_good(st: RaceState, s: int, a: Action) -> None:
    w = find(list(st.seats[s].goods), a.args[0])
    pick_good(st, s, w)
    auto_goods(st, s)
    consume_run(st)


def sell(st: RaceState, s: int, w: int, bonuses: bool, why: str) -> None:
    g = _CT[w].good
    n = TRADE_VALUE[g]
    if bonuses:
        for ct in active(st, s):
            for b, bg in ct.trade_bonus:
                if bg == ANY or bg == g:
                    n += b
        if w not in st.placed_this_phase:
            n += _CT[w].trade_this
    c = st.seats[s].goods.pop(w)
    to_discard(st, s, c, "goods", why, _GOOD_NAMES[g])
    st.emit("sell", s, rule="trade" if why == "trade" else "consume",
              world=_CT[w].id, good=_GOOD_NAMES[g], n=n)
    draw(st, s, n, why)


def act_trade(st: RaceState, s: int, a: Action) -> None:
    p = pending(st, s)
    w = find(list(st.seats[s].goods), a.args[0])
    put_pending(st, s, None)
    if p[0] == "trade":
        sell(st, s, w, True, "trade")
    else:
        sell(st, s, w, p[1], "consume_sell")
    consume_run(st)


def act_consume(st: RaceState, s: int, a: Action) -> None:
    put_pending(st, s, None)
    if a.verb == "done":
        st.seats[s].consume_used.add("done")
        st.emit("consume_done", s, rule="consume")
    else:
        start_power(st, s, a)
    consume_run(st)


def act_hand(st: RaceState, s: int, a: Action) -> None:
    _, cid, left, vp = pending(st, s)
    if a.verb == "done":
        put_pending(st, s, None)
    else:
        c = known_find(st, s, st.seats[s].hand, a.args[0])
        st.seats[s].hand.remove(c)
        to_discard(st, s, c, "hand", "consume")
        st.emit("discard", s, rule="consume", n=1)
        st.emit("discarded", s, rule="consume", visible=ONLY[s], card=a.args[0])
        award(st, s, vp, "discard_hand")
        left -= 1
        put_pending(st, s, ("hand", cid, left, vp) if left and st.seats[s].hand else None)
    consume_run(st)
