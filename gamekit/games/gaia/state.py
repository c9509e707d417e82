"""Gaia Project: the game state, its pending decisions and the contract (views, records, clone).

Decisions wait on the core decision stack (``state.stack``, ``gamekit.core.stack``): entries
``Pending(kind, seat, data)`` of the closed table ``decisions.ASKS``; the top entry (the
last) decides now. A multi-step choice pushes its sub-decisions on top (build a mine with free
steps, a tech tile with its research step, a federation with its token, a pass with its
booster), so each legal list stays short and atomic; decisions for later (the next seats'
set-up, leech offers) go to the bottom. When the stack is empty the round moves on (``stage``).
"""

from __future__ import annotations

import random
from typing import Any

from gamekit.core import Action, Decision, GameState, Reason, reason
from gamekit.core.actions import _text as action_text
from gamekit.core.stack import Pending

from . import geometry as geo
from .actions import in_turn
from .boardsetup import setup_entries
from .decisions import ASKS, FIELDS, freeze
from .player import RES, Player
from .rounds import (
    choose_bid,
    gaia_phase,
    gaia_run,
    income_run,
    next_turn,
    seat_faction,
    setup_queue,
    start_round,
)
from .sectors import map_memo
from .setup import OPTIONS, build_space, draw_tiles
from .subdecisions import CONTINUATIONS, DO, LEGAL, fedpick_verdict

__all__ = ["GaiaState", "GameStuck"]

#: steps the game may move on by itself between two decisions (a real one takes a few dozen:
#: dropped empty decisions, income and Gaia runs, a round's end); more is a broken state
SETTLE_LIMIT = 2000
#: ``_settle``'s steps, made once (a ``range()`` call costs more than the steps it most often
#: takes: one to three)
_SETTLE_STEPS = range(SETTLE_LIMIT)

#: speed memos (``_*_memo``) a clone shares with the game it came from: those of the map alone,
#: those keyed by everything they read (an entry left by a clone is right for the game too),
#: and those only ever replaced whole, keyed by the identity or size of the state's own
#: tables; ``COPIED_MEMOS``: per-seat tables of answers never changed in place, copied so
#: that the clone's new entries stay its own. A clone drops every other memo (new ones too).
SHARED_MEMOS = frozenset((
    "_label_memo", "_hex_memo", "_empty_memo", "_adj_memo", "_hexact_memo",
    "_fedbase_memo", "_fed_memo", "_near_memo",
    "_bits_memo", "_grid_memo", "_lost_memo", "_open_memo", "_unowned_memo", "_tdim_memo"))
COPIED_MEMOS = frozenset(("_dist_memo", "_sdist_memo", "_msites_memo"))


#: kind -> the data of an entry given none (``None`` for each field)
_NO_DATA = {kind: (None,) * len(fields) for kind, fields in FIELDS.items()}


#: the values ``freeze`` turns into tuples (others are kept as they are)
_SEQ = (list, tuple)

_new = tuple.__new__  # a ``Pending`` without its keyword-handling constructor (hot path)


def _entry(seat: int, kind: str, data: dict | None) -> Pending:
    """A stack entry: ``data``'s values in the order of the kind's fields (``None``: absent)."""
    if not data:
        return _new(Pending, (kind, seat, _NO_DATA[kind]))
    values = []
    for v in map(data.get, FIELDS[kind]):  # a loop: a comprehension makes a function object
        values.append(freeze(v) if isinstance(v, _SEQ) else v)
    return _new(Pending, (kind, seat, tuple(values)))


class GameStuck(RuntimeError):
    """The game moved on ``SETTLE_LIMIT`` times without anybody deciding: a state the rules
    cannot reach (a hand-made position), stopped with this error instead of running forever."""

#: verb of a turn's action -> the rulebook section (rule.<id>) that a refusal cites
_REFUSED = {"build": "mine", "gaia": "gaia", "upgrade": "upgrade", "research": "research",
            "action": "power_qic", "special": "special", "federation": "federation",
            "convert": "free", "burn": "free"}


