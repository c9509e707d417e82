"""Where a seat may build a mine now, and at what price (rulebook "1) Construir uma Mina",
"Navegação", "Terraformação"): the planets by distance to the seat's structures, their
terraforming steps and the QIC range costs, remembered per seat until what they depend on
changes (a structure, the Lost Planet); Lantids' guest mines (Apêndice I)."""

from __future__ import annotations

from bisect import bisect_right
from itertools import compress
from operator import itemgetter, not_
from typing import TYPE_CHECKING

from gamekit.kit.hexgrid import distance

from . import hexfield
from .components import HOME_PLANETS, terraform_steps
from .economy import can_pay
from .sectors import map_memo

if TYPE_CHECKING:
    from .state import GaiaState

__all__ = ["range_origins", "reach_cost", "mine_cost", "mine_options", "mine_option_at",
           "mine_offers", "home_planets", "unowned_transdim", "seat_distances", "space_distances", "reach_in",
           "planets_version", "planets_turned", "seat_field",
           "Hex", "MINE_COST", "GAIA_COST"]

Hex = tuple[int, int]
MINE_COST = {"credits": 2, "ore": 1}
GAIA_COST = {"qic": 1}

#: terraforming steps: home planet -> target home planet -> steps
_STEPS = {a: {b: terraform_steps(a, b) for b in HOME_PLANETS} for a in HOME_PLANETS}
_first, _third = itemgetter(0), itemgetter(2)


def _field(memo: dict, seat: int, origins: list[Hex], hexes) -> dict:
    """Steps from each of ``hexes`` to the nearest of ``origins`` (``{}`` without origins),
    kept in ``memo[seat]`` with its origins and grown when origins are added (the rows of
    the map's hexes kept with it: ``_rows``; the rows and the nearest made in C,
    ``hexfield``)."""
    if not origins:
        return {}
    got = memo.get(seat)
    same = tuple(origins)
    if got is not None and got[2] == same:  # the same origins in the same order: no set
        return got[1]
    key = frozenset(origins)
    if got is not None and got[0] == key:
        memo[seat] = (key, got[1], same, got[3], got[4], got[5])
        return got[1]
    if got is not None and got[0] < key:
        order, new, rows, near = got[3], key - got[0], got[4], got[5]
    else:
        order, new, near = tuple(hexes), key, None
        rows = _rows(order)
    n = len(order)
    for o in new:
        line = rows.get(o)
        if line is None:
            line = rows[o] = hexfield.row(rows[None], order, o)
        near = line if near is None else hexfield.nearest(near, line, n)
    field = dict(zip(order, hexfield.steps_of(near, n)))
    memo[seat] = (key, field, same, order, rows, near)
    return field


#: ``hexes in order -> {origin: its row (hexfield), None: the hexes' keys}``: a pure
#: function of the map, shared by every game on it (a few maps at most; one row per
#: origin used)
_ROWS: dict[tuple, dict] = {}


def _rows(order: tuple) -> dict:
    """The rows kept for ``order`` (``{origin: steps from it to each hex of order}``)."""
    rows = _ROWS.get(order)
    if rows is None:
        if len(_ROWS) >= 16:
            _ROWS.clear()
        rows = _ROWS[order] = {None: hexfield.keys_of(order)}
    return rows


# ------------------------------------------------------------------ range
def range_origins(st: GaiaState, seat: int) -> list[Hex]:
    """Hexes range is measured from: structures, the Lost Planet, space stations."""
    p = st.pl[seat]
    out = list(p.built)
    if p.guest:
        out.extend(p.guest)
    if st.stations:
        out.extend(h for h, s in st.stations.items() if s == seat)
    return out


def reach_cost(st: GaiaState, seat: int, h: Hex, origins: list[Hex]) -> int:
    """QIC needed to reach ``h`` (each QIC adds 2 range), or -1 without any origin."""
    if not origins:
        return -1
    d = min(distance(h, o) for o in origins)
    over = d - st.pl[seat].range()
    return 0 if over <= 0 else (over + 1) // 2


