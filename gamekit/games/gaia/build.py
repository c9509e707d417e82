"""Building on the map: mines, Gaia projects, upgrades and the leech they cause (rulebook
"1) Construir uma Mina", "2) Iniciar um Projeto Gaia", "3) Melhorando suas Estruturas",
"9) Ganhando Poder")."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Mapping
from operator import attrgetter
from typing import TYPE_CHECKING

from gamekit.kit.hexgrid import distance, within

from .components import BUILDING_BY_CODE, TRACKS
from .economy import add_vp, can_pay, gain, pay, take_tokens
from .fedtokens import take_fed_token
from .mines import (
    Hex,
    planets_version,
    reach_in,
    seat_field,
    unowned_transdim,
)
from .research import ask_tech
from .scoring import trigger

if TYPE_CHECKING:
    from .state import GaiaState

__all__ = ["power_value", "build_mine", "gaia_options", "recallable", "start_gaia", "recall",
           "upgrade_options", "upgrade_entries", "upgrade_option_at", "upgrade", "after_build", "taklons_pi",
           "leech_amount", "leech_value", "place_structure", "neighbour_within_2", "Hex", "BIG",
           "pi_built", "value_bound"]

BIG = ("PI", "ac1", "ac2")
_UPGRADES: dict[int, tuple] = {}


def _upgrades_of(board: Mapping) -> dict[str, list]:
    """A faction board's buildings by the code they upgrade from, in board order."""
    got = _UPGRADES.get(id(board))
    if got is None or got[0] is not board:
        table: dict[str, list] = {}
        for b in board.values():
            if b.upgrades_from is not None:
                table.setdefault(board[b.upgrades_from].code, []).append(b)
        costs = [c for row in table.values() for b in row for c in (b.cost, b.cost_alone) if c]
        floor = (min((c.get("credits", 0) for c in costs), default=0),
                 min((c.get("ore", 0) for c in costs), default=0))
        plain = all(k in ("credits", "ore") for c in costs for k in c)
        prices = (sorted({c.get("credits", 0) for c in costs}),  # each cost is one of these
                  sorted({c.get("ore", 0) for c in costs})) if plain else None
        got = _UPGRADES[id(board)] = (board, table, floor, prices)
    return got[1]


def _upgrades_entry(board: Mapping) -> tuple:
    """``_upgrades_of``'s whole entry: ``(board, table, the fewest credits and ore any
    upgrade costs, the prices or None)``."""
    got = _UPGRADES.get(id(board))
    if got is None or got[0] is not board:
        _upgrades_of(board)
        got = _UPGRADES[id(board)]
    return got


def power_value(st: GaiaState, seat: int, code: str, h: Hex | None = None,
                tech3: bool | None = None) -> int:
    """Power value of a structure ("4) Forjando Alianças"); tech3: PI and academies 4;
    Bescods PI: +1 on Titanium planets (Apêndice I). ``tech3``: whether the seat's tech3
    works, if the caller knows."""
    if code == "lost":
        return 1
    v = BUILDING_BY_CODE[code].power_value
    p = st.pl[seat]
    if code in BIG and (tech3 if tech3 is not None else "tech3" in p.active_tech()):
        v = 4
    if (h is not None and p.faction == "bescods" and p.counts.get("PI")
            and st.ptype.get(h) == "titanium"):
        v += 1
    return v


#: the most power value a structure of each code can have (``power_value``: tech3 makes the
#: big ones 4, the Bescods' PI adds 1 on Titanium planets)
_MOST = {**{code: max(b.power_value, 4 if code in BIG else 0)
            for code, b in BUILDING_BY_CODE.items()}, "lost": 1}


def value_bound(st: GaiaState, seat: int) -> int:
    """At least the power value of the seat's unfederated structures ("4) Forjando
    Alianças"), read without the federations: every structure at its highest value, guest
    mines and space stations 1. Below the threshold, no federation can be formed."""
    p = st.pl[seat]
    most = sum(map(_MOST.__getitem__, p.built.values())) + len(p.guest)
    if p.faction == "bescods":
        most += len(p.built)
    if st.stations:
        most += sum(1 for s in st.stations.values() if s == seat)
    return most


# ------------------------------------------------------------------ mines (options: mines.py)
def build_mine(st: GaiaState, seat: int, h: Hex, cost: dict, steps: int, setup: bool = False) -> None:
    p = st.pl[seat]
    if st.owner.get(h, seat) != seat:
        _guest_mine(st, seat, h, cost)
        return
    pay(st, seat, cost, "mine")
    on_gaia = st.ptype[h] == "gaia"
    if st.gf.get(h) == seat:
        del st.gf[h]
    place_structure(st, seat, h, "m")
    if not st.quiet:  # the event is for narration only
        st.emit("build_mine", seat, "mine", hex=st.label(h), steps=steps,
                planet=st.ptype[h])
    if setup:
        return
    if steps:
        trigger(st, seat, "terraforming_step", steps)
    trigger(st, seat, "mine")
    if on_gaia:
        trigger(st, seat, "mine_on_gaia")
        add_vp(st, seat, p.board.extra.get("vp_per_gaia_mine", 0), "faction")
    _geodens(st, seat, h)
    after_build(st, seat, h)


