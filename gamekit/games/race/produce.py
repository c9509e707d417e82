"""Phase V, Produce, resolved one seat at a time ("Who goes first?"): each seat's production
goods, then its windfall goods (Produce bonus and powers), then its produce draws, before the
next seat in order; "draw if you produced the most" (Mining Conglomerate) compares everyone's
production, so it is drawn after every seat has produced, in the same order."""

from __future__ import annotations

from gamekit.core import Action

from .common import (
    _CT,
    ANY,
    PROD,
)


class ProduceRules:
    """Produce phase methods of ``RaceState`` (a mixin)."""

    # ------------------------------------------------------------------ produce
    def _begin_produce(self, k: int) -> None:
        for seat in self.seats:
            seat.produced = [0, 0, 0, 0]
            seat.produced_on = set()
        self.sequence = list(self.order)
        self.resolving = None
        self._produce_run()

    def _produce_goods(self, s: int) -> None:
        """Goods on the empty production worlds of ``s``; queue its windfall productions."""
        for w in self.seats[s].tableau:
            ct = _CT[w]
            if ct.production and w not in self.seats[s].goods:
                if self._put_good(s, w, "produce"):
                    self.seats[s].produced[ct.good] += 1
                    self.seats[s].produced_on.add(w)
        q = []
        act = self._active(s)
        for ct in act:
            q.extend(g for g in ct.windfall_produce if g != ANY)
        for ct in act:
            q.extend(g for g in ct.windfall_produce if g == ANY)
        if PROD in self.seats[s].action_picks:
            q.append(ANY)
        self.seats[s].windfall_queue = q

    def _empty_windfalls(self, s: int, good: int) -> list[int]:
        goods = self.seats[s].goods
        return [w for w in self.seats[s].tableau if _CT[w].windfall and w not in goods
                and (good == ANY or _CT[w].good == good)]

    def _produce_run(self) -> None:
        """Resolve seats in order until one must pick a windfall world."""
        while self.sequence:
            s = self.sequence[0]
            if self.resolving != s:
                self.resolving = s
                self._produce_goods(s)
            q = self.seats[s].windfall_queue
            while q:
                cands = self._empty_windfalls(s, q[0])
                if not cands:
                    q.pop(0)
                elif len(cands) == 1:
                    q.pop(0)
                    self._windfall(s, cands[0])
                else:
                    self.seats[s].pending = ("windfall", q[0])
                    self._tm = (s,)
                    return
            self._produce_draws(s)
            self.sequence.pop(0)
        self.resolving = None
        self._tm = ()
        for s in self.order:
            self._produce_draws(s, most=True)

    def _windfall(self, s: int, w: int) -> None:
        if self._put_good(s, w, "windfall"):
            self.seats[s].produced[_CT[w].good] += 1
            self.seats[s].produced_on.add(w)

    def _act_windfall(self, s: int, a: Action) -> None:
        good = self.seats[s].pending[1]
        w = next(x for x in self._empty_windfalls(s, good) if _CT[x].id == a.args[0])
        self.seats[s].pending = None
        self.seats[s].windfall_queue.pop(0)
        self._windfall(s, w)
        self._produce_run()

    def _produce_draws(self, s: int, most: bool = False) -> None:
        """Produce draws of ``s``: its own (``most`` false) or "if you produced the most"."""
        seats = self.seats
        mine = seats[s].produced
        n = 0
        if most:
            for ct in self._active(s):
                for k, g in ct.draw_if_most:
                    if mine[g] > max(seats[o].produced[g] for o in range(len(seats)) if o != s):
                        n += k
        else:
            for ct in self._active(s):
                n += ct.produce_draw
                for k, g in ct.draw_per_good:
                    n += k * mine[g]
                if ct.draw_per_kind:
                    n += ct.draw_per_kind * sum(1 for x in mine if x)
                for k, g in ct.draw_per_world:
                    n += k * sum(1 for w in self.seats[s].tableau if _CT[w].world and _CT[w].good == g)
            for w in self.seats[s].produced_on:
                n += _CT[w].draw_if_produced
        if n:
            self._draw(s, n, "produce")