# ------------------------------------------------------------------ mines
def mine_cost(st: GaiaState, seat: int, h: Hex, free_steps: int = 0) -> tuple[dict, int] | None:
    """Cost of a mine on ``h`` (without range QIC) and its terraforming steps, or None."""
    p = st.pl[seat]
    kind = st.ptype.get(h)
    if kind is None or h in st.owner or kind in ("empty", "lost"):
        return None
    cost = dict(MINE_COST)
    steps = 0
    if kind == "transdim":
        return None
    if kind == "gaia":
        if st.gf.get(h) == seat:
            pass
        elif h in st.gf:
            return None
        else:
            g = p.board.extra.get("gaia_cost", GAIA_COST)
            for k, n in g.items():
                cost[k] = cost.get(k, 0) + n
    else:
        steps = terraform_steps(p.board.home, kind)
        ore = max(0, steps - free_steps) * p.ore_per_step()
        cost["ore"] += ore
    return cost, steps


def mine_options(st: GaiaState, seat: int, free_steps: int = 0,
                 one: bool = False) -> list[tuple[Hex, dict, int]]:
    """Every hex where ``seat`` can afford a mine now: ``(hex, full cost, steps)``
    (``one``: one of them only, enough to tell whether there is any)."""
    p = st.pl[seat]
    if p.counts.get("m", 0) >= 8:
        return []
    out = []
    # every mine costs at least 2 credits and 1 ore (MINE_COST)
    if p.res["credits"] >= 2 and p.res["ore"] >= 1:
        origins, dist = seat_field(st, seat)
        out = _mine_hexes(st, seat, free_steps, origins, one, dist)
        if one and out:
            return out
    if p.faction == "lantids":
        out += _guest_options(st, seat, range_origins(st, seat))
    return out


def mine_option_at(st: GaiaState, seat: int, h: Hex) -> tuple[Hex, dict, int]:
    """The entry of ``mine_options(seat)`` for ``h``, read at that hex alone (a mine of
    the legal list: its price is the same whichever way it is read)."""
    origins = range_origins(st, seat)
    if h not in st.owner:
        got = _mine_site_now(st, seat, h, 0, origins, st.pl[seat].range())
        if got is not None:
            return got
    return next(o for o in mine_options(st, seat) if o[0] == h)


def mine_offers(st: GaiaState, seat: int) -> dict[str, dict[str, int]]:
    """Each mine ``seat`` can build now, by hex label, with what it takes ("1) Construir
    uma Mina"): ``distance`` to the nearest own structure, ``range`` (navigation now),
    ``qic`` (for range and for a Gaia planet), ``steps`` (terraforming), ``free_steps``
    (of a power action or booster), ``ore`` and ``credits``. A pending ``mine`` decision's
    free steps and extra range count. For the map's hover; not on the hot path."""
    p = st.pl[seat]
    data = st.data_of(st.stack[-1]) if st.front_is(seat, "mine") else {}
    free = data.get("steps", 0)
    p.range_bonus = data.get("range", 0)
    try:
        origins = range_origins(st, seat)
        rng = p.range()
        out = {}
        for h, cost, steps in mine_options(st, seat, free):
            d = min((distance(h, o) for o in origins), default=0)
            out[st.label(h)] = {"distance": d, "range": rng, "qic": cost.get("qic", 0),
                                  "steps": steps, "free_steps": min(steps, free),
                                  "ore": cost.get("ore", 0),
                                  "credits": cost.get("credits", 0)}
    finally:
        p.range_bonus = 0
    return out