def _guest_mine(st: GaiaState, seat: int, h: Hex, cost: dict) -> None:
    p = st.pl[seat]
    pay(st, seat, cost, "mine")
    p.guest.add(h)
    p.counts["m"] = p.counts.get("m", 0) + 1
    st.emit("guest_mine", seat, "faction", hex=st.label(h))
    trigger(st, seat, "mine")
    if st.ptype.get(h) == "gaia" and st.options["lantids_guest_mines"] == "rulebook":
        trigger(st, seat, "mine_on_gaia")  # a normal mine (Apêndice I); not on the site
    if p.counts.get("PI"):
        gain(st, seat, {"knowledge": 2}, "faction")
    after_build(st, seat, h)


def _geodens(st: GaiaState, seat: int, h: Hex) -> None:
    """Geodens PI: 3 knowledge for the first mine on each planet type."""
    p = st.pl[seat]
    if p.faction != "geodens" or not p.counts.get("PI"):
        return
    kind = st.ptype[h]
    if sum(1 for x in p.built if st.ptype.get(x) == kind) == 1:
        gain(st, seat, {"knowledge": 3}, "faction")


def place_structure(st: GaiaState, seat: int, h: Hex, code: str) -> None:
    p = st.pl[seat]
    old = p.built.get(h)
    if old:
        p.counts[old] -= 1
    p.built[h] = code
    p.counts[code] = p.counts.get(code, 0) + 1
    st.owner[h] = seat


# ------------------------------------------------------------------ Gaia project
def gaia_options(st: GaiaState, seat: int) -> list[tuple[Hex, int, int]]:
    """Transdim hexes a gaiaformer can go to: ``(hex, QIC for range, tokens)``."""
    p = st.pl[seat]
    if not p.gaiaformers:  # none unlocked: none free, none placed (position_checks)
        return []
    if p.gaiaformers <= p.gf_gaia and not st.options["gaiaformer_recall"]:
        return []  # none free, none to recall: the test below, without counting those placed
    gf = st.gf
    free = p.gaiaformers - (list(gf.values()).count(seat) if gf else 0) - p.gf_gaia
    if free <= 0 and not (gf and recallable(st, seat)):  # none placed: none to recall
        return []
    need = TRACKS["gaia"].levels[p.research["gaia"]].gaiaform_tokens or 0
    b = p.bowls
    if b.bowl1 + b.bowl2 + b.bowl3 < need:
        return []
    qic = p.res["qic"]
    out = []
    for h, q in _transdim_reach(st, seat, p.range()):
        if q <= qic and h not in gf:
            out.append((h, q, need))
    return out


def _transdim_reach(st: GaiaState, seat: int, rng: int) -> tuple:
    """``(hex, QIC for range)`` of each unowned Transdim planet within the seat's reach
    (range ``rng``), in hex order: kept per seat with the planets, the distances and the
    range until a planet turns Gaia (``mines.planets_version``; the caller checks the
    gaiaformers and the QIC held)."""
    origins, dist = seat_field(st, seat)
    ut = unowned_transdim(st)
    memo = st.__dict__.get("_treach_memo")
    if memo is None:
        memo = st._treach_memo = {}
    got = memo.get(seat)
    turned = planets_version(st)
    if (got is None or got[0] is not ut or got[1] is not dist or got[2] != rng
            or got[3] is not turned):
        ptype = st.ptype
        reach = []
        for h in ut:
            if ptype[h] == "transdim":
                q = reach_in(st, seat, h, origins, dist, rng)
                if q >= 0:
                    reach.append((h, q))
        got = memo[seat] = (ut, dist, rng, turned, tuple(reach))
    return got[4]


def recallable(st: GaiaState, seat: int) -> list[Hex]:
    """Gaiaformers on planets that already became Gaia: the rulebook lets their owner move
    them to a new Transdim planet (option ``gaiaformer_recall``; the anchor engine never)."""
    if not st.options["gaiaformer_recall"]:
        return []
    return [h for h, s in st.gf.items() if s == seat and st.ptype[h] == "gaia"]


