"""The Blue Moon City game state: set-up, turn phases, contributions, rewards, obelisk, end."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from gamekit.core import Action, Decision, GameState, Option, OptionError, Result
from gamekit.core.rng import Chance

from . import data as D
from .data import BROWN, GREEN, KINDS, WILD
from .pay import LUX1, LUX2, MIMIX1, MIMIX2, can_complete, can_pay, colour_cards, reach

N = 5  # the city grid is 5 x 5; cell = 5 * row + col
CENTRE = 12
STARTING_CELLS = (7, 11, 13, 17)
CORNERS = (0, 4, 20, 24)
PILLAR1, PILLAR2 = 21, 22
VENTI1, VENTI2 = 9, 10
SEATS = 4
#: colours a wild space may be paid in (no green spaces: Khind cards are wild themselves)
WILD_CHOICES = tuple(x for x in range(8) if x != GREEN)

class _Act(Action):
    """A precomputed action whose text form is cached (equal to the plain ``Action``)."""

    __slots__ = ()

    def __str__(self) -> str:
        text = _TEXT.get(self)
        if text is None:
            text = _TEXT[self] = Action.__str__(self)
        return text


_TEXT: dict[Action, str] = {}

# precomputed actions (no allocation in the hot path)
_CELL_ARGS = [(c // N, c % N) for c in range(N * N)]
A_MOVE = [[_Act(s, "move", _CELL_ARGS[c]) for c in range(N * N)] for s in range(SEATS)]
A_DRAGON = [[_Act(s, "dragon", _CELL_ARGS[c]) for c in range(N * N)] for s in range(SEATS)]
A_JUMP = [[_Act(s, "jump", _CELL_ARGS[c]) for c in range(N * N)] for s in range(SEATS)]
A_PLAY = [[_Act(s, "play", (KINDS[k],)) for k in range(24)] for s in range(SEATS)]
A_PAY = [[_Act(s, "pay", (KINDS[k],)) for k in range(24)] for s in range(SEATS)]
A_DISCARD = [[_Act(s, "discard", (KINDS[k],)) for k in range(24)] for s in range(SEATS)]
A_CONTRIB = [[_Act(s, "contribute", (i,)) for i in range(12)] for s in range(SEATS)]
A_CONTRIB_W = [[[_Act(s, "contribute", (i, D.COLOURS[x])) for x in range(8)] for i in range(12)]
               for s in range(SEATS)]
A_RECOLOUR = [{k: [_Act(s, "recolour", (KINDS[k], D.COLOURS[x])) for x in range(8)]
               for k in (LUX1, LUX2)} for s in range(SEATS)]
A_DONE = [_Act(s, "done") for s in range(SEATS)]
A_OFFER = [_Act(s, "offer") for s in range(SEATS)]
A_DRAW = [_Act(s, "draw") for s in range(SEATS)]
A_CANCEL = [_Act(s, "cancel") for s in range(SEATS)]
A_PILLAR = [[_Act(s, "pillar", (KINDS[k],)) for k in (PILLAR1, PILLAR2)] for s in range(SEATS)]


def _neighbours(cells: frozenset[int]) -> tuple[tuple[int, ...], ...]:
    out = []
    for c in range(N * N):
        r, q = divmod(c, N)
        ns = []
        for dr, dq in ((-1, 0), (0, -1), (0, 1), (1, 0)):
            rr, qq = r + dr, q + dq
            if 0 <= rr < N and 0 <= qq < N and rr * N + qq in cells and c in cells:
                ns.append(rr * N + qq)
        out.append(tuple(ns))
    return tuple(out)


CITY_CELLS = {
    "base": tuple(c for c in range(N * N) if c not in CORNERS),
    "expansion": tuple(range(N * N)),
}
CITY_NEIGH = {k: _neighbours(frozenset(v)) for k, v in CITY_CELLS.items()}


def _within(neigh: tuple[tuple[int, ...], ...], steps: int) -> tuple[tuple[int, ...], ...]:
    """Per cell: the other cells reachable in 1..``steps`` orthogonal steps (sorted)."""
    out = []
    for c in range(N * N):
        seen, frontier = {c}, [c]
        for _ in range(steps):
            frontier = [m for x in frontier for m in neigh[x] if m not in seen]
            seen.update(frontier)
        seen.discard(c)
        out.append(tuple(sorted(seen)))
    return tuple(out)


CITY_REACH3 = {k: _within(v, 3) for k, v in CITY_NEIGH.items()}
#: per city, seat and cell: the one-step move actions
STEPS = {k: [[tuple(A_MOVE[s][m] for m in v[c]) for c in range(N * N)] for s in range(SEATS)]
         for k, v in CITY_NEIGH.items()}


CELL_TEXT = tuple(f"{c // N} {c % N}" for c in range(N * N))


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


class BlueMoonState(GameState):
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
    def _setup(self) -> None:
        o = self.options
        n = self.players
        self.td = D.load_tiles(o["tiles"])
        values = D.load_card_values(o["cards"])
        self.comp = tuple(D.composition(values))
        g = D.GAME
        key = "2" if n == 2 else "3-4"
        self.costs = tuple(g["obelisk"][key]["costs"])
        self.target = g["offerings_to_win"][str(n)]
        self.scale_n = o["scales"] or g["scales_in_play"][str(n)]
        city = o["city"]
        self.cells = CITY_CELLS[city]
        self.neigh = CITY_NEIGH[city]
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
        deck.reverse()  # the top of the deck is the end of the list
        self.deck = deck
        self.discard: list[int] = []
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
        self.masked: dict[str, Any] | None = None
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
        cells = set(self.cells)
        board = [-1] * (N * N)
        ids = [t.id for t in td if t.group in ("starting", "base") or
               (city == "expansion" and t.group == "expansion")]
        if o["layout"] is not None:
            seen: dict[str, tuple[int, int]] = {}
            for r, row in enumerate(o["layout"]):
                for c, tid in enumerate(row):
                    cell = r * N + c
                    if tid in (None, ""):
                        if cell in cells:
                            raise OptionError(f"option 'layout' of bluemoon: row {r} col {c} needs a tile "
                                              f"in the {city} city")
                        continue
                    if cell not in cells:
                        raise OptionError(f"option 'layout' of bluemoon: row {r} col {c} is not a cell "
                                          f"of the {city} city (leave it null)")
                    if tid in seen:
                        raise OptionError(f"option 'layout' of bluemoon: tile {tid!r} is placed twice")
                    seen[tid] = (r, c)
                    board[cell] = D.TILE_INDEX[tid]
            if board[CENTRE] != D.TILE_INDEX["central_square"]:
                raise OptionError("option 'layout' of bluemoon: the Central Square must be at row 2 col 2")
            want = set(ids) | {"central_square"}
            if set(seen) != want:
                missing = sorted(want - set(seen))
                extra = sorted(set(seen) - want)
                raise OptionError(f"option 'layout' of bluemoon: the {city} city needs its tiles; "
                                  f"missing {missing}, not in this city {extra}")
            if o["setup"] == "standard":
                for cell in STARTING_CELLS:
                    if td[board[cell]].group != "starting":
                        raise OptionError(
                            "option 'layout' of bluemoon: the standard set-up puts the 4 starting tiles "
                            "next to the Central Square (rows/cols 1 2, 2 1, 2 3, 3 2); use "
                            "setup='alternative' for a free layout")
            return tuple(board)
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
    def _draw(self, seat: int, n: int, why: str, to_hand: bool) -> int:
        """Draw ``n`` cards for ``seat`` (into the hand or face down in front of it)."""
        got = 0
        deck = self.deck
        for _ in range(n):
            if not deck:
                if not self.discard:
                    break
                deck.extend(self.discard)
                self.discard = []
                self.chance.shuffle("reshuffle", deck)
                self.emit("reshuffle", rule="refill", n=len(deck))
            k = deck.pop()
            got += 1
            if to_hand:
                self.hands[seat][k] += 1
            else:
                self.pending[seat].append(k)
        if got:
            if to_hand:
                self.hand_n[seat] += got
                self.flow(seat, "card", got, "deck", "hand")
            else:
                self.flow(seat, "card", got, "deck", "pending")
            rule = "refill" if why == "refill" else "setup" if why == "setup" else "rewards"
            self.emit("draw", seat, rule=rule, n=got, why=why)
        return got

    def _lose(self, seat: int, k: int, target: str) -> None:
        self.hands[seat][k] -= 1
        self.hand_n[seat] -= 1
        self.discard.append(k)
        self.flow(seat, "card", 1, "hand", target)

    # ================================================================== contract
    def to_move(self) -> tuple[int, ...]:
        return () if self.over else (self.cur,)

    def is_over(self) -> bool:
        return self.over

    def _legal(self, seat: int) -> list[Action]:
        st = self.stage
        if st == "move":
            return self._legal_move(seat)
        if st == "pay":
            return self._legal_pay(seat)
        if st == "act":
            return self._legal_act(seat)
        if st == "refill":
            out = []
            if self.discarded < 2:
                h = self.hands[seat]
                ad = A_DISCARD[seat]
                out = [ad[k] for k in range(24) if h[k]]
            out.append(A_DONE[seat])
            return out
        if st == "teleport":
            am = A_MOVE[seat]
            here = self.pos[seat]
            return [am[c] for c in self.cells if c != here]
        if st == "dragon":
            ad = A_DRAGON[seat]
            dc = self.dragons[self.drag]
            if self.drag_steps < 0:
                return [ad[c] for c in self.cells if c != dc]
            return [ad[c] for c in CITY_REACH3[self.options["city"]][dc]]
        return []

    def _legal_move(self, seat: int) -> list[Action]:
        out = list(STEPS[self.options["city"]][seat][self.pos[seat]]) if self.steps > 0 else []
        h = self.hands[seat]
        ap = A_PLAY[seat]
        dragons = self.dragons
        if h[0]:
            out.append(ap[0])
        if h[1] and dragons[0] >= 0:  # value 2 moves a dragon only if it is in the city
            out.append(ap[1])
        if h[3]:
            out.append(ap[3])
        if h[4] and dragons[1] >= 0:
            out.append(ap[4])
        if h[6]:
            out.append(ap[6])
        if h[7] and dragons[2] >= 0:
            out.append(ap[7])
        if h[VENTI1]:
            out.append(ap[VENTI1])
        if h[VENTI2]:
            out.append(ap[VENTI2])
        out.append(A_DONE[seat])
        return out

    def _legal_act(self, seat: int) -> list[Action]:
        out: list[Action] = []
        cell = self.pos[seat]
        t = self.board[cell]
        td = self.td[t]
        if cell == CENTRE:
            if self.free[seat] and len(self.obelisk) < len(self.costs):
                cost = self.costs[len(self.obelisk)]
                if not self.offered and self.crystals[seat] >= cost:
                    out.append(A_OFFER[seat])
                if self.chain:
                    h = self.hands[seat]
                    if h[PILLAR1] and self.crystals[seat] >= cost + 1:
                        out.append(A_PILLAR[seat][0])
                    if h[PILLAR2] and self.crystals[seat] >= cost + 2:
                        out.append(A_PILLAR[seat][1])
        else:
            if not self.built[cell] and self.free[seat]:
                h = self.hands[seat]
                marks = self.marks[cell]
                for i, (col, val) in enumerate(td.spaces):
                    if marks[i] >= 0:
                        continue
                    if col == WILD:
                        aw = A_CONTRIB_W[seat][i]
                        fixed = self.wild_col.get(cell)
                        for x in WILD_CHOICES if fixed is None else (fixed,):
                            if can_pay(h, x, val):
                                out.append(aw[x])
                    elif can_pay(h, col, val):
                        out.append(A_CONTRIB[seat][i])
            sp = td.special
            if sp is not None:
                if sp == "jump":
                    aj = A_JUMP[seat]
                    out.extend(aj[c] for c in self.cells if c != cell)
                elif sp == "draw":
                    out.append(A_DRAW[seat])
                elif sp == "offer":
                    if self.free[seat] and len(self.obelisk) < len(self.costs) and \
                            self.crystals[seat] >= self.costs[len(self.obelisk)] + \
                            self.options["golden_temple_surcharge"]:
                        out.append(A_OFFER[seat])
        out.append(A_DONE[seat])
        return out

    def space_colour(self, cell: int, i: int) -> int:
        """Colour to pay space ``i`` of the tile at ``cell`` in: printed, else (a wild space) the
        colour fixed by the tile's first contribution, else ``WILD`` (any colour)."""
        col = self.td[self.board[cell]].spaces[i][0]
        return self.wild_col.get(cell, WILD) if col == WILD else col

    def _pay_total(self) -> int:
        return reach(self.p_pool, self.p_col, self.p_spec)

    def _legal_pay(self, seat: int) -> list[Action]:
        c, v = self.p_col, self.p_val
        pool, spec = self.p_pool, self.p_spec
        total = reach(pool, c, spec)
        if total >= v:
            return [A_DONE[seat]]
        h = self.hands[seat]
        ap = A_PAY[seat]
        out = []
        for k in range(24):
            if not h[k]:
                continue
            h[k] -= 1
            pool[k] += 1
            now = reach(pool, c, spec)
            if now > total or (k in (MIMIX1, MIMIX2) and c != BROWN and h[MIMIX1] + h[MIMIX2]
                               and (pool[MIMIX1] + pool[MIMIX2]) & 1):  # half a pair
                if now >= v or can_complete(pool, h, c, spec, v):
                    out.append(ap[k])
            h[k] += 1
            pool[k] -= 1
        for k in (LUX1, LUX2):
            if not h[k]:
                continue
            ar = A_RECOLOUR[seat][k]
            add = 4 if k == LUX1 else 1
            h[k] -= 1
            for x in range(8):
                if x == c or x == GREEN:
                    continue
                if colour_cards(pool, x) + colour_cards(h, x) <= spec[x]:
                    continue  # nothing more of that colour to recolour
                spec[x] += add
                if can_complete(pool, h, c, spec, v):
                    out.append(ar[x])
                spec[x] -= add
            h[k] += 1
        if not out:
            out.append(A_CANCEL[seat])
        return out

    # ------------------------------------------------------------------ decisions
    def _decide(self, seat: int, legal: list[Action]) -> Decision:
        st = self.stage
        legal = tuple(legal)
        if st == "move":
            return Decision(self.game, seat, "move", legal, {"steps": self.steps}, ("turn", "move"))
        if st == "teleport":
            return Decision(self.game, seat, "teleport", legal, {}, ("turn", "move", "venti"))
        if st == "dragon":
            kind = "dragon_place" if self.drag_steps < 0 else "dragon_step"
            return Decision(self.game, seat, kind, legal,
                            {"dragon": D.DRAGONS[self.drag] + "_dragon"}, ("turn", "move", "dragon"))
        if st == "act":
            return Decision(self.game, seat, "act", legal, {"tile": self.td[self.board[self.pos[seat]]].id},
                            ("turn", "contribute"))
        if st == "pay":
            return Decision(self.game, seat, "pay", legal,
                            {"tile": self.td[self.board[self.p_cell]].id, "space": self.p_space,
                             "colour": D.COLOURS[self.p_col], "value": self.p_val,
                             "paid": self._pay_total()},
                            ("turn", "contribute", "pay"))
        return Decision(self.game, seat, "refill", legal, {"discarded": self.discarded},
                        ("turn", "refill"))

    def why_illegal(self, action: Action) -> tuple[str, str | None]:
        verb = action.verb
        phase_of = {"move": "move", "play": "move", "contribute": "act", "offer": "act",
                    "pillar": "act", "jump": "act", "draw": "act", "pay": "pay",
                    "recolour": "pay", "discard": "refill"}
        want = phase_of.get(verb)
        if want is None:
            return "", None
        if verb == "move" and self.stage == "move" and self.steps <= 0:
            return "no movement steps left this turn", "movement"
        if want != self.stage and not (verb == "move" and self.stage == "teleport"):
            return f"'{verb}' belongs to another step of the turn (now: {self.stage})", "turn"
        if verb == "move" and self.stage == "move":
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
        fixed = self.wild_col.get(self.pos[self.cur])
        if verb == "contribute" and self.stage == "act" and fixed is not None and \
                len(action.args) == 2 and action.args[1] != D.COLOURS[fixed]:
            return (f"the wild spaces of this tile are all paid in one colour, the one of its "
                    f"first contribution: {D.COLOURS[fixed]}"), "contribution"
        if verb == "contribute":
            return "that space is taken, or your cards cannot pay it, or you have no free marker", \
                "contribution"
        if verb == "discard" and self.discarded >= 2:
            return "at most 2 cards may be discarded in the refill phase", "refill"
        return "", None

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
            self.emit("teleport", s, rule="powers", to=CELL_TEXT[cell])
        else:
            self.steps -= 1
            self.emit("move", s, rule="movement", frm=CELL_TEXT[src], to=CELL_TEXT[cell])

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
                  to=CELL_TEXT[cell])
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
        self.emit("contribute_start", s, rule="contribution", tile=self.td[self.board[cell]].id,
                  space=i, colour=D.COLOURS[col], value=val)

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
        self.discard.extend(paid)
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
    def _give_scales(self, s: int, n: int, source: str) -> None:
        """Give ``n`` scales to ``s``. Owed more than the supply holds, ``s`` takes what is
        left; the missing ones count only in the scale scoring this sets off (rulebook,
        "Pontuação das Escamas Douradas": you score even for scales you could not take)."""
        real = n if n < self.supply else self.supply
        self.supply -= real
        self.scales[s] += real
        self.flow(s, "scale", real, source, "scales")
        if self.supply == 0:
            self._score_scales(s, n - real)

    def _score_scales(self, owed: int, missing: int) -> None:
        """Scale scoring: most scales 6 crystals (tied: 3 each), others with 3+ scales 3;
        scorers return their tokens, the rest keep theirs. ``owed`` counts ``missing`` more
        scales for this scoring only (they were never taken from the supply)."""
        sc = self.scales
        counted = list(sc)
        counted[owed] += missing
        top = max(counted)
        leaders = counted.count(top)
        self.emit("scale_scoring", rule="scales", scales=counted)
        for s in range(self.players):
            if counted[s] == top:
                g = 6 if leaders == 1 else 3
            elif counted[s] >= 3:
                g = 3
            else:
                continue
            self.crystals[s] += g
            self.flow(s, "crystal", g, "scale_scoring", "crystals")
            self.flow(s, "scale", sc[s], "scales", "supply")
            self.emit("scale_score", s, rule="scales", visible=[s], crystals=g, scales=counted[s])
            self.emit("scales_returned", s, rule="scales", scales=sc[s])
            sc[s] = 0
        self.supply = self.scale_n - sum(sc)

    def _give(self, s: int, reward: tuple[int, int, int] | None, source: str, tid: str) -> None:
        if reward is None:
            return
        cr, scl, cd = reward
        if cr:
            self.crystals[s] += cr
            self.flow(s, "crystal", cr, source + ":" + tid, "crystals")
            self.emit("gain_crystals", s, rule="scoring", visible=[s], n=cr, source=source, tile=tid)
        if scl:
            self.emit("gain_scales", s, rule="scoring", n=scl, source=source, tile=tid)
            self._give_scales(s, scl, source + ":" + tid)
        if cd:
            self._draw(s, cd, source, to_hand=(s != self.cur))

    def _complete(self, cell: int) -> None:
        td = self.td[self.board[cell]]
        marks = self.marks[cell]
        counts = [0] * self.players
        for m in marks:
            counts[m] += 1
        top = max(counts)
        maj = next(m for m in marks if counts[m] == top)  # left-most marker among the tied
        order = [(self.cur + i) % self.players for i in range(self.players)]
        contributors = [s for s in order if counts[s]]
        self.emit("building_complete", rule="scoring", tile=td.id,
                  contributors=[f"p{s + 1}" for s in contributors])
        self.emit("majority", maj, rule="scoring", tile=td.id, n=top)
        self._give(maj, td.majority, "majority", td.id)
        for s in contributors:
            self._give(s, td.construction, "construction", td.id)
        for nb in self.neigh[cell]:
            if self.built[nb]:
                ntd = self.td[self.board[nb]]
                if ntd.neighbourhood is not None:
                    for s in contributors:
                        self.emit("neighbourhood", s, rule="scoring", tile=td.id, frm=ntd.id)
                        self._give(s, ntd.neighbourhood, "neighbourhood", ntd.id)
        for s in contributors:
            self.free[s] += counts[s]
            self.flow(s, "marker", counts[s], "building:" + td.id, "markers")
        self.marks[cell] = [-1] * len(marks)
        self.wild_col.pop(cell, None)
        self.built[cell] = True
        self.n_built += 1
        self.emit("flip", rule="scoring", tile=td.id)

    # -- obelisk
    def _offer(self, s: int, surcharge: int, kind: int) -> None:
        cost = self.costs[len(self.obelisk)] + surcharge
        self.crystals[s] -= cost
        self.flow(s, "crystal", cost, "crystals", "obelisk")
        self.free[s] -= 1
        self.flow(s, "marker", 1, "markers", "obelisk")
        self.obelisk.append(s)
        self.offers[s] += 1
        self.offer_kinds[s][kind] += 1
        self.emit("offer", s, rule="obelisk", cost=cost, n=self.offers[s])
        if self.offers[s] >= self.target:
            self.winner = s
            self._finish("offerings")
            return
        self._check_markers_out()

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
        self.emit("special_jump", s, rule="expansion", to=CELL_TEXT[cell])
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

    # ================================================================== scores
    def score_breakdown(self, seat: int) -> dict[str, int]:
        a, b, c = self.offer_kinds[seat]
        return {"offerings": a, "pillar_offerings": b, "golden_temple_offerings": c}

    def tiebreak(self, seat: int) -> tuple:
        return (self.crystals[seat] if self.crystals[seat] is not None else 0,)

    def result(self) -> Result:
        res = super().result()
        if self.drawn_game:
            n = self.players
            res.ranks = [1] * n
            res.winners = list(range(n))
        elif self.winner >= 0:
            res.ranks = [1 if s == self.winner else max(2, r) for s, r in enumerate(res.ranks)]
            res.winners = [self.winner]
        return res

    def holdings(self, seat: int) -> dict[tuple[str, str], int]:
        paying = len(self.p_paid) if self.stage == "pay" and seat == self.cur else 0
        return {
            ("hand", "card"): self.hand_n[seat],
            ("pending", "card"): len(self.pending[seat]),
            ("paying", "card"): paying,
            ("crystals", "crystal"): self.crystals[seat],
            ("scales", "scale"): self.scales[seat],
            ("markers", "marker"): self.free[seat],
        }

    def sim_columns(self, seat: int) -> dict[str, Any]:
        return {
            "offerings": self.offers[seat],
            "crystals": self.crystals[seat],
            "scales": self.scales[seat],
            "contributions": self.contribs[seat],
            "end": self.end_reason,
            "rounds": self.round,
        }

    def check_invariants(self) -> None:
        n = self.players
        # cards: every card is in exactly one place
        counts = [0] * 24
        masked = self.masked
        for k in self.deck:
            counts[k] += 1
        for k in self.discard:
            counts[k] += 1
        for s in range(n):
            h = self.hands[s]
            assert all(x >= 0 for x in h), "negative hand count"
            assert masked is not None or sum(h) == self.hand_n[s], "hand size out of step"
            for k in range(24):
                counts[k] += h[k]
            for k in self.pending[s]:
                counts[k] += 1
        if self.stage == "pay":
            for k in self.p_paid:
                counts[k] += 1
            assert sorted(self.p_paid) == [k for k in range(24) for _ in range(self.p_pool[k])]
        if masked is not None:
            return
        assert tuple(counts) == self.comp, "cards are not conserved"
        # markers: 10 each, in reserve, on buildings or on the obelisk
        for s in range(n):
            on_b = sum(m.count(s) for m in self.marks)
            assert self.free[s] >= 0
            assert self.free[s] + on_b + self.obelisk.count(s) == D.GAME["markers_per_player"], \
                "markers are not conserved"
            assert self.scales[s] >= 0
            if self.crystals[s] is not None:
                assert self.crystals[s] >= 0
            assert self.offers[s] == self.obelisk.count(s) == sum(self.offer_kinds[s])
        assert self.supply + sum(self.scales) == self.scale_n, "scales are not conserved"
        assert 0 < self.supply or self.over
        for cell in range(N * N):
            if self.built[cell]:
                assert all(m < 0 for m in self.marks[cell])
        assert self.n_built == sum(self.built)

    # ================================================================== copies & views
    def clone(self) -> BlueMoonState:
        return self._copy(True)

    def _copy(self, logs: bool) -> BlueMoonState:
        """A hand-written deep copy (``logs``: also copy the log, events, flows and chance)."""
        new = object.__new__(BlueMoonState)
        d = self.__dict__.copy()
        new.__dict__ = d
        if logs:
            d["log"] = list(self.log)
            d["events"] = list(self.events)
            d["flows"] = list(self.flows)
            d["chance"] = self.chance.copy(d["log"])
        d["_legal_cache"] = {}
        d["_seen"] = {}
        d["built"] = list(self.built)
        d["marks"] = [list(m) for m in self.marks]
        d["deck"] = list(self.deck)
        d["discard"] = list(self.discard)
        d["hands"] = [list(h) for h in self.hands]
        d["hand_n"] = list(self.hand_n)
        d["pending"] = [list(p) for p in self.pending]
        d["crystals"] = list(self.crystals)
        d["scales"] = list(self.scales)
        d["free"] = list(self.free)
        d["obelisk"] = list(self.obelisk)
        d["offers"] = list(self.offers)
        d["offer_kinds"] = [list(x) for x in self.offer_kinds]
        d["contribs"] = list(self.contribs)
        d["pos"] = list(self.pos)
        d["dragons"] = list(self.dragons)
        d["wild_col"] = dict(self.wild_col)
        if self.stage == "pay":
            d["p_spec"] = list(self.p_spec)
            d["p_paid"] = list(self.p_paid)
            d["p_pool"] = list(self.p_pool)
        if self.masked is not None:
            d["masked"] = {k: (dict(v) if isinstance(v, dict) else v) for k, v in self.masked.items()}
        return new

    def _seen_flows(self, seat: int | None) -> list:
        """Flows ``seat`` may see (other seats' crystals are hidden), filtered incrementally."""
        cache = self.__dict__.setdefault("_seen", {})
        got = cache.get(seat)
        fl = self.flows
        if got is None or got[0] > len(fl):  # new, or history rewritten: start again
            got = cache[seat] = [0, []]
        if got[0] < len(fl):
            got[1].extend(f for f in fl[got[0]:] if f.seat == seat or f.resource != "crystal")
            got[0] = len(fl)
        return list(got[1])

    def view(self, seat: int | None) -> BlueMoonState:
        """What ``seat`` sees, through the core's ``_view_base`` (no seed, no log, no chance
        state, the ``deck`` option blanked, hidden events left out): other seats' hands (their
        sizes only) and crystals, the deck and the face-down cards won this turn are masked."""
        v = self._view_base(seat, self._copy(False))
        v.flows = self._seen_flows(seat)
        hid_hands = {}
        for o in range(self.players):
            if o != seat:
                hid_hands[o] = self.hand_n[o]
                v.hands[o] = [0] * 24
                v.crystals[o] = None
        hid_pending = {o: len(self.pending[o]) for o in range(self.players)}
        v.pending = [[] for _ in range(self.players)]
        v.masked = {"hands": hid_hands, "pending": hid_pending, "deck": len(self.deck)}
        v.deck = []
        return v

    def determinize(self, rng: random.Random) -> BlueMoonState:
        full = self.clone()
        full.viewer = None
        m = self.masked
        if m is None:
            return full
        pool = list(self.comp)
        seen = [self.hands[self.viewer]] if self.viewer is not None else []
        for h in seen:
            for k in range(24):
                pool[k] -= h[k]
        for k in self.discard:
            pool[k] -= 1
        if self.stage == "pay":
            for k in self.p_paid:
                pool[k] -= 1
        cards = [k for k in range(24) for _ in range(pool[k])]
        rng.shuffle(cards)
        for o, n in m["hands"].items():
            h = [0] * 24
            for _ in range(n):
                h[cards.pop()] += 1
            full.hands[o] = h
        for o, n in m["pending"].items():
            full.pending[o] = [cards.pop() for _ in range(n)]
        full.deck = cards
        assert len(cards) == m["deck"], "determinize: hidden card counts do not add up"
        guess = self.crystals[self.viewer] if self.viewer is not None else 0
        for o in range(self.players):
            if full.crystals[o] is None:
                full.crystals[o] = guess
        full.masked = None
        full.chance = Chance(rng.randrange(1 << 30), full.log)
        return full

    def to_dict(self) -> dict[str, Any]:
        td, board = self.td, self.board
        m = self.masked
        hands = []
        for s in range(self.players):
            if m is not None and s in m["hands"]:
                hands.append({"hidden": m["hands"][s]})
            else:
                h = self.hands[s]
                hands.append({KINDS[k]: h[k] for k in range(24) if h[k]})
        if m is not None:
            pending = [m["pending"][s] for s in range(self.players)]
            deck: Any = {"hidden": m["deck"]}
        else:
            pending = [[KINDS[k] for k in p] for p in self.pending]
            deck = [KINDS[k] for k in reversed(self.deck)]
        tiles = {}
        for cell in self.cells:
            t = board[cell]
            if td[t].group == "centre":
                continue
            tiles[td[t].id] = {
                "cell": [cell // N, cell % N],
                "built": self.built[cell],
                "markers": [x + 1 if x >= 0 else None for x in self.marks[cell]],
            }
            if cell in self.wild_col:
                tiles[td[t].id]["wild_colour"] = D.COLOURS[self.wild_col[cell]]
        out: dict[str, Any] = {
            "players": self.players,
            "city": [[td[board[r * N + c]].id if board[r * N + c] >= 0 else None for c in range(N)]
                     for r in range(N)],
            "tiles": tiles,
            "figures": [[c // N, c % N] for c in self.pos],
            "dragons": {D.DRAGONS[i]: ([c // N, c % N] if c >= 0 else None)
                        for i, c in enumerate(self.dragons)},
            "hands": hands,
            "pending": pending,
            "deck": deck,
            "discard": [KINDS[k] for k in self.discard],
            "crystals": list(self.crystals),
            "scales": list(self.scales),
            "scale_supply": self.supply,
            "markers": list(self.free),
            "obelisk": {"costs": list(self.costs), "filled": [s + 1 for s in self.obelisk]},
            "offerings": list(self.offers),
            "turn": {"seat": self.cur + 1, "round": self.round, "stage": self.stage,
                     "steps": self.steps, "contributions": self.turn_contribs,
                     "offered": self.offered, "discarded": self.discarded},
            "over": self.over,
            "winner": self.winner + 1 if self.winner >= 0 else None,
            "draw": self.drawn_game,
            "end": self.end_reason,
        }
        if self.stage == "dragon":
            out["turn"]["dragon"] = {"dragon": D.DRAGONS[self.drag],
                                     "power": "anywhere" if self.drag_steps < 0 else "up_to_3_steps"}
        if self.stage == "pay":
            out["turn"]["payment"] = {
                "tile": td[board[self.p_cell]].id, "space": self.p_space,
                "colour": D.COLOURS[self.p_col], "value": self.p_val,
                "paid": [KINDS[k] for k in self.p_paid], "total": self._pay_total(),
                "recolour": {D.COLOURS[x]: n for x, n in enumerate(self.p_spec) if n},
            }
        return out


_DISPATCH = {name[4:]: fn for name, fn in vars(BlueMoonState).items() if name.startswith("_do_")}