def _mine_hexes(st: GaiaState, seat: int, free_steps: int, origins: list[Hex],
                one: bool = False, dist: dict | None = None) -> list:
    """``mine_options`` on planets (``mine_cost`` inlined; the cost is checked before the
    range, which only adds QIC), in hex order (``one``: some one of them). Planets whose
    type cannot change come with their steps and distance (``_mine_sites_near``), nearest
    first, so only those within range plus 2 per QIC held are read; Transdim and Gaia
    planets are read now."""
    p = st.pl[seat]
    ops = p.ore_per_step()
    rng = p.range()
    ore, qic = p.res["ore"], p.res["qic"]
    owner = st.owner
    near, dists, now, gaias, gdists = _mine_sites_near(st, seat, origins, dist)
    out = []
    # the caller made sure of 2 credits and 1 ore; q <= qic  <=>  d <= rng + 2 qic
    for h, steps, d in near[:bisect_right(dists, rng + 2 * qic)]:
        paid = steps - free_steps  # ``max(0, ...)`` as a comparison (a call costs more)
        need = 1 + paid * ops if paid > 0 else 1
        if ore < need or h in owner:
            continue
        q = 0 if d <= rng else (d - rng + 1) // 2  # _reach_in, inlined
        out.append((h, {"credits": 2, "ore": need, "qic": q} if q
                    else {"credits": 2, "ore": need}, steps))
        if one:
            return out
    if gaias:
        out += _mine_gaia(st, seat, gaias, gdists, rng, one)
        if one and out:
            return out
    if now:
        now = _readable(st, seat, now)
        if now:
            out += _mine_hexes_other(st, seat, free_steps, origins, now, rng, one)
    if len(out) > 1:
        out.sort(key=_first)
    return out


def _mine_gaia(st: GaiaState, seat: int, gaias: tuple, gdists: list, rng: int,
               one: bool) -> list:
    """``_mine_hexes`` on the Gaia planets of the map (by distance): the price of a mine
    there, then range QIC; only those within range plus 2 per QIC left are read."""
    p = st.pl[seat]
    gaia = _gaia_price(p.board.extra)
    if not can_pay(st, seat, gaia):  # stock only: qic may grow below
        return []
    base = gaia.get("qic", 0)
    owner = st.owner
    out = []
    # base + (d - rng + 1) // 2 <= qic  <=>  d <= rng + 2 (qic - base)
    for h, _, d in gaias[:bisect_right(gdists, rng + 2 * (p.res["qic"] - base))]:
        if h in owner:
            continue
        cost = dict(gaia)
        if d > rng:
            cost["qic"] = base + (d - rng + 1) // 2
        out.append((h, cost, 0))
        if one:
            return out
    return out


#: a faction board's extras -> the price of a mine on a Gaia planet (``MINE_COST`` and its
#: ``gaia_cost``), read only; the extras (the components' tables) are never changed
_GAIA_PRICE: dict[int, tuple] = {}


def _gaia_price(extra) -> dict:
    """``MINE_COST`` plus the board's ``gaia_cost`` (default ``GAIA_COST``), made once a
    board (keyed by the extras' identity, kept with them)."""
    got = _GAIA_PRICE.get(id(extra))
    if got is None or got[0] is not extra:
        price = dict(MINE_COST)
        for k, n in extra.get("gaia_cost", GAIA_COST).items():
            price[k] = price.get(k, 0) + n
        got = _GAIA_PRICE[id(extra)] = (extra, price)
    return got[1]


def _readable(st: GaiaState, seat: int, now: tuple) -> tuple:
    """The sites of ``now`` that are no longer Transdim planets (a Transdim planet takes
    no mine), kept per seat with ``now`` until a planet turns Gaia (``planets_turned``):
    72 % of the reads found only Transdim planets."""
    memo = st.__dict__.get("_readable_memo")
    if memo is None:
        memo = st._readable_memo = {}
    got = memo.get(seat)
    turned = planets_version(st)
    if got is None or got[0] is not now or got[1] is not turned:
        ptype = st.ptype
        got = memo[seat] = (now, turned, tuple(
            t for t in now if ptype.get(t[0]) != "transdim"))
    return got[2]