def start_gaia(st: GaiaState, seat: int, h: Hex, qic: int, tokens: int) -> None:
    p = st.pl[seat]
    if p.gaiaformers - sum(1 for s in st.gf.values() if s == seat) - p.gf_gaia <= 0:
        back = recallable(st, seat)
        if len(back) == 1:
            recall(st, seat, back[0])
        else:
            st.ask_front(seat, "recall", {})
    pay(st, seat, {"qic": qic}, "range")
    take_tokens(st, seat, tokens, True, "gaia_project")
    st.gf[h] = seat
    if not st.quiet:  # the event is for narration only
        st.emit("gaia_project", seat, "gaia", hex=st.label(h), n=tokens)


def recall(st: GaiaState, seat: int, h: Hex) -> None:
    del st.gf[h]
    st.emit("recall", seat, "gaia", hex=st.label(h))


# ------------------------------------------------------------------ upgrades
def upgrade_options(st: GaiaState, seat: int) -> list[tuple[Hex, str, dict]]:
    """``(hex, building code, cost)`` of each upgrade ``seat`` can pay now ("3) Melhorar uma
    Estrutura")."""
    return [(h, code, dict(cost)) for h, code, cost in upgrade_entries(st, seat)]


def upgrade_entries(st: GaiaState, seat: int) -> list[tuple[Hex, str, dict]]:
    """``upgrade_options`` with the board's own cost tables (not to be changed: read only)."""
    p = st.pl[seat]
    board = p.board.buildings
    got = _UPGRADES.get(id(board))  # ``_upgrades_entry``, inlined
    if got is None or got[0] is not board:
        got = _upgrades_entry(board)
    credits, ore = got[2]
    if p.res["credits"] < credits or p.res["ore"] < ore:  # no upgrade payable
        return []
    ups = _payable(st, seat)
    out: list = []
    if not ups:
        return out
    near = None
    for h, code in p.built.items():
        for b, ok, ok_alone, alone in ups.get(code, ()):
            cost = b.cost
            if alone:
                if near is None:
                    near = _near2_table(st)
                if not neighbour_within_2(st, seat, h, near):
                    cost, ok = alone, ok_alone
            if ok:
                out.append((h, b.code, cost))
    return out


#: ``(board, counts, credits and ore placed among the board's prices)`` -> ``_payable``
_PAYABLE: dict[tuple, tuple] = {}


def _payable(st: GaiaState, seat: int) -> dict:
    """Per building code on the map: the upgrades left on the board that can be paid,
    with or without a neighbour (``alone``: the trading station's cheaper cost applies):
    the same for every hex. Remembered by the board, the buildings counted and where the
    credits and ore held fall among the board's prices, when it prices in those alone."""
    p = st.pl[seat]
    board = p.board.buildings
    prices = _upgrades_entry(board)[3]
    if prices is None:
        return _payable_now(st, seat)
    key = (id(board), tuple(p.counts.items()), bisect_right(prices[0], p.res["credits"]),
           bisect_right(prices[1], p.res["ore"]))
    got = _PAYABLE.get(key)
    if got is None or got[0] is not board:
        if len(_PAYABLE) >= 4096:
            _PAYABLE.clear()
        got = _PAYABLE[key] = (board, _payable_now(st, seat))
    return got[1]


def _payable_now(st: GaiaState, seat: int) -> dict:
    """``_payable`` read now."""
    p = st.pl[seat]
    counts = p.counts
    table = _upgrades_of(p.board.buildings)
    ups = {}
    for code, n in counts.items():
        row = table.get(code) if n else None
        if row is None:
            continue
        got = []
        for b in row:
            if counts.get(b.code, 0) >= b.count:
                continue
            ok = can_pay(st, seat, b.cost)
            alone = b.cost_alone if b.code == "ts" else None
            ok_alone = bool(alone) and can_pay(st, seat, alone)
            if ok or ok_alone:
                got.append((b, ok, ok_alone, alone))
        if got:
            ups[code] = got
    return ups


def upgrade_option_at(st: GaiaState, seat: int, h: Hex, code: str) -> tuple[Hex, str, dict]:
    """The entry of ``upgrade_options(seat)`` for ``h`` and ``code``, read at that hex
    alone (an upgrade of the legal list)."""
    for b in _upgrades_of(st.pl[seat].board.buildings).get(st.pl[seat].built.get(h), ()):
        if b.code == code:
            alone = b.code == "ts" and b.cost_alone and not neighbour_within_2(st, seat, h)
            return (h, code, dict(b.cost_alone if alone else b.cost))
    return next(o for o in upgrade_options(st, seat) if o[0] == h and o[1] == code)


def neighbour_within_2(st: GaiaState, seat: int, h: Hex, table: dict | None = None) -> bool:
    """Whether another player has a structure within 2 of ``h`` (remembered per seat and
    hex until a building or guest mine goes up: ``owner`` only grows; ``table``: the
    ``_near2_table()`` of the caller)."""
    if table is None:
        table = _near2_table(st)
    ans = table.get((seat, h))
    if ans is None:
        ans = table[(seat, h)] = _neighbour_within_2_now(st, seat, h)
    return ans


