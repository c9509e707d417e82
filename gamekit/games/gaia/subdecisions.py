"""Legal actions and handlers of every decision kind on the stack (see ``state``): set-up
choices, the turn and its sub-decisions, leech, income order, the Itars' PI.

``HANDLERS`` and ``CONTINUATIONS`` are the closed dispatch tables (built once, here): a kind
read from the stack (a position's data) selects an entry of them, never a name on the state.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

from gamekit.core import Action

from .actions import (
    _hex_action,
    _hex_actions,
    do_free,
    do_main,
    free_kept,
    main_legal,
    plain_action,
    station_options,
    step_targets,
)
from .boardsetup import do_rotate, legal_rotate
from .build import (
    after_build,
    build_mine,
    gaia_options,
    place_structure,
    recall,
    recallable,
    start_gaia,
    taklons_pi,
)
from .components import FEDERATION_TOKENS, TRACKS
from .decisions import Kind
from .economy import (
    add_tokens,
    add_vp,
    brainstone_goes,
    charge,
    gain,
    move_tokens,
    pay,
    plain_tokens,
    set_brainstone,
    spend_brainstone,
    take_from,
    take_plain,
)
from .federation import fed_pick_options, fed_pick_valid, form_picked
from .fedtokens import fed_supply_left, take_fed_token
from .mines import mine_options, range_origins, reach_cost
from .research import can_step, cover_tile, research_step, take_tech, tech_options
from .rounds import (
    auction_legal,
    auction_move,
    booster_options,
    do_pass,
    faction_options,
    gaia_tokens_back,
    income_extras,
    place_options,
    place_start,
    power_income,
    seat_faction,
    take_booster,
)
from .scoring import trigger
from .turnkeep import carry_over

if TYPE_CHECKING:
    from .state import GaiaState

__all__ = ["legal_kind", "HANDLERS", "LEGAL", "DO", "CONTINUATIONS", "fedpick_verdict"]

_TERRANS = {"4tg-q": (4, {"qic": 1}), "3tg-o": (3, {"ore": 1}), "4tg-k": (4, {"knowledge": 1}),
            "1tg-c": (1, {"credits": 1})}


def legal_kind(st: GaiaState, seat: int, kind: str, data: dict) -> list[Action]:
    return LEGAL[kind](st, seat, data)


# ------------------------------------------------------------------ set-up
def _legal_faction(st: GaiaState, seat, data):
    return [plain_action(seat, "faction", f) for f in faction_options(st, seat)]


def _do_faction(st: GaiaState, seat, action, data):
    seat_faction(st, seat, action.args[0])


def _legal_auction(st: GaiaState, seat, data):
    return [Action(seat, m[0], tuple(m[1:])) for m in auction_legal(st, seat)]


def _do_auction(st: GaiaState, seat, action, data):
    auction_move(st, seat, action.verb, *action.args)


def _legal_place(st: GaiaState, seat, data):
    return [plain_action(seat, "place", st.label(h)) for h in place_options(st, seat)]


def _do_place(st: GaiaState, seat, action, data):
    place_start(st, seat, st.hex_of(action.args[0]), data["code"])


def _legal_booster(st: GaiaState, seat, data):
    return [plain_action(seat, "booster", b) for b in booster_options(st, seat, data.get("back"))]


def _do_booster(st: GaiaState, seat, action, data):
    take_booster(st, seat, action.args[0])


# ------------------------------------------------------------------ income and Gaia
def _legal_income_order(st: GaiaState, seat, data):
    out = [Action(seat, "income", ("charge", n)) for n in sorted(set(data["charges"]))]
    return out + [Action(seat, "income", ("tokens", n)) for n in sorted(set(data["tokens"]))]


def _do_income_order(st: GaiaState, seat, action, data):
    charges, tokens = list(data["charges"]), list(data["tokens"])
    rest = list(data["rest"])
    kind, n = action.args
    if kind == "tokens":
        tokens.remove(n)
        add_tokens(st, seat, n, "income")
    else:
        charges.remove(n)
        charge(st, seat, n, "income")
    income_extras(st, seat, rest, kind, n)
    if not st.quiet:  # the event is for narration only
        st.emit("income_order", seat, "income", first=kind, n=n)
    if st.front_is(seat, "brainstone"):  # answer it first
        st.ask_under(seat, "income_rest", {"charges": charges, "tokens": tokens,
                                             "rest": rest})
        return
    power_income(st, seat, charges, tokens, rest)


def _legal_itars(st: GaiaState, seat, data):
    if st.pl[seat].bowls.gaia < 4 or not tech_options(st, seat):
        return [plain_action(seat, "itars", "done")]
    return [plain_action(seat, "itars", "tech"), plain_action(seat, "itars", "done")]


def _do_itars(st: GaiaState, seat, action, data):
    if action.args[0] == "done":
        gaia_tokens_back(st, seat)
        return
    p = st.pl[seat]
    p.bowls.gaia -= 4
    p.bowls.removed += 4
    st.flow(seat, "token", 4, "gaia_area", "itars")
    st.emit("itars", seat, "faction")
    st.ask_front(seat, "itars", {})
    st.ask_front(seat, "tech", {})


def _legal_terrans(st: GaiaState, seat, data):
    """Terrans PI: Gaia-area tokens reaching bowl II may be cashed like spent power."""
    n = st.pl[seat].bowls.gaia
    out = [plain_action(seat, "terrans", fid) for fid in _TERRANS if _TERRANS[fid][0] <= n]
    return out + [plain_action(seat, "terrans", "done")]


def _do_terrans(st: GaiaState, seat, action, data):
    fid = action.args[0]
    if fid == "done":
        gaia_tokens_back(st, seat)
        return
    n, got = _TERRANS[fid]
    b = st.pl[seat].bowls
    b.gaia -= n
    b.bowl2 += n
    st.flow(seat, "token", n, "gaia_area", "bowl2")
    gain(st, seat, got, "faction")
    st.emit("terrans", seat, "faction", n=n, got=dict(got))
    st.ask_front(seat, "terrans", {})


# ------------------------------------------------------------------ the turn
def _legal_turn(st: GaiaState, seat, data):
    out = main_legal(st, seat)
    out += free_kept(st, seat)
    return out


def _do_turn(st: GaiaState, seat, action, data):
    if action.verb in ("convert", "burn"):
        # the turn goes on after the conversion, and after any choice its payment asks
        # (the Taklons' brainstone): that choice is pushed in front of it
        st.ask_front(seat, "turn", {})
        carry_over(st, seat)  # the turn's parts made before it may serve again (turnkeep)
        do_free(st, seat, action)
    elif action.verb == "pass":
        do_pass(st, seat)
    else:
        st.ask_front(seat, "after", {})
        do_main(st, seat, action)


def _legal_after(st: GaiaState, seat, data):
    free = free_kept(st, seat)
    return [*free, _END[seat]] if free else []


#: each seat's ``end`` of a turn after its main action
_END = tuple(Action(seat, "end", ()) for seat in range(8))


def _do_after(st: GaiaState, seat, action, data):
    if action.verb != "end":
        st.ask_front(seat, "after", {})  # as in _do_turn: a payment's choice comes first
        do_free(st, seat, action)


def _legal_mine(st: GaiaState, seat, data):
    p = st.pl[seat]
    p.range_bonus = data.get("range", 0)
    try:
        opts = (step_targets(st, seat, data["steps"]) if data.get("steps")
                else mine_options(st, seat))
        gaia = gaia_options(st, seat) if p.range_bonus else []
    finally:
        p.range_bonus = 0
    return ([plain_action(seat, "build", st.label(h)) for h, _, _ in opts]
            + [plain_action(seat, "gaia", st.label(h)) for h, _, _ in gaia])


def _do_mine(st: GaiaState, seat, action, data):
    p = st.pl[seat]
    h = st.hex_of(action.args[0])
    p.range_bonus = data.get("range", 0)
    try:
        if action.verb == "gaia":
            _, q, n = next(o for o in gaia_options(st, seat) if o[0] == h)
        else:
            _, cost, steps = next(o for o in mine_options(st, seat, data.get("steps", 0))
                                  if o[0] == h)
    finally:
        p.range_bonus = 0
    if action.verb == "gaia":
        start_gaia(st, seat, h, q, n)
    else:
        build_mine(st, seat, h, cost, steps)


def _legal_tech(st: GaiaState, seat, data):
    return [plain_action(seat, "tech", t) for t in tech_options(st, seat)]


def _do_tech(st: GaiaState, seat, action, data):
    take_tech(st, seat, action.args[0])


def _legal_cover(st: GaiaState, seat, data):
    p = st.pl[seat]
    return [plain_action(seat, "cover", t) for t in p.tech if t not in p.covered]


def _do_cover(st: GaiaState, seat, action, data):
    cover_tile(st, seat, action.args[0], data["track"])


def _legal_step(st: GaiaState, seat, data):
    ok = [t for t in data["tracks"] if can_step(st, seat, t)]
    return [plain_action(seat, "step", t) for t in ok] + ([plain_action(seat, "step", "none")]
                                                        if ok else [])


def _do_step(st: GaiaState, seat, action, data):
    if action.args[0] != "none":
        research_step(st, seat, action.args[0])


def _legal_fedpick(st: GaiaState, seat, data):
    sel = {st.hex_of(x) for x in data["sel"]}
    acts = _hex_actions(st, seat, "fedhex")
    out = [acts.get(h) or _hex_action(st, seat, "fedhex", h)
           for h in fed_pick_options(st, seat, sel)]
    if sel and fed_pick_valid(st, seat, sel):
        out.append(plain_action(seat, "fedhex", "done"))
    return out + [plain_action(seat, "fedhex", "cancel")]


def fedpick_verdict(st: GaiaState, action: Action, data: dict) -> bool:
    """``action in _legal_fedpick(...)`` for a well-formed action of the seat laying out a
    federation ("4) Forjando Alianças"), read at that action: a hex among the picks, ``done``
    only for a valid selection, ``cancel`` always (so the list is never empty)."""
    if action.verb != "fedhex" or len(action.args) != 1:
        return False
    what, seat = action.args[0], action.seat
    if what == "cancel":
        return True
    sel = {st.hex_of(x) for x in data["sel"]}
    if what == "done":
        return bool(sel) and fed_pick_valid(st, seat, sel)
    return any(st.label(h) == what for h in fed_pick_options(st, seat, sel))


def _do_fedpick(st: GaiaState, seat, action, data):
    """Lay out a federation hex by hex; ``done`` forms it, ``cancel`` returns to the turn."""
    what = action.args[0]
    sel = {st.hex_of(x) for x in data["sel"]}
    if what == "done":
        form_picked(st, seat, sel)
    elif what == "cancel":
        if st.front_is(seat, "after"):
            st.stack = st.stack[:-1]
        st.ask_front(seat, "turn", {})
    else:
        st.ask_front(seat, "fedpick", {"sel": [*data["sel"], what]})


def _legal_fedtoken(st: GaiaState, seat, data):
    return [plain_action(seat, "fedtoken", t) for t in fed_supply_left(st)]


def _do_fedtoken(st: GaiaState, seat, action, data):
    take_fed_token(st, seat, action.args[0], supply=True)


def _legal_rescore(st: GaiaState, seat, data):
    have = sorted({t for t, _ in st.pl[seat].fed_tokens})
    return [plain_action(seat, "rescore", t) for t in have]


def _do_rescore(st: GaiaState, seat, action, data):
    t = FEDERATION_TOKENS[action.args[0]]
    add_vp(st, seat, t.vp, "federation")
    gain(st, seat, t.gain, "federation")
    st.emit("rescore", seat, "power_qic", token="fedtoken:" + t.id)


def _legal_lost(st: GaiaState, seat, data):
    """Empty spaces the Lost Planet may take, within reach for the seat's QIC ("Planeta
    Perdido"): a reach cost of at most ``qic`` is a distance of at most range + 2 per QIC."""
    origins = range_origins(st, seat)
    reach = st.pl[seat].range() + 2 * st.pl[seat].res["qic"]
    taken = st.stations.keys() | st.owner.keys()
    if not st.options["lost_planet_on_satellites"]:
        taken |= set().union(*(s.satellites for s in st.pl))
    return [plain_action(seat, "lost", st.label(h)) for h, t in sorted(st.space.planets.items())
            if t == "empty" and h not in taken and _within(h, origins, reach)]


