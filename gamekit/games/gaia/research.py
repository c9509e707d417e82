"""Research and technology (rulebook "5) Pesquisa e Tecnologias", "Apêndice II", "Apêndice VI"):
research steps, tech tiles (basic and advanced), level-5 rules, the Lost Planet."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamekit.kit.track import blocked

from .components import ADVANCED_TECH, TECH, TRACKS
from .economy import add_vp, can_pay, charge, gain
from .fedtokens import take_fed_token
from .scoring import count_gaia, count_of, trigger

if TYPE_CHECKING:
    from .state import GaiaState

__all__ = ["can_step", "research_options", "research_step", "tech_options", "ask_tech",
           "take_tech", "cover_tile", "TOP"]

_ADVANCE = {"knowledge": 4}
#: research tracks: levels 0-5, level 5 held by one player ("Pesquisa": the last level)
TOP = 5


def can_step(st: GaiaState, seat: int, track: str) -> bool:
    """May ``seat`` go one level up on ``track`` (ignoring the cost)?"""
    p = st.pl[seat]
    lv = p.research[track]
    if track == "nav" and p.faction == "baltaks" and not p.counts.get("PI"):
        return False
    if lv < TOP - 1:
        return True
    if lv == TOP - 1 and p.green_tokens() < 1:  # level 5 takes a green federation token
        return False
    return blocked([q.research[track] for q in st.pl], seat, 1, TOP, exclusive=(TOP,)) \
        is None


def research_options(st: GaiaState, seat: int) -> list[str]:
    if not can_pay(st, seat, _ADVANCE):
        return []
    return [t for t in TRACKS if can_step(st, seat, t)]


def research_step(st: GaiaState, seat: int, track: str, why: str = "research") -> None:
    """One level up on ``track`` with its one-off gains (level 3: charge 3 power)."""
    p = st.pl[seat]
    p.research[track] += 1
    lv = p.research[track]
    if not st.quiet:  # the event is for narration only
        st.emit("research", seat, "research", track="track:" + track, level=lv)
    if lv == 5:
        flip_green(st, seat)
    level = TRACKS[track].levels[lv]
    once = dict(level.once)
    if lv == 3:
        charge(st, seat, 3, "research")
    fed = once.pop("federation_token_on_track", 0)
    lost = once.pop("lost_planet", 0)
    per_gaia = once.pop("vp_per_gaia_planet", 0)
    gain(st, seat, once, "research")
    if per_gaia:
        add_vp(st, seat, per_gaia * count_gaia(st, seat), "research")
    if fed and st.terra_fed:
        take_fed_token(st, seat, st.terra_fed)
        st.terra_fed = None
    trigger(st, seat, "research_step")
    if lost:
        st.ask_front(seat, "lost", {})


def flip_green(st: GaiaState, seat: int) -> None:
    for t in st.pl[seat].fed_tokens:
        if t[1]:
            t[1] = False
            return


# ------------------------------------------------------------------ tech tiles
def tech_options(st: GaiaState, seat: int) -> list[str]:
    """Tiles ``seat`` may take now: basic ones not held, advanced ones it qualifies for."""
    p = st.pl[seat]
    out = [t for t in st.tech_at.values() if t in st.basic_left and t not in p.tech]
    if p.green_tokens() and len(p.tech) > len(p.covered):
        for pos, t in st.adv_at.items():
            if t in st.adv_left and p.research[pos[4:]] >= 4:
                out.append(t)
    return out


def ask_tech(st: GaiaState, seat: int) -> None:
    if tech_options(st, seat):
        st.ask_front(seat, "tech", {})


def take_tech(st: GaiaState, seat: int, tile: str) -> None:
    p = st.pl[seat]
    if tile in ADVANCED_TECH:
        st.adv_left.discard(tile)
        p.advanced.append(tile)
        flip_green(st, seat)
        st.emit("tech_advanced", seat, "tech", tile=tile)
        track = next(pos[4:] for pos, t in st.adv_at.items() if t == tile)
        st.ask_front(seat, "cover", {"track": track})
    else:
        p.tech.append(tile)
        if not st.quiet:  # the event is for narration only
            st.emit("tech", seat, "tech", tile=tile)
        pos = next(pos for pos, t in st.tech_at.items() if t == tile)
        tech_effect(st, seat, tile)
        ask_step(st, seat, [pos] if pos in TRACKS else list(TRACKS))


def cover_tile(st: GaiaState, seat: int, basic: str, track: str) -> None:
    st.pl[seat].covered.add(basic)
    if not st.quiet:  # the event is for narration only
        st.emit("cover", seat, "tech", tile=basic)
    adv = st.pl[seat].advanced[-1]
    tech_effect(st, seat, adv)
    ask_step(st, seat, list(TRACKS))


def ask_step(st: GaiaState, seat: int, tracks: list[str]) -> None:
    ok = [t for t in tracks if can_step(st, seat, t)]
    if ok:
        st.ask_front(seat, "step", {"tracks": ok})


def tech_effect(st: GaiaState, seat: int, tile: str) -> None:
    """The one-off part of a tile taken now (Apêndice VI)."""
    t = TECH[tile]
    if t.kind == "immediate":
        gain(st, seat, t.gain, "tech")
    elif t.kind == "immediate_per":
        n = count_of(st, seat, t.per)
        gain(st, seat, {k: v * n for k, v in t.gain.items()}, "tech")
