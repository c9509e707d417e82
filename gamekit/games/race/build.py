"""Phases II and III, Develop and Settle: secret pick, reveal, then paying, conquering and
placing one seat at a time (cards placed act from the next phase)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamekit.core import Action

from .cardmoves import (
    draw,
    everyone,
    has,
    on_step,
    pending,
    powers,
    put_good,
    put_pending,
    set_pending,
    to_discard,
)
from .choose import bonus
from .common import (
    _CT,
    ALIEN,
    ANY,
    DEV,
    DEV2,
    ONLY,
    SET,
    SET2,
    _cid,
)
from .unknown_cards import known_find

if TYPE_CHECKING:
    from .state import RaceState


def begin_develop(st: RaceState, k: int) -> None:
    for s in st.order:
        n = powers(st, s).dev_draw_start
        if n:
            draw(st, s, n, "develop_start")
    for seat in st.seats:
        seat.chosen = None
    everyone(st, "dev_pick")


def dev_cost(st: RaceState, s: int, ct) -> int:
    disc = powers(st, s).dev_discount
    if bonus(st, s, (DEV, DEV2)) >= st.phase_step[1]:
        disc += 1
    return max(0, ct.cost - disc)


def legal_dev_pick(st: RaceState, s: int) -> list[Action]:
    hand = st.seats[s].hand
    owned = {_CT[c].t for c in st.seats[s].tableau}
    room = len(hand) - 1
    out = [Action(s, "pass")]
    seen = set()
    disc = -1
    for c in hand:
        ct = _CT[c]
        if not ct.dev or ct.t in owned or ct.t in seen:
            continue
        seen.add(ct.t)
        if disc < 0:
            disc = powers(st, s).dev_discount + (
                1 if bonus(st, s, (DEV, DEV2)) >= st.phase_step[1] else 0)
        if ct.cost - disc <= room:
            out.append(Action(s, "develop", (ct.id,)))
    return out


def act_pick(st: RaceState, s: int, a: Action) -> None:
    what = st.phase_step[0]
    if a.verb == "pass":
        st.seats[s].chosen = -1
    else:
        st.seats[s].chosen = known_find(st, s, st.seats[s].hand, a.args[0])
    if st.seats[s].chosen < 0:
        st.emit("pick_pass", s, rule=what, visible=ONLY[s])
    else:
        st.emit("pick", s, rule=what, visible=ONLY[s], card=_cid(st.seats[s].chosen))
    set_pending(st, s, None)


def reveal_picks(st: RaceState) -> None:
    """Every seat has picked: reveal the picks, then place them one seat at a time."""
    what = st.phase_step[0]
    for x in st.order:
        c = st.seats[x].chosen
        if c >= 0:
            st.emit("pick_shown", x, rule=what, card=_cid(c))
        else:
            st.emit("pick_none", x, rule=what)
    st.sequence = [x for x in st.order if st.seats[x].chosen >= 0]
    st.resolving = None
    run_seq(st)


def run_seq(st: RaceState) -> None:
    """Resolve placements one seat at a time until a seat must decide."""
    while True:
        s = st.resolving
        if s is not None and on_step(st, s):
            st._tm = (s,)
            return
        if not st.sequence:
            break
        s = st.resolving = st.sequence.pop(0)
        if st.phase_step[0] == "develop":
            start_dev_payment(st, s)
        else:
            start_settle(st, s)
    st.resolving = None
    st._tm = ()
    settle = st.phase_step[0] == "settle"
    for seat in st.seats:
        seat.chosen = None
        if settle:
            seat.temp_military = 0


def start_dev_payment(st: RaceState, s: int) -> None:
    c = st.seats[s].chosen
    cost = dev_cost(st, s, _CT[c])
    begin_payment(st, s, c, cost, False)


def begin_payment(st: RaceState, s: int, card: int, cost: int, colony: bool) -> None:
    """Pay ``cost`` cards for ``card``; ``colony``: Colony Ship may pay instead."""
    if cost <= 0:
        place(st, s, card)
        return
    put_pending(st, s, ("pay", card, cost, colony))
    auto_pay(st, s)


def auto_pay(st: RaceState, s: int) -> None:
    """Pay without asking when the choice is forced."""
    p = pending(st, s)
    _, card, left, colony = p
    if colony:
        return
    payable = [c for c in st.seats[s].hand if c != card]
    if len(payable) == left or len({_CT[c].t for c in payable}) == 1:
        for c in payable[:left]:
            pay(st, s, c)
        put_pending(st, s, None)
        place(st, s, card)


def pay(st: RaceState, s: int, c: int) -> None:
    st.seats[s].hand.remove(c)
    to_discard(st, s, c, "hand", "payment")
    st.emit("pay", s, rule=st.phase_step[0], n=1)
    st.emit("discarded", s, rule=st.phase_step[0], visible=ONLY[s], card=_cid(c))


def act_pay(st: RaceState, s: int, a: Action) -> None:
    _, card, left, colony = pending(st, s)
    if a.verb == "use":  # Colony Ship pays the whole cost
        ship = has(st, s, "colony_ship")
        discard_from_tableau(st, s, ship, "colony_ship")
        put_pending(st, s, None)
        place(st, s, card)
    else:
        c = known_find(st, s, st.seats[s].hand, a.args[0], skip=card)
        pay(st, s, c)
        left -= 1
        if left == 0:
            put_pending(st, s, None)
            place(st, s, card)
        else:
            put_pending(st, s, ("pay", card, left, False))
            auto_pay(st, s)
    run_seq(st)


def discard_from_tableau(st: RaceState, s: int, c: int, why: str) -> None:
    st.seats[s].tableau.remove(c)
    st.seats[s].goods.pop(c, None)
    to_discard(st, s, c, "tableau", why)
    st.emit("use_power", s, rule="settle", card=_cid(c))


def place(st: RaceState, s: int, c: int) -> None:
    ct = _CT[c]
    st.seats[s].hand.remove(c)
    st.seats[s].tableau.append(c)
    st.placed_this_phase.add(c)
    st.flow(s, "card", 1, "hand", "tableau")
    st.emit("place", s, rule=st.phase_step[0], card=ct.id)
    if ct.dev:
        n = powers(st, s).dev_draw_after
        if n:
            draw(st, s, n, "develop_after")
    else:
        if ct.windfall:
            put_good(st, s, c, "settle")
        n = powers(st, s).settle_draw_after
        if bonus(st, s, (SET, SET2)) >= st.phase_step[1]:
            n += 1
        if n:
            draw(st, s, n, "settle_after")


def begin_settle(st: RaceState, k: int) -> None:
    for seat in st.seats:
        seat.chosen = None
        seat.temp_military = 0
    everyone(st, "set_pick")


def settle_info(st: RaceState, s: int):
    """Aggregates of the active tableau of seat ``s`` for settling (public: bots read it):
    military, military per good, against rebels, discounts, Contact Specialist's military
    pay (-1: none), Colony Ship, New Military Tactics' bonus."""
    p = powers(st, s)
    return (p.mil + st.seats[s].temp_military, p.mil_good, p.mil_rebel, p.settle_discount,
            p.pay_mil, p.colony, p.tactics)


