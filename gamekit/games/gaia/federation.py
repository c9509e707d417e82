"""Forming federations (rulebook "4) Forjando Alianças"): structures of total power value 7 or
more (Xenos with their PI: 6), linked by satellites on empty spaces, none touching one of the
player's earlier federations; the player takes a federation token.

Reading used here: candidates are grown greedily from each group of adjacent unfederated
structures, joining the nearest other group through the shortest chain of empty spaces, until
the value is reached (each candidate uses the fewest satellites its growth found). A federation
laid out hex by hex is checked exactly: no federation made of some of its structures may need
fewer satellites (``linking.fewer_links``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamekit.kit.hexgrid import neighbours
from gamekit.kit.paths import distances

from .build import power_value
from .economy import pay, take_tokens
from .fedtokens import fed_supply_left
from .fedwalk import Components as _Components
from .fedwalk import lost_hex, open_space, space_tables
from .fedwalk import nearest as _nearest
from .linking import fewer_links

if TYPE_CHECKING:
    from .state import GaiaState

__all__ = ["fed_threshold", "fed_values", "federation_part", "fed_base", "fed_supply_any",
           "federation_options", "fed_options", "fed_search", "components_of", "lost_hex",
           "satellite_cap", "form_hexes", "search_starts", "custom_federation_ok",
           "banned_hexes", "fed_pick_options", "fed_pick_valid", "form_picked"]


#: how many of the nearest groups each search step tries
FED_BRANCH = 2


def search_starts(vals: dict, comps: dict, banned: set) -> list:
    """The groups a federation search starts from, in order: each group of ``comps`` once,
    from its first hex of ``vals`` that is not banned."""
    out: list = []
    done: set = set()
    for h in vals:
        comp = comps[h]
        if h not in banned and comp not in done:
            done.add(comp)
            out.append(comp)
    return out


def fed_threshold(st: GaiaState, seat: int) -> int:
    p = st.pl[seat]
    return 6 if p.faction == "xenos" and p.counts.get("PI") else 7


def fed_values(st: GaiaState, seat: int) -> dict:
    """Unfederated hexes of ``seat`` counted by a federation, with their power value."""
    p = st.pl[seat]
    done = set().union(*p.feds) if p.feds else set()
    value = power_value
    tech3 = "tech3" in p.active_tech()
    vals = {h: value(st, seat, c, h, tech3) for h, c in p.built.items() if h not in done}
    if p.guest:
        vals.update({h: 1 for h in p.guest if h not in done})
    if st.stations:
        vals.update({h: 1 for h, s in st.stations.items() if s == seat and h not in done})
    return vals


def federation_part(st: GaiaState, seat: int) -> tuple[dict, bool]:
    """``(federation_options(seat), custom_federation_ok(seat))`` of a turn's legal list,
    the unfederated values computed once."""
    if not fed_supply_any(st, ):
        return {}, False
    base = fed_base(st, seat)
    custom = st.pl[seat].faction != "ivits" and base[1] >= base[2]
    return fed_options(st, seat, base), custom


def fed_base(st: GaiaState, seat: int) -> list:
    """``[_fed_values(seat), their sum, fed_threshold(seat), None (the searches are kept by
    satellite cap, last entry), fedlookup's candidates by structures, fed_options by
    satellite cap]``, remembered by everything they read (the seat's buildings in order,
    guest mines, stations, federations, tech3, the Lost Planet): a turn that built nothing
    of the seat's costs a look-up. Keys hold the content, so clones may share the memo."""
    p = st.pl[seat]
    stations = st.stations
    key = (seat, p.faction, tuple(p.built.items()), tuple(p.guest) if p.guest else (),
           tuple(h for h, s in stations.items() if s == seat) if stations else (),
           tuple(map(frozenset, p.feds)) if p.feds else (),
           "tech3" in p.tech and "tech3" not in p.covered, len(st.ptype))
    memo = st.__dict__.get("_fedbase_memo")
    if memo is None:
        memo = st._fedbase_memo = {}
    got = memo.get(key)
    if got is None:
        if len(memo) >= 1024:
            memo.clear()
        vals = fed_values(st, seat)
        got = memo[key] = [vals, sum(vals.values()), fed_threshold(st, seat), None, {}, {}]
    return got