def planets_version(st: GaiaState) -> object:
    """A token that changes when a Transdim planet turns Gaia (the one change of a planet's
    type but the Lost Planet's: ``rounds.gaia_phase``, Fase II); a copy starts its own."""
    got = st.__dict__.get("_ptver_memo")
    if got is None:
        got = st._ptver_memo = object()
    return got


def planets_turned(st: GaiaState) -> None:
    """Transdim planets turned Gaia: answers kept with ``planets_version`` are stale."""
    st._ptver_memo = object()


def _mine_hexes_other(st: GaiaState, seat: int, free_steps: int, origins: list[Hex], now: tuple,
                      rng: int, one: bool) -> list:
    """``_mine_hexes`` on the planets read now (Transdim planets and those with a
    gaiaformer: their type or gaiaformer may change), in hex order."""
    ptype, owner = st.ptype, st.owner
    out = []
    for h, _, _ in now:
        if h in owner or ptype.get(h) == "transdim":  # no mine before it turns Gaia
            continue
        got = _mine_site_now(st, seat, h, free_steps, origins, rng)
        if got is None:
            continue
        out.append(got)
        if one:
            return out
    return out


def _mine_sites_near(st: GaiaState, seat: int, origins: list[Hex],
                     dist: dict | None = None) -> tuple:
    """The seat's mine sites, split: ``(planets of fixed type by distance then hex, their
    distances, the planets read now in hex order, the Gaia planets of the map by distance
    then hex, their distances)``, each site ``(hex, steps, distance)`` (steps -1: a Gaia
    planet of the map; ``(hex, None, None)``: read now). Planets unowned when listed; the
    caller skips those owned since. Transdim planets and those with a gaiaformer are read
    now (their type or gaiaformer may change: a gaiaformer only ever goes to a Transdim
    planet). Remembered per seat until the seat's origins change or the Lost Planet comes,
    made in one pass over the planets (clones share it: an entry holds the very objects it
    was computed from; ``dist``: ``seat_distances`` of the origins if the caller has it)."""
    if dist is None:
        dist = seat_distances(st, seat, origins)
    planets = st.planet_hexes
    home = st.pl[seat].board.home
    memo = st.__dict__.get("_msites_memo")
    if memo is None:
        memo = st._msites_memo = {}
    got = memo.get(seat)
    if got is None or got[0] is not planets or got[1] is not dist or got[2] != home:
        got = memo[seat] = (planets, dist, home, *(
            _sites_listed(st, planets, dist, home) if dist else _sites_unplaced(st)))
    return got[3:]


def _sites_listed(st: GaiaState, planets: tuple, dist: dict, home: str) -> tuple:
    """``_mine_sites_near``'s lists for a seat with origins (``dist`` over every planet):
    the unowned planets of home types (fixed steps) zipped with their distances and
    sorted in C, the few others (Gaia and Transdim) read one by one."""
    fixed, steps, others = _site_kinds(st, planets, home)
    owner, ptype, gf = st.owner, st.ptype, st.gf
    near = sorted(compress(zip(fixed, steps, map(dist.__getitem__, fixed)),
                           map(not_, map(owner.__contains__, fixed))), key=_third)
    now, gaias = [], []
    for h in others:
        if h in owner:
            continue
        if ptype.get(h) == "gaia" and h not in gf:  # a Gaia planet of the map
            gaias.append((h, -1, dist[h]))
        else:  # Transdim, or a gaiaformer on it: read now
            now.append((h, None, None))
    gaias.sort(key=_third)
    return (tuple(near), list(map(_third, near)), tuple(now), tuple(gaias),
            list(map(_third, gaias)))


def _sites_unplaced(st: GaiaState) -> tuple:
    """``_mine_sites_near``'s lists for a seat without origins: every unowned planet read
    now, in hex order."""
    return ((), [], tuple((h, None, None) for h in _unowned_planets(st)), (), [])