def discount_for(disc, ct) -> int:
    """Settle discount on world ``ct`` from the discounts ``disc`` of ``settle_info``."""
    return sum(n for n, g in disc if g == ANY or g == ct.good)


def strength(info, ct) -> int:
    mil, milg, milr, *_ = info
    v = mil
    if ct.good != ANY:
        v += milg[ct.good]
    if ct.rebel:
        v += milr
    return v


def settle_options(st: RaceState, s: int, c: int, info=None) -> list[str]:
    """Ways seat ``s`` can place world ``c`` now: pay / colony / conquer / tactics / contact."""
    ct = _CT[c]
    info = info or settle_info(st, s)
    mil, milg, milr, disc, pay_mil, colony, tactics = info
    room = len(st.seats[s].hand) - 1
    out = []
    if not ct.military:
        cost = max(0, ct.cost - discount_for(disc, ct))
        if cost <= room or (colony and ct.good != ALIEN):
            out.append("pay")
        return out
    force = strength(info, ct)
    if force >= ct.defense:
        out.append("conquer")
    if tactics and force + tactics >= ct.defense:
        out.append("tactics")
    if pay_mil >= 0 and ct.good != ALIEN:
        cost = max(0, ct.defense - pay_mil - discount_for(disc, ct))
        if cost <= room or colony:
            out.append("contact")
    return out


def legal_set_pick(st: RaceState, s: int) -> list[Action]:
    out = [Action(s, "pass")]
    seen = set()
    info = None
    for c in st.seats[s].hand:
        ct = _CT[c]
        if ct.dev or ct.t in seen:
            continue
        seen.add(ct.t)
        if info is None:
            info = settle_info(st, s)
        if settle_options(st, s, c, info):
            out.append(Action(s, "settle", (ct.id,)))
    return out


def start_settle(st: RaceState, s: int) -> None:
    c = st.seats[s].chosen
    opts = settle_options(st, s, c)
    if opts == ["pay"]:
        settle_pay(st, s, c, False)
    elif len(opts) == 1:
        settle_method(st, s, c, opts[0])
    else:
        put_pending(st, s, ("method", c, tuple(opts)))


def settle_pay(st: RaceState, s: int, c: int, contact: bool) -> None:
    ct = _CT[c]
    info = settle_info(st, s)
    disc, pay_mil, colony = info[3], info[4], info[5]
    base = ct.defense - pay_mil if contact else ct.cost
    cost = max(0, base - discount_for(disc, ct))
    can_ship = colony and ct.good != ALIEN and cost > 0
    if can_ship and cost > len(st.seats[s].hand) - 1:
        # cannot pay in cards: the Colony Ship must be used
        ship = has(st, s, "colony_ship")
        discard_from_tableau(st, s, ship, "colony_ship")
        place(st, s, c)
        return
    begin_payment(st, s, c, cost, can_ship)


def settle_method(st: RaceState, s: int, c: int, how: str) -> None:
    ct = _CT[c]
    if how == "conquer":
        st.emit("conquer", s, rule="settle", card=ct.id, defense=ct.defense)
        place(st, s, c)
    elif how == "tactics":
        nmt = next(x for x in st.seats[s].tableau if _CT[x].mil_discard and x not in st.placed_this_phase)
        st.seats[s].temp_military += _CT[nmt].mil_discard
        discard_from_tableau(st, s, nmt, "military_tactics")
        st.emit("conquer", s, rule="settle", card=ct.id, defense=ct.defense)
        place(st, s, c)
    else:  # contact: pay for a military world
        st.emit("contact", s, rule="settle", card=ct.id)
        settle_pay(st, s, c, True)


def act_method(st: RaceState, s: int, a: Action) -> None:
    _, c, _opts = pending(st, s)
    put_pending(st, s, None)
    settle_method(st, s, c, a.args[0])
    run_seq(st)