#: a player's guest mines (the Lantids')
_GUEST = attrgetter("guest")


def _near2_table(st: GaiaState) -> dict:
    """``(seat, hex) -> _neighbour_within_2_now`` answers for the buildings now: after one
    building more (the last key of ``owner``, which only grows; guest mines unchanged), the
    answers kept, a no turning yes where the new building is another seat's within 2."""
    owner = st.owner
    key = (id(owner), len(owner), sum(map(len, map(_GUEST, st.pl))))  # in C
    got = st.__dict__.get("_near2_memo")
    if got is None or got[0] != key:
        table = {}
        if got is not None and got[1] and got[0][::2] == key[::2] and got[0][1] + 1 == key[1]:
            b = next(reversed(owner))
            table = {k: v or k[0] != owner[b] and distance(k[1], b) <= 2
                     for k, v in got[1].items()}
        got = st._near2_memo = (key, table)
    return got[1]


def _neighbour_within_2_now(st: GaiaState, seat: int, h: Hex) -> bool:
    owner = st.owner
    for x in _within_2(h).intersection(owner):  # the few structures within 2, found in C
        if owner[x] != seat:
            return True
    return any(q.seat != seat and distance(h, x) <= 2 for q in st.pl for x in q.guest)


def upgrade(st: GaiaState, seat: int, h: Hex, code: str, cost: dict) -> None:
    pay(st, seat, cost, "upgrade")
    old = st.pl[seat].built[h]
    place_structure(st, seat, h, code)
    if not st.quiet:  # the event is for narration only
        st.emit("upgrade", seat, "upgrade", hex=st.label(h), old=old,
                new=code)
    if code == "ts":
        trigger(st, seat, "trading_station")
    elif code in BIG:
        trigger(st, seat, "big_building")
    if code == "PI":
        pi_built(st, seat)
    after_build(st, seat, h)
    if code in ("lab", "ac1", "ac2"):
        ask_tech(st, seat)


# ------------------------------------------------------------------ leech
def after_build(st: GaiaState, seat: int, h: Hex) -> None:
    """Federations grow by adjacency; neighbours within 2 may charge power later."""
    for fed in st.pl[seat].feds:
        if any(distance(h, x) == 1 for x in fed):
            fed.add(h)
            break
    n, table = st.players, st.table
    at = seat if table is None else table.index(seat)
    for k in range(1, n):  # clockwise from the builder: the seating after an auction
        other = (at + k) % n if table is None else table[(at + k) % n]
        best = leech_value(st, other, h)
        if best and (leech_amount(st, other, h, best) > 0 or taklons_pi(st, other)):
            st.leech_later.append((other, best))


def taklons_pi(st: GaiaState, seat: int) -> bool:
    p = st.pl[seat]
    return p.faction == "taklons" and bool(p.counts.get("PI"))


def leech_amount(st: GaiaState, seat: int, h: Hex, best: int | None = None) -> int:
    """Power ``seat`` may charge for a building on ``h``: the highest power value of its
    structures within 2, capped by its bowls and by its VP (cost: power - 1 VP);
    ``best``: ``leech_value(seat, h)`` if the caller has it."""
    p = st.pl[seat]
    if best is None:
        best = leech_value(st, seat, h)
    return min(best, p.bowls.charge_room, p.vp + 1) if best else 0


def leech_value(st: GaiaState, seat: int, h: Hex) -> int:
    """The highest power value of ``seat``'s structures within 2 of ``h`` ("9) Ganhando
    Poder"; a guest mine counts 1), 0 without any."""
    p = st.pl[seat]
    best = 0
    built = p.built
    for x in _within_2(h).intersection(built):  # the few within 2, found in C
        v = power_value(st, seat, built[x], x)
        if v > best:
            best = v
    if not best and p.guest and any(distance(h, x) <= 2 for x in p.guest):
        best = 1
    return best


#: hex -> the hexes within 2 of it, itself too (a pure function of the hex: the hexes of the
#: few maps played; emptied past 4096)
_WITHIN_2: dict[Hex, frozenset] = {}


def _within_2(h: Hex) -> frozenset:
    """``hexgrid.within(h, 2)``, made once a hex."""
    got = _WITHIN_2.get(h)
    if got is None:
        if len(_WITHIN_2) >= 4096:
            _WITHIN_2.clear()
        got = _WITHIN_2[h] = within(h, 2)
    return got


def pi_built(st: GaiaState, seat: int) -> None:
    """Faction effects of building the planetary institute (Apêndice I)."""
    p = st.pl[seat]
    if p.faction == "gleens":
        take_fed_token(st, seat, "gleens")