def fed_supply_any(st: GaiaState) -> bool:
    """``bool(fed_supply_left())`` (a loop: a generator makes a function object)."""
    for n in st.fed_supply.values():
        if n > 0:
            return True
    return False


def federation_options(st: GaiaState, seat: int,
                       vals: dict | None = None) -> dict[str, tuple[frozenset, frozenset]]:
    """``key -> (structure hexes, satellite hexes)`` of the federations ``seat`` can form
    (``vals``: ``_fed_values(seat)`` if the caller has it)."""
    if not fed_supply_any(st, ):
        return {}
    base = fed_base(st, seat)
    if vals is not None and vals is not base[0]:
        base = [vals, sum(vals.values()), fed_threshold(st, seat), None, {}, {}]
    return fed_options(st, seat, base)


def fed_options(st: GaiaState, seat: int, base: list) -> dict[str, tuple[frozenset, frozenset]]:
    """``federation_options`` from a ``_fed_base`` entry (the supply has tokens left),
    remembered in it by the satellites the seat can pay (a turn's free actions change that
    cap, never the candidates)."""
    vals = base[0]
    p = st.pl[seat]
    if p.faction == "ivits" and p.feds:
        return _ivits_option(st, seat, vals)
    total, need, found = base[1:4]
    if total < need:
        return {}
    cap = satellite_cap(st, seat)
    out = base[5].get(cap)
    if out is None:
        if found is None:  # the candidates the seat can pay for: a search pruned at the cap
            found = _fed_found(st, seat, vals, need, cap)
        out = base[5][cap] = {}
        for key, hexes, sats in found:
            if len(sats) <= cap and (key not in out or len(sats) < len(out[key][1])):
                out[key] = (hexes, sats)
    return dict(out)


def _fed_found(st: GaiaState, seat: int, vals: dict, need: int, cap: int | None = None) -> list:
    """Every federation the search finds, in the order found, before the satellites are
    paid: ``[(key, structure hexes, satellite hexes)]``; ``cap``: only those with at most
    ``cap`` satellites (the same list filtered: a step with more satellites is not followed,
    as every federation it leads to has them too). Remembered by what the search
    depends on (the seat's values, earlier federations, the map's planets, the cap), so a
    turn that changed none of them costs a look-up; clones share the memo (same map, keys
    by content). A list known for a higher cap (or none) serves a lower one, filtered: the
    pruned list is the full one filtered, in the same order."""
    p = st.pl[seat]
    same = (tuple(vals.items()), tuple(frozenset(f) for f in p.feds), need, lost_hex(st, ))
    memo_key = (*same, cap)
    memo = st.__dict__.get("_fed_memo")
    if memo is None:
        memo = st._fed_memo = {}
    got = memo.get(memo_key)
    if got is not None:
        return got
    top = memo.get(top_key := ("widest", same))  # the list of the highest cap searched
    if top is not None and cap is not None and (top[0] is None or top[0] >= cap):
        got = memo[memo_key] = [x for x in top[1] if len(x[2]) <= cap]
        return got
    banned = set()
    for fed in p.feds:
        for h in fed:
            banned.add(h)
            banned.update(neighbours(h))
    found: list = []
    comps = components_of(st, vals)
    walks = (frozenset(vals), frozenset(banned), lost_hex(st, ))
    seen: dict = {}
    for comp in search_starts(vals, comps, banned):
        fed_search(st, seat, comp, frozenset(), comps, banned, need, found, 4, walks, None,
                   seen, cap)
    if len(memo) >= 512:
        memo.clear()
    memo[memo_key] = found
    if top is None or top[0] is not None and (cap is None or cap > top[0]):
        memo[top_key] = (cap, found)
    return found


