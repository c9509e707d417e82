"""The actions phase: main actions and special actions of a turn, with its free actions
(``freeacts``, exported here too) (rulebook "Fase III: Ações", "6) Ações de Poder e C.I.Q.",
"7) Ações Especiais", "10) Ações Livres", "Apêndice III")."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from gamekit.core import Action
from gamekit.kit.hexgrid import neighbours

from .build import (
    build_mine,
    gaia_options,
    start_gaia,
    upgrade,
    upgrade_entries,
    upgrade_option_at,
    value_bound,
)
from .components import BOARD_ACTIONS, BOOSTERS, TECH, TRACKS
from .economy import add_vp, gain, pay
from .federation import fed_threshold, federation_part
from .fedlookup import form_federation, option_by_key
from .freeacts import FREE, do_free, free_kept, free_legal, free_legal_now
from .mines import mine_option_at, mine_options, range_origins, space_distances
from .player import Player
from .research import can_step, research_options, research_step, tech_options
from .scoring import count_of
from .sectors import map_memo
from .turnkeep import keep_parts, kept_parts, reusable, snapshot

if TYPE_CHECKING:
    from .state import GaiaState

__all__ = ["free_legal", "free_kept", "free_legal_now", "do_free", "main_legal", "main_part", "turn_part",
           "board_action_options", "step_targets", "special_options", "station_options",
           "any_station", "station_next_to",
           "do_main", "do_board_action", "do_special", "in_turn", "FREE", "MAIN_VERBS", "plain_action"]

#: verbs of the main actions, in the order of a turn's legal list
MAIN_VERBS = ("build", "gaia", "upgrade", "research", "action", "special", "federation", "pass")

_CAP = {"credits": 30, "ore": 15, "knowledge": 15}
#: special actions that just gain (tech tiles, booster-free ones)
_GAIN_SPECIAL = {"tech9": {"power_charge": 4}, "advtech3": {"qic": 1, "credits": 5},
                 "advtech11": {"ore": 3}, "advtech13": {"knowledge": 3}}


#: board actions with the one thing each costs (power or QIC): ``(id, action, paid, amount)``
_BOARD = tuple((aid, a, *next(iter(a.cost.items()))) for aid, a in BOARD_ACTIONS.items())
assert all(len(a.cost) == 1 and paid in ("power", "qic") for _, a, paid, _ in _BOARD)
#: the least power and the least QIC a board action costs (below both: none can be paid)
_LEAST = {paid: min(n for _, _, q, n in _BOARD if q == paid) for paid in ("power", "qic")}


# ------------------------------------------------------------------ main actions
def main_legal(st: GaiaState, seat: int) -> list[Action]:
    """The main actions of a turn, verb by verb; after a free conversion, a part whose
    signature is unchanged is the one made before it (``turnkeep``). The parts are called
    one by one and joined by one list display (no loop: each turn makes this list)."""
    snap = snapshot(st, seat)
    kept = kept_parts(st, seat)
    if kept is None:
        parts = [_build_part(st, seat), _gaia_part(st, seat), _upgrade_part(st, seat),
                 _research_part(st, seat), _action_part(st, seat), _special_part(st, seat),
                 _federation_part(st, seat), _PASS[seat]]
    else:  # after a conversion: a part whose signature is unchanged is kept (no zip, no
        # comprehension: a function object and a frame each list)
        old = kept[1]
        b, g, u, r, a, s, f, _ = reusable(st, seat, kept[0], snap)
        parts = [old[0] if b else _build_part(st, seat), old[1] if g else _gaia_part(st, seat),
                 old[2] if u else _upgrade_part(st, seat),
                 old[3] if r else _research_part(st, seat),
                 old[4] if a else _action_part(st, seat),
                 old[5] if s else _special_part(st, seat),
                 old[6] if f else _federation_part(st, seat), _PASS[seat]]
    keep_parts(st, seat, snap, parts)
    build, gaia, up, research, board, special, fed, end = parts
    return [*build, *gaia, *up, *research, *board, *special, *fed, *end]


def main_part(st: GaiaState, seat: int, verb: str) -> list[Action]:
    """The main actions of one verb, in ``main_legal``'s order (checking one action needs
    only its verb's part)."""
    part = _PARTS.get(verb)
    return part(st, seat) if part else []


def _build_part(st: GaiaState, seat: int) -> list[Action]:
    opts = mine_options(st, seat)
    if not opts:  # often: the actions' memo is not looked up
        return opts
    acts = _hex_actions(st, seat, "build")
    return [acts.get(h) or _hex_action(st, seat, "build", h) for h, _, _ in opts]


