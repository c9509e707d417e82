"""The Blue Moon City game state: options, set-up, turn flow, decisions and actions.

The legal actions live in ``legal.py``, rewards and scores in ``rewards.py``, copies and views
in ``views.py`` (mixins of ``BlueMoonState``), the grid and action tables in ``city.py``.
"""

from __future__ import annotations

from typing import Any, ClassVar

from gamekit.core import Action, Decision, GameState, Option, OptionError
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
        self.tiles = D.load_tiles(o["tiles"])
        self.composition = tuple(D.composition(D.load_card_values(o["cards"])))
        g = D.GAME
        self.costs = tuple(g["obelisk"]["2" if n == 2 else "3-4"]["costs"])
        self.target = g["offerings_to_win"][str(n)]
        self.scales_in_play = o["scales"] or g["scales_in_play"][str(n)]
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
            [-1] * len(self.tiles[t].spaces) if t >= 0 else [] for t in self.board
        ]
        self.building_count = sum(1 for t in self.board if t >= 0 and self.tiles[t].group != "centre")
        self.buildings_built = 0
        #: cell -> colour fixed for the wild spaces of that tile by its first contribution
        self.wild_colours: dict[int, int] = {}
        # cards
        if o["deck"] is not None:
            deck = [D.KIND_INDEX[k] for k in o["deck"]]
            counts = [0] * 24
            for k in deck:
                counts[k] += 1
            if tuple(counts) != self.composition:
                diff = {KINDS[k]: counts[k] - self.composition[k] for k in range(24) if counts[k] != self.composition[k]}
                raise OptionError(
                    f"option 'deck' of bluemoon must hold exactly the {sum(self.composition)} cards of the "
                    f"deck; off by {diff}"
                )
        else:
            deck = [k for k in range(24) for _ in range(self.composition[k])]
            self.chance.shuffle("deck", deck)
        self.cards: Deck[int] = Deck(deck)  # top first
        self.hands = [[0] * 24 for _ in range(n)]
        self.hand_sizes = [0] * n
        self.pending: list[list[int]] = [[] for _ in range(n)]
        self.crystals = [0] * n
        self.scales = [0] * n
        self.supply = self.scales_in_play
        self.free = [0] * n
        self.obelisk: list[int] = []
        self.offers = [0] * n
        self.offer_kinds = [[0, 0, 0] for _ in range(n)]  # central square, pillar, golden temple
        self.contributions = [0] * n
        self.places = [CENTRE] * n
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
        td = self.tiles
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
        self.turn_seat = seat
        self.step = "move"
        self.phase = "move"
        self.steps_left = 2
        self.turn_contributions = 0
        self.offered = False
        self.pillar_open = False
        self.discarded = 0
        self.dragon_moving = -1
        self.dragon_reach = 0
        self.pay_cell = -1
        self.emit("turn", seat, rule="turn")

    def _end_turn(self) -> None:
        s = self.turn_seat
        n = 2 + self.discarded
        self._draw(s, n, "refill", to_hand=True)
        if self.pending[s]:
            got = self.pending[s]
            h = self.hands[s]
            for k in got:
                h[k] += 1
            self.hand_sizes[s] += len(got)
            self.flow(s, "card", len(got), "pending", "hand")
            self.emit("pending_to_hand", s, visible=[s], rule="rewards", n=len(got))
            self.pending[s] = []
        if self.buildings_built == self.building_count and not self._anyone_can_offer():
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
        self.step = "over"
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
                self.hand_sizes[seat] += got
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
        self.hand_sizes[seat] -= 1
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
        return () if self.over else (self.turn_seat,)

    def is_over(self) -> bool:
        return self.over

    # ------------------------------------------------------------------ decisions
    def _decide(self, seat: int, legal: list[Action]) -> Decision:
        st = self.step
        legal = tuple(legal)
        named = self._option_params
        if st == "move":
            return Decision(self.game, seat, "move", legal, {"steps": self.steps_left}, ("turn", "move"),
                            option_params=named)
        if st == "teleport":
            return Decision(self.game, seat, "teleport", legal, {}, ("turn", "move", "venti"),
                            option_params=named)
        if st == "dragon":
            kind = "dragon_place" if self.dragon_reach < 0 else "dragon_step"
            return Decision(self.game, seat, kind, legal,
                            {"dragon": D.DRAGONS[self.dragon_moving] + "_dragon"}, ("turn", "move", "dragon"),
                            option_params=named)
        if st == "act":
            return Decision(self.game, seat, "act", legal, {"tile": self.tiles[self.board[self.places[seat]]].id},
                            ("turn", "contribute"), option_params=named)
        if st == "pay":
            return Decision(self.game, seat, "pay", legal,
                            {"tile": self.tiles[self.board[self.pay_cell]].id, "space": self.pay_space,
                             "colour": D.COLOURS[self.pay_colour], "value": self.pay_value,
                             "paid": self._pay_total()},
                            ("turn", "contribute", "pay"))
        return Decision(self.game, seat, "refill", legal, {"discarded": self.discarded},
                        ("turn", "refill"))

    def arrangeable(self) -> tuple[str, ...]:
        return ("deck",)

    def _arrange(self, kind: str, values: list[str]) -> None:
        """``deck``: cards of these kinds (e.g. ``hoax_2``, top first) on top of the pile."""
        self.cards.put_on_top(values, KINDS.__getitem__)

    def why_illegal(self, action: Action) -> tuple[str, str | None]:
        verb = action.verb
        phase_of = {"move": "move", "play": "move", "contribute": "act", "offer": "act",
                    "pillar": "act", "jump": "act", "draw": "act", "pay": "pay",
                    "recolour": "pay", "discard": "refill"}
        want = phase_of.get(verb)
        if want is None:
            return "", None
        if verb == "move" and self.step == "move" and self.steps_left <= 0:
            return "no movement steps left this turn", "movement"
        if want != self.step and not (verb == "move" and self.step == "teleport"):
            return f"'{verb}' belongs to another step of the turn (now: {self.step})", "turn"
        if verb == "move" and self.step == "move":
            return "a step goes to an orthogonally adjacent tile of the city (no diagonals)", \
                "movement"
        if verb == "play":
            return "that card is not in your hand or has no movement power now (a value 2 " \
                   "dragon card needs its dragon in the city)", "powers"
        if verb in ("pay", "recolour"):
            return "that card cannot help pay this space (wrong colour, not in your hand, or " \
                   "the payment could no longer be completed)", "contribution"
        if verb == "offer":
            return "offerings are made at the Central Square, once a turn, with enough crystals " \
                   "and a free marker", "obelisk"
        fixed = self.wild_colours.get(self.places[self.turn_seat])
        if verb == "contribute" and self.step == "act" and fixed is not None and \
                len(action.args) == 2 and action.args[1] != D.COLOURS[fixed]:
            return (f"the wild spaces of this tile are all paid in one colour, the one of its "
                    f"first contribution: {D.COLOURS[fixed]}"), "contribution"
        if verb == "contribute":
            return "that space is taken, or your cards cannot pay it, or you have no free marker", \
                "contribution"
        if verb == "discard" and self.discarded >= 2:
            return "at most 2 cards may be discarded in the refill phase", "refill"
        return "", None

    def _tile_at(self, cell: int) -> str:
        """The id of the tile on ``cell`` (the Central Square is a tile too): narration names
        places as players do, by their building."""
        return self.tiles[self.board[cell]].id

    # ================================================================== apply
    def _apply(self, action: Action) -> None:
        _DISPATCH[action.verb](self, action.seat, action.args)

    # -- movement phase
    def _do_move(self, s: int, args: tuple) -> None:
        cell = args[0] * N + args[1]
        src = self.places[s]
        self.places[s] = cell
        if self.step == "teleport":
            self.step = "move"
            self.emit("teleport", s, rule="powers", to=self._tile_at(cell))
        else:
            self.steps_left -= 1
            self.emit("move", s, rule="movement", frm=self._tile_at(src), to=self._tile_at(cell))

    def _do_play(self, s: int, args: tuple) -> None:
        k = D.KIND_INDEX[args[0]]
        self._lose(s, k, "power:" + D.PEOPLES[k // 3])
        self.emit("play_power", s, rule="powers", card=KINDS[k])
        if k == VENTI1:
            self.step = "teleport"
        elif k == VENTI2:
            self.steps_left += 2
        else:
            self.dragon_moving = k // 3
            self.dragon_reach = -1 if k % 3 == 0 else 3
            self.step = "dragon"

    def _do_dragon(self, s: int, args: tuple) -> None:
        cell = args[0] * N + args[1]
        self.dragons[self.dragon_moving] = cell
        self.emit("dragon_moves", s, rule="dragons", dragon=D.DRAGONS[self.dragon_moving] + "_dragon",
                  to=self._tile_at(cell))
        self.step = "move"

    def _do_done(self, s: int, args: tuple) -> None:
        st = self.step
        if st == "move":
            self.step = "act"
            self.phase = "contribute"
            legal = self._legal_act(s)
            if len(legal) == 1:  # nothing to do but end the phase: go straight to the refill
                self.step = "refill"
                self.phase = "refill"
            else:
                self._legal_cache[s] = legal
        elif st == "act":
            self.step = "refill"
            self.phase = "refill"
        elif st == "pay":
            self._finish_contribution(s)
        elif st == "refill":
            self._end_turn()

    # -- contribution phase
    def _do_contribute(self, s: int, args: tuple) -> None:
        cell = self.places[s]
        i = args[0]
        col, val = self.tiles[self.board[cell]].spaces[i]
        if col == WILD:
            col = D.COLOUR_INDEX[args[1]]
        self.step = "pay"
        self.pay_cell, self.pay_space, self.pay_colour, self.pay_value = cell, i, col, val
        self.pay_pool = [0] * 24
        self.pay_recoloured = [0] * 8
        self.pay_cards: list[int] = []
        td = self.tiles[self.board[cell]]
        self.emit("contribute_start", s, rule="contribution", tile=td.id, space=i,
                  colour=D.COLOURS[col], value=val, note=self._value_note(td))

    def _do_pay(self, s: int, args: tuple) -> None:
        k = D.KIND_INDEX[args[0]]
        self.hands[s][k] -= 1
        self.hand_sizes[s] -= 1
        self.pay_pool[k] += 1
        self.pay_cards.append(k)
        self.flow(s, "card", 1, "hand", "paying")
        self.emit("pay", s, rule="contribution", card=KINDS[k], total=self._pay_total(), value=self.pay_value)

    def _do_recolour(self, s: int, args: tuple) -> None:
        k = D.KIND_INDEX[args[0]]
        x = D.COLOUR_INDEX[args[1]]
        self._lose(s, k, "power:lux")
        self.pay_recoloured[x] += 4 if k == LUX1 else 1
        self.emit("recolour", s, rule="powers", card=KINDS[k], frm=args[1], to=D.COLOURS[self.pay_colour],
                  n=4 if k == LUX1 else 1)

    def _do_cancel(self, s: int, args: tuple) -> None:
        h = self.hands[s]
        for k in self.pay_cards:
            h[k] += 1
        self.hand_sizes[s] += len(self.pay_cards)
        self.flow(s, "card", len(self.pay_cards), "paying", "hand")
        self.pay_cards = []
        self.step = "act"
        self.pay_cell = -1
        self.emit("contribute_cancel", s, rule="contribution")

    def _finish_contribution(self, s: int) -> None:
        cell, i = self.pay_cell, self.pay_space
        tid = self.tiles[self.board[cell]].id
        paid = self.pay_cards
        self.cards.discards.extend(paid)
        self.flow(s, "card", len(paid), "paying", "contribution:" + tid)
        self.marks[cell][i] = s
        if self.tiles[self.board[cell]].spaces[i][0] == WILD and \
                not self.options["palace_colour_per_space"]:
            self.wild_colours.setdefault(cell, self.pay_colour)  # rulebook: one colour for all spaces
        self.free[s] -= 1
        self.contributions[s] += 1
        self.flow(s, "marker", 1, "markers", "building:" + tid)
        self.emit("contribute", s, rule="contribution", tile=tid, space=i, value=self.pay_value,
                  cards=[KINDS[k] for k in paid])
        self.step = "act"
        self.pay_cell = -1
        self.pay_cards = []
        self.turn_contributions += 1
        if self.turn_contributions == 1:
            nd = sum(1 for d in self.dragons if d == cell)
            if nd:
                self.emit("dragon_scales", s, rule="dragons", n=nd, tile=tid)
                self._give_scales(s, nd, "dragon")
        if all(m >= 0 for m in self.marks[cell]):
            self._complete(cell)
        self._check_markers_out()

    # -- rewards
    def _do_offer(self, s: int, args: tuple) -> None:
        if self.places[s] == CENTRE:
            self.offered = True
            self.pillar_open = True
            self._offer(s, 0, 0)
        else:  # Golden Temple: one offering, no Pillar after it
            self.emit("special_offer", s, rule="expansion")
            self._offer(s, self.options["golden_temple_surcharge"], 2)
            if not self.over:
                self.step = "refill"
                self.phase = "refill"

    def _do_pillar(self, s: int, args: tuple) -> None:
        k = D.KIND_INDEX[args[0]]
        self._lose(s, k, "power:pillar")
        self.emit("play_power", s, rule="powers", card=KINDS[k])
        self._offer(s, 1 if k == PILLAR1 else 2, 1)

    # -- expansion special actions
    def _do_jump(self, s: int, args: tuple) -> None:
        cell = args[0] * N + args[1]
        self.places[s] = cell
        self.emit("special_jump", s, rule="expansion", to=self._tile_at(cell))
        self.step = "refill"
        self.phase = "refill"

    def _do_draw(self, s: int, args: tuple) -> None:
        self.emit("special_draw", s, rule="expansion")
        self._draw(s, 2, "hospital", to_hand=True)
        self.step = "refill"
        self.phase = "refill"

    # -- refill phase
    def _do_discard(self, s: int, args: tuple) -> None:
        k = D.KIND_INDEX[args[0]]
        self._lose(s, k, "discard")
        self.discarded += 1
        self.emit("discard", s, rule="refill", card=KINDS[k])

_DISPATCH = {name[4:]: getattr(BlueMoonState, name) for name in dir(BlueMoonState)
             if name.startswith("_do_")}