def fed_search(st: GaiaState, seat, hexes, sats, comps, banned, need, found, depth, walks,
               within=None, seen: dict | None = None, cap: int | None = None) -> None:
    """Join the two nearest groups in turn (fewest satellites first) until the federation
    reaches ``need``; every federation found is listed (``federation_options`` keeps the
    fewest satellites the player can pay for each set of structures). ``comps``:
    ``_components(vals)``; ``walks``: what the walks depend on besides their start
    (``_nearest_memo``); ``within``: only joins groups inside it (``fedlookup``); ``seen``:
    the steps of this search so far (a step met again, from another start or another
    order of joins, lists again what it listed: the same list, read once); ``cap``: a step
    with more satellites is not followed (``_fed_found``)."""
    if cap is not None and len(sats) > cap:
        return
    vals = comps.vals
    if sum(map(vals.__getitem__, hexes)) >= need:  # in C
        if hexes & banned:
            return
        key = seen.get(hexes) if seen is not None else None
        if key is None:
            key = "+".join(sorted(st.label(h) for h in hexes))
            if seen is not None:
                seen[hexes] = key
        found.append((key, frozenset(hexes), frozenset(sats)))
        return
    if depth == 0:
        return
    if seen is None:
        seen = {}
    step = (hexes, sats, depth)
    done = seen.get(step)
    if done is not None:  # a step's list depends on the step alone (the rest is the search's)
        found.extend(found[done[0]:done[1]])
        return
    start = len(found)
    budget = None if cap is None else cap - len(sats)  # a longer chain is never followed
    for end, cells in _nearest_memo(st, hexes | sats, comps, hexes, banned, walks, budget):
        if within is not None and not comps[end] <= within:
            continue
        fed_search(st, seat, hexes | comps[end], sats.union(cells), comps,
                   banned, need, found, depth - 1, walks, within, seen, cap)
    seen[step] = (start, len(found))


def components_of(st: GaiaState, vals: dict) -> _Components:
    """``hex -> the frozenset of hexes of vals connected to it`` for every hex of
    ``vals`` (``_component`` once per group), with ``vals`` as ``.vals``."""
    comps = _Components()
    comps.vals = vals
    for h in vals:
        if h not in comps:
            comp = frozenset(_component(st, h, vals))
            comps.update(dict.fromkeys(comp, comp))
    return comps


def _nearest_memo(st: GaiaState, sources: set, vals: dict, have: set, banned: set,
                  walks: tuple, budget: int | None = None) -> list:
    """``_nearest`` with ``FED_BRANCH`` groups, remembered by its start and ``walks`` (the
    structures' hexes, the banned hexes, the Lost Planet: a walk does not read the power
    values, so an upgrade keeps the answers); clones share the memo. ``budget``: the caller
    follows no chain of more satellites, so the walk may stop before them (the groups
    found first are the same, in the same order, with the same chains); a walk kept for
    a smaller budget and stopped by it is made again."""
    key = (frozenset(sources), frozenset(have), FED_BRANCH, walks)
    memo = st.__dict__.get("_near_memo")
    if memo is None:
        memo = st._near_memo = {}
    got = memo.get(key)
    if got is None or got[1] is not None and (budget is None or budget > got[1]):
        if len(memo) >= 4096:
            memo.clear()
        found, cut = _nearest(st, sources, vals, have, banned, FED_BRANCH, budget)
        got = memo[key] = (found, budget if cut else None)
    return got[0]


def _ivits_option(st: GaiaState, seat: int, vals: dict) -> dict[str, tuple[frozenset, frozenset]]:
    """Ivits: one federation for the whole game; forming again extends it until its value
    reaches 7 x (federation tokens held + 1) (Apêndice I; option ``ivits_threshold``:
    ``federations`` counts the federations formed with the action, like the anchor engine)."""
    p = st.pl[seat]
    fed = p.feds[0]
    done = p.fed_forms if st.options["ivits_threshold"] == "federations" else len(p.fed_tokens)
    need = 7 * (done + 1)
    built = {h: power_value(st, seat, c, h) for h, c in p.built.items()}
    built.update({h: 1 for h in p.guest})
    built.update({h: 1 for h, s in st.stations.items() if s == seat})
    got = _ivits_grown(st, fed, built, vals, need)
    if got is None or not _can_pay_satellites(st, seat, len(got[2])):
        return {}
    return {got[0]: (got[1], got[2])}