def _within(h, origins: list, reach: int) -> bool:
    """Whether some origin lies at most ``reach`` steps from ``h``."""
    hq, hr = h
    twice = 2 * reach
    for q, r in origins:
        dq, dr = hq - q, hr - r
        if abs(dq) + abs(dr) + abs(dq + dr) <= twice:  # the hex distance, inlined
            return True
    return False


def _do_lost(st: GaiaState, seat, action, data):
    h = st.hex_of(action.args[0])
    pay(st, seat, {"qic": reach_cost(st, seat, h, range_origins(st, seat))}, "range")
    st.ptype[h] = "lost"
    st.planet_hexes = tuple(sorted(st.ptype))
    place_structure(st, seat, h, "lost")
    st.emit("lost_planet", seat, "research", hex=st.label(h))
    trigger(st, seat, "mine")
    after_build(st, seat, h)


def _legal_station(st: GaiaState, seat, data):
    return [plain_action(seat, "station", st.label(h)) for h in station_options(st, seat)]


def _do_station(st: GaiaState, seat, action, data):
    h = st.hex_of(action.args[0])
    pay(st, seat, {"qic": reach_cost(st, seat, h, range_origins(st, seat))}, "range")
    st.stations[h] = seat
    st.emit("station", seat, "faction", hex=st.label(h))


