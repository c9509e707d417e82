"""Phase IV, Consume (with the Trade bonus): free order, each power once, a started power used to
the maximum, mandatory except the discard-from-hand powers; x2 doubles VP from goods only."""

from __future__ import annotations

from gamekit.core import Action

from .common import (
    _CT,
    _GOOD_NAMES,
    ANY,
    ONLY,
    TRADE,
    TRADE_VALUE,
    X2,
)


class ConsumeRules:
    """Consume phase methods of ``RaceState`` (a mixin)."""

    # ------------------------------------------------------------------ consume
    def _begin_consume(self, k: int) -> None:
        for seat in self.seats:
            seat.consume_used = set()
        self.sequence = list(self.order)
        self.resolving = None
        self._consume_run()

    def _consume_run(self) -> None:
        """Resolve consume one seat at a time (trade first) until a seat must decide."""
        while True:
            s = self.resolving
            if s is not None:
                if self.seats[s].pending is None:
                    self._consume_next(s)
                if self.seats[s].pending is not None:
                    self._tm = (s,)
                    return
            if not self.sequence:
                break
            self.resolving = self.sequence.pop(0)
        self.resolving = None
        self._tm = ()

    def _consume_next(self, s: int) -> None:
        """Set the next consume-step decision of ``s`` (or nothing when done)."""
        p = self.seats[s].action_picks
        used = self.seats[s].consume_used
        if "done" in used:
            return
        if TRADE in p and "trade" not in used:
            used.add("trade")
            if self.seats[s].goods:
                worlds = self._good_worlds(s, ANY)
                if len(worlds) == 1:
                    self._sell(s, worlds[0], True, "trade")
                else:
                    self.seats[s].pending = ("trade",)
                    return
        if "start" not in used:
            used.add("start")
            for ct in self._active(s):
                for pw in ct.consume:
                    if pw[0] == "draw":
                        self._draw(s, pw[1], "consume")
        while True:
            legal = self._legal_consume(s)
            if not legal:
                used.add("done")
                return
            if len(legal) == 1:
                a = legal[0]
                if a.verb == "done":
                    used.add("done")
                    self.emit("consume_done", s, rule="consume")
                    return
                self._start_power(s, a)
                if self.seats[s].pending is not None:
                    return
                continue
            self.seats[s].pending = ("consume",)
            return

    def _good_worlds(self, s: int, good: int, exclude: tuple = ()) -> list[int]:
        return [w for w in self.seats[s].goods
                if (good == ANY or _CT[w].good == good) and _CT[w].good not in exclude]

    def _power_usable(self, s: int, pw: tuple) -> bool:
        kind = pw[0]
        goods = self.seats[s].goods
        if kind == "goods":
            _, good, per, distinct, *_ = pw
            if distinct:
                return len({_CT[w].good for w in goods}) >= per
            n = len(goods) if good == ANY else sum(1 for w in goods if _CT[w].good == good)
            return n >= per
        if kind in ("all", "sell"):
            return bool(goods)
        if kind == "hand":
            return bool(self.seats[s].hand)
        if kind == "gamble":
            return bool(self.pile.cards or self.pile.discards)
        return False

    def _legal_consume(self, s: int) -> list[Action]:
        used = self.seats[s].consume_used
        out = []
        must = False
        for ct in self._active(s):
            for i, pw in enumerate(ct.consume):
                if (ct.id, i) in used or pw[0] == "draw" or not self._power_usable(s, pw):
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

    def _power_of(self, s: int, card_id: str, gamble: bool):
        for ct in self._active(s):
            if ct.id == card_id or gamble:
                for i, pw in enumerate(ct.consume):
                    if (pw[0] == "gamble") == gamble and pw[0] != "draw" and (
                            (ct.id, i) not in self.seats[s].consume_used):
                        return ct, i, pw
        raise KeyError(card_id)

    def _start_power(self, s: int, a: Action) -> None:
        gamble = a.verb == "gamble"
        ct, i, pw = self._power_of(s, "" if gamble else a.args[0], gamble)
        self.seats[s].consume_used.add((ct.id, i))
        kind = pw[0]
        if kind == "gamble":
            self._gamble(s, a.args[0])
            return
        self.emit("power", s, rule="consume", card=ct.id)
        if kind == "goods":
            _, good, per, distinct, uses, vp, cards, x2 = pw
            # (card, good filter, per use, distinct, uses left, picked this use, vp, cards, x2)
            self.seats[s].pending = ("good", ct.id, good, per, distinct, uses, (), vp, cards, x2)
            self._auto_goods(s)
        elif kind == "all":
            n = 0
            for w in list(self.seats[s].goods):
                self._consume_good(s, w)
                n += 1
            vp = max(0, n * pw[1] - pw[2])
            if pw[3] and X2 in self.seats[s].action_picks:
                vp *= 2
            self._award(s, vp, "consume")
        elif kind == "sell":
            worlds = self._good_worlds(s, ANY)
            if len(worlds) == 1:
                self._sell(s, worlds[0], pw[1], "consume_sell")
            else:
                self.seats[s].pending = ("sell", pw[1])
        elif kind == "hand":
            self.seats[s].pending = ("hand", ct.id, pw[1], pw[2])
            if not self.seats[s].hand:
                self.seats[s].pending = None

    def _gamble(self, s: int, n: int) -> None:
        c = self._pop()
        if c is None:
            return
        ct = _CT[c]
        win = ct.value == n
        self.emit("gamble_win" if win else "gamble_lose", s, rule="consume", n=n, card=ct.id)
        if win:
            self.seats[s].hand.append(c)
            self.flow(s, "card", 1, "deck:gamble", "hand")
        else:
            self.pile.discards.append(c)
            self.flow(s, "card", 1, "deck:gamble", "discard:gamble")

    def _consume_good(self, s: int, w: int) -> None:
        """Discard the good of world ``w`` (face down: the world is public, the card is not)."""
        c = self.seats[s].goods.pop(w)
        g = _GOOD_NAMES[_CT[w].good]
        self._to_discard(s, c, "goods", "consume", g)
        self.emit("discard_good", s, rule="consume", world=_CT[w].id, good=g)

    def _goods_choices(self, s: int) -> list[int]:
        _, _cid_, good, per, distinct, uses, picked, *_ = self.seats[s].pending
        if distinct:
            return [w for w in self.seats[s].goods if _CT[w].good not in picked]
        return self._good_worlds(s, good)

    def _auto_goods(self, s: int) -> None:
        """Consume without asking while the choice is forced."""
        while self.seats[s].pending is not None and self.seats[s].pending[0] == "good":
            p = self.seats[s].pending
            choices = self._goods_choices(s)
            per, distinct, uses, picked = p[3], p[4], p[5], p[6]
            need = uses * per - len(picked)
            if len(choices) == 1 or (not distinct and len(choices) <= need) or (
                    distinct and len(choices) == per - len(picked)):
                self._pick_good(s, choices[0])
            else:
                return

    def _pick_good(self, s: int, w: int) -> None:
        _, cid, good, per, distinct, uses, picked, vp, cards, x2 = self.seats[s].pending
        self._consume_good(s, w)
        picked = picked + (_CT[w].good,)
        if len(picked) == per:
            uses -= 1
            picked = ()
            gain = vp * (2 if x2 and X2 in self.seats[s].action_picks else 1)
            self.emit("consumed", s, rule="consume", card=cid, n=per)
            self._award(s, gain, "consume")
            if cards:
                self._draw(s, cards, "consume")
            probe = ("goods", good, per, distinct)
            if uses == 0 or not self._power_usable(s, probe):
                self.seats[s].pending = None
                return
        self.seats[s].pending = ("good", cid, good, per, distinct, uses, picked, vp, cards, x2)

    def _act_good(self, s: int, a: Action) -> None:
        w = self._find(list(self.seats[s].goods), a.args[0])
        self._pick_good(s, w)
        self._auto_goods(s)
        self._consume_run()

    def _sell(self, s: int, w: int, bonuses: bool, why: str) -> None:
        g = _CT[w].good
        n = TRADE_VALUE[g]
        if bonuses:
            for ct in self._active(s):
                for b, bg in ct.trade_bonus:
                    if bg == ANY or bg == g:
                        n += b
            if w not in self.placed_this_phase:
                n += _CT[w].trade_this
        c = self.seats[s].goods.pop(w)
        self._to_discard(s, c, "goods", why, _GOOD_NAMES[g])
        self.emit("sell", s, rule="trade" if why == "trade" else "consume",
                  world=_CT[w].id, good=_GOOD_NAMES[g], n=n)
        self._draw(s, n, why)

    def _act_trade(self, s: int, a: Action) -> None:
        p = self.seats[s].pending
        w = self._find(list(self.seats[s].goods), a.args[0])
        self.seats[s].pending = None
        if p[0] == "trade":
            self._sell(s, w, True, "trade")
        else:
            self._sell(s, w, p[1], "consume_sell")
        self._consume_run()

    def _act_consume(self, s: int, a: Action) -> None:
        self.seats[s].pending = None
        if a.verb == "done":
            self.seats[s].consume_used.add("done")
            self.emit("consume_done", s, rule="consume")
        else:
            self._start_power(s, a)
        self._consume_run()

    def _act_hand(self, s: int, a: Action) -> None:
        _, cid, left, vp = self.seats[s].pending
        if a.verb == "done":
            self.seats[s].pending = None
        else:
            c = self._known_find(s, self.seats[s].hand, a.args[0])
            self.seats[s].hand.remove(c)
            self._to_discard(s, c, "hand", "consume")
            self.emit("discard", s, rule="consume", n=1)
            self.emit("discarded", s, rule="consume", visible=ONLY[s], card=a.args[0])
            self._award(s, vp, "discard_hand")
            left -= 1
            self.seats[s].pending = ("hand", cid, left, vp) if left and self.seats[s].hand else None
        self._consume_run()
