"""The Blue Moon City game state: options, set-up (rulebook "Preparação"), cards, and the
engine contract's hooks.

The course of a turn is the table in ``turn.py``, its decision steps the table in
``decisions.py``; each phase's legal actions and effects are in ``movement.py``,
``contribution.py``, ``payment.py`` and ``refill.py``; rewards and scores in ``rewards.py``,
copies and views in ``views.py`` (mixins of ``BlueMoonState``), the grid and action tables in
``city.py``.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import Any, ClassVar

from gamekit.core import Action, Decision, GameState, Option, OptionError, Reason
from gamekit.core.unknown import HiddenCards, UnknownCardError, parse_count, parse_seat
from gamekit.kit.deck import Deck, piles

from . import data as D
from . import payment, position, turn
from .city import (
    CENTRE,
    CITY_CELLS,
    CITY_NEIGH,
    STARTING_CELLS,
    N,
    city_tiles,
    layout_problem,
)
from .data import KINDS, WILD
from .decisions import LEGAL, STEPS, VERBS, option_params, why_illegal
from .rewards import Rewards
from .seat import BlueMoonSeat
from .turn import PHASE_CLOSED
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


class BlueMoonState(Rewards, Views, GameState):
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
    #: the course's boundaries (``turn``): a phase's end, and a turn's end ("round")
    stopping_points = ("phase", "round")
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
        #: cards drawn unknown in a game recorded from one seat (``gamekit.core.unknown``)
        self.unknown = HiddenCards(self.players)

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
        self.seats = [BlueMoonSeat(figure=CENTRE) for _ in range(n)]
        self.supply = self.scales_in_play
        self.obelisk: list[int] = []
        self.dragons = [-1, -1, -1]
        self.winner = -1
        self.drawn_game = False
        self.over = False
        self.end_reason = ""
        self.round = 1
        self.phase = "setup"
        for s in range(n):
            self.seats[s].markers = g["markers_per_player"]
            self.flow(s, "marker", g["markers_per_player"], "box", "markers")
        self.emit("setup", rule="setup", city=city, setup=o["setup"], players=n)
        hand = g["starting_hand"]
        for s in range(n):
            self.draw(s, hand, "setup", to_hand=True)
        if o["first_player"] is not None:
            first = o["first_player"] - 1
        else:
            first = self.chance.randrange("first_player", n)
        self.first = first
        turn.start_turn(self, first)

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

    @property
    def step(self) -> str:
        """The step of the turn now: the kind on top of the decision stack (``state.stack``),
        ``"over"`` once the game is over, ``""`` (``PHASE_CLOSED``) while nobody decides."""
        stack = self.stack
        if stack:
            return stack[-1].kind
        return "over" if self.over else PHASE_CLOSED

    # ================================================================== cards
    #: the draw pile, its top at the end, and the discard pile, latest last (the kit's
    #: ``Deck.cards`` and ``Deck.discards`` of ``self.cards``)
    deck, discard = piles("cards")

    def draw(self, seat: int, n: int, why: str, to_hand: bool, tile: str = "", at: str = "") -> int:
        """Draw ``n`` cards for ``seat`` (into the hand or face down in front of it); an empty
        deck is refilled with the shuffled discard pile (rulebook, "Fase de Reposição"). A
        building's bonus names its ``tile`` (and the building rebuilt ``at``)."""
        drawn = self.cards.draw(self.chance, n, self._reshuffled)
        got = len(drawn)
        if got:
            if to_hand:
                self.take_in_hand(seat, drawn)
                self.flow(seat, "card", got, "deck", "hand")
            else:
                self.seats[seat].pending.extend(drawn)
                self.flow(seat, "card", got, "deck", "pending")
            rule = "refill" if why == "refill" else "setup" if why == "setup" else "rewards"
            self.emit("draw", seat, rule=rule, n=got, why=why, tile=tile, at=at)
        return got

    def take_in_hand(self, seat: int, cards: list[int]) -> None:
        """Cards into ``seat``'s hand; those declared unknown stay hidden (``unknown``)."""
        player = self.seats[seat]
        hand = player.hand
        unknown = self.unknown
        if unknown.expected[seat]:
            for k in cards:
                if not unknown.take(seat, k):
                    hand[k] += 1
        else:
            for k in cards:
                hand[k] += 1
        player.hand_size += len(cards)

    def _reshuffled(self, n: int) -> None:
        self.emit("reshuffle", rule="refill", n=n)

    def lose(self, seat: int, k: int, target: str) -> None:
        """A card of ``seat``'s hand to the discard pile (played, discarded: ``target``)."""
        player = self.seats[seat]
        player.hand[k] -= 1
        player.hand_size -= 1
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
        return self._to_move

    def _legal(self, seat: int) -> list[Action]:
        return LEGAL[self.stack[-1].kind](self, seat)

    def is_over(self) -> bool:
        return self.over

    def _decide(self, seat: int, legal: list[Action]) -> Decision:
        decision = STEPS.decide(self, seat, legal)
        return replace(decision, option_params=partial(option_params, self))

    def _apply(self, action: Action) -> None:
        VERBS[action.verb](self, action.seat, *action.args)
        if not self.stack and not self.over:  # the step closed its phase
            turn.progress(self)

    def _resume(self) -> None:
        turn.progress(self)

    def why_illegal(self, action: Action) -> tuple[Reason | str, str | None]:
        return why_illegal(self, action)

    def arrangeable(self) -> tuple[str, ...]:
        return ("deck", "unknown", "unknown_hand", "reveal")

    def _arrange(self, kind: str, values: list[str]) -> None:
        """``deck``: cards of these kinds (e.g. ``hoax_2``, top first) on top of the pile.
        ``unknown <seat> <n>``: the next ``n`` cards the seat takes in hand are unknown;
        ``unknown_hand <seat>``: every card the seat holds now is unknown (its starting hand);
        ``reveal <seat> <card>``: one of its unknown cards is that card (``core.unknown``).
        The order cards reach a hand: docs/positions.md, "Unknown cards"."""
        if kind == "deck":
            self.cards.put_on_top(values, KINDS.__getitem__)
            return
        if kind == "unknown_hand":
            if len(values) != 1:
                raise UnknownCardError("unknown_hand takes a seat")
            self._hide_hand(parse_seat(values[0], self.players))
            return
        if len(values) != 2:
            raise UnknownCardError(f"{kind} takes a seat and "
                                   f"{'a number' if kind == 'unknown' else 'a card'}")
        seat = parse_seat(values[0], self.players)
        if kind == "unknown":
            self.unknown.expect(seat, parse_count(values[1], sum(self.composition)))
            return
        k = D.KIND_INDEX.get(values[1])
        if k is None:
            raise UnknownCardError(f"{values[1][:30]!r} is not a card (cards are written like "
                                   "'vulca_1')")
        self.unknown.bind(seat, k, self.deck, values[1])
        self.seats[seat].hand[k] += 1
        self.emit("reveal", seat, rule="turn", card=values[1], split=self.split_mark)

    def _hide_hand(self, seat: int) -> None:
        """Every known card of ``seat``'s hand becomes unknown, in card order."""
        hand = self.seats[seat].hand
        if not any(hand):
            raise UnknownCardError(f"seat p{seat + 1} holds no known card to make unknown")
        self.unknown.hide(seat, [k for k in range(len(KINDS)) for _ in range(hand[k])])
        self.seats[seat].hand = [0] * len(KINDS)

    # ================================================================== reading
    @property
    def split_mark(self) -> str:
        """``≈`` after a people card's name in the narration while the deck's split into 1s, 2s
        and 3s is gamekit's reconstruction (docs/games/bluemoon.md "What is verified"), as on
        the board; empty with a box of one's own values (option ``cards``)."""
        return "" if self.options.get("cards") is not None else "≈"

    def tile_at(self, cell: int) -> str:
        """The id of the tile on ``cell`` (the Central Square is a tile too): narration names
        places as players do, by their building."""
        return self.tiles[self.board[cell]].id

    def space_colour(self, cell: int, i: int) -> int:
        """Colour to pay space ``i`` of the tile at ``cell`` in: printed, else (a wild space) the
        colour fixed by the tile's first contribution, else ``WILD`` (any colour)."""
        colour = self.tiles[self.board[cell]].spaces[i][0]
        return self.wild_colours.get(cell, WILD) if colour == WILD else colour

    def paid_so_far(self) -> int:
        """The value paid so far towards the space being paid (the ``pay`` step)."""
        return payment.paid(self)