def _ivits_grown(st: GaiaState, fed: set, built: dict, vals: dict, need: int):
    """The Ivits' federation grown to ``need`` through the nearest groups: ``(key,
    structure hexes, satellite hexes)``, or None; remembered like ``_fed_found``."""
    lost = lost_hex(st, )
    memo_key = ("ivits", frozenset(fed), tuple(built.items()), tuple(vals.items()), need, lost)
    memo = st.__dict__.get("_fed_memo")
    if memo is None:
        memo = st._fed_memo = {}
    if memo_key in memo:
        return memo[memo_key]
    value = sum(v for h, v in built.items() if h in fed)
    have, sats = set(fed), set()
    got = None
    comps = components_of(st, vals)
    while value < need:
        path = _path(st, have, comps, have, set())
        if path is None:
            break
        end, cells = path
        sats.update(cells)
        have.update(cells)
        comp = comps[end]
        have |= comp
        value += sum(vals[h] for h in comp)
    else:
        hexes = {h for h in have if h in built}
        key = "+".join(sorted(st.label(h) for h in hexes))
        got = (key, frozenset(hexes), frozenset(sats))
    if len(memo) >= 512:
        memo.clear()
    memo[memo_key] = got
    return got


def _component(st: GaiaState, start, vals: dict) -> set:
    """The hexes of ``vals`` connected to ``start`` (``start`` included)."""
    adj = _adjacency(st)
    comp = {start}
    todo = [start]
    while todo:
        for n in adj.get(todo.pop()) or ():
            if n in vals and n not in comp:
                comp.add(n)
                todo.append(n)
    return comp


def _adjacency(st: GaiaState) -> dict:
    """``hex -> its neighbours on the map`` for every hex of the map (memo: the map never
    changes)."""
    got = st.__dict__.get("_adj_memo")
    if got is None:
        got = st._adj_memo = space_tables(st)[2]
    return got


def _path(st: GaiaState, sources: set, vals: dict, have: set, banned: set):
    got = _nearest(st, sources, vals, have, banned, 1)[0]
    return got[0] if got else None


def _can_pay_satellites(st: GaiaState, seat: int, n: int) -> bool:
    return n <= satellite_cap(st, seat)


def satellite_cap(st: GaiaState, seat: int) -> int:
    """The most satellites ``seat`` can pay: QIC (Ivits) or power tokens in the bowls."""
    p = st.pl[seat]
    if p.faction == "ivits":
        return p.res["qic"]
    b = p.bowls
    return b.bowl1 + b.bowl2 + b.bowl3


def form_hexes(st: GaiaState, seat: int, hexes: set, sats: set) -> None:
    p = st.pl[seat]
    if p.faction == "ivits":
        pay(st, seat, {"qic": len(sats)}, "satellites")
    else:
        take_tokens(st, seat, len(sats), False, "satellites")
    if p.faction == "ivits" and p.feds:
        p.feds[0] |= hexes | sats
    else:
        p.feds.append(hexes | sats)
    p.satellites |= sats
    p.fed_forms += 1
    if not st.quiet:  # the event is for narration only
        st.emit("federation", seat, "federation", n=len(hexes), sats=len(sats))
    st.ask_front(seat, "fedtoken", {})


# ------------------------------------------------------------------ hex by hex
def custom_federation_ok(st: GaiaState, seat: int) -> bool:
    """The player may also lay out a federation hex by hex (the rulebook lets them choose
    the planets freely, within the rules)."""
    p = st.pl[seat]
    return (p.faction != "ivits" and bool(fed_supply_left(st))
            and fed_base(st, seat)[1] >= fed_threshold(st, seat))