def _site_kinds(st: GaiaState, planets: tuple, home: str) -> tuple:
    """``(planets of home types in hex order, their terraforming steps from ``home``, the
    other planets in hex order: Gaia and Transdim, not the Lost Planet)``: a planet of a
    home type never changes, so this is made once per map and home (shared by its games)."""
    return _kinds_entry(st, planets, home)[1:4]


def home_planets(st: GaiaState, home: str) -> tuple:
    """The planets of type ``home`` in hex order (made with ``_site_kinds``: a planet of a
    home type never changes)."""
    return _kinds_entry(st, st.planet_hexes, home)[4]


def _kinds_entry(st: GaiaState, planets: tuple, home: str) -> tuple:
    """``(planets, _site_kinds' three lists, home_planets)``, once per map and home."""
    memo = map_memo(st.space, "site_kinds")
    got = memo.get(home)
    if got is None or got[0] is not planets:
        ptype, steps_to = st.ptype, _STEPS[home]
        fixed = tuple(h for h in planets if ptype.get(h) in steps_to)
        others = tuple(h for h in planets if ptype.get(h) in ("gaia", "transdim"))
        got = memo[home] = (planets, fixed, tuple(steps_to[ptype[h]] for h in fixed), others,
                            tuple(h for h in planets if ptype.get(h) == home))
    return got


def _mine_sites(st: GaiaState, seat: int, origins: list[Hex]) -> tuple:
    """Every site ``_mine_sites_near`` remembers for the seat (the three lists together)."""
    near, _, now, gaias, _ = _mine_sites_near(st, seat, origins)
    return near + now + gaias


def _mine_site_now(st: GaiaState, seat: int, h: Hex, free_steps: int, origins: list[Hex],
                   rng: int) -> tuple | None:
    """One planet of ``_mine_hexes`` read from the map now: ``(hex, cost, steps)`` or
    None."""
    p = st.pl[seat]
    kind = st.ptype.get(h)
    if kind is None or kind == "transdim":
        return None
    mine_gf = st.gf.get(h)
    dist = seat_distances(st, seat, origins)
    if kind != "gaia":
        steps = _STEPS[p.board.home][kind]
        need = 1 + max(0, steps - free_steps) * p.ore_per_step()
        if p.res["ore"] < need:
            return None
        q = reach_in(st, seat, h, origins, dist, rng) if mine_gf != seat else 0
        if q < 0 or q > p.res["qic"]:
            return None
        return (h, {"credits": 2, "ore": need, "qic": q} if q
                else {"credits": 2, "ore": need}, steps)
    if mine_gf == seat:
        cost = dict(MINE_COST)
    elif mine_gf is not None:
        return None
    else:
        cost = dict(MINE_COST)
        for k, n in p.board.extra.get("gaia_cost", GAIA_COST).items():
            cost[k] = cost.get(k, 0) + n
    if not can_pay(st, seat, cost):
        return None
    # a planet with your gaiaformer is in range ("2) Iniciar um Projeto Gaia")
    if mine_gf == seat:
        q = 0
    else:
        q = reach_in(st, seat, h, origins, dist, rng)
        if q < 0:
            return None
    if q:
        cost = dict(cost)
        cost["qic"] = cost.get("qic", 0) + q
        if not can_pay(st, seat, cost):
            return None
    return (h, cost, 0)


def _unowned_planets(st: GaiaState) -> tuple:
    """Planets in hex order that nobody owns and may take a mine one day (not empty, not
    the Lost Planet), remembered until a building goes up (``owner`` only grows, so its
    size and identity tell; a clone recomputes once). One building more than last time: the
    list less its hex (the last one ``owner`` holds: entries are never removed)."""
    owner = st.owner
    key = (id(owner), len(owner), len(st.ptype))
    got = st.__dict__.get("_unowned_memo")
    if got is not None and got[0] != key:
        was = got[0]
        if was[0] == key[0] and was[2] == key[2] and was[1] + 1 == key[1]:
            h, old = next(reversed(owner)), got[1]
            if h in old:
                at = old.index(h)
                old = old[:at] + old[at + 1:]
            got = st._unowned_memo = (key, old)
    if got is None or got[0] != key:
        ptype = st.ptype
        got = st._unowned_memo = (key, tuple(
            h for h in st.planet_hexes
            if h not in owner and ptype.get(h) not in ("empty", "lost")))
    return got[1]