class GaiaState(GameState):
    """A game of Gaia Project (base game), 2-4 players."""

    game = "gaia"
    title = {"en": "Gaia Project", "pt": "Projeto Gaia"}
    min_players = 2
    max_players = 4
    options_spec = OPTIONS
    ledger_places = ("stock", "bowl1", "bowl2", "bowl3", "gaia_area", "vp")
    max_decisions = 3000

    # ------------------------------------------------------------------ set-up
    def _setup(self) -> None:
        self.space = build_space(self)
        planets = map_memo(self.space, "planets")  # the map's planets, listed once a map
        if not planets:
            planets[0] = {h: t for h, t in self.space.planets.items() if t != "empty"}
            planets[1] = tuple(sorted(planets[0]))
        self.ptype = dict(planets[0])
        self.planet_hexes = planets[1]
        self.owner: dict = {}
        self.gf: dict = {}
        self.stations: dict = {}
        self.pl = [Player(s) for s in range(self.players)]
        draw_tiles(self)
        self.basic_left = set(self.tech_at.values())
        self.adv_left = set(self.adv_at.values())
        self.booster_pool = list(self.boosters)
        self.taken: set[str] = set()
        self.order = list(range(self.players))
        self.passed_order: list[int] = []
        self.turn_pos = -1
        self.pending_seats: list[int] = []
        self.turn_open: int | None = None
        self.leech_later: list[tuple[int, int]] = []
        self.stack: tuple[Pending, ...] = ()
        self.over = False
        self.stage = "setup"
        self.auction_state = None
        #: the seating after a faction auction (the order the factions were named), which
        #: leech and the clockwise order follow; ``None``: seat order
        self.table: list[int] | None = None
        if self.options["factions"]:
            for s, f in enumerate(self.options["factions"]):
                seat_faction(self, s, f)
            self.ask_later(setup_queue(self))
        elif self.options["auction"]:
            self.auction_state = {"holder": {}, "bid": {}, "named": []}
            self.ask_back(0, "auction_name" if choose_bid(self) else "auction")
        else:
            self.ask_later([(s, "faction", {}) for s in range(self.players)])
        for seat, kind, data in setup_entries(self):
            self.ask_front(seat, kind, data)
        self._settle()

    # ------------------------------------------------------------------ ledger
    def holdings(self, seat: int) -> dict[tuple[str, str], int]:
        """What ``seat`` holds where (stock, bowls, Gaia area, VP): the ledger folds to it."""
        p = self.pl[seat]
        b = p.bowls
        h = {("stock", r): p.res[r] for r in RES}
        h.update({("bowl1", "token"): b.bowl1, ("bowl2", "token"): b.bowl2,
                  ("bowl3", "token"): b.bowl3, ("gaia_area", "token"): b.gaia,
                  ("vp", "vp"): p.vp})
        return {k: v for k, v in h.items() if v}

    # ------------------------------------------------------------------ flow
    def ask_front(self, seat: int, kind: str, data: dict | None = None) -> None:
        """Push a decision of ``seat`` on top (it decides next); ``data`` by the kind's fields
        (``decisions.FIELDS``; an absent optional field is saved as ``None``)."""
        self.stack = (*self.stack, _entry(seat, kind, data))

    def ask_back(self, seat: int, kind: str, data: dict | None = None) -> None:
        """Put a decision at the bottom (decided after every pending one)."""
        self.stack = (_entry(seat, kind, data), *self.stack)

    def ask_later(self, entries: list[tuple[int, str, dict]]) -> None:
        """Put ``(seat, kind, data)`` decisions at the bottom, to be decided in that order."""
        self.stack = (*(_entry(*e) for e in reversed(entries)), *self.stack)

    def ask_under(self, seat: int, kind: str, data: dict | None = None) -> None:
        """Put an entry just below the top (a step that goes on once the top is answered)."""
        st = self.stack
        self.stack = (*st[:-1], _entry(seat, kind, data), st[-1])

    def front(self) -> Pending | None:
        """The decision on top of the stack (deciding now), ``None`` when none is pending."""
        return self.stack[-1] if self.stack else None

    def front_is(self, seat: int, kind: str) -> bool:
        """Whether ``seat`` decides ``kind`` now."""
        st = self.stack
        return bool(st) and st[-1][1] == seat and st[-1][0] == kind

    @staticmethod
    def data_of(entry: Pending) -> dict:
        """The data of a stack entry by field name (absent optional fields left out)."""
        values = entry[2]
        if not values:
            return {}
        if None not in values:  # every field present: made in C, no comprehension
            return dict(zip(FIELDS[entry[0]], values))
        return {f: v for f, v in zip(FIELDS[entry[0]], values) if v is not None}

    def _settle(self) -> None:
        """Drop decisions that have become empty and move the game on while nobody decides
        (at most ``SETTLE_LIMIT`` steps: then ``GameStuck``)."""
        for _ in _SETTLE_STEPS:
            if self.over:
                return
            stack = self.stack
            if stack:
                entry = stack[-1]
                kind, seat = entry[0], entry[1]
                if kind == "turn" or kind == "fedpick":  # they always offer "pass", "cancel":
                    return  # their lists are built on demand
                go_on = CONTINUATIONS.get(kind)
                if go_on is not None:  # a step waiting behind a sub-decision
                    self.stack = stack[:-1]
                    go_on(self, seat, *entry[2])
                    continue
                legal = LEGAL[kind](self, seat, self.data_of(entry))
                if legal:
                    self._legal_cache = {seat: legal}
                    return
                self.stack = stack[:-1]
                continue
            if self.turn_open is not None:
                self.turn_open = None
                if self.leech_later:  # most turns offer none: no list made
                    self.ask_later([(s, "leech", {"n": n}) for s, n in self.leech_later])
                    self.leech_later = []
                continue
            self._next_stage()
        raise GameStuck(f"gaia: {SETTLE_LIMIT} steps without a decision (round {self.round}, "
                        f"stage {self.stage!r}): this state cannot go on")

    def _next_stage(self) -> None:
        st = self.stage
        if st == "setup":
            if all(p.faction for p in self.pl) and not any(p.counts for p in self.pl):
                self.ask_later(setup_queue(self))
                return
            self.stage = "income"
        elif st == "income":
            start_round(self)
        elif st == "income_run":
            income_run(self)
        elif st == "gaia":
            gaia_phase(self)
        elif st == "gaia_run":
            gaia_run(self)
        elif st == "actions_start":
            self.phase = "actions"
            self.stage = "actions"
            self.turn_pos = -1
            next_turn(self)
        elif st == "actions":
            next_turn(self)

    def to_move(self) -> tuple[int, ...]:
        return (self.stack[-1][1],) if self.stack and not self.over else ()

    def is_over(self) -> bool:
        return self.over

    def _legal(self, seat: int) -> list[Action]:
        entry = self.stack[-1]
        return LEGAL[entry[0]](self, entry[1], self.data_of(entry))

    def _is_legal(self, action: Action, seat: int) -> bool:
        """A turn's action is checked against its verb's part of the legal list only (the
        same answer: ``actions.turn_part``); other decisions against their whole list."""
        if seat not in self._legal_cache:
            entry = self.stack[-1]
            if entry[0] == "turn":
                return in_turn(self, action, seat)
            if entry[0] == "fedpick":  # a hex-by-hex federation: that pick alone
                return fedpick_verdict(self, action, self.data_of(entry))
        return super()._is_legal(action, seat)

    def why_illegal(self, action: Action) -> tuple[Reason | str, str | None]:
        """Why a turn's action is refused (catalog ``refuse.<verb>``; rulebook section)."""
        rule = _REFUSED.get(action.verb)
        if rule is None or not self.stack or self.stack[-1][0] != "turn":
            return "", None
        return reason(self.game, action.verb), rule

    def _decide(self, seat: int, legal: list[Action]) -> Decision:
        entry = self.stack[-1]
        kind, data = entry[0], self.data_of(entry)
        stack = {"turn": (), "after": ("turn",), "leech": (), "faction": (), "place": (),
                 "auction": (), "auction_name": (), "auction_bid": (), "rotate": (),
                 "income_order": (), "itars": ()}.get(kind, ("turn",))
        params = {k: v for k, v in data.items() if isinstance(v, (int, str))}
        return Decision(self.game, seat, kind, tuple(legal), params, stack)

    def play_random(self, rngs: list[random.Random], limit: int) -> int:
        """Core ``play_random`` in one loop: the decision's legal list from its table (or the
        one ``_settle`` kept), the draw inlined (``Random._randbelow``: ``getrandbits`` of the
        bit length until below), the action logged and carried out as the unchecked
        ``apply`` does. The same games, draw for draw (``tests/gaia/test_speed_playout.py``)."""
        if not all(type(rng) is random.Random for rng in rngs):  # other generators: generic
            return GameState.play_random(self, rngs, limit)
        bits = [rng.getrandbits for rng in rngs]
        n = 0
        append, text, legal_of, do, data_of = self.log.append, action_text, LEGAL, DO, self.data_of
        while n < limit:
            stack = self.stack
            if not stack or self.over:
                break
            entry = stack[-1]
            seat = entry[1]
            cache = self._legal_cache  # ``_settle``'s list, else empty
            legal = cache.get(seat) if cache else None
            data = data_of(entry)  # a new dict, read only by the list and the handler
            if legal is None:
                legal = legal_of[entry[0]](self, seat, data)
            k = len(legal)
            if k > 1:
                draw = bits[seat]
                width = k.bit_length()
                i = draw(width)
                while i >= k:
                    i = draw(width)
                action = legal[i]
            else:
                action = legal[0]
            append(text(action))
            if cache:
                self._legal_cache = {}
            self.stack = stack[:-1]
            do[entry[0]](self, seat, action, data)
            stack = self.stack
            if not stack or stack[-1][0] != "turn":  # ``_settle`` stops at a turn at once
                self._settle()
            n += 1
        return n

    def _apply(self, action: Action) -> None:
        stack = self.stack
        entry = stack[-1]
        self.stack = stack[:-1]
        DO[entry[0]](self, entry[1], action, self.data_of(entry))
        self._settle()

    # ------------------------------------------------------------------ contract
    #: label <-> hex memos of this map (on first use; every game on the map shares them)
    _label_memo: dict | None = None
    _hex_memo: dict | None = None

    def hex_of(self, label: str):
        memo = self._hex_memo
        if memo is None:
            memo = self._hex_memo = map_memo(self.space, "hex")
        h = memo.get(label)
        if h is None:
            h = self.space.hex(label)
            if len(memo) < 4096:
                memo[label] = h
        return h

    def label(self, h) -> str:
        memo = self._label_memo
        if memo is None:
            memo = self._label_memo = map_memo(self.space, "label")
        got = memo.get(h)
        if got is None:
            got = self.space.label(h) or geo.qxr(h)
            if len(memo) < 4096:
                memo[h] = got
        return got

    def score_breakdown(self, seat: int) -> dict[str, int]:
        return dict(self.pl[seat].vp_by)

    def tiebreak(self, seat: int) -> tuple:
        return ()

    def sim_columns(self, seat: int) -> dict[str, Any]:
        """Extra columns of ``gamekit.simulate``: the seat's faction."""
        return {"faction": self.pl[seat].faction}

    def view(self, seat: int | None) -> GaiaState:
        """Gaia Project hides nothing but the seed (tiles are face up; the order of the unused
        tiles in the box does not matter)."""
        return self._view_base(seat, self.clone())

    def determinize(self, rng: random.Random) -> GaiaState:
        full = self.clone()
        full.viewer = None
        return full

    def clone(self) -> GaiaState:
        new, d = self._clone_base()
        d["pl"] = [p.copy() for p in self.pl]
        for k in ("ptype", "owner", "gf", "stations", "tech_at", "adv_at", "fed_supply"):
            d[k] = dict(d[k])
        if self.auction_state:
            a = self.auction_state
            d["auction_state"] = {"holder": dict(a["holder"]), "bid": dict(a["bid"]),
                                  "named": list(a["named"])}
        for k in ("basic_left", "adv_left", "taken"):
            d[k] = set(d[k])
        for k in ("booster_pool", "order", "passed_order", "leech_later", "pending_seats"):
            d[k] = list(d[k])
        for k in [k for k in d if k.endswith("_memo") and k not in SHARED_MEMOS]:
            if k in COPIED_MEMOS and d[k] is not None:
                d[k] = dict(d[k])
            else:
                del d[k]
        return new

    def __getstate__(self) -> dict[str, Any]:
        """Pickled without the speed memos (``_*_memo``: rebuilt on demand)."""
        d = super().__getstate__()
        for k in [k for k in d if k.endswith("_memo")]:
            del d[k]
        return d

    def to_dict(self) -> dict[str, Any]:
        lab = self.label
        return {
            "round": self.round, "phase": self.phase, "stage": self.stage, "over": self.over,
            "players": [p.to_dict() for p in self.pl],
            "planets": {lab(h): t for h, t in sorted(self.ptype.items())},
            "gaiaformers": {lab(h): s for h, s in self.gf.items()},
            "space_stations": {lab(h): s for h, s in self.stations.items()},
            "round_tiles": list(self.round_tiles), "final_tiles": list(self.final_tiles),
            "boosters": list(self.booster_pool), "tech": dict(self.tech_at),
            "advanced_tech": dict(self.adv_at), "basic_left": sorted(self.basic_left),
            "advanced_left": sorted(self.adv_left), "terra_fed": self.terra_fed,
            "federation_supply": dict(self.fed_supply), "taken": sorted(self.taken),
            "order": list(self.order), "passed_order": list(self.passed_order),
            "stack": ASKS.to_data(self.stack),
            "space": [[h[0], h[1], self.space.sector[h], t]
                      for h, t in sorted(self.space.planets.items())],
            "turn_pos": self.turn_pos, "turn_open": self.turn_open,
            "pending_seats": list(self.pending_seats),
            "leech_later": [list(x) for x in self.leech_later],
            "auction": self.auction_state,
            "table": None if self.table is None else list(self.table),
        }

    @classmethod
    def position_schema(cls, players: int) -> dict[str, Any]:
        from .position import schema

        return schema(players)

    def _load(self, data: dict[str, Any]) -> None:
        from .position import load

        load(self, data)

    def check_invariants(self) -> None:
        for s, p in enumerate(self.pl):
            assert all(v >= 0 for v in p.res.values()), f"negative stock {p.res}"
            b = p.bowls
            assert min(b.bowl1, b.bowl2, b.bowl3, b.gaia) >= 0
            assert p.counts.get("m", 0) <= 8 and p.counts.get("ts", 0) <= 4
            assert sum(p.vp_by.values()) == p.vp
            for h in p.built:
                assert self.owner[h] == s