def banned_hexes(st: GaiaState, seat: int) -> set:
    banned = set()
    for fed in st.pl[seat].feds:
        for h in fed:
            banned.add(h)
            banned.update(neighbours(h))
    return banned


def fed_pick_options(st: GaiaState, seat: int, sel: set) -> list:
    """Hexes that may join the selection: an unfederated structure, or (next to the
    selection) an empty space for a satellite the player can still pay."""
    vals = fed_base(st, seat)[0]  # remembered (read only)
    banned = banned_hexes(st, seat)
    if not sel:
        return sorted(h for h in vals if h not in banned)
    one_more = _can_pay_satellites(st, seat, len(sel - vals.keys()) + 1)
    own_sats = st.pl[seat].satellites
    planets, ptype = st.space.planets, st.ptype
    out = set()
    for h in sel:
        for n in neighbours(h):
            if n in sel or n in banned:
                continue
            if n in vals:
                out.add(n)
            elif (one_more and planets.get(n) == "empty" and n not in ptype
                  and n not in own_sats):
                out.add(n)
    return sorted(out)


def fed_pick_valid(st: GaiaState, seat: int, sel: set) -> bool:
    """Value reached, and no structure or satellite that is not needed ("4) Forjando
    Alianças": never include planets or satellites the federation does not need)."""
    vals = fed_base(st, seat)[0]  # remembered (read only)
    value = sum(vals.get(h, 0) for h in sel)
    need = fed_threshold(st, seat)
    if value < need:
        return False
    for x in sel:  # x may go (a satellite, or enough value without it) and the rest links
        if x not in vals or value - vals[x] >= need:
            rest = sel - {x}
            if rest and _connected(rest):
                return False
    return not _fewer_satellites(st, seat, sel, vals, need)


def _fewer_satellites(st: GaiaState, seat: int, sel: set, vals: dict, need: int) -> bool:
    """Whether some of the selection's structures, worth ``need``, link with fewer
    satellites than the selection uses ("4) Forjando Alianças": "use the fewest satellites
    possible to connect the planets"; a link may pass through another unfederated
    structure of the player, which then joins, as in the rulebook's example of the mine
    that joins at no extra satellite; the anchor engine's "can be built with fewer
    satellites"). Exact over all layouts (``linking.fewer_links``), remembered by what it
    depends on (the structures' values and ``need`` included: a structure built since may
    be a link)."""
    structs = frozenset(h for h in sel if h in vals)
    sats = len(sel) - len(structs)
    if not sats:
        return False
    p = st.pl[seat]
    lost = lost_hex(st, )
    key = ("fewest", structs, sats, tuple(frozenset(f) for f in p.feds), lost,
           frozenset(st.ptype), tuple(vals.items()), need)
    memo = st.__dict__.get("_fed_memo")
    if memo is None:
        memo = st._fed_memo = {}
    got = memo.get(key)
    if got is None:
        groups, seen = [], set()
        for h in sorted(structs):
            if h not in seen:
                g = frozenset(_component(st, h, {x: 0 for x in structs}))
                seen |= g
                groups.append(g)
        banned = banned_hexes(st, seat)
        empty = open_space(st)
        free = frozenset(h for h in vals if h not in banned)
        walk = empty - banned
        # the map's own neighbours (a hex off the map is never free nor open)
        got = fewer_links(groups, [sum(vals[h] for h in g) for g in groups], need, free,
                          walk.__contains__, _adjacency(st).__getitem__, sats)
        if len(memo) >= 512:
            memo.clear()
        memo[key] = got
    return got


def _connected(cells: set) -> bool:
    return len(distances(next(iter(cells)), neighbours, cells.__contains__)) == len(cells)


def form_picked(st: GaiaState, seat: int, sel: set) -> None:
    vals = fed_base(st, seat)[0]  # remembered (read only)
    form_hexes(st, seat, {h for h in sel if h in vals}, {h for h in sel if h not in vals})


# ------------------------------------------------------------------ tokens
