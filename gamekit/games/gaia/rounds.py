"""The round (rulebook "Rodadas"): set-up placements, Fase I Renda, Fase II Gaia, Fase III
Ações turn order, passing, Fase IV Encerrando uma rodada, and the end of the game."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from .build import build_mine, place_structure
from .components import BOOSTERS, FACTIONS, TECH, TRACKS, faction_board, starting_resources
from .economy import add_tokens, add_vp, brainstone_dests, charge, gaia_return, gain
from .mines import home_planets, planets_turned
from .research import tech_options
from .scoring import finish_game, pass_vp

if TYPE_CHECKING:
    from .state import GaiaState

__all__ = ["seat_faction", "board_of", "setup_queue", "auction_legal", "choose_bid",
           "auction_move", "auction_done", "faction_options", "place_options", "place_start",
           "start_round", "income_run", "income_sources", "income_of", "income", "income_extras",
           "power_income", "gaia_phase", "gaia_run", "gaia_tokens_back", "next_turn", "do_pass",
           "take_booster", "booster_options", "end_round"]


# ------------------------------------------------------------------ set-up
def seat_faction(st: GaiaState, seat: int, faction: str) -> None:
    """Give ``seat`` its faction board and starting resources ("Preparação")."""
    p = st.pl[seat]
    p.faction = faction
    p.board = board_of(st, faction)
    start = starting_resources(p.board)
    for r in ("credits", "ore", "knowledge", "qic"):
        p.res[r] = start[r]
        st.flow(seat, r, start[r], "setup", "stock")
    add_vp(st, seat, start["vp"], "start")
    b1, b2, b3 = p.board.bowls
    p.bowls.bowl1, p.bowls.bowl2, p.bowls.bowl3 = b1, b2, b3
    st.flow(seat, "token", b1, "setup", "bowl1")
    st.flow(seat, "token", b2, "setup", "bowl2")
    st.flow(seat, "token", b3, "setup", "bowl3")
    if start["power_tokens"]:
        add_tokens(st, seat, start["power_tokens"], "setup")
    p.gaiaformers = start["gaiaformers"]
    for t, lv in p.board.research.items():
        p.research[t] = lv
    if p.board.extra.get("brainstone_bowl"):
        p.brainstone = 1  # Taklons: one more token in bowl I, worth 3 when spent
        p.bowls.bowl1 += 1
        st.flow(seat, "token", 1, "setup", "bowl1")
    st.emit("faction", seat, "setup", faction=faction)


def board_of(st: GaiaState, faction: str):
    """The faction's board under the game's ``faction_variant`` option."""
    o = st.options
    return faction_board(faction, o["faction_variant"], o["faction_variant_version"],
                         st.players)


def setup_queue(st: GaiaState) -> list[tuple[int, str, dict]]:
    """Starting mines 1..N then N..1, the Xenos' third mine, the Ivits' PI (``more-balanced``
    with 2 players: second), then boosters in reverse order ("Preparação")."""
    order = list(st.order)
    fac = [p.faction for p in st.pl]
    q = []
    for s in order + order[::-1]:
        if fac[s] != "ivits":
            q.append((s, "place", {"code": "m"}))
    q += [(s, "place", {"code": "m"}) for s in order if fac[s] == "xenos"]
    ivits = [(s, "place", {"code": "PI"}) for s in order if fac[s] == "ivits"]
    if ivits and board_of(st, "ivits").extra.get("pi_second"):
        q[1:1] = ivits  # their PI right after the other player's first mine
    else:
        q += ivits
    q += [(s, "booster", {}) for s in order[::-1]]
    return q


# ------------------------------------------------------------------ auction
def auction_legal(st: GaiaState, seat: int) -> list[tuple]:
    """``bid-while-choosing``: name a faction nobody named (none of a named home planet),
    or outbid a holder. ``choose-bid``: first name one (``name``), then bid on a named one
    (0-9 VP while nobody holds it, else 1-9 more than its holder)."""
    a = st.auction_state
    homes = {FACTIONS[f].home for f in (a["named"] if choose_bid(st) else a["holder"])}
    if choose_bid(st) and len(a["named"]) < st.players:
        return [("name", f) for f, x in FACTIONS.items() if x.home not in homes]
    out = [] if choose_bid(st) else [("faction", f) for f, x in FACTIONS.items()
                                        if x.home not in homes]
    for f in a["named"] if choose_bid(st) else a["holder"]:
        if f not in a["holder"]:
            out += [("bid", f, k) for k in range(10)]
        elif a["holder"][f] != seat:
            out += [("bid", f, a["bid"][f] + k) for k in range(1, 10)]
    return out


def choose_bid(st: GaiaState) -> bool:
    return st.options["auction"] == "choose-bid"


def auction_move(st: GaiaState, seat: int, verb: str, faction: str, vp: int = 0) -> None:
    """Apply a naming or a bid (the anchor engine's options; not in the rulebook)."""
    a = st.auction_state
    if verb == "name":  # choose-bid: the list is built in seat order, nobody holds yet
        a["named"].append(faction)
        st.emit("auction_name", seat, "setup", faction=faction)
        if len(a["named"]) < st.players:
            st.ask_back((seat + 1) % st.players, "auction_name")
        else:
            st.ask_back(0, "auction_bid")
        return
    if verb == "faction":
        a["named"].append(faction)
    a["holder"][faction] = seat
    a["bid"][faction] = vp
    st.emit("bid", seat, "setup", faction=faction, n=vp)
    held = set(a["holder"].values())
    if len(held) == st.players:
        auction_done(st, )
        return
    for k in range(1, st.players + 1):
        nxt = (seat + k) % st.players
        if nxt not in held:
            st.ask_back(nxt, "auction_bid" if choose_bid(st) else "auction")
            return


def auction_done(st: GaiaState) -> None:
    a = st.auction_state
    for f in a["named"]:
        if f in a["holder"]:
            s = a["holder"][f]
            seat_faction(st, s, f)
            st.pl[s].bid = a["bid"][f]
    st.order = [a["holder"][f] for f in a["named"] if f in a["holder"]]
    st.table = list(st.order)  # the seating after the auction (site reading)
    st.auction_state = None


def faction_options(st: GaiaState, seat: int) -> list[str]:
    homes = {p.board.home for p in st.pl if p.board}
    return [f for f, x in FACTIONS.items() if x.home not in homes]


def place_options(st: GaiaState, seat: int) -> list:
    """The free planets of the seat's home type, in hex order (set-up: the first mines)."""
    owner = st.owner
    return [h for h in home_planets(st, st.pl[seat].board.home) if h not in owner]


def place_start(st: GaiaState, seat: int, h, code: str) -> None:
    if code == "m":
        build_mine(st, seat, h, {}, 0, setup=True)
    else:
        place_structure(st, seat, h, code)
        st.emit("place_pi", seat, "setup", hex=st.label(h))


# ------------------------------------------------------------------ rounds
def start_round(st: GaiaState) -> None:
    st.round += 1
    st.phase = "income"
    st.emit("round_start", None, "rounds", n=st.round,
              tile=st.round_tiles[st.round - 1])
    st.pending_seats = list(st.order)
    st.stage = "income_run"


def income_run(st: GaiaState) -> None:
    """Income seat by seat in turn order (the anchor engine's sequencing of the rulebook's
    simultaneous phase); stops at a seat that must order its power income."""
    while st.pending_seats:
        income(st, st.pending_seats.pop(0))
        if st.stack:
            return
    st.stage = "gaia"


#: ``(track, level) -> the level's income`` (the components' read-only tables)
_LEVEL_INCOME = {(t, lv): level.income for t, track in TRACKS.items()
                 for lv, level in enumerate(track.levels)}


def income_sources(st: GaiaState, seat: int) -> list[Mapping[str, int]]:
    """What ``seat`` receives in Fase I, one mapping per source (board, buildings, research,
    tiles, booster): the rulebook's "hands", each taken whole ("Fase I: Renda"). The
    mappings are the read-only tables of the components (never changed: not copied)."""
    p = st.pl[seat]
    board, counts = p.board, p.counts
    out = [board.income]
    for b in board.buildings.values():
        k = counts.get(b.code, 0)
        if k:
            out += b.income_slots[:k]
            if b.code != "PI":
                out.append(b.income)
    if counts.get("PI"):
        out.append(board.pi_income)
    out += map(_LEVEL_INCOME.__getitem__, p.research.items())  # in C
    if p.tech or p.advanced:
        out += [TECH[t].gain for t in p.active_tech() if TECH[t].kind == "income"]
    if p.booster:
        out.append(BOOSTERS[p.booster].income)
    return list(filter(None, out))  # the empty ones (no table holds only zeros), in C


def income_of(st: GaiaState, seat: int, sources: list[Mapping[str, int]] | None = None
              ) -> tuple[dict[str, int], list[int], list[int]]:
    """Everything ``seat`` receives in Fase I: the gains, and the power charges and new
    tokens one item per source (``sources``: ``income_sources(seat)`` if the caller has
    them)."""
    out: dict[str, int] = {}
    charges: list[int] = []
    tokens: list[int] = []
    for src in income_sources(st, seat) if sources is None else sources:
        for k, v in src.items():
            if k == "power_charge":
                charges.append(v)
            elif k == "power_tokens":
                tokens.append(v)
            else:
                out[k] = out.get(k, 0) + v
    return out, sorted(charges, reverse=True), sorted(tokens, reverse=True)


def income(st: GaiaState, seat: int) -> None:
    """Each source is taken whole ("Fase I: Renda"): the other resources of a source with
    power arrive with its power item; the sources without power arrive at once, or, when
    the player first orders power charges and new tokens, after that order (the anchor
    engine's sequence, so its records' checkpoints match)."""
    sources = income_sources(st, seat)
    if not st.quiet:  # the event is for narration only
        st.emit("income", seat, "income", got=dict(income_of(st, seat, sources)[0]))
    now: dict[str, int] = {}
    extras: list[list] = []  # [kind, n, resources] of the sources with power
    charges: list[int] = []  # one item per source, as ``income_of`` lists them
    tokens: list[int] = []
    for src in sources:
        power = _POWER.get(id(src))
        if power is None or power[0] is not src:
            power = _power_of(src)
        if power[1] is None:
            for k, v in src.items():
                now[k] = now.get(k, 0) + v
            continue
        _, kind, n, charge_n, tokens_n, rest = power
        if charge_n is not None:
            charges.append(charge_n)
        if tokens_n is not None:
            tokens.append(tokens_n)
        if rest:
            extras.append([kind, n, dict(rest)])
    charges.sort(reverse=True)
    tokens.sort(reverse=True)
    if charges and tokens:  # the order is asked first, and all of it arrives after
        extras.append(["", 0, now])
    else:
        gain(st, seat, now, "income")
    power_income(st, seat, charges, tokens, extras)


#: an income source (a read-only table) -> ``_power_of`` it, kept with the source
_POWER: dict[int, tuple] = {}


def _power_of(src: Mapping[str, int]) -> tuple:
    """``(src, kind, n, power charge, new tokens, the rest)`` of a source with a power
    item (``kind`` "charge" or "tokens" and its ``n``: the item the rest arrives with), or
    ``(src, None, ...)`` without one; made once a source."""
    charge_n, tokens_n = src.get("power_charge"), src.get("power_tokens")
    if charge_n is None and tokens_n is None:
        got = (src, None, None, None, None, None)
    else:
        kind = "charge" if charge_n else "tokens"
        got = (src, kind, src.get("power_" + kind), charge_n, tokens_n,
               {k: v for k, v in src.items() if k not in ("power_charge", "power_tokens")})
    if len(_POWER) >= 4096:
        _POWER.clear()
    _POWER[id(src)] = got
    return got


def income_extras(st: GaiaState, seat: int, extras: list, kind: str, n: int) -> None:
    """The other resources of the source whose power item (``kind``, ``n``) just came."""
    for i, (k, m, rest) in enumerate(extras):
        if (k, m) == (kind, n):
            del extras[i]
            gain(st, seat, rest, "income")
            return


def power_income(st: GaiaState, seat: int, charges: list[int], tokens: list[int],
                 extras: list) -> None:
    """Apply power charges and new tokens, each with the rest of its source. While both
    kinds are pending the player picks the next item (rulebook "Fase I: Renda": the player
    decides the order; the anchor engine asks exactly then too)."""
    extras = [["", 0, extras]] if isinstance(extras, dict) else list(extras)  # older positions
    if charges and tokens:
        st.ask_front(seat, "income_order", {"charges": list(charges),
                                              "tokens": list(tokens), "rest": extras})
        return
    for n in tokens:
        add_tokens(st, seat, n, "income")
        income_extras(st, seat, extras, "tokens", n)
    left = list(charges)
    while left:
        if st.pl[seat].brainstone not in (1, 2):
            n = left.pop(0)
            charge(st, seat, n, "income")
            income_extras(st, seat, extras, "charge", n)
            continue
        free = [i for i, n in enumerate(left) if len(brainstone_dests(st, seat, n)) <= 1]
        if free:
            n = left.pop(free[0])
            charge(st, seat, n, "income")
            income_extras(st, seat, extras, "charge", n)
            continue
        # Taklons: asked before this charge; its source's other resources come with it
        st.ask_front(seat, "income_rest", {"charges": left[1:], "tokens": [],
                                             "rest": extras})
        st.ask_front(seat, "brainstone", {"dests": brainstone_dests(st, seat, left[0]),
                                            "charges": [left[0]]})
        return
    for _kind, _n, rest in extras:
        gain(st, seat, rest, "income")


def gaia_phase(st: GaiaState) -> None:
    """Fase II: gaiaformed Transdim planets become Gaia planets; Gaia-area tokens go back to
    bowl I (Terrans: bowl II); parked Bal T'aks gaiaformers come back."""
    st.phase = "gaia"
    for h, s in st.gf.items():
        if st.ptype[h] == "transdim":
            st.ptype[h] = "gaia"
            planets_turned(st)
            if not st.quiet:  # the event is for narration only
                st.emit("gaia_planet", s, "gaia", hex=st.label(h))
    st.pending_seats = list(st.order)
    st.stage = "gaia_run"


def gaia_run(st: GaiaState) -> None:
    """Gaia-area tokens come back seat by seat in turn order (Terrans and Itars PI may
    decide first)."""
    while st.pending_seats:
        s = st.pending_seats.pop(0)
        p = st.pl[s]
        if p.faction == "itars" and p.counts.get("PI") and p.bowls.gaia >= 4:
            if tech_options(st, s):
                st.ask_back(s, "itars")
                return
        if p.faction == "terrans" and p.counts.get("PI") and p.bowls.gaia:
            st.ask_back(s, "terrans")
            return
        gaia_tokens_back(st, s)
    st.stage = "actions_start"


def gaia_tokens_back(st: GaiaState, seat: int) -> None:
    p = st.pl[seat]
    n = gaia_return(st, seat, 2 if p.faction == "terrans" else 1)
    p.gf_gaia = 0
    if n:
        st.emit("gaia_back", seat, "gaia", n=n)


# ------------------------------------------------------------------ turns
def next_turn(st: GaiaState) -> None:
    """The next seat in turn order that has not passed takes a turn ("Fase III: Ações");
    when all have passed, the round ends."""
    order = st.order
    n = len(order)
    at = st.turn_pos
    k = 0
    while k < n:  # the seats after ``turn_pos``, the one at it last (no ``range()`` made)
        k += 1
        s = order[(at + k) % n]
        if not st.pl[s].passed:
            st.turn_pos = (at + k) % n
            st.ask_back(s, "turn")
            st.turn_open = s
            return
    end_round(st)


def do_pass(st: GaiaState, seat: int) -> None:
    p = st.pl[seat]
    p.passed = True
    st.passed_order.append(seat)
    if not st.quiet:  # the event is for narration only
        st.emit("pass", seat, "pass")
    pass_vp(st, seat)
    if st.round < 6:
        st.ask_front(seat, "booster", {"back": p.booster})


def take_booster(st: GaiaState, seat: int, booster: str) -> None:
    p = st.pl[seat]
    if p.booster:
        st.booster_pool.append(p.booster)
    st.booster_pool.remove(booster)
    p.booster = booster
    if not st.quiet:  # the event is for narration only
        st.emit("booster", seat, "pass", booster=booster)


def booster_options(st: GaiaState, seat: int, back: str | None) -> list[str]:
    return [b for b in st.booster_pool if b != back]


def end_round(st: GaiaState) -> None:
    """Fase IV: board actions and special actions come back; the next round's order."""
    st.phase = "cleanup"
    first = st.passed_order[0]
    if st.options["turn_order"] == "variable":
        st.order = list(st.passed_order)
    else:
        table = st.table or list(range(st.players))
        at = table.index(first)
        st.order = [table[(at + k) % st.players] for k in range(st.players)]
    st.passed_order = []
    st.taken = set()
    for p in st.pl:
        p.passed = False
        p.used = set()
    if st.round >= 6:
        finish_game(st)
        return
    st.stage = "income"
