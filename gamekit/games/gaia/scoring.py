"""Scoring (rulebook "Fase III" round tiles, "8) Passando a vez", "Fim do Jogo e Pontuação",
"Jogador Neutro"): round-scoring triggers, pass VP, final tiles, research and resources."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .components import BOOSTERS, FINAL_SCORING, ROUND_SCORING, TECH, TILES_DATA
from .economy import add_vp, burn, gain, pay, spend_brainstone, spend_power

if TYPE_CHECKING:
    from .state import GaiaState

__all__ = ["trigger", "pass_vp", "count_of", "count_gaia", "finish_game", "resource_vp",
           "spend_at_end", "RES_VP"]

_TECH_TRIGGER = {t.trigger: t for t in TECH.values() if t.kind == "trigger"}
#: the stocks the end-game conversions read: credits, ore, knowledge, QIC
RES_VP = ("credits", "ore", "knowledge", "qic")
_POINTS = tuple(TILES_DATA["final_scoring_rules"]["points"])


def trigger(st: GaiaState, seat: int, what: str, n: int = 1) -> None:
    """VP for doing ``what`` ``n`` times: this round's tile and trigger tech tiles."""
    if 1 <= st.round <= 6 and st.phase != "setup":
        tile = ROUND_SCORING[st.round_tiles[st.round - 1]]
        if tile.trigger == what:
            add_vp(st, seat, tile.vp * n, "round")
    p = st.pl[seat]
    for t in p.active_tech():
        tt = TECH[t]
        if tt.kind == "trigger" and tt.trigger == what:
            add_vp(st, seat, tt.gain["vp"] * n, "tech")


def pass_vp(st: GaiaState, seat: int) -> None:
    p = st.pl[seat]
    if p.booster:
        b = BOOSTERS[p.booster]
        if b.pass_per:
            add_vp(st, seat, b.pass_vp * count_of(st, seat, b.pass_per), "booster")
    for t in p.active_tech():
        tt = TECH[t]
        if tt.kind == "on_pass":
            add_vp(st, seat, tt.gain["vp"] * count_of(st, seat, tt.per), "tech")


# ------------------------------------------------------------------ counts
def count_of(st: GaiaState, seat: int, what: str) -> int:
    p = st.pl[seat]
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
        return len({st.ptype[h] for h in (*p.built, *counted_guests(st, seat))})
    if what == "gaia_planet":
        return count_gaia(st, seat)
    if what == "sector":
        return len({st.space.sector[h] for h in (*p.built, *p.guest)})
    if what == "federation_token":
        return len(p.fed_tokens)
    if what == "structure":
        return len(p.built) + len(p.guest)
    if what == "structureFed":
        fed = set().union(*p.feds) if p.feds else set()
        return sum(1 for h in (*p.built, *p.guest) if h in fed)
    if what == "satellite":
        return len(p.satellites) + sum(1 for s in st.stations.values() if s == seat)
    if what == "planetType":  # final tiles: never the Lantids' guest mines (Apêndice I)
        return len({st.ptype[h] for h in p.built})
    if what == "gaia":
        return sum(1 for h in p.built if st.ptype[h] == "gaia")
    raise KeyError(what)


def counted_guests(st: GaiaState, seat: int) -> tuple:
    """The Lantids' guest mines counted as planets by tech tiles, boosters, the QIC action
    and Gaia Project 5: all of them (rulebook, Apêndice I: a normal mine except for the
    upgrade and the two final tiles); none with ``lantids_guest_mines="engine"``."""
    p = st.pl[seat]
    if not p.guest or st.options["lantids_guest_mines"] == "engine":
        return ()
    return tuple(p.guest)


def count_gaia(st: GaiaState, seat: int) -> int:
    """Gaia planets colonised (guest mines as ``counted_guests``)."""
    return sum(1 for h in (*st.pl[seat].built, *counted_guests(st, seat))
               if st.ptype[h] == "gaia")