def _gaia_part(st: GaiaState, seat: int) -> list[Action]:
    opts = gaia_options(st, seat)
    if not opts:
        return opts
    acts = _hex_actions(st, seat, "gaia")
    return [acts.get(h) or _hex_action(st, seat, "gaia", h) for h, _, _ in opts]


def _upgrade_part(st: GaiaState, seat: int) -> list[Action]:
    entries = upgrade_entries(st, seat)
    if not entries:
        return entries
    acts = _hex_actions(st, seat, "upgrade")
    out = []
    for h, c, _ in entries:
        act = acts.get((h, c))
        if act is None:
            act = acts[(h, c)] = Action(seat, "upgrade", (st.label(h), c))
        out.append(act)
    return out


def _research_part(st: GaiaState, seat: int) -> list[Action]:
    if st.pl[seat].res["knowledge"] < 4:  # ``research_options``' price, read first
        return []
    out = []
    for t in research_options(st, seat):  # short lists: a loop, not a comprehension
        out.append(plain_action(seat, "research", t))
    return out


def _action_part(st: GaiaState, seat: int) -> list[Action]:
    opts = board_action_options(st, seat)
    out = []
    for a in opts:  # a loop: a comprehension makes a function object and a frame a list
        out.append(plain_action(seat, "action", a))
    return out


def _special_part(st: GaiaState, seat: int) -> list[Action]:
    out = []
    for a in special_options(st, seat):  # short lists: a loop, not a comprehension
        out.append(plain_action(seat, "special", a))
    return out


def _federation_part(st: GaiaState, seat: int) -> list[Action]:
    if st.pl[seat].faction != "ivits" and value_bound(st, seat) < fed_threshold(st, seat):
        return []  # not worth a federation even with every structure unfederated
    options, custom = federation_part(st, seat)
    acts = _hex_actions(st, seat, "federation")
    out = []
    for k in options:  # few: a loop, not a comprehension
        out.append(acts.get(k) or acts.setdefault(k, Action(seat, "federation", (k,))))
    if custom:
        out.append(plain_action(seat, "federation", "custom"))
    return out


def _pass_part(st: GaiaState, seat: int) -> list[Action]:
    return _PASS[seat]  # read only, as every part kept (``turnkeep``)


#: each seat's ``pass`` (the last part of every turn's list)
_PASS = tuple([Action(seat, "pass", ())] for seat in range(8))


def _hex_actions(st: GaiaState, seat: int, verb: str) -> dict:
    """``hex -> Action(seat, verb, (label,))`` made so far (actions are immutable; memo:
    the labels are the map's, so every game on the map shares it; upgrades by ``(hex,
    code)``, federations by key)."""
    memo = st.__dict__.get("_hexact_memo")
    if memo is None:
        memo = st._hexact_memo = map_memo(st.space, "actions")
    got = memo.get((seat, verb))
    if got is None:
        got = memo[(seat, verb)] = {}
    return got


def _hex_action(st: GaiaState, seat: int, verb: str, h) -> Action:
    act = _hex_actions(st, seat, verb)[h] = Action(seat, verb, (st.label(h),))
    return act


def turn_part(st: GaiaState, seat: int, verb: str) -> list[Action]:
    """The actions of a ``turn`` decision with this verb (free or main), in the order of
    its legal list: ``action in turn_part(seat, action.verb)`` is the same test as
    ``action in legal_actions(seat)`` (tested on random states)."""
    if verb in ("convert", "burn"):
        return free_legal(st, seat)
    return main_part(st, seat, verb)


def board_action_options(st: GaiaState, seat: int) -> list[str]:
    p = st.pl[seat]
    out = []
    power, qic, taken = p.spendable_power(), p.res["qic"], st.taken
    if power < _LEAST["power"] and qic < _LEAST["qic"]:
        return out
    refuse = st.options["refuse_wasted"]
    for aid, a, paid, n in _BOARD:
        if aid in taken or (power if paid == "power" else qic) < n:
            continue
        steps = a.gain.get("terraforming_steps", 0)
        if steps and not _any_step_target(st, seat, steps):
            continue
        if refuse and _all_capped(p, a.gain):
            continue
        if aid == "qic1" and not tech_options(st, seat):
            continue
        if aid == "qic2" and not p.fed_tokens:
            continue
        out.append(aid)
    return out


