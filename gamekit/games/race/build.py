"""Phases II and III, Develop and Settle: secret pick, reveal, then paying, conquering and
placing one seat at a time (cards placed act from the next phase)."""

from __future__ import annotations

from gamekit.core import Action

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


class BuildRules:
    """Develop and Settle phase methods of ``RaceState`` (a mixin)."""

    # ------------------------------------------------------------------ develop
    def _begin_develop(self, k: int) -> None:
        for s in self.order:
            n = sum(ct.dev_draw_start for ct in self._active(s))
            if n:
                self._draw(s, n, "develop_start")
        for seat in self.seats:
            seat.chosen = None
            seat.pending = ("dev_pick",)
        self._tm = tuple(range(self.players))

    def _dev_cost(self, s: int, ct) -> int:
        disc = sum(x.dev_discount for x in self._active(s))
        if self._bonus(s, (DEV, DEV2)) >= self.phase_step[1]:
            disc += 1
        return max(0, ct.cost - disc)

    def _legal_dev_pick(self, s: int) -> list[Action]:
        hand = self.seats[s].hand
        owned = {_CT[c].t for c in self.seats[s].tableau}
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
                disc = sum(x.dev_discount for x in self._active(s)) + (
                    1 if self._bonus(s, (DEV, DEV2)) >= self.phase_step[1] else 0)
            if ct.cost - disc <= room:
                out.append(Action(s, "develop", (ct.id,)))
        return out

    def _act_pick(self, s: int, a: Action) -> None:
        what = self.phase_step[0]
        if a.verb == "pass":
            self.seats[s].chosen = -1
        else:
            self.seats[s].chosen = self._known_find(s, self.seats[s].hand, a.args[0])
        if self.seats[s].chosen < 0:
            self.emit("pick_pass", s, rule=what, visible=ONLY[s])
        else:
            self.emit("pick", s, rule=what, visible=ONLY[s], card=_cid(self.seats[s].chosen))
        self._set_pend(s, None)

    def _reveal_picks(self) -> None:
        """Every seat has picked: reveal the picks, then place them one seat at a time."""
        what = self.phase_step[0]
        for x in self.order:
            c = self.seats[x].chosen
            if c >= 0:
                self.emit("pick_shown", x, rule=what, card=_cid(c))
            else:
                self.emit("pick_none", x, rule=what)
        self.sequence = [x for x in self.order if self.seats[x].chosen >= 0]
        self.resolving = None
        self._run_seq()

    def _run_seq(self) -> None:
        """Resolve placements one seat at a time until a seat must decide."""
        while True:
            s = self.resolving
            if s is not None and self.seats[s].pending is not None:
                self._tm = (s,)
                return
            if not self.sequence:
                break
            s = self.resolving = self.sequence.pop(0)
            if self.phase_step[0] == "develop":
                self._start_dev_payment(s)
            else:
                self._start_settle(s)
        self.resolving = None
        self._tm = ()
        settle = self.phase_step[0] == "settle"
        for seat in self.seats:
            seat.chosen = None
            if settle:
                seat.temp_military = 0

    def _start_dev_payment(self, s: int) -> None:
        c = self.seats[s].chosen
        cost = self._dev_cost(s, _CT[c])
        self._begin_payment(s, c, cost, False)

    def _begin_payment(self, s: int, card: int, cost: int, colony: bool) -> None:
        """Pay ``cost`` cards for ``card``; ``colony``: Colony Ship may pay instead."""
        if cost <= 0:
            self._place(s, card)
            return
        self.seats[s].pending = ("pay", card, cost, colony)
        self._auto_pay(s)

    def _auto_pay(self, s: int) -> None:
        """Pay without asking when the choice is forced."""
        p = self.seats[s].pending
        _, card, left, colony = p
        if colony:
            return
        payable = [c for c in self.seats[s].hand if c != card]
        if len(payable) == left or len({_CT[c].t for c in payable}) == 1:
            for c in payable[:left]:
                self._pay(s, c)
            self.seats[s].pending = None
            self._place(s, card)

    def _pay(self, s: int, c: int) -> None:
        self.seats[s].hand.remove(c)
        self._to_discard(s, c, "hand", "payment")
        self.emit("pay", s, rule=self.phase_step[0], n=1)
        self.emit("discarded", s, rule=self.phase_step[0], visible=ONLY[s], card=_cid(c))

    def _act_pay(self, s: int, a: Action) -> None:
        _, card, left, colony = self.seats[s].pending
        if a.verb == "use":  # Colony Ship pays the whole cost
            ship = self._has(s, "colony_ship")
            self._discard_from_tableau(s, ship, "colony_ship")
            self.seats[s].pending = None
            self._place(s, card)
        else:
            c = self._known_find(s, self.seats[s].hand, a.args[0], skip=card)
            self._pay(s, c)
            left -= 1
            if left == 0:
                self.seats[s].pending = None
                self._place(s, card)
            else:
                self.seats[s].pending = ("pay", card, left, False)
                self._auto_pay(s)
        self._run_seq()

    def _discard_from_tableau(self, s: int, c: int, why: str) -> None:
        self.seats[s].tableau.remove(c)
        self.seats[s].goods.pop(c, None)
        self._to_discard(s, c, "tableau", why)
        self.emit("use_power", s, rule="settle", card=_cid(c))

    def _place(self, s: int, c: int) -> None:
        ct = _CT[c]
        self.seats[s].hand.remove(c)
        self.seats[s].tableau.append(c)
        self.placed_this_phase.add(c)
        self.flow(s, "card", 1, "hand", "tableau")
        self.emit("place", s, rule=self.phase_step[0], card=ct.id)
        if ct.dev:
            n = sum(x.dev_draw_after for x in self._active(s))
            if n:
                self._draw(s, n, "develop_after")
        else:
            if ct.windfall:
                self._put_good(s, c, "settle")
            n = sum(x.settle_draw_after for x in self._active(s))
            if self._bonus(s, (SET, SET2)) >= self.phase_step[1]:
                n += 1
            if n:
                self._draw(s, n, "settle_after")

    # ------------------------------------------------------------------ settle
    def _begin_settle(self, k: int) -> None:
        for seat in self.seats:
            seat.chosen = None
            seat.temp_military = 0
            seat.pending = ("set_pick",)
        self._tm = tuple(range(self.players))

    def settle_info(self, s: int):
        """Aggregates of the active tableau of seat ``s`` for settling (public: bots read it):
        military, military per good, against rebels, discounts, Contact Specialist's military
        pay (-1: none), Colony Ship, New Military Tactics' bonus."""
        act = self._active(s)
        mil = sum(x.mil for x in act) + self.seats[s].temp_military
        milg = [sum(x.mil_good[g] for x in act) for g in range(4)]
        milr = sum(x.mil_rebel for x in act)
        disc = [d for x in act for d in x.settle_discount]
        pay_mil = max((x.pay_mil for x in act), default=-1)
        colony = any(x.colony for x in act)
        tactics = max((x.mil_discard for x in act), default=0)
        return mil, milg, milr, disc, pay_mil, colony, tactics

    @staticmethod
    def discount_for(disc, ct) -> int:
        """Settle discount on world ``ct`` from the discounts ``disc`` of ``settle_info``."""
        return sum(n for n, g in disc if g == ANY or g == ct.good)

    def _strength(self, info, ct) -> int:
        mil, milg, milr, *_ = info
        v = mil
        if ct.good != ANY:
            v += milg[ct.good]
        if ct.rebel:
            v += milr
        return v

    def settle_options(self, s: int, c: int, info=None) -> list[str]:
        """Ways seat ``s`` can place world ``c`` now: pay / colony / conquer / tactics / contact."""
        ct = _CT[c]
        info = info or self.settle_info(s)
        mil, milg, milr, disc, pay_mil, colony, tactics = info
        room = len(self.seats[s].hand) - 1
        out = []
        if not ct.military:
            cost = max(0, ct.cost - self.discount_for(disc, ct))
            if cost <= room or (colony and ct.good != ALIEN):
                out.append("pay")
            return out
        st = self._strength(info, ct)
        if st >= ct.defense:
            out.append("conquer")
        if tactics and st + tactics >= ct.defense:
            out.append("tactics")
        if pay_mil >= 0 and ct.good != ALIEN:
            cost = max(0, ct.defense - pay_mil - self.discount_for(disc, ct))
            if cost <= room or colony:
                out.append("contact")
        return out

    def _legal_set_pick(self, s: int) -> list[Action]:
        out = [Action(s, "pass")]
        seen = set()
        info = None
        for c in self.seats[s].hand:
            ct = _CT[c]
            if ct.dev or ct.t in seen:
                continue
            seen.add(ct.t)
            if info is None:
                info = self.settle_info(s)
            if self.settle_options(s, c, info):
                out.append(Action(s, "settle", (ct.id,)))
        return out

    def _start_settle(self, s: int) -> None:
        c = self.seats[s].chosen
        opts = self.settle_options(s, c)
        if opts == ["pay"]:
            self._settle_pay(s, c, False)
        elif len(opts) == 1:
            self._settle_method(s, c, opts[0])
        else:
            self.seats[s].pending = ("method", c, tuple(opts))

    def _settle_pay(self, s: int, c: int, contact: bool) -> None:
        ct = _CT[c]
        info = self.settle_info(s)
        disc, pay_mil, colony = info[3], info[4], info[5]
        base = ct.defense - pay_mil if contact else ct.cost
        cost = max(0, base - self.discount_for(disc, ct))
        can_ship = colony and ct.good != ALIEN and cost > 0
        if can_ship and cost > len(self.seats[s].hand) - 1:
            # cannot pay in cards: the Colony Ship must be used
            ship = self._has(s, "colony_ship")
            self._discard_from_tableau(s, ship, "colony_ship")
            self._place(s, c)
            return
        self._begin_payment(s, c, cost, can_ship)

    def _settle_method(self, s: int, c: int, how: str) -> None:
        ct = _CT[c]
        if how == "conquer":
            self.emit("conquer", s, rule="settle", card=ct.id, defense=ct.defense)
            self._place(s, c)
        elif how == "tactics":
            nmt = next(x for x in self.seats[s].tableau if _CT[x].mil_discard and x not in self.placed_this_phase)
            self.seats[s].temp_military += _CT[nmt].mil_discard
            self._discard_from_tableau(s, nmt, "military_tactics")
            self.emit("conquer", s, rule="settle", card=ct.id, defense=ct.defense)
            self._place(s, c)
        else:  # contact: pay for a military world
            self.emit("contact", s, rule="settle", card=ct.id)
            self._settle_pay(s, c, True)

    def _act_method(self, s: int, a: Action) -> None:
        _, c, _opts = self.seats[s].pending
        self.seats[s].pending = None
        self._settle_method(s, c, a.args[0])
        self._run_seq()