# ------------------------------------------------------------------ end
def finish_game(st: GaiaState) -> None:
    """Fim do Jogo: final tiles, research VP, resources VP."""
    st.phase = "end"
    for tile in st.final_tiles:
        final_tile(st, tile)
    for s, p in enumerate(st.pl):
        for track, lv in p.research.items():
            add_vp(st, s, 4 * max(0, lv - 2), "end_research_" + track)
        add_vp(st, s, resource_vp(st, s), "end_resources")
        add_vp(st, s, -p.bid, "bid")
    st.over = True
    st.emit("game_end", None, "end")


def resource_vp(st: GaiaState, seat: int) -> int:
    """1 VP per 3 credits, ore and knowledge after the end-game conversions, made for the
    player after every burn: the best the free actions allow within the caps ("Fim do
    Jogo", rulebook; ``_best_conversions``), or with ``final_conversion="engine"`` the
    anchor engine's fixed ones: bowl-III power to credits, QIC to ore."""
    p = st.pl[seat]
    while p.bowls.bowl2 >= 2:
        burn(st, seat)
    if st.options["final_conversion"] != "engine":
        best_conversions(st, seat)
        return (p.res["credits"] + p.res["ore"] + p.res["knowledge"]) // 3
    power = min(p.bowls.bowl3, 30 - p.res["credits"])
    if power > 0:
        spend_power(st, seat, power)
        gain(st, seat, {"credits": power}, "end")
    qic = min(p.res["qic"], 15 - p.res["ore"])
    if qic > 0:
        pay(st, seat, {"qic": qic}, "end")
        gain(st, seat, {"ore": qic}, "end")
    return (p.res["credits"] + p.res["ore"] + p.res["knowledge"]) // 3


def best_conversions(st: GaiaState, seat: int) -> None:
    """The free conversions that leave the most credits + ore + knowledge (each within its
    cap): power to ore (3:1) and to knowledge (4:1) tried in every amount that fits, the
    rest of the power to credits, every QIC to ore (ore moved to credits to make room)."""
    p = st.pl[seat]
    power, (c, o, k, q) = p.spendable_power(), (p.res[r] for r in RES_VP)
    best = None
    for z in range(max(0, min(15 - o, power // 3)) + 1):
        for w in range(max(0, min(15 - k, (power - 3 * z) // 4)) + 1):
            y = min(power - 3 * z - 4 * w, max(0, 30 - c))
            cc, oo = c + y, o + z
            sh = min(q, max(0, 15 - oo) + max(0, 30 - cc))
            total = min(30, cc + max(0, sh - max(0, 15 - oo))) + min(15, oo + sh) + k + w
            key = (total, -(y + 3 * z + 4 * w))
            if best is None or key > best[0]:
                best = (key, y, z, w, sh)
    _, y, z, w, sh = best
    if y + 3 * z + 4 * w:
        spend_at_end(st, seat, y + 3 * z + 4 * w)
        gain(st, seat, {"credits": y, "ore": z, "knowledge": w}, "end")
    for _ in range(sh):
        if p.res["ore"] >= 15:
            pay(st, seat, {"ore": 1}, "end")
            gain(st, seat, {"credits": 1}, "end")
        pay(st, seat, {"qic": 1}, "end")
        gain(st, seat, {"ore": 1}, "end")


def spend_at_end(st: GaiaState, seat: int, n: int) -> None:
    """Spend ``n`` power without asking (the end of the game): the brainstone pays 3 when
    it is needed or when that takes no more tokens."""
    p = st.pl[seat]
    if p.brainstone == 3 and (n >= 3 or p.bowls.bowl3 - 1 < n):
        spend_brainstone(st, seat, n)
    else:
        spend_power(st, seat, n)


def final_tile(st: GaiaState, tile: str) -> None:
    counts = {s: count_of(st, s, tile) for s in range(st.players)}
    entries = [(n, s) for s, n in counts.items()]
    if st.players == 2:
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
                add_vp(st, s, share, "end_" + tile)
        i = j
    st.emit("final_tile", None, "end", tile="final:" + tile)
