"""Legal actions and handlers of every decision kind on the stack (see ``state``): set-up
choices, the turn and its sub-decisions, leech, income order, the Itars' PI.

``HANDLERS`` and ``CONTINUATIONS`` are the closed dispatch tables (built once, here): a kind
read from the stack (a position's data) selects an entry of them, never a name on the state.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from gamekit.core import Action

from .actions import (
    do_free,
    do_main,
    free_legal,
    main_legal,
    plain_action,
    station_options,
    step_targets,
)
from .boardsetup import do_rotate, legal_rotate
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
from .player import Player
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

__all__ = ["SubDecisions", "HANDLERS", "LEGAL", "DO", "CONTINUATIONS"]

_TERRANS = {"4tg-q": (4, {"qic": 1}), "3tg-o": (3, {"ore": 1}), "4tg-k": (4, {"knowledge": 1}),
            "1tg-c": (1, {"credits": 1})}


class SubDecisions:
    """Mixin of :class:`GaiaState`: ``_legal_kind`` and, per decision kind, its legal list
    and its handler (``HANDLERS``)."""

    pl: list[Player]

    def _legal_kind(self, seat: int, kind: str, data: dict) -> list[Action]:
        return LEGAL[kind](self, seat, data)

    # ------------------------------------------------------------------ set-up
    def _legal_faction(self, seat, data):
        return [Action(seat, "faction", (f,)) for f in faction_options(self, seat)]

    def _do_faction(self, seat, action, data):
        seat_faction(self, seat, action.args[0])

    def _legal_auction(self, seat, data):
        return [Action(seat, m[0], tuple(m[1:])) for m in auction_legal(self, seat)]

    def _do_auction(self, seat, action, data):
        auction_move(self, seat, action.verb, *action.args)

    def _legal_place(self, seat, data):
        return [Action(seat, "place", (self.label(h),)) for h in place_options(self, seat)]

    def _do_place(self, seat, action, data):
        place_start(self, seat, self.hex_of(action.args[0]), data["code"])

    def _legal_booster(self, seat, data):
        return [Action(seat, "booster", (b,)) for b in booster_options(self, seat, data.get("back"))]

    def _do_booster(self, seat, action, data):
        take_booster(self, seat, action.args[0])

    # ------------------------------------------------------------------ income and Gaia
    def _legal_income_order(self, seat, data):
        out = [Action(seat, "income", ("charge", n)) for n in sorted(set(data["charges"]))]
        return out + [Action(seat, "income", ("tokens", n)) for n in sorted(set(data["tokens"]))]

    def _do_income_order(self, seat, action, data):
        charges, tokens = list(data["charges"]), list(data["tokens"])
        rest = list(data["rest"])
        kind, n = action.args
        if kind == "tokens":
            tokens.remove(n)
            add_tokens(self, seat, n, "income")
        else:
            charges.remove(n)
            charge(self, seat, n, "income")
        income_extras(self, seat, rest, kind, n)
        self.emit("income_order", seat, "income", first=kind, n=n)
        if self.front_is(seat, "brainstone"):  # answer it first
            self.ask_under(seat, "income_rest", {"charges": charges, "tokens": tokens,
                                                 "rest": rest})
            return
        power_income(self, seat, charges, tokens, rest)

    def _legal_itars(self, seat, data):
        if self.pl[seat].bowls.gaia < 4 or not tech_options(self, seat):
            return [Action(seat, "itars", ("done",))]
        return [Action(seat, "itars", ("tech",)), Action(seat, "itars", ("done",))]

    def _do_itars(self, seat, action, data):
        if action.args[0] == "done":
            gaia_tokens_back(self, seat)
            return
        p = self.pl[seat]
        p.bowls.gaia -= 4
        p.bowls.removed += 4
        self.flow(seat, "token", 4, "gaia_area", "itars")
        self.emit("itars", seat, "faction")
        self.ask_front(seat, "itars", {})
        self.ask_front(seat, "tech", {})

    def _legal_terrans(self, seat, data):
        """Terrans PI: Gaia-area tokens reaching bowl II may be cashed like spent power."""
        n = self.pl[seat].bowls.gaia
        out = [Action(seat, "terrans", (fid,)) for fid in _TERRANS if _TERRANS[fid][0] <= n]
        return out + [Action(seat, "terrans", ("done",))]

    def _do_terrans(self, seat, action, data):
        fid = action.args[0]
        if fid == "done":
            gaia_tokens_back(self, seat)
            return
        n, got = _TERRANS[fid]
        b = self.pl[seat].bowls
        b.gaia -= n
        b.bowl2 += n
        self.flow(seat, "token", n, "gaia_area", "bowl2")
        gain(self, seat, got, "faction")
        self.emit("terrans", seat, "faction", n=n, got=dict(got))
        self.ask_front(seat, "terrans", {})

    # ------------------------------------------------------------------ the turn
    def _legal_turn(self, seat, data):
        return main_legal(self, seat) + free_legal(self, seat)

    def _do_turn(self, seat, action, data):
        if action.verb in ("convert", "burn"):
            # the turn goes on after the conversion, and after any choice its payment asks
            # (the Taklons' brainstone): that choice is pushed in front of it
            self.ask_front(seat, "turn", {})
            do_free(self, seat, action)
        elif action.verb == "pass":
            do_pass(self, seat)
        else:
            self.ask_front(seat, "after", {})
            do_main(self, seat, action)

    def _legal_after(self, seat, data):
        free = free_legal(self, seat)
        if free:
            free.append(plain_action(seat, "end", None))
        return free

    def _do_after(self, seat, action, data):
        if action.verb != "end":
            self.ask_front(seat, "after", {})  # as in _do_turn: a payment's choice comes first
            do_free(self, seat, action)

    def _legal_mine(self, seat, data):
        p = self.pl[seat]
        p.range_bonus = data.get("range", 0)
        try:
            opts = (step_targets(self, seat, data["steps"]) if data.get("steps")
                    else self.mine_options(seat))
            gaia = self.gaia_options(seat) if p.range_bonus else []
        finally:
            p.range_bonus = 0
        return ([Action(seat, "build", (self.label(h),)) for h, _, _ in opts]
                + [Action(seat, "gaia", (self.label(h),)) for h, _, _ in gaia])

    def _do_mine(self, seat, action, data):
        p = self.pl[seat]
        h = self.hex_of(action.args[0])
        p.range_bonus = data.get("range", 0)
        try:
            if action.verb == "gaia":
                _, q, n = next(o for o in self.gaia_options(seat) if o[0] == h)
            else:
                _, cost, steps = next(o for o in self.mine_options(seat, data.get("steps", 0))
                                      if o[0] == h)
        finally:
            p.range_bonus = 0
        if action.verb == "gaia":
            self.start_gaia(seat, h, q, n)
        else:
            self.build_mine(seat, h, cost, steps)

    def _legal_tech(self, seat, data):
        return [Action(seat, "tech", (t,)) for t in tech_options(self, seat)]

    def _do_tech(self, seat, action, data):
        take_tech(self, seat, action.args[0])

    def _legal_cover(self, seat, data):
        p = self.pl[seat]
        return [Action(seat, "cover", (t,)) for t in p.tech if t not in p.covered]

    def _do_cover(self, seat, action, data):
        cover_tile(self, seat, action.args[0], data["track"])

    def _legal_step(self, seat, data):
        ok = [t for t in data["tracks"] if can_step(self, seat, t)]
        return [Action(seat, "step", (t,)) for t in ok] + ([Action(seat, "step", ("none",))]
                                                            if ok else [])

    def _do_step(self, seat, action, data):
        if action.args[0] != "none":
            research_step(self, seat, action.args[0])

    def _legal_fedpick(self, seat, data):
        sel = {self.hex_of(x) for x in data["sel"]}
        out = [Action(seat, "fedhex", (self.label(h),)) for h in self.fed_pick_options(seat, sel)]
        if sel and self.fed_pick_valid(seat, sel):
            out.append(Action(seat, "fedhex", ("done",)))
        return out + [Action(seat, "fedhex", ("cancel",))]

    def _do_fedpick(self, seat, action, data):
        """Lay out a federation hex by hex; ``done`` forms it, ``cancel`` returns to the turn."""
        what = action.args[0]
        sel = {self.hex_of(x) for x in data["sel"]}
        if what == "done":
            self.form_picked(seat, sel)
        elif what == "cancel":
            if self.front_is(seat, "after"):
                self.stack = self.stack[:-1]
            self.ask_front(seat, "turn", {})
        else:
            self.ask_front(seat, "fedpick", {"sel": [*data["sel"], what]})

    def _legal_fedtoken(self, seat, data):
        return [Action(seat, "fedtoken", (t,)) for t in self.fed_supply_left()]

    def _do_fedtoken(self, seat, action, data):
        self.take_fed_token(seat, action.args[0], supply=True)

    def _legal_rescore(self, seat, data):
        have = sorted({t for t, _ in self.pl[seat].fed_tokens})
        return [Action(seat, "rescore", (t,)) for t in have]

    def _do_rescore(self, seat, action, data):
        t = FEDERATION_TOKENS[action.args[0]]
        add_vp(self, seat, t.vp, "federation")
        gain(self, seat, t.gain, "federation")
        self.emit("rescore", seat, "power_qic", token="fedtoken:" + t.id)

    def _legal_lost(self, seat, data):
        origins = self.origins(seat)
        q = self.pl[seat].res["qic"]
        return [Action(seat, "lost", (self.label(h),)) for h, t in sorted(self.space.planets.items())
                if t == "empty" and h not in self.stations and h not in self.owner
                and (self.options["lost_planet_on_satellites"]
                     or not any(h in s.satellites for s in self.pl))
                and 0 <= self.reach(seat, h, origins) <= q]

    def _do_lost(self, seat, action, data):
        h = self.hex_of(action.args[0])
        pay(self, seat, {"qic": self.reach(seat, h, self.origins(seat))}, "range")
        self.ptype[h] = "lost"
        self.planet_hexes = tuple(sorted(self.ptype))
        self._place(seat, h, "lost")
        self.emit("lost_planet", seat, "research", hex=self.label(h))
        trigger(self, seat, "mine")
        self.after_build(seat, h)

    def _legal_station(self, seat, data):
        return [Action(seat, "station", (self.label(h),)) for h in station_options(self, seat)]

    def _do_station(self, seat, action, data):
        h = self.hex_of(action.args[0])
        pay(self, seat, {"qic": self.reach(seat, h, self.origins(seat))}, "range")
        self.stations[h] = seat
        self.emit("station", seat, "faction", hex=self.label(h))

    def _legal_downlab(self, seat, data):
        p = self.pl[seat]
        return [Action(seat, "downlab", (self.label(h),)) for h, c in p.built.items() if c == "lab"]

    def _do_downlab(self, seat, action, data):
        h = self.hex_of(action.args[0])
        self._place(seat, h, "ts")
        self.emit("downlab", seat, "faction", hex=self.label(h))
        trigger(self, seat, "trading_station")
        self.after_build(seat, h)
        self.ask_front(seat, "step", {"tracks": list(TRACKS)})

    def _legal_recall(self, seat, data):
        return [Action(seat, "recall", (self.label(h),)) for h in self.recallable(seat)]

    def _do_recall(self, seat, action, data):
        self.recall(seat, self.hex_of(action.args[0]))

    def _legal_swap(self, seat, data):
        p = self.pl[seat]
        return [Action(seat, "swap", (self.label(h),)) for h, c in p.built.items() if c == "m"]

    def _do_swap(self, seat, action, data):
        """Ambas PI: the PI and one mine change places (no VP, no leech)."""
        p = self.pl[seat]
        h = self.hex_of(action.args[0])
        pi = next(x for x, c in p.built.items() if c == "PI")
        p.built[h], p.built[pi] = "PI", "m"
        self.emit("swap", seat, "faction", hex=self.label(h))

    def _legal_tokens(self, seat, data):
        return [Action(seat, "tokens", (i,))
                for i, x in enumerate(plain_tokens(self, seat), 1) if x]

    def _do_tokens(self, seat, action, data):
        """One token from the chosen bowl (satellites, gaiaforming); the rest as needed."""
        take_from(self, seat, action.args[0], 1, bool(data["to_gaia"]), data["why"])
        if data["n"] > 1:
            take_plain(self, seat, data["n"] - 1, bool(data["to_gaia"]), data["why"])

    def _legal_brainstone(self, seat, data):
        return [Action(seat, "brainstone", (d,)) for d in data["dests"]]

    def _do_brainstone(self, seat, action, data):
        """Where the brainstone ends; for income the charges are applied now (the anchor
        engine asks before the income arrives)."""
        if "take" in data:  # satellites or gaiaforming: is the brainstone one of the tokens?
            n, to_gaia, why = data["take"]
            if action.args[0] in (4, "discard"):
                brainstone_goes(self, seat, bool(to_gaia), why)
                n -= 1
            take_plain(self, seat, n, bool(to_gaia), why)
            return
        if "charges" in data:
            p = self.pl[seat]
            p.brainstone = 3  # charged as a plain token ...
            for n in data["charges"]:
                charge(self, seat, n, "income")
            set_brainstone(self, seat, action.args[0])  # ... then placed where chosen
            return
        set_brainstone(self, seat, action.args[0])

    def _legal_brainstone_spend(self, seat, data):
        if data.get("wasted"):  # only the brainstone can pay: confirm that charges are lost
            return [Action(seat, "brainstone", ("use",))]
        return [Action(seat, "brainstone", ("use",)), Action(seat, "brainstone", ("keep",))]

    def _do_brainstone_spend(self, seat, action, data):
        """Taklons: pay with the brainstone (3 power) or with ordinary tokens."""
        if action.args[0] == "use":
            spend_brainstone(self, seat, data["n"])
        else:
            self.pl[seat].bowls.spend(data["n"])
            move_tokens(self, seat, data["n"], 3, 1)
        self.emit("brainstone_spend", seat, "faction", choice=action.args[0])

    # ------------------------------------------------------------------ leech
    def _leech_now(self, seat, data, extra: int = 0) -> int:
        p = self.pl[seat]
        return min(data["n"], p.bowls.charge_room + extra, p.vp + 1)

    def _legal_leech(self, seat, data):
        """Charge the offered power (cost: power - 1 VP) or decline; Taklons with their PI also
        take a token, before the charge (which may raise it) or after."""
        n = self._leech_now(seat, data)
        taklons = self.taklons_pi(seat)
        out = [Action(seat, "leech", (n,))] if n > 0 or taklons else []
        if taklons:
            # the token before the charge (rulebook: before or after), which may raise it
            out.append(Action(seat, "leech", (self._leech_now(seat, data, 2), "token_first")))
        return out + [Action(seat, "decline")] if out else []

    def _do_leech(self, seat, action, data):
        if action.verb == "decline":
            self.emit("decline", seat, "leech")
            return
        n = action.args[0]
        token_first = len(action.args) > 1
        taklons = self.taklons_pi(seat)
        if token_first:
            add_tokens(self, seat, 1, "faction")
        got = charge(self, seat, n, "leech")
        add_vp(self, seat, -max(0, got - 1), "leech")
        self.emit("leech", seat, "leech", n=got, vp=max(0, got - 1))
        if taklons and not token_first:
            add_tokens(self, seat, 1, "faction")


_S = SubDecisions
#: decision kind -> (its legal list, its handler): every kind but the waiting steps
HANDLERS: dict[Kind, tuple[Callable, Callable]] = {
    Kind.FACTION: (_S._legal_faction, _S._do_faction),
    Kind.AUCTION: (_S._legal_auction, _S._do_auction),
    Kind.AUCTION_NAME: (_S._legal_auction, _S._do_auction),
    Kind.AUCTION_BID: (_S._legal_auction, _S._do_auction),
    Kind.ROTATE: (legal_rotate, do_rotate),
    Kind.PLACE: (_S._legal_place, _S._do_place),
    Kind.BOOSTER: (_S._legal_booster, _S._do_booster),
    Kind.INCOME_ORDER: (_S._legal_income_order, _S._do_income_order),
    Kind.ITARS: (_S._legal_itars, _S._do_itars),
    Kind.TERRANS: (_S._legal_terrans, _S._do_terrans),
    Kind.TURN: (_S._legal_turn, _S._do_turn),
    Kind.AFTER: (_S._legal_after, _S._do_after),
    Kind.MINE: (_S._legal_mine, _S._do_mine),
    Kind.TECH: (_S._legal_tech, _S._do_tech),
    Kind.COVER: (_S._legal_cover, _S._do_cover),
    Kind.STEP: (_S._legal_step, _S._do_step),
    Kind.FEDTOKEN: (_S._legal_fedtoken, _S._do_fedtoken),
    Kind.RESCORE: (_S._legal_rescore, _S._do_rescore),
    Kind.LOST: (_S._legal_lost, _S._do_lost),
    Kind.STATION: (_S._legal_station, _S._do_station),
    Kind.DOWNLAB: (_S._legal_downlab, _S._do_downlab),
    Kind.SWAP: (_S._legal_swap, _S._do_swap),
    Kind.RECALL: (_S._legal_recall, _S._do_recall),
    Kind.LEECH: (_S._legal_leech, _S._do_leech),
    Kind.TOKENS: (_S._legal_tokens, _S._do_tokens),
    Kind.BRAINSTONE: (_S._legal_brainstone, _S._do_brainstone),
    Kind.BRAINSTONE_SPEND: (_S._legal_brainstone_spend, _S._do_brainstone_spend),
    Kind.FEDPICK: (_S._legal_fedpick, _S._do_fedpick),
}
#: the two halves, looked up by the hot paths (``GaiaState._settle``, ``GaiaState._apply``):
#: keyed by the interned plain strings the stack holds (a plain key matches by identity, fast)
LEGAL: dict[str, Callable] = {sys.intern(str(k)): legal for k, (legal, _) in HANDLERS.items()}
DO: dict[str, Callable] = {sys.intern(str(k)): do for k, (_, do) in HANDLERS.items()}
#: a step waiting behind a sub-decision -> what goes on with it (called with the entry's data)
CONTINUATIONS: dict[str, Callable] = {sys.intern(str(Kind.INCOME_REST)): power_income}
