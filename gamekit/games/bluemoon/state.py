"""The Blue Moon City game state: options, set-up, turn flow, decisions and actions.

The legal actions live in ``legal.py``, rewards and scores in ``rewards.py``, copies and views
in ``views.py`` (mixins of ``BlueMoonState``), the grid and action tables in ``city.py``.
"""

from __future__ import annotations

from typing import Any, ClassVar

from gamekit.core import Action, Decision, GameState, Option, OptionError, Reason, reason
from gamekit.kit.deck import Deck

from . import data as D
from . import position
from .city import (
    CENTRE,
    CITY_CELLS,
    CITY_NEIGH,
    PILLAR1,
    STARTING_CELLS,
    VENTI1,
    VENTI2,
    N,
    city_tiles,
    layout_problem,
)
from .data import KINDS, WILD
from .legal import Legal
from .pay import LUX1
from .rewards import Rewards
from .views import Views

__all__ = ["BlueMoonState", "CENTRE", "N"]



def _layout_problem(v: Any, players: int) -> str | None:
    if not (isinstance(v, list) and len(v) == N and all(isinstance(r, list) and len(r) == N for r in v)):
        return "layout must be a list of 5 rows of 5 tile ids (null or \"\" for the empty corners)"
    for r, row in enumerate(v):
        for c, t in enumerate(row):
            if t not in (None, "") and (not isinstance(t, str) or t not in D.TILE_INDEX):
                return f"row {r} col {c}: unknown tile {t!r}"
    return None


def _deck_problem(v: Any, players: int) -> str | None:
    bad = [x for x in v if not isinstance(x, str) or x not in D.KIND_INDEX]
    if bad:
        return f"unknown card(s) {bad[:3]}; cards are written like 'vulca_1' (people_value)"
    return None


def _first_problem(v: Any, players: int) -> str | None:
    return None if 1 <= v <= players else f"must be a seat number from 1 to {players}"


