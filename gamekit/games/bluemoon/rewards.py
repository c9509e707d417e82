"""Blue Moon City's rewards and scores (mixin of ``BlueMoonState``).

Rulebook: scoring the buildings (majority, construction, neighbourhood), golden scales and
their scoring, crystals and the obelisk, end of the game; plus the ledger and the invariants.
"""

from __future__ import annotations

from typing import Any

from gamekit.core import Result

from . import data as D
from . import turn
from .city import N


class Rewards:
    """Rewards, offerings, scores and checks of ``BlueMoonState``."""

    def give_scales(self, s: int, n: int, source: str) -> None:
        """Give ``n`` scales to ``s``. Owed more than the supply holds, ``s`` takes what is
        left; the missing ones count only in the scale scoring this sets off (rulebook,
        "Pontuação das Escamas Douradas": you score even for scales you could not take)."""
        real = n if n < self.supply else self.supply
        self.supply -= real
        self.seats[s].scales += real
        self.flow(s, "scale", real, source, "scales")
        if self.supply == 0:
            self._score_scales(s, n - real)

    def _score_scales(self, owed: int, missing: int) -> None:
        """Scale scoring: most scales 6 crystals (tied: 3 each), others with 3+ scales 3;
        scorers return their tokens, the rest keep theirs. ``owed`` counts ``missing`` more
        scales for this scoring only (they were never taken from the supply)."""
        seats = self.seats
        counted = [p.scales for p in seats]
        counted[owed] += missing
        top = max(counted)
        leaders = counted.count(top)
        self.emit("scale_scoring", rule="scales", scales=counted)
        for s in range(self.players):
            if counted[s] == top:
                g = 6 if leaders == 1 else 3
            elif counted[s] >= 3:
                g = 3
            else:
                continue
            player = seats[s]
            player.crystals += g
            self.flow(s, "crystal", g, "scale_scoring", "crystals")
            self.flow(s, "scale", player.scales, "scales", "supply")
            # one public event: the crystals a scoring gives are set by the rules (6 / 3 / 3)
            self.emit("scale_score", s, rule="scales", crystals=g, scales=counted[s],
                      returned=player.scales,
                      owed="owed_note" if counted[s] != player.scales else "")
            player.scales = 0
        self.supply = self.scales_in_play - sum(p.scales for p in seats)

    def _give(self, s: int, reward: tuple[int, int, int] | None, source: str, td: Any,
              at: str = "") -> None:
        """Hand ``s`` the ``source`` bonus of tile ``td`` (rulebook, "Bônus Disponíveis"); a
        neighbourhood bonus is given ``at`` the rebuilt building. The narration is public (the
        bonus is printed on the tile; only the face-down crystal total is secret), one line per
        thing given, each naming the bonus and its tile, and says when the value is one we
        reconstructed (``note``)."""
        if reward is None:
            return
        cr, scl, cd = reward
        tid = td.id
        at = at or tid
        note = "reconstructed_note" if td.status.get(source) == "reconstructed" else ""
        if cr:
            self.seats[s].crystals += cr
            self.flow(s, "crystal", cr, source + ":" + tid, "crystals")
            self.emit("gain_crystals", s, rule="scoring", n=cr, source=source, tile=tid, note=note,
                      at=at)
        if scl:
            self.emit("gain_scales", s, rule="scoring", n=scl, source=source, tile=tid, note=note,
                      at=at)
            self.give_scales(s, scl, source + ":" + tid)
        if cd:
            self.draw(s, cd, source, to_hand=(s != self.turn_seat), tile=tid, at=at)

    def complete(self, cell: int) -> None:
        td = self.tiles[self.board[cell]]
        marks = self.marks[cell]
        counts = [0] * self.players
        for m in marks:
            counts[m] += 1
        top = max(counts)
        maj = next(m for m in marks if counts[m] == top)  # left-most marker among the tied
        order = [(self.turn_seat + i) % self.players for i in range(self.players)]
        contributors = [s for s in order if counts[s]]
        self.emit("building_complete", rule="scoring", tile=td.id,
                  contributors=[f"p{s + 1}" for s in contributors], n=len(contributors))
        self.emit("majority", maj, rule="scoring", tile=td.id, n=top)
        self._give(maj, td.majority, "majority", td)
        for s in contributors:
            self._give(s, td.construction, "construction", td)
        for nb in self.neigh[cell]:
            if self.built[nb]:
                ntd = self.tiles[self.board[nb]]
                if ntd.neighbourhood is not None:  # told once, by what it gives
                    for s in contributors:
                        self._give(s, ntd.neighbourhood, "neighbourhood", ntd, at=td.id)
        for s in contributors:
            self.seats[s].markers += counts[s]
            self.flow(s, "marker", counts[s], "building:" + td.id, "markers")
        self.marks[cell] = [-1] * len(marks)
        self.wild_colours.pop(cell, None)
        self.built[cell] = True
        self.buildings_built += 1
        self.emit("flip", rule="scoring", tile=td.id)

    # -- obelisk
    def offer(self, s: int, surcharge: int, kind: int) -> None:
        cost = self.costs[len(self.obelisk)] + surcharge
        player = self.seats[s]
        player.crystals -= cost
        self.flow(s, "crystal", cost, "crystals", "obelisk")
        player.markers -= 1
        self.flow(s, "marker", 1, "markers", "obelisk")
        self.obelisk.append(s)
        player.offerings += 1
        player.offering_kinds[kind] += 1
        self.emit("offer", s, rule="obelisk", cost=cost, n=player.offerings)
        if player.offerings >= self.target:
            self.winner = s
            turn.finish(self, "offerings")
            return
        self.check_markers_out()

    def check_markers_out(self) -> None:
        """Every marker in play ends the game at once in a draw (rulebook "Fim do jogo")."""
        if not self.over and not any(p.markers for p in self.seats):
            turn.finish(self, "draw")


    def score_breakdown(self, seat: int) -> dict[str, int]:
        a, b, c = self.seats[seat].offering_kinds
        return {"offerings": a, "pillar_offerings": b, "golden_temple_offerings": c}

    def tiebreak(self, seat: int) -> tuple:
        crystals = self.seats[seat].crystals
        return (crystals if crystals is not None else 0,)

    def result(self, final: bool = False) -> Result:
        res = super().result(final)
        if self.drawn_game:
            n = self.players
            res.ranks = [1] * n
            res.winners = list(range(n))
        elif self.winner >= 0:
            res.ranks = [1 if s == self.winner else max(2, r) for s, r in enumerate(res.ranks)]
            res.winners = [self.winner]
        return res

    def holdings(self, seat: int) -> dict[tuple[str, str], int]:
        paying = len(self.pay_cards) if self.step == "pay" and seat == self.turn_seat else 0
        player = self.seats[seat]
        return {
            ("hand", "card"): player.hand_size,
            ("pending", "card"): len(player.pending),
            ("paying", "card"): paying,
            ("crystals", "crystal"): player.crystals,
            ("scales", "scale"): player.scales,
            ("markers", "marker"): player.markers,
        }

    def sim_columns(self, seat: int) -> dict[str, Any]:
        player = self.seats[seat]
        return {
            "offerings": player.offerings,
            "crystals": player.crystals,
            "scales": player.scales,
            "contributions": player.contributions,
            "end": self.end_reason,
            "rounds": self.round,
        }

    def check_invariants(self) -> None:
        # cards: every card is in exactly one place
        counts = [0] * 24
        masked = self.masked
        for k in self.deck:
            counts[k] += 1
        for k in self.discard:
            counts[k] += 1
        for s, player in enumerate(self.seats):
            h = player.hand
            assert all(x >= 0 for x in h), "negative hand count"
            held = self.unknown.held[s]
            assert masked is not None or sum(h) + len(held) == player.hand_size, \
                "hand size out of step"
            for k in range(24):
                counts[k] += h[k]
            if masked is None:
                for k in held:
                    counts[k] += 1
            for k in player.pending:
                counts[k] += 1
        if self.step == "pay":
            for k in self.pay_cards:
                counts[k] += 1
            assert sorted(self.pay_cards) == [k for k in range(24) for _ in range(self.pay_pool[k])]
        if masked is not None:
            return
        assert tuple(counts) == self.composition, "cards are not conserved"
        # markers: 10 each, in reserve, on buildings or on the obelisk
        for s, player in enumerate(self.seats):
            on_b = sum(m.count(s) for m in self.marks)
            assert player.markers >= 0
            assert player.markers + on_b + self.obelisk.count(s) == D.GAME["markers_per_player"], \
                "markers are not conserved"
            assert player.scales >= 0
            if player.crystals is not None:
                assert player.crystals >= 0
            assert player.offerings == self.obelisk.count(s) == sum(player.offering_kinds)
        assert self.supply + sum(p.scales for p in self.seats) == self.scales_in_play, "scales are not conserved"
        assert 0 < self.supply or self.over
        for cell in range(N * N):
            if self.built[cell]:
                assert all(m < 0 for m in self.marks[cell])
        assert self.buildings_built == sum(self.built)
