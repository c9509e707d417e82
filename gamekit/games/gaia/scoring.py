"""Scoring (rulebook "Fase III" round tiles, "8) Passando a vez", "Fim do Jogo e Pontuação",
"Jogador Neutro"): round-scoring triggers, pass VP, final tiles, research and resources."""

from __future__ import annotations

from .components import BOOSTERS, FINAL_SCORING, ROUND_SCORING, TECH, TILES_DATA
from .player import Player

__all__ = ["ScoringRules"]

_TECH_TRIGGER = {t.trigger: t for t in TECH.values() if t.kind == "trigger"}
_POINTS = tuple(TILES_DATA["final_scoring_rules"]["points"])


class ScoringRules:
    """Mixin of :class:`GaiaState`."""

    pl: list[Player]

    def trigger(self, seat: int, what: str, n: int = 1) -> None:
        """VP for doing ``what`` ``n`` times: this round's tile and trigger tech tiles."""
        if 1 <= self.round <= 6 and self.phase != "setup":
            tile = ROUND_SCORING[self.round_tiles[self.round - 1]]
            if tile.trigger == what:
                self.add_vp(seat, tile.vp * n, "round")
        p = self.pl[seat]
        for t in p.active_tech():
            tt = TECH[t]
            if tt.kind == "trigger" and tt.trigger == what:
                self.add_vp(seat, tt.gain["vp"] * n, "tech")

    def pass_vp(self, seat: int) -> None:
        p = self.pl[seat]
        if p.booster:
            b = BOOSTERS[p.booster]
            if b.pass_per:
                self.add_vp(seat, b.pass_vp * self.count(seat, b.pass_per), "booster")
        for t in p.active_tech():
            tt = TECH[t]
            if tt.kind == "on_pass":
                self.add_vp(seat, tt.gain["vp"] * self.count(seat, tt.per), "tech")

    # ------------------------------------------------------------------ counts
    def count(self, seat: int, what: str) -> int:
        p = self.pl[seat]
        c = p.counts
        if what == "mine":
            return c.get("m", 0) + c.get("lost", 0)
        if what == "trading_station":
            return c.get("ts", 0)
        if what == "research_lab":
            return c.get("lab", 0)
        if what == "big_building":
            return c.get("PI", 0) + c.get("ac1", 0) + c.get("ac2", 0)
        if what == "planet_type":
            return len({self.ptype[h] for h in p.built})
        if what == "gaia_planet":
            return self.count_gaia(seat)
        if what == "sector":
            return len({self.space.sector[h] for h in (*p.built, *p.guest)})
        if what == "federation_token":
            return len(p.fed_tokens)
        if what == "structure":
            return len(p.built) + len(p.guest)
        if what == "structureFed":
            fed = set().union(*p.feds) if p.feds else set()
            return sum(1 for h in (*p.built, *p.guest) if h in fed)
        if what == "satellite":
            return len(p.satellites) + sum(1 for s in self.stations.values() if s == seat)
        if what in ("planetType", "gaia"):
            return self.count(seat, "planet_type" if what == "planetType" else "gaia_planet")
        raise KeyError(what)

    def count_gaia(self, seat: int) -> int:
        return sum(1 for h in self.pl[seat].built if self.ptype[h] == "gaia")

    # ------------------------------------------------------------------ end
    def finish(self) -> None:
        """Fim do Jogo: final tiles, research VP, resources VP."""
        self.phase = "end"
        for tile in self.final_tiles:
            self._final_tile(tile)
        for s, p in enumerate(self.pl):
            for track, lv in p.research.items():
                self.add_vp(s, 4 * max(0, lv - 2), "end_research_" + track)
            self.add_vp(s, self.resource_vp(s), "end_resources")
            self.add_vp(s, -p.bid, "bid")
        self.over = True
        self.emit("game_end", None, "end")

    def resource_vp(self, seat: int) -> int:
        """1 VP per 3 credits, ore and knowledge after the best conversions, made for the
        player (they give the most VP the rulebook's free actions allow): every burn, bowl-III
        power to credits, QIC to ore, within the caps."""
        p = self.pl[seat]
        while p.bowls.bowl2 >= 2:
            self.burn(seat)
        power = min(p.bowls.bowl3, 30 - p.res["credits"])
        if power > 0:
            self.spend_power(seat, power)
            self.gain(seat, {"credits": power}, "end")
        qic = min(p.res["qic"], 15 - p.res["ore"])
        if qic > 0:
            self.pay(seat, {"qic": qic}, "end")
            self.gain(seat, {"ore": qic}, "end")
        return (p.res["credits"] + p.res["ore"] + p.res["knowledge"]) // 3

    def _final_tile(self, tile: str) -> None:
        counts = {s: self.count(s, tile) for s in range(self.players)}
        entries = [(n, s) for s, n in counts.items()]
        if self.players == 2:
            entries.append((FINAL_SCORING[tile].neutral, None))
        entries.sort(key=lambda e: -e[0])
        i = 0
        while i < len(entries):
            j = i
            while j < len(entries) and entries[j][0] == entries[i][0]:
                j += 1
            pts = sum(_POINTS[i:min(j, 3)])
            share = pts // (j - i) if j > i else 0
            for n, s in entries[i:j]:
                if s is not None and n > 0 and share:
                    self.add_vp(s, share, "end_" + tile)
            i = j
        self.emit("final_tile", None, "end", tile="final:" + tile)