def _all_capped(p: Player, gain: Mapping[str, int]) -> bool:
    """Every gain of a board action would be lost to the caps (option ``refuse_wasted``,
    the anchor engine's refusal; power_actions.json ``board_action_rules``)."""
    return bool(gain) and all(k in _CAP and p.res[k] >= _CAP[k] for k in gain)


def step_targets(st: GaiaState, seat: int, steps: int) -> list:
    """Mine options for an action with ``steps`` free terraforming steps; with option
    ``refuse_wasted`` only planets that use at least one of them (the anchor engine forbids
    free steps on a planet needing none, Gaia planets included; terraforming.json)."""
    if st.options["refuse_wasted"]:
        return [o for o in mine_options(st, seat, steps) if o[2] > 0]
    return mine_options(st, seat, steps)


def _any_step_target(st: GaiaState, seat: int, steps: int) -> bool:
    """``bool(step_targets(seat, steps))``, stopping at the first target."""
    if st.options["refuse_wasted"]:
        return bool(step_targets(st, seat, steps))
    return bool(mine_options(st, seat, steps, one=True))


def special_options(st: GaiaState, seat: int) -> list[str]:
    p = st.pl[seat]
    out = []
    b = BOOSTERS.get(p.booster) if p.booster else None
    if b and b.action and p.booster not in p.used:
        if b.action == "step" and _any_step_target(st, seat, 1):
            out.append(p.booster)
        elif b.action == "range+3" and _with_range(st, seat, 3):
            out.append(p.booster)
    used = p.used
    for t in p.active_tech():
        if TECH[t].kind == "action" and t not in used:
            out.append(t)
    if p.counts.get("ac2") and "ac2" not in used:
        out.append("ac2")
    if p.faction == "bescods" and "up-lowest" not in p.used and _lowest(st, seat):
        out.append("up-lowest")
    if (p.faction == "ivits" and p.counts.get("PI") and "space-station" not in p.used
            and any_station(st, seat)):
        out.append("space-station")
    if (p.faction == "ambas" and p.counts.get("PI") and "swap-PI" not in p.used
            and p.counts.get("m")):
        out.append("swap-PI")
    if (p.faction == "firaks" and p.counts.get("PI") and "down-lab" not in p.used
            and p.counts.get("lab") and p.counts.get("ts", 0) < 4):
        out.append("down-lab")
    return out


def _with_range(st: GaiaState, seat: int, bonus: int) -> bool:
    p = st.pl[seat]
    p.range_bonus = bonus
    try:
        return bool(mine_options(st, seat, one=True) or gaia_options(st, seat))
    finally:
        p.range_bonus = 0


def _lowest(st: GaiaState, seat: int) -> list[str]:
    r = st.pl[seat].research
    low = min(r.values())
    return [t for t in TRACKS if r[t] == low and can_step(st, seat, t)]


def station_options(st: GaiaState, seat: int) -> list:
    """Empty spaces within range for the QIC held, with no station or satellite."""
    origins = range_origins(st, seat)
    if not origins:
        return []
    p = st.pl[seat]
    # reach(h) <= QIC  <=>  distance <= range + 2 QIC (each QIC adds 2)
    limit = p.range() + 2 * p.res["qic"]
    sats = set().union(*(s.satellites for s in st.pl))
    spaces = _empty_hexes(st)
    dist = space_distances(st, seat, origins, spaces)
    return [h for h in spaces if dist[h] <= limit and h not in st.stations
            and h not in sats]


def any_station(st: GaiaState, seat: int) -> bool:
    """``bool(station_options(st, seat))``, most often read next to the seat's origins
    (``station_next_to``)."""
    return station_next_to(st, seat) is not None or bool(station_options(st, seat))


def station_next_to(st: GaiaState, seat: int):
    """The first free empty space next to one of the seat's origins (one of
    ``station_options``: range is 1 or more), or None."""
    planets, stations = st.space.planets, st.stations
    sats = None
    for o in range_origins(st, seat):
        for n in neighbours(o):
            if planets.get(n) == "empty" and n not in stations:
                if sats is None:
                    sats = set().union(*(s.satellites for s in st.pl))
                if n not in sats:
                    return n
    return None


def _empty_hexes(st: GaiaState) -> tuple:
    """The map's empty spaces in hex order (memo: the map never changes)."""
    got = st.__dict__.get("_empty_memo")
    if got is None:
        got = st._empty_memo = tuple(h for h, t in sorted(st.space.planets.items())
                                       if t == "empty")
    return got


