"""Phase I, Explore: draw, then keep (all draws happen before any discard)."""

from __future__ import annotations

from gamekit.core import Action

from .common import (
    _CT,
    E5,
    E11,
    ONLY,
    _cid,
)


class ExploreRules:
    """Explore phase methods of ``RaceState`` (a mixin)."""

    # ------------------------------------------------------------------ explore
    def _begin_explore(self, k: int) -> None:
        for s in self.order:
            p = self.seats[s].action_picks
            draw, keep = 2, 1
            if E5 in p:
                draw += 5
            if E11 in p:
                draw += 1
                keep += 1
            for ct in self._active(s):
                draw += ct.explore_draw
                keep += ct.explore_keep
            got = self.pile.draw(self.chance, draw, self._reshuffled)
            self.seats[s].explored = got
            if self.unknown.expected[s]:
                self._take_unknown(s, got)
            self.flow(s, "card", len(got), "deck:explore", "explore")
            self.emit("explore", s, rule="explore", n=len(got), keep=min(keep, len(got)))
            self.emit("explore_see", s, rule="explore", visible=ONLY[s], cards=self._ids(got))
            self.seats[s].keep_left = min(keep, len(got))
        for s in self.order:
            self._explore_settle(s)
        self._tm = self._deciding()

    def _explore_settle(self, s: int) -> None:
        """Keep without asking when the choice is forced; otherwise ask."""
        look = self.seats[s].explored
        k = self.seats[s].keep_left
        if k >= len(look) or len({_CT[c].t for c in look}) == 1:
            for c in look[:k]:
                self._keep(s, c)
            self._end_explore(s)
        else:
            self.seats[s].pending = ("keep",)

    def _keep(self, s: int, c: int) -> None:
        self.seats[s].explored.remove(c)
        self.seats[s].hand.append(c)
        self.seats[s].keep_left -= 1
        self.flow(s, "card", 1, "explore", "hand")
        self.emit("keep", s, rule="explore", visible=ONLY[s], card=_cid(c))

    def _end_explore(self, s: int) -> None:
        for c in self.seats[s].explored:
            self._to_discard(s, c, "explore", "explore")
        self.seats[s].explored = []
        self.seats[s].keep_left = 0
        self.seats[s].pending = None

    def _act_keep(self, s: int, a: Action) -> None:
        c = self._known_find(s, self.seats[s].explored, a.args[0])
        self._keep(s, c)
        if self.seats[s].keep_left == 0 or not self.seats[s].explored:
            self._end_explore(s)
        else:
            self._explore_settle(s)
        self._tm = self._deciding()