def _legal_downlab(st: GaiaState, seat, data):
    p = st.pl[seat]
    return [plain_action(seat, "downlab", st.label(h)) for h, c in p.built.items() if c == "lab"]


def _do_downlab(st: GaiaState, seat, action, data):
    h = st.hex_of(action.args[0])
    place_structure(st, seat, h, "ts")
    st.emit("downlab", seat, "faction", hex=st.label(h))
    trigger(st, seat, "trading_station")
    after_build(st, seat, h)
    st.ask_front(seat, "step", {"tracks": list(TRACKS)})


def _legal_recall(st: GaiaState, seat, data):
    return [plain_action(seat, "recall", st.label(h)) for h in recallable(st, seat)]


def _do_recall(st: GaiaState, seat, action, data):
    recall(st, seat, st.hex_of(action.args[0]))


def _legal_swap(st: GaiaState, seat, data):
    p = st.pl[seat]
    return [plain_action(seat, "swap", st.label(h)) for h, c in p.built.items() if c == "m"]


def _do_swap(st: GaiaState, seat, action, data):
    """Ambas PI: the PI and one mine change places (no VP, no leech)."""
    p = st.pl[seat]
    h = st.hex_of(action.args[0])
    pi = next(x for x, c in p.built.items() if c == "PI")
    p.built[h], p.built[pi] = "PI", "m"
    st.emit("swap", seat, "faction", hex=st.label(h))


