"""The rules of It's a Wonderful World as a ``GameState`` (see the package docstring for readings).

The state holds the shared zones (deck, discard pile, supremacy record, solo projects) and one
``SeatState`` per seat; the rules live in one module per rulebook section (``setup``,
``draft``, ``planning``, ``production``, ``construction``, ``scoring``), the course of the game
in the phase table of ``phases`` and the decisions in the step table of ``decisions``.
"""

from __future__ import annotations

import random
from typing import Any

from gamekit.core import Action, GameState
from gamekit.core.actions import _text as action_text
from gamekit.core.stack import Pending, by_seat, joined
from gamekit.core.state import WALK_LIMIT, StuckGame
from gamekit.core.unknown import HiddenCards
from gamekit.kit.deck import Deck, piles

from . import ledger, phases, planning, playout, position, unknown_cards, views
from .data import RES
from .decisions import APPLY, LEGAL, decide, settle, settle_all
from .explain import why_illegal
from .production import amount
from .scoring import breakdown, rating, scenario_outcome
from .seat import SeatState
from .setup import OPTIONS, lay_out

__all__ = ["WonderfulState"]


class WonderfulState(GameState):
    game = "wonderful"
    twins = {"picked_face_down": "picked"}  # one fact, told once to each seat
    title = {"en": "It's a Wonderful World", "pt": "É um Maravilhoso Mundo"}
    min_players = 1
    max_players = 5
    options_spec = OPTIONS
    ledger_places = ("hand", "drafted", "construction", "built", "empire", "pending")
    #: safety limit (core ``max_decisions``): the game has 4 rounds of bounded draft, planning
    #: and production steps; the longest of 1,500 random games took 456 decisions (5 players),
    #: of 30 heuristic 5-player games 563. 5,000 is ~9 times that: only a bug reaches it.
    max_decisions = 5_000
    stopping_points = ("step", "phase", "round")

    side: str
    scenario: str | None
    #: the draw pile and the discard pile (kit ``Deck``, never reshuffled: "the discarded
    #: cards are not used again"); ``deck`` is the draw pile with its top at the end,
    #: ``discard`` the discard pile, latest last
    pile: Deck[str]
    deck, discard = piles("pile")
    seats: list[SeatState]
    #: production step (resource index), -1 outside production
    step: int
    #: one record per production step: round, step, winning seat, token, production
    supremacy: list[dict[str, Any]]
    #: solo: the Development Projects still face down (piles of 5)
    projects: list[list[str]]
    #: solo: 0 while the round's first project is planned, then 1
    solo_sequence: int
    #: solo exchange: the 5 cards looked at
    looking: list[str]
    _to_move: tuple[int, ...]
    #: cards of other seats recorded as unknown (``unknown_cards``); ``None`` until declared
    unknown: HiddenCards | None = None

    #: each seat's pending decisions, bottom first (``gamekit.core.stack.by_seat``): seat
    #: ``s`` decides ``stacks[s][-1]``; ``stack`` is their flat form, seat by seat
    stacks: tuple[tuple[Pending, ...], ...] = ()

    @property  # type: ignore[override]
    def stack(self) -> tuple[Pending, ...]:
        """The pending decisions, flat (core ``stack``): each seat's sub-stack in seat order."""
        return joined(self.stacks)

    @stack.setter
    def stack(self, value: tuple[Pending, ...]) -> None:
        self.stacks = by_seat(value, self.players)

    # ------------------------------------------------------------------ course of the game
    def _setup(self) -> None:
        lay_out(self)
        phases.start_round(self)
        self._refresh()

    def _refresh(self) -> None:
        """Answer the steps that ask nothing more, then move on while nobody decides."""
        settle_all(self)
        self._progress()

    def _progress(self) -> None:
        """Walk the phase table while no seat has a decision (nothing on the stack)."""
        for _ in range(WALK_LIMIT):
            if self.phase == "end":
                self._to_move = ()
                return
            stacks = self.stacks
            if any(stacks):
                self._to_move = tuple([s for s, mine in enumerate(stacks) if mine])
                return
            if not phases.advance(self):  # paused at a stopping point
                self._to_move = ()
                return
            settle_all(self)
        raise StuckGame(self.game, f"round {self.round}, phase {self.phase}")

    def _resume(self) -> None:
        self._progress()

    def _apply(self, action: Action) -> None:
        s, verb, args = action
        APPLY[verb](self, s, *args)
        if self.phase != "draft":  # (a draft pick is secret: the others keep deciding)
            if self.players == 1 and self.phase == "planning":
                planning.after_action(self)
            # a move changes only its own seat: while it still decides, who decides is the same
            if settle(self, s):
                return
        to_move = self._to_move
        if to_move and to_move[0] == s:
            to_move = to_move[1:]
        else:
            to_move = tuple([x for x in to_move if x != s])
        self._to_move = to_move
        if not to_move:  # the last pick of a draft turn reveals them all
            self._progress()

    def play_random(self, rngs: list[random.Random], limit: int) -> int:
        """Core ``play_random`` in one tight loop: the step's legal actions straight from the
        step table, the draw inlined (``Random._randbelow``: ``getrandbits`` of the bit length
        until below), the action logged and carried out without the checked ``apply``'s
        wrapping. The same games, draw for draw (``tests/wonderful/test_speed_fixtures.py``)."""
        if not all(type(rng) is random.Random for rng in rngs):  # other generators: generic
            return GameState.play_random(self, rngs, limit)
        if self.unknown is not None:  # unknown cards: legal lists filtered
            return GameState.play_random(self, rngs, limit)
        if playout.fits(self, rngs):  # quiet, 2-5 players: the seat-by-seat walker
            return playout.play(self, rngs, limit)
        bits = [rng.getrandbits for rng in rngs]
        n = 0
        append = self.log.append
        legal_of, text, apply = LEGAL, action_text, self._apply
        while n < limit:
            to_move = self._to_move
            if not to_move:
                break
            s = to_move[0]
            legal = legal_of[self.stacks[s][-1][0]](self, s)
            k = len(legal)
            if k > 1:
                draw = bits[s]
                width = k.bit_length()
                i = draw(width)
                while i >= k:
                    i = draw(width)
                action = legal[i]
            else:
                action = legal[0]
            append(text(action))
            apply(action)
            n += 1
        self._legal_cache = {}
        return n

    def to_move(self) -> tuple[int, ...]:
        return self._to_move

    def is_over(self) -> bool:
        return self.phase == "end"

    #: the current step's ``Decision``
    _decide = decide

    def _legal(self, seat: int) -> list[Action]:
        """The current step's legal actions (``decisions.legal``); a card the seat holds only
        unknown is not named until the record reveals it (``unknown_cards``)."""
        mine = self.stacks[seat]
        if not mine:
            raise KeyError(f"seat {seat} has no pending decision")
        got = LEGAL[mine[-1][0]](self, seat)  # ``decisions.legal``, without its call
        if self.unknown is not None and self.unknown.held[seat]:
            return unknown_cards.known_only(self, seat, got)
        return got

    def arrangeable(self) -> tuple[str, ...]:
        return unknown_cards.KINDS

    def _arrange(self, kind: str, values: list[str]) -> None:
        """Unknown cards of a game recorded from one seat (``unknown_cards``)."""
        unknown_cards.arrange(self, kind, values)

    def why_illegal(self, action: Action) -> tuple[str, str | None]:
        return why_illegal(self, action)

    # ------------------------------------------------------------------ public reading
    @property
    def empires(self) -> list[str]:
        """Empire id of each seat."""
        return [seat.empire for seat in self.seats]

    @property
    def hands(self) -> list[list[str]]:
        """Draft hand of each seat (the seats' own lists)."""
        return [seat.hand for seat in self.seats]

    @property
    def drafted(self) -> list[list[str]]:
        """Selection area of each seat (the seats' own lists)."""
        return [seat.drafted for seat in self.seats]

    @property
    def built(self) -> list[list[str]]:
        """Built cards of each seat (the seats' own lists)."""
        return [seat.built for seat in self.seats]

    def production_of(self, s: int) -> dict[str, int]:
        """What seat ``s`` would produce of each resource now (built cards and Empire)."""
        return {RES[r]: amount(self.seats[s], self.side, r) for r in range(5)}

    # ------------------------------------------------------------------ scoring
    def score_breakdown(self, seat: int) -> dict[str, int]:
        return breakdown(self, seat)

    def tiebreak(self, seat: int) -> tuple:
        player = self.seats[seat]
        return (len(player.built), player.tokens())

    def rating(self) -> dict[str, Any]:
        """Solo: the rating band (side A first loses 15 VP) and, in a scenario, the medal."""
        return rating(self)

    def sim_columns(self, seat: int) -> dict[str, Any]:
        out: dict[str, Any] = {"empire": self.seats[seat].empire, "side": self.side,
                               "built": len(self.seats[seat].built)}
        if self.players == 1:
            out["rating"] = rating(self)["band"]
            if self.scenario:
                out["scenario"] = self.scenario
                out["medal"] = scenario_outcome(self)["medal"] or "none"
        return out

    def summary(self, lang: str = "en", seat: int | None = None) -> list[str]:
        """One line per seat (what a table would say at a glance), in ``lang``."""
        out = []
        for s in range(self.players) if seat is None else (seat,):
            player = self.seats[s]
            out.append(self.text(
                "summary_seat", lang, who=self.text("seat", lang, n=s + 1),
                empire=player.empire, built=len(player.built),
                constr=len(player.construction), kryst=player.krystallium,
                fin=player.financiers, gen=player.generals, vp=self.score(s),
            ))
        return out

    # ------------------------------------------------------------------ ledger & invariants
    def holdings(self, seat: int) -> dict[tuple[str, str], int]:
        return ledger.holdings(self, seat)

    def all_cards(self) -> list[str]:
        """Every card of the game wherever it is (hidden ones as ``"?"`` in a view)."""
        return ledger.all_cards(self)

    def check_invariants(self) -> None:
        ledger.check_invariants(self)

    # ------------------------------------------------------------------ copies & views
    def clone(self) -> WonderfulState:
        return views.clone(self)

    def view(self, seat: int | None) -> WonderfulState:
        return views.view(self, seat)

    def determinize(self, rng: random.Random) -> WonderfulState:
        return views.determinize(self, rng)

    # ------------------------------------------------------------------ serialisation
    @classmethod
    def position_schema(cls, players: int) -> dict[str, Any]:
        return position.schema(players)

    def _load(self, data: dict[str, Any]) -> None:
        position.load(self, data)

    def to_dict(self) -> dict[str, Any]:
        return position.to_dict(self)
