"""End of the round and of the game ("Fim da rodada": discard down to the hand limit of 10;
"Fim do jogo": a tableau of 12 cards or an empty VP pool ends the game after the round) and
the initial discard of the setup ("Preparação"); a mixin of ``RaceState``."""

from __future__ import annotations

from gamekit.core import Action

from .common import _CT, HAND_LIMIT, ONLY, TABLEAU_END, _cid


class RoundEndRules:
    """Hand limit, discards from the hand and the game's end of ``RaceState`` (a mixin)."""

    def _round_end(self) -> None:
        """Seats over the hand limit discard (without asking when every card is alike)."""
        self.phase = "round_end"
        self.phase_step = ("round_end", 0)
        for s in range(self.players):
            extra = len(self.seats[s].hand) - HAND_LIMIT
            if extra > 0:
                self.seats[s].pending = ("limit", extra)
                self._auto_discard(s)
        self._tm = self._deciding()

    def _auto_discard(self, s: int) -> None:
        p = self.seats[s].pending
        if len({_CT[c].t for c in self.seats[s].hand}) == 1:
            for c in list(self.seats[s].hand[: p[-1]]):
                self._discard_hand(s, c, p[0])
            self.seats[s].pending = None

    def _discard_hand(self, s: int, c: int, kind: str) -> None:
        self.seats[s].hand.remove(c)
        why = "hand_limit" if kind == "limit" else "setup"
        self._to_discard(s, c, "hand", why)
        self.emit("discard", s, rule="round_end" if kind == "limit" else "setup", n=1)
        self.emit("discarded", s, rule="round_end" if kind == "limit" else "setup", visible=ONLY[s],
                  card=_cid(c))

    def _act_discard(self, s: int, a: Action) -> None:
        kind, left = self.seats[s].pending
        c = self._known_find(s, self.seats[s].hand, a.args[0])
        self._discard_hand(s, c, kind)
        left -= 1
        self._set_pend(s, (kind, left) if left else None)
        if self.seats[s].pending is not None:
            self._auto_discard(s)
            self._tm = self._deciding()

    def _continues(self) -> bool:
        """Whether another round follows ("Fim do jogo": 12 cards in a tableau or the VP
        pool empty ends the game)."""
        return not (any(len(seat.tableau) >= TABLEAU_END for seat in self.seats) or self.pool <= 0)

    def _end_game(self) -> None:
        self.over = True
        self.phase = "end"
        self.phase_step = ("end", 0)
        scores = [self.score(s) for s in range(self.players)]
        self.emit("game_end", rule="game_end", scores=scores)