def _legal_tokens(st: GaiaState, seat, data):
    return [plain_action(seat, "tokens", i)
            for i, x in enumerate(plain_tokens(st, seat), 1) if x]


def _do_tokens(st: GaiaState, seat, action, data):
    """One token from the chosen bowl (satellites, gaiaforming); the rest as needed."""
    take_from(st, seat, action.args[0], 1, bool(data["to_gaia"]), data["why"])
    if data["n"] > 1:
        take_plain(st, seat, data["n"] - 1, bool(data["to_gaia"]), data["why"])


def _legal_brainstone(st: GaiaState, seat, data):
    return [plain_action(seat, "brainstone", d) for d in data["dests"]]


def _do_brainstone(st: GaiaState, seat, action, data):
    """Where the brainstone ends; for income the charges are applied now (the anchor
    engine asks before the income arrives)."""
    if "take" in data:  # satellites or gaiaforming: is the brainstone one of the tokens?
        n, to_gaia, why = data["take"]
        if action.args[0] in (4, "discard"):
            brainstone_goes(st, seat, bool(to_gaia), why)
            n -= 1
        take_plain(st, seat, n, bool(to_gaia), why)
        return
    if "charges" in data:
        p = st.pl[seat]
        p.brainstone = 3  # charged as a plain token ...
        for n in data["charges"]:
            charge(st, seat, n, "income")
        set_brainstone(st, seat, action.args[0])  # ... then placed where chosen
        return
    set_brainstone(st, seat, action.args[0])


def _legal_brainstone_spend(st: GaiaState, seat, data):
    if data.get("wasted"):  # only the brainstone can pay: confirm that charges are lost
        return [plain_action(seat, "brainstone", "use")]
    return [plain_action(seat, "brainstone", "use"), plain_action(seat, "brainstone", "keep")]


def _do_brainstone_spend(st: GaiaState, seat, action, data):
    """Taklons: pay with the brainstone (3 power) or with ordinary tokens."""
    if action.args[0] == "use":
        spend_brainstone(st, seat, data["n"])
    else:
        st.pl[seat].bowls.spend(data["n"])
        move_tokens(st, seat, data["n"], 3, 1)
    st.emit("brainstone_spend", seat, "faction", choice=action.args[0])


