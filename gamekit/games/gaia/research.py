"""Research and technology (rulebook "5) Pesquisa e Tecnologias", "Apêndice II", "Apêndice VI"):
research steps, tech tiles (basic and advanced), level-5 rules, the Lost Planet."""

from __future__ import annotations

from gamekit.kit.track import blocked

from .components import ADVANCED_TECH, TECH, TRACKS
from .player import Player

__all__ = ["ResearchRules"]

_ADVANCE = {"knowledge": 4}
#: research tracks: levels 0-5, level 5 held by one player ("Pesquisa": the last level)
TOP = 5


class ResearchRules:
    """Mixin of :class:`GaiaState`."""

    pl: list[Player]

    def can_step(self, seat: int, track: str) -> bool:
        """May ``seat`` go one level up on ``track`` (ignoring the cost)?"""
        p = self.pl[seat]
        lv = p.research[track]
        if track == "nav" and p.faction == "baltaks" and not p.counts.get("PI"):
            return False
        if lv < TOP - 1:
            return True
        if lv == TOP - 1 and p.green_tokens() < 1:  # level 5 takes a green federation token
            return False
        return blocked([q.research[track] for q in self.pl], seat, 1, TOP, exclusive=(TOP,)) \
            is None

    def research_options(self, seat: int) -> list[str]:
        if not self.can_pay(seat, _ADVANCE):
            return []
        return [t for t in TRACKS if self.can_step(seat, t)]

    def step(self, seat: int, track: str, why: str = "research") -> None:
        """One level up on ``track`` with its one-off gains (level 3: charge 3 power)."""
        p = self.pl[seat]
        p.research[track] += 1
        lv = p.research[track]
        self.emit("research", seat, "research", track="track:" + track, level=lv)
        if lv == 5:
            self._flip_green(seat)
        level = TRACKS[track].levels[lv]
        once = dict(level.once)
        if lv == 3:
            self.charge(seat, 3, "research")
        fed = once.pop("federation_token_on_track", 0)
        lost = once.pop("lost_planet", 0)
        per_gaia = once.pop("vp_per_gaia_planet", 0)
        self.gain(seat, once, "research")
        if per_gaia:
            self.add_vp(seat, per_gaia * self.count_gaia(seat), "research")
        if fed and self.terra_fed:
            self.take_fed_token(seat, self.terra_fed)
            self.terra_fed = None
        self.trigger(seat, "research_step")
        if lost:
            self.ask_front(seat, "lost", {})

    def _flip_green(self, seat: int) -> None:
        for t in self.pl[seat].fed_tokens:
            if t[1]:
                t[1] = False
                return

    # ------------------------------------------------------------------ tech tiles
    def tech_options(self, seat: int) -> list[str]:
        """Tiles ``seat`` may take now: basic ones not held, advanced ones it qualifies for."""
        p = self.pl[seat]
        out = [t for t in self.tech_at.values() if t in self.basic_left and t not in p.tech]
        if p.green_tokens() and len(p.tech) > len(p.covered):
            for pos, t in self.adv_at.items():
                if t in self.adv_left and p.research[pos[4:]] >= 4:
                    out.append(t)
        return out

    def ask_tech(self, seat: int) -> None:
        if self.tech_options(seat):
            self.ask_front(seat, "tech", {})

    def take_tech(self, seat: int, tile: str) -> None:
        p = self.pl[seat]
        if tile in ADVANCED_TECH:
            self.adv_left.discard(tile)
            p.advanced.append(tile)
            self._flip_green(seat)
            self.emit("tech_advanced", seat, "tech", tile=tile)
            track = next(pos[4:] for pos, t in self.adv_at.items() if t == tile)
            self.ask_front(seat, "cover", {"track": track})
        else:
            p.tech.append(tile)
            self.emit("tech", seat, "tech", tile=tile)
            pos = next(pos for pos, t in self.tech_at.items() if t == tile)
            self._tech_effect(seat, tile)
            self._ask_step(seat, [pos] if pos in TRACKS else list(TRACKS))

    def cover(self, seat: int, basic: str, track: str) -> None:
        self.pl[seat].covered.add(basic)
        self.emit("cover", seat, "tech", tile=basic)
        adv = self.pl[seat].advanced[-1]
        self._tech_effect(seat, adv)
        self._ask_step(seat, list(TRACKS))

    def _ask_step(self, seat: int, tracks: list[str]) -> None:
        ok = [t for t in tracks if self.can_step(seat, t)]
        if ok:
            self.ask_front(seat, "step", {"tracks": ok})

    def _tech_effect(self, seat: int, tile: str) -> None:
        """The one-off part of a tile taken now (Apêndice VI)."""
        t = TECH[tile]
        if t.kind == "immediate":
            self.gain(seat, t.gain, "tech")
        elif t.kind == "immediate_per":
            n = self.count(seat, t.per)
            self.gain(seat, {k: v * n for k, v in t.gain.items()}, "tech")