# ------------------------------------------------------------------ doing them
def do_main(st: GaiaState, seat: int, action: Action) -> None:
    verb, args = action.verb, action.args
    if verb == "build":
        h = st.hex_of(args[0])
        _, cost, steps = mine_option_at(st, seat, h)
        build_mine(st, seat, h, cost, steps)
    elif verb == "gaia":
        h = st.hex_of(args[0])
        _, q, n = next(o for o in gaia_options(st, seat) if o[0] == h)
        start_gaia(st, seat, h, q, n)
    elif verb == "upgrade":
        h = st.hex_of(args[0])
        _, code, cost = upgrade_option_at(st, seat, h, args[1])
        upgrade(st, seat, h, code, cost)
    elif verb == "research":
        pay(st, seat, {"knowledge": 4}, "research")
        research_step(st, seat, args[0])
    elif verb == "action":
        do_board_action(st, seat, args[0])
    elif verb == "special":
        do_special(st, seat, args[0])
    elif verb == "federation" and args[0] == "custom":
        st.ask_front(seat, "fedpick", {"sel": []})
    elif verb == "federation":
        form_federation(st, seat, args[0])


def do_board_action(st: GaiaState, seat: int, aid: str) -> None:
    a = BOARD_ACTIONS[aid]
    st.taken.add(aid)
    pay(st, seat, a.cost, "board_action")
    if not st.quiet:  # the event is for narration only
        st.emit("board_action", seat, "power_qic", action=aid)
    got = dict(a.gain)
    steps = got.pop("terraforming_steps", 0)
    got.pop("tech_tile", 0)
    got.pop("rescore_federation_token", 0)
    per = got.pop("vp_per_planet_type", 0)
    gain(st, seat, got, "board_action")
    if per:
        add_vp(st, seat, per * count_of(st, seat, "planet_type"), "board_action")
    if steps:
        st.ask_front(seat, "mine", {"steps": steps})
    elif aid == "qic1":
        st.ask_front(seat, "tech", {})
    elif aid == "qic2":
        st.ask_front(seat, "rescore", {})


def do_special(st: GaiaState, seat: int, sid: str) -> None:
    p = st.pl[seat]
    p.used.add(sid)
    if not st.quiet:  # the event is for narration only
        st.emit("special", seat, "special", action=sid)
    if sid in _GAIN_SPECIAL:
        gain(st, seat, _GAIN_SPECIAL[sid], "special")
    elif sid == "ac2":
        gain(st, seat, p.board.buildings["academy_qic"].action, "special")
    elif sid in BOOSTERS:
        act = BOOSTERS[sid].action
        st.ask_front(seat, "mine", {"steps": 1} if act == "step" else {"range": 3})
    elif sid == "up-lowest":
        st.ask_front(seat, "step", {"tracks": _lowest(st, seat)})
    elif sid == "space-station":
        st.ask_front(seat, "station", {})
    elif sid == "down-lab":
        st.ask_front(seat, "downlab", {})
    elif sid == "swap-PI":
        st.ask_front(seat, "swap", {})




#: ``verb -> its part of a turn's legal list``, in ``MAIN_VERBS`` order
_PARTS = {"build": _build_part, "gaia": _gaia_part,
          "upgrade": _upgrade_part, "research": _research_part,
          "action": _action_part, "special": _special_part,
          "federation": _federation_part, "pass": _pass_part}
assert tuple(_PARTS) == MAIN_VERBS

#: actions of one argument or none made so far (immutable; the arguments are the game's
#: own ids, hex labels and small numbers: closed sets)
_PLAIN: dict[tuple, Action] = {}


def plain_action(seat: int, verb: str, arg: str | None) -> Action:
    """``Action(seat, verb, (arg,))`` (``()`` for None), made once (a look-up costs less than
    making one: the sub-decisions' lists use it too)."""
    got = _PLAIN.get((seat, verb, arg))
    if got is None:
        got = _PLAIN[(seat, verb, arg)] = Action(seat, verb, () if arg is None else (arg,))
    return got


def in_turn(st: GaiaState, action: Action, seat: int) -> bool:
    """``action in turn_part(st, seat, action.verb)``: a ``federation`` of the list is looked
    up by its key alone (``option_by_key``), any other action in its verb's part."""
    args = action.args
    if action.verb == "federation" and args != ("custom",):
        return (action.seat == seat and len(args) == 1 and isinstance(args[0], str)
                and option_by_key(st, seat, args[0]) is not None)
    return action in turn_part(st, seat, action.verb)