def unowned_transdim(st: GaiaState) -> tuple:
    """The unowned planets that were Transdim when listed (a planet only ever turns from
    Transdim to Gaia, so the caller checks the type), with ``_unowned_planets``."""
    unowned = _unowned_planets(st)
    got = st.__dict__.get("_tdim_memo")
    if got is None or got[0] is not unowned:
        ptype = st.ptype
        got = st._tdim_memo = (unowned, tuple(
            h for h in unowned if ptype.get(h) == "transdim"))
    return got[1]


def seat_field(st: GaiaState, seat: int) -> tuple[list[Hex], dict]:
    """``(range_origins, seat_distances)`` of the seat, kept per seat until it has a
    structure, a guest mine or a space station more (origins are only ever added: the
    counts tell; read only)."""
    p = st.pl[seat]
    built = p.built
    memo = st.__dict__.get("_sfield_memo")
    if memo is None:
        memo = st._sfield_memo = {}
    got = memo.get(seat)
    if (got is None or got[0] is not built or got[1] != len(built)
            or got[2] != len(p.guest) or got[3] != len(st.stations)):
        origins = range_origins(st, seat)
        got = memo[seat] = (built, len(built), len(p.guest), len(st.stations), origins,
                            seat_distances(st, seat, origins))
    return got[4], got[5]


def seat_distances(st: GaiaState, seat: int, origins: list[Hex]) -> dict:
    """Steps from every planet to the nearest of ``origins`` (``{}`` without origins),
    remembered per seat and grown when origins are added (clones share it: it is keyed by
    the origins themselves and the map does not change)."""
    memo = st.__dict__.get("_dist_memo")
    if memo is None:
        memo = st._dist_memo = {}
    return _field(memo, seat, origins, st.ptype)


def space_distances(st: GaiaState, seat: int, origins: list[Hex], spaces: tuple) -> dict:
    """``seat_distances`` over the map's empty ``spaces`` (space stations)."""
    memo = st.__dict__.get("_sdist_memo")
    if memo is None:
        memo = st._sdist_memo = {}
    return _field(memo, seat, origins, spaces)


def reach_in(st: GaiaState, seat: int, h: Hex, origins: list[Hex], dist: dict, rng: int) -> int:
    """``reach_cost`` with the distances of ``seat_distances`` (``rng``: the seat's range now)."""
    d = dist.get(h)
    if d is None:
        return reach_cost(st, seat, h, origins)
    over = d - rng
    return 0 if over <= 0 else (over + 1) // 2


def _guest_options(st: GaiaState, seat: int, origins: list[Hex]) -> list[tuple[Hex, dict, int]]:
    """Lantids: a mine on a planet an opponent colonised, for the mine's price and range
    QIC, no terraforming (Apêndice I); in hex order."""
    p = st.pl[seat]
    res = p.res
    if res["credits"] < MINE_COST["credits"] or res["ore"] < MINE_COST["ore"]:
        return []
    qic = res["qic"]
    out = []
    dist = seat_distances(st, seat, origins)
    rng = p.range()
    guest = p.guest
    for h, s in st.owner.items():
        if s == seat or h in guest:
            continue
        q = reach_in(st, seat, h, origins, dist, rng)
        if 0 <= q <= qic:
            cost = dict(MINE_COST)
            if q:
                cost["qic"] = q
            out.append((h, cost, 0))
    out.sort(key=_first)
    return out