class BlueMoonState(Legal, Rewards, Views, GameState):
    """Blue Moon City (Reiner Knizia; CMON 2019 edition). See the package docstring.

    ``max_decisions`` (500,000) is the safety limit core's ``simulate`` uses to stop a runaway
    game. Every game ends by the rules (offerings, all buildings rebuilt, or all markers out),
    but random players can wander long after the city is rebuilt: over 300 seeds each of 2, 3
    and 4 players in both cities (November 2026) random games took a median of 2,000-3,700
    decisions, the 99th percentile 5,800-11,700 and the longest 42,351 (4 players, expansion
    city); the longest ever seen took 54,597 (2 players, expansion, of 900). The limit is about
    10x that longest game, yet stops a real runaway within seconds (~150,000 decisions/s).
    Heuristic bots finish in under 1,000 decisions.
    """

    game = "bluemoon"
    title = {"en": "Blue Moon City", "pt": "Blue Moon City"}
    min_players = 2
    max_players = 4
    options_spec = {
        "city": Option("city", str, "base", ("base", "expansion"),
                       "base: 21 tiles (5x5 without corners); expansion: 5x5 with the 4 expansion tiles"),
        "setup": Option("setup", str, "standard", ("standard", "alternative"),
                        "standard: starting tiles next to the Central Square; alternative: all tiles at random"),
        "layout": Option("layout", list, None, help="explicit city: 5 rows of 5 tile ids (null for empty corners)",
                         check=_layout_problem),
        "deck": Option("deck", list, None, help="explicit deck order, top first (card ids like 'vulca_1')",
                       check=_deck_problem),
        "first_player": Option("first_player", int, None, help="seat (1-based) who starts; random if omitted",
                               check=_first_problem),
        "tiles": Option("tiles", object, None,
                        help="your box's tile data (the JSON data itself, never a file name), "
                             "replacing ours by id (see docs)", check=D.tile_problem),
        "cards": Option("cards", object, None,
                        help="your box's per-people card value counts (the JSON data itself)",
                        check=D.card_problem),
        "golden_temple_surcharge": Option(
            "golden_temple_surcharge", int, 0, (0, 1),
            "extra crystals for the Golden Temple's offering: 0 (CMON) or 1 (2006 Golden Shrine)"),
        "palace_colour_per_space": Option(
            "palace_colour_per_space", bool, False, (False, True),
            "False (rulebook 2019): the first contribution to the Royal Palace fixes one colour for "
            "all its spaces; True (2006 English rules): each space in a colour of the payer's choice"),
        "scales": Option("scales", int, None, help="golden scales in play (default 7/10/12 for 2/3/4 players)",
                         check=lambda v, n: None if 1 <= v <= 40 else "must be 1 to 40"),
    }
    ledger_places = ("hand", "pending", "paying", "crystals", "scales", "markers")
    max_decisions: ClassVar[int] = 500_000
    #: the deck option fixes every hand and the draw order: views blank it
    secret_options = ("deck",)
    #: options of older versions that named files; records saved then hold them as null
    removed_options = ("tiles_file", "cards_file")

    @classmethod
    def new(cls, players: int, seed: Any = 0, *, chance: Any = (), **options: Any) -> BlueMoonState:
        """A new game (see ``GameState.new``). Old records' null ``tiles_file``/``cards_file``
        are dropped; any other value is refused (files are never read)."""
        for name in cls.removed_options:
            if name in options:
                if options.pop(name) is not None:
                    raise OptionError(
                        f"option {name!r} of bluemoon was removed: gamekit never reads a file "
                        f"named in an option or a record; load the JSON yourself and pass its "
                        f"data as {name[:-5]!r}")
        return super().new(players, seed, chance=chance, **options)  # type: ignore[return-value]

    # ================================================================== set-up
    def _rules(self) -> None:
        """The fixed parts the options and the player count give (set-up and positions)."""
        o = self.options
        n = self.players
        self.td = D.load_tiles(o["tiles"])
        self.comp = tuple(D.composition(D.load_card_values(o["cards"])))
        g = D.GAME
        self.costs = tuple(g["obelisk"]["2" if n == 2 else "3-4"]["costs"])
        self.target = g["offerings_to_win"][str(n)]
        self.scale_n = o["scales"] or g["scales_in_play"][str(n)]
        self.cells = CITY_CELLS[o["city"]]
        self.neigh = CITY_NEIGH[o["city"]]
        self.masked: dict[str, Any] | None = None

    def _setup(self) -> None:
        self._rules()
        o = self.options
        n = self.players
        g = D.GAME
        city = o["city"]
        self.board = self._make_board()
        # tile state
        self.built = [False] * (N * N)
        self.marks: list[list[int]] = [
            [-1] * len(self.td[t].spaces) if t >= 0 else [] for t in self.board
        ]
        self.n_buildings = sum(1 for t in self.board if t >= 0 and self.td[t].group != "centre")
        self.n_built = 0
        #: cell -> colour fixed for the wild spaces of that tile by its first contribution
        self.wild_col: dict[int, int] = {}
        # cards
        if o["deck"] is not None:
            deck = [D.KIND_INDEX[k] for k in o["deck"]]
            counts = [0] * 24
            for k in deck:
                counts[k] += 1
            if tuple(counts) != self.comp:
                diff = {KINDS[k]: counts[k] - self.comp[k] for k in range(24) if counts[k] != self.comp[k]}
                raise OptionError(
                    f"option 'deck' of bluemoon must hold exactly the {sum(self.comp)} cards of the "
                    f"deck; off by {diff}"
                )
        else:
            deck = [k for k in range(24) for _ in range(self.comp[k])]
            self.chance.shuffle("deck", deck)
        self.cards: Deck[int] = Deck(deck)  # top first
        self.hands = [[0] * 24 for _ in range(n)]
        self.hand_n = [0] * n
        self.pending: list[list[int]] = [[] for _ in range(n)]
        self.crystals = [0] * n
        self.scales = [0] * n
        self.supply = self.scale_n
        self.free = [0] * n
        self.obelisk: list[int] = []
        self.offers = [0] * n
        self.offer_kinds = [[0, 0, 0] for _ in range(n)]  # central square, pillar, golden temple
        self.contribs = [0] * n
        self.pos = [CENTRE] * n
        self.dragons = [-1, -1, -1]
        self.winner = -1
        self.drawn_game = False
        self.over = False
        self.end_reason = ""
        self.round = 1
        self.phase = "setup"
        for s in range(n):
            self.free[s] = g["markers_per_player"]
            self.flow(s, "marker", g["markers_per_player"], "box", "markers")
        self.emit("setup", rule="setup", city=city, setup=o["setup"], players=n)
        hand = g["starting_hand"]
        for s in range(n):
            self._draw(s, hand, "setup", to_hand=True)
        if o["first_player"] is not None:
            first = o["first_player"] - 1
        else:
            first = self.chance.randrange("first_player", n)
        self.first = first
        self._start_turn(first)

    def _make_board(self) -> tuple[int, ...]:
        o = self.options
        td = self.td
        city = o["city"]
        if o["layout"] is not None:
            problem = layout_problem(o["layout"], city, o["setup"], td)
            if problem is not None:
                raise OptionError(f"option 'layout' of bluemoon: {problem}")
            return tuple(-1 if tid in (None, "") else D.TILE_INDEX[tid]
                         for row in o["layout"] for tid in row)
        ids = city_tiles(td, city)
        board = [-1] * (N * N)
        board[CENTRE] = D.TILE_INDEX["central_square"]
        if o["setup"] == "standard":
            start = [t for t in ids if td[D.TILE_INDEX[t]].group == "starting"]
            rest = [t for t in ids if td[D.TILE_INDEX[t]].group != "starting"]
            self.chance.shuffle("starting_tiles", start)
            for cell, t in zip(STARTING_CELLS, start):
                board[cell] = D.TILE_INDEX[t]
            free = [c for c in self.cells if c != CENTRE and c not in STARTING_CELLS]
        else:
            rest = list(ids)
            free = [c for c in self.cells if c != CENTRE]
        self.chance.shuffle("tiles", rest)
        for cell, t in zip(free, rest):
            board[cell] = D.TILE_INDEX[t]
        return tuple(board)

    # ================================================================== turn flow
    def _start_turn(self, seat: int) -> None:
        self.cur = seat
        self.stage = "move"
        self.phase = "move"
        self.steps = 2
        self.turn_contribs = 0
        self.offered = False
        self.chain = False
        self.discarded = 0
        self.drag = -1
        self.drag_steps = 0
        self.p_cell = -1
        self.emit("turn", seat, rule="turn")

    def _end_turn(self) -> None:
        s = self.cur
        n = 2 + self.discarded
        self._draw(s, n, "refill", to_hand=True)
        if self.pending[s]:
            got = self.pending[s]
            h = self.hands[s]
            for k in got:
                h[k] += 1
            self.hand_n[s] += len(got)
            self.flow(s, "card", len(got), "pending", "hand")
            self.emit("pending_to_hand", s, visible=[s], rule="rewards", n=len(got))
            self.pending[s] = []
        if self.n_built == self.n_buildings and not self._anyone_can_offer():
            self._finish("all_built")
            return
        nxt = (s + 1) % self.players
        if nxt == self.first:
            self.round += 1
        self._start_turn(nxt)

    def _anyone_can_offer(self) -> bool:
        if len(self.obelisk) >= len(self.costs):
            return False
        cost = self.costs[len(self.obelisk)]
        return any(self.free[s] and self.crystals[s] >= cost for s in range(self.players))

    def _finish(self, reason: str) -> None:
        self.over = True
        self.stage = "over"
        self.phase = "end"
        self.end_reason = reason
        if reason == "draw":
            self.drawn_game = True
            self.emit("game_draw", rule="end")
        elif reason == "offerings":
            self.emit("game_won", self.winner, rule="end", n=self.offers[self.winner])
        else:
            self.emit("game_end_built", rule="end", offers=list(self.offers))

    def _check_markers_out(self) -> None:
        if not self.over and not any(self.free):
            self._finish("draw")

    # ================================================================== cards
    @property
    def deck(self) -> list[int]:
        """The draw pile, its top at the end (the kit's ``Deck.cards``)."""
        return self.cards.cards

    @deck.setter
    def deck(self, cards: list[int]) -> None:
        self.cards.cards = cards

    @property
    def discard(self) -> list[int]:
        """The discard pile, latest last (the kit's ``Deck.discards``)."""
        return self.cards.discards

    @discard.setter
    def discard(self, cards: list[int]) -> None:
        self.cards.discards = cards

    def _draw(self, seat: int, n: int, why: str, to_hand: bool) -> int:
        """Draw ``n`` cards for ``seat`` (into the hand or face down in front of it); an empty
        deck is refilled with the shuffled discard pile (rulebook, "Fase de Reposição")."""
        drawn = self.cards.draw(self.chance, n, self._reshuffled)
        got = len(drawn)
        if got:
            if to_hand:
                h = self.hands[seat]
                for k in drawn:
                    h[k] += 1
                self.hand_n[seat] += got
                self.flow(seat, "card", got, "deck", "hand")
            else:
                self.pending[seat].extend(drawn)
                self.flow(seat, "card", got, "deck", "pending")
            rule = "refill" if why == "refill" else "setup" if why == "setup" else "rewards"
            self.emit("draw", seat, rule=rule, n=got, why=why)
        return got

    def _reshuffled(self, n: int) -> None:
        self.emit("reshuffle", rule="refill", n=n)

    def _lose(self, seat: int, k: int, target: str) -> None:
        self.hands[seat][k] -= 1
        self.hand_n[seat] -= 1
        self.cards.discards.append(k)
        self.flow(seat, "card", 1, "hand", target)

    # ================================================================== positions
    @classmethod
    def position_schema(cls, players: int) -> dict[str, Any]:
        return position.schema(players)

    def _load(self, data: dict[str, Any]) -> None:
        position.load(self, data)

    # ================================================================== contract
    def to_move(self) -> tuple[int, ...]:
        return () if self.over else (self.cur,)

    def is_over(self) -> bool:
        return self.over

    # ------------------------------------------------------------------ decisions
    def _decide(self, seat: int, legal: list[Action]) -> Decision:
        st = self.stage
        legal = tuple(legal)
        named = self._option_params
        if st == "move":
            return Decision(self.game, seat, "move", legal, {"steps": self.steps}, ("turn", "move"),
                            option_params=named)
        if st == "teleport":
            return Decision(self.game, seat, "teleport", legal, {}, ("turn", "move", "venti"),
                            option_params=named)
        if st == "dragon":
            kind = "dragon_place" if self.drag_steps < 0 else "dragon_step"
            return Decision(self.game, seat, kind, legal,
                            {"dragon": D.DRAGONS[self.drag] + "_dragon"}, ("turn", "move", "dragon"),
                            option_params=named)
        if st == "act":
            return Decision(self.game, seat, "act", legal, {"tile": self.td[self.board[self.pos[seat]]].id},
                            ("turn", "contribute"), option_params=named)
        if st == "pay":
            return Decision(self.game, seat, "pay", legal,
                            {"tile": self.td[self.board[self.p_cell]].id, "space": self.p_space,
                             "colour": D.COLOURS[self.p_col], "value": self.p_val,
                             "paid": self._pay_total()},
                            ("turn", "contribute", "pay"))
        return Decision(self.game, seat, "refill", legal, {"discarded": self.discarded},
                        ("turn", "refill"))

    def arrangeable(self) -> tuple[str, ...]:
        return ("deck",)

    def _arrange(self, kind: str, values: list[str]) -> None:
        """``deck``: cards of these kinds (e.g. ``hoax_2``, top first) on top of the pile."""
        self.cards.put_on_top(values, KINDS.__getitem__)

    def why_illegal(self, action: Action) -> tuple[Reason | str, str | None]:
        """Why ``action`` is refused (catalog ``refuse.<key>``; rulebook section)."""
        verb, g = action.verb, self.game
        phase_of = {"move": "move", "play": "move", "contribute": "act", "offer": "act",
                    "pillar": "act", "jump": "act", "draw": "act", "pay": "pay",
                    "recolour": "pay", "discard": "refill"}
        want = phase_of.get(verb)
        if want is None:
            return "", None
        if verb == "move" and self.stage == "move" and self.steps <= 0:
            return reason(g, "no_steps"), "movement"
        if want != self.stage and not (verb == "move" and self.stage == "teleport"):
            return reason(g, "other_step"), "turn"
        if verb == "move" and self.stage == "move":
            return reason(g, "step"), "movement"
        if verb == "play":
            return reason(g, "play"), "powers"
        if verb in ("pay", "recolour"):
            return reason(g, "pay"), "contribution"
        if verb == "offer":
            return reason(g, "offer"), "obelisk"
        fixed = self.wild_col.get(self.pos[self.cur])
        if verb == "contribute" and self.stage == "act" and fixed is not None and \
                len(action.args) == 2 and action.args[1] != D.COLOURS[fixed]:
            return reason(g, "wild_colour", colour=D.COLOURS[fixed]), "contribution"
        if verb == "contribute":
            return reason(g, "contribute"), "contribution"
        if verb == "discard" and self.discarded >= 2:
            return reason(g, "discard"), "refill"
        return "", None

    def _tile_at(self, cell: int) -> str:
        """The id of the tile on ``cell`` (the Central Square is a tile too): narration names
        places as players do, by their building."""
        return self.td[self.board[cell]].id

    # ================================================================== apply
    def _apply(self, action: Action) -> None:
        _DISPATCH[action.verb](self, action.seat, action.args)

    # -- movement phase
    def _do_move(self, s: int, args: tuple) -> None:
        cell = args[0] * N + args[1]
        src = self.pos[s]
        self.pos[s] = cell
        if self.stage == "teleport":
            self.stage = "move"
            self.emit("teleport", s, rule="powers", to=self._tile_at(cell))
        else:
            self.steps -= 1
            self.emit("move", s, rule="movement", frm=self._tile_at(src), to=self._tile_at(cell))

    def _do_play(self, s: int, args: tuple) -> None:
        k = D.KIND_INDEX[args[0]]
        self._lose(s, k, "power:" + D.PEOPLES[k // 3])
        self.emit("play_power", s, rule="powers", card=KINDS[k])
        if k == VENTI1:
            self.stage = "teleport"
        elif k == VENTI2:
            self.steps += 2
        else:
            self.drag = k // 3
            self.drag_steps = -1 if k % 3 == 0 else 3
            self.stage = "dragon"

    def _do_dragon(self, s: int, args: tuple) -> None:
        cell = args[0] * N + args[1]
        self.dragons[self.drag] = cell
        self.emit("dragon_moves", s, rule="dragons", dragon=D.DRAGONS[self.drag] + "_dragon",
                  to=self._tile_at(cell))
        self.stage = "move"

    def _do_done(self, s: int, args: tuple) -> None:
        st = self.stage
        if st == "move":
            self.stage = "act"
            self.phase = "contribute"
            legal = self._legal_act(s)
            if len(legal) == 1:  # nothing to do but end the phase: go straight to the refill
                self.stage = "refill"
                self.phase = "refill"
            else:
                self._legal_cache[s] = legal
        elif st == "act":
            self.stage = "refill"
            self.phase = "refill"
        elif st == "pay":
            self._finish_contribution(s)
        elif st == "refill":
            self._end_turn()

    # -- contribution phase
    def _do_contribute(self, s: int, args: tuple) -> None:
        cell = self.pos[s]
        i = args[0]
        col, val = self.td[self.board[cell]].spaces[i]
        if col == WILD:
            col = D.COLOUR_INDEX[args[1]]
        self.stage = "pay"
        self.p_cell, self.p_space, self.p_col, self.p_val = cell, i, col, val
        self.p_pool = [0] * 24
        self.p_spec = [0] * 8
        self.p_paid: list[int] = []
        td = self.td[self.board[cell]]
        self.emit("contribute_start", s, rule="contribution", tile=td.id, space=i,
                  colour=D.COLOURS[col], value=val, note=self._value_note(td))

    def _do_pay(self, s: int, args: tuple) -> None:
        k = D.KIND_INDEX[args[0]]
        self.hands[s][k] -= 1
        self.hand_n[s] -= 1
        self.p_pool[k] += 1
        self.p_paid.append(k)
        self.flow(s, "card", 1, "hand", "paying")
        self.emit("pay", s, rule="contribution", card=KINDS[k], total=self._pay_total(), value=self.p_val)

    def _do_recolour(self, s: int, args: tuple) -> None:
        k = D.KIND_INDEX[args[0]]
        x = D.COLOUR_INDEX[args[1]]
        self._lose(s, k, "power:lux")
        self.p_spec[x] += 4 if k == LUX1 else 1
        self.emit("recolour", s, rule="powers", card=KINDS[k], frm=args[1], to=D.COLOURS[self.p_col],
                  n=4 if k == LUX1 else 1)

    def _do_cancel(self, s: int, args: tuple) -> None:
        h = self.hands[s]
        for k in self.p_paid:
            h[k] += 1
        self.hand_n[s] += len(self.p_paid)
        self.flow(s, "card", len(self.p_paid), "paying", "hand")
        self.p_paid = []
        self.stage = "act"
        self.p_cell = -1
        self.emit("contribute_cancel", s, rule="contribution")

    def _finish_contribution(self, s: int) -> None:
        cell, i = self.p_cell, self.p_space
        tid = self.td[self.board[cell]].id
        paid = self.p_paid
        self.cards.discards.extend(paid)
        self.flow(s, "card", len(paid), "paying", "contribution:" + tid)
        self.marks[cell][i] = s
        if self.td[self.board[cell]].spaces[i][0] == WILD and \
                not self.options["palace_colour_per_space"]:
            self.wild_col.setdefault(cell, self.p_col)  # rulebook: one colour for all spaces
        self.free[s] -= 1
        self.contribs[s] += 1
        self.flow(s, "marker", 1, "markers", "building:" + tid)
        self.emit("contribute", s, rule="contribution", tile=tid, space=i, value=self.p_val,
                  cards=[KINDS[k] for k in paid])
        self.stage = "act"
        self.p_cell = -1
        self.p_paid = []
        self.turn_contribs += 1
        if self.turn_contribs == 1:
            nd = sum(1 for d in self.dragons if d == cell)
            if nd:
                self.emit("dragon_scales", s, rule="dragons", n=nd, tile=tid)
                self._give_scales(s, nd, "dragon")
        if all(m >= 0 for m in self.marks[cell]):
            self._complete(cell)
        self._check_markers_out()

    # -- rewards
    def _do_offer(self, s: int, args: tuple) -> None:
        if self.pos[s] == CENTRE:
            self.offered = True
            self.chain = True
            self._offer(s, 0, 0)
        else:  # Golden Temple: one offering, no Pillar after it
            self.emit("special_offer", s, rule="expansion")
            self._offer(s, self.options["golden_temple_surcharge"], 2)
            if not self.over:
                self.stage = "refill"
                self.phase = "refill"

    def _do_pillar(self, s: int, args: tuple) -> None:
        k = D.KIND_INDEX[args[0]]
        self._lose(s, k, "power:pillar")
        self.emit("play_power", s, rule="powers", card=KINDS[k])
        self._offer(s, 1 if k == PILLAR1 else 2, 1)

    # -- expansion special actions
    def _do_jump(self, s: int, args: tuple) -> None:
        cell = args[0] * N + args[1]
        self.pos[s] = cell
        self.emit("special_jump", s, rule="expansion", to=self._tile_at(cell))
        self.stage = "refill"
        self.phase = "refill"

    def _do_draw(self, s: int, args: tuple) -> None:
        self.emit("special_draw", s, rule="expansion")
        self._draw(s, 2, "hospital", to_hand=True)
        self.stage = "refill"
        self.phase = "refill"

    # -- refill phase
    def _do_discard(self, s: int, args: tuple) -> None:
        k = D.KIND_INDEX[args[0]]
        self._lose(s, k, "discard")
        self.discarded += 1
        self.emit("discard", s, rule="refill", card=KINDS[k])

_DISPATCH = {name[4:]: getattr(BlueMoonState, name) for name in dir(BlueMoonState)
             if name.startswith("_do_")}