# ------------------------------------------------------------------ leech
def _leech_now(st: GaiaState, seat, data, extra: int = 0) -> int:
    p = st.pl[seat]
    return min(data["n"], p.bowls.charge_room + extra, p.vp + 1)


def _legal_leech(st: GaiaState, seat, data):
    """Charge the offered power (cost: power - 1 VP) or decline; Taklons with their PI also
    take a token, before the charge (which may raise it) or after."""
    n = _leech_now(st, seat, data)
    taklons = taklons_pi(st, seat)
    out = [plain_action(seat, "leech", n)] if n > 0 or taklons else []
    if taklons:
        # the token before the charge (rulebook: before or after), which may raise it
        out.append(Action(seat, "leech", (_leech_now(st, seat, data, 2), "token_first")))
    return out + [plain_action(seat, "decline", None)] if out else []


def _do_leech(st: GaiaState, seat, action, data):
    if action.verb == "decline":
        if not st.quiet:  # the event is for narration only
            st.emit("decline", seat, "leech")
        return
    n = action.args[0]
    token_first = len(action.args) > 1
    taklons = taklons_pi(st, seat)
    if token_first:
        add_tokens(st, seat, 1, "faction")
    got = charge(st, seat, n, "leech")
    add_vp(st, seat, -max(0, got - 1), "leech")
    if not st.quiet:  # the event is for narration only
        st.emit("leech", seat, "leech", n=got, vp=max(0, got - 1))
    if taklons and not token_first:
        add_tokens(st, seat, 1, "faction")




#: decision kind -> (its legal list, its handler): every kind but the waiting steps
HANDLERS: dict[Kind, tuple[Callable, Callable]] = {
    Kind.FACTION: (_legal_faction, _do_faction),
    Kind.AUCTION: (_legal_auction, _do_auction),
    Kind.AUCTION_NAME: (_legal_auction, _do_auction),
    Kind.AUCTION_BID: (_legal_auction, _do_auction),
    Kind.ROTATE: (legal_rotate, do_rotate),
    Kind.PLACE: (_legal_place, _do_place),
    Kind.BOOSTER: (_legal_booster, _do_booster),
    Kind.INCOME_ORDER: (_legal_income_order, _do_income_order),
    Kind.ITARS: (_legal_itars, _do_itars),
    Kind.TERRANS: (_legal_terrans, _do_terrans),
    Kind.TURN: (_legal_turn, _do_turn),
    Kind.AFTER: (_legal_after, _do_after),
    Kind.MINE: (_legal_mine, _do_mine),
    Kind.TECH: (_legal_tech, _do_tech),
    Kind.COVER: (_legal_cover, _do_cover),
    Kind.STEP: (_legal_step, _do_step),
    Kind.FEDTOKEN: (_legal_fedtoken, _do_fedtoken),
    Kind.RESCORE: (_legal_rescore, _do_rescore),
    Kind.LOST: (_legal_lost, _do_lost),
    Kind.STATION: (_legal_station, _do_station),
    Kind.DOWNLAB: (_legal_downlab, _do_downlab),
    Kind.SWAP: (_legal_swap, _do_swap),
    Kind.RECALL: (_legal_recall, _do_recall),
    Kind.LEECH: (_legal_leech, _do_leech),
    Kind.TOKENS: (_legal_tokens, _do_tokens),
    Kind.BRAINSTONE: (_legal_brainstone, _do_brainstone),
    Kind.BRAINSTONE_SPEND: (_legal_brainstone_spend, _do_brainstone_spend),
    Kind.FEDPICK: (_legal_fedpick, _do_fedpick),
}
#: the two halves, looked up by the hot paths (``GaiaState._settle``, ``GaiaState._apply``):
#: keyed by the interned plain strings the stack holds (a plain key matches by identity, fast)
LEGAL: dict[str, Callable] = {sys.intern(str(k)): legal for k, (legal, _) in HANDLERS.items()}
DO: dict[str, Callable] = {sys.intern(str(k)): do for k, (_, do) in HANDLERS.items()}
#: a step waiting behind a sub-decision -> what goes on with it (called with the entry's data)
CONTINUATIONS: dict[str, Callable] = {sys.intern(str(Kind.INCOME_REST)): power_income}
