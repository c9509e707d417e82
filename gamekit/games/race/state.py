"""Race for the Galaxy: the game state and the contract's hooks.

The round's course is a table core walks (``phases.COURSE``): a secret action choice
(``choose``), then the chosen phases in order (explore, develop [x2], settle [x2], consume,
produce), then the hand limit. The decisions are a table too (``decisions.STEPS``). Each
seat with something to decide has a *pending* entry in ``pending``; simultaneous steps (action
choice, explore keep, develop/settle pick, discards) give every seat a pending entry at once,
while steps whose order matters (payments, consume, windfall production: they draw cards) are
resolved one seat at a time in the rulebook's order: clockwise from the seat holding the
lowest-numbered start world. Forced steps (one legal action) are carried out automatically and
narrated, not asked.

Cards are integer copy indices (``cards.COPIES``); the text of actions uses card ids.

``RaceState`` holds the data and the contract's methods; the rules are plain functions
``f(state, seat, ...)``, one module per rulebook section: ``setup``, ``choose`` (action
selection), ``explore``, ``build`` (Develop and Settle), ``consume``, ``produce`` and
``round_end``, with ``cardmoves`` (draws, goods, discards, chips) beneath them; the questions
and why an action is refused are in ``decisions``, the views in ``views``, the unknown cards in
``unknown_cards``, the options in ``options``. An action goes from ``apply`` through
``decisions.HANDLERS`` (by the step kind the seat is on) to its rule.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from gamekit.core import Action, Decision, GameState
from gamekit.core.state import WALK_LIMIT, StuckGame
from gamekit.kit.deck import piles

from . import position, views
from .cardmoves import deciding, step_kind
from .cards import DATA
from .common import _CT, _GOOD_NAMES, NCARDS, _cid
from .decisions import HANDLERS, TABLE, why_illegal
from .decisions import STEPS as _STEPS
from .options import OPTIONS
from .phases import COURSE
from .scoring import breakdown
from .seat import RaceSeat
from .setup import setup
from .unknown_cards import arrange_unknown, known_only

__all__ = ["RaceState"]


class RaceState(GameState):
    """A game of Race for the Galaxy (base game).

    ``max_decisions`` (12,000) is the safety limit ``simulate`` uses to stop a runaway game and
    report it unfinished: about 20x the longest random game measured (566 decisions, 4 players;
    392 with 2, 463 with 3, over 1,500 games each); heuristic games take at most ~420.
    """

    game = "race"
    twins = {"pay": "discarded", "discard": "discarded", "draw": "drew"}  # one fact, told once to each seat
    title = {"en": "Race for the Galaxy", "pt": "Race for the Galaxy"}
    min_players = 2
    max_players = 4
    options_spec = OPTIONS
    secret_options = ("deck", "deck_top", "hands")
    ledger_places = ("hand", "tableau", "goods", "explore", "vp_chips")
    #: safety limit for ``simulate``: a game still running after this many decisions is stopped
    #: and reported unfinished. The longest of 1,500 uniformly random games per player count
    #: (2 players half advanced, 3, 4) took 392 / 463 / 566 decisions, heuristic games at most
    #: ~420; 12,000 is about 20x the longest random game, so only a runaway game can reach it.
    max_decisions: ClassVar[int] = 12_000
    stopping_points = ("step", "phase", "round")
    #: every seat's cards, chips and pending step (``seat.RaceSeat``), by seat number
    seats: list[RaceSeat]

    # the deck: a kit ``Deck`` (eager reshuffle of the sorted discards: "Fim da rodada");
    # ``deck`` is the draw pile (top = end of the list), ``discard`` the discard pile
    deck, discard = piles("pile")

    def _setup(self) -> None:
        setup(self)

    # ================================================================== contract hooks
    def to_move(self) -> tuple[int, ...]:
        return self._tm

    def is_over(self) -> bool:
        return self.over

    def score_breakdown(self, seat: int) -> dict[str, int]:
        me = self.seats[seat]
        return breakdown(me.tableau, me.chips)

    def tiebreak(self, seat: int) -> tuple:
        me = self.seats[seat]
        return (len(me.hand) + len(me.goods),)

    def arrangeable(self) -> tuple[str, ...]:
        return ("deck", "unknown", "unknown_hand", "reveal")

    def _arrange(self, kind: str, values: list[str]) -> None:
        """``deck``: these cards (ids, top first) on top of the draw pile; who draws them
        follows the draw order (docs/games/race.md, "Draw order"). ``unknown <seat> <n>``,
        ``unknown_hand <seat>`` and ``reveal <seat> <card>``: cards drawn unknown and bound
        later (``unknown_cards``)."""
        if kind == "deck":
            self.pile.put_on_top(values, lambda c: _CT[c].id)
        else:
            arrange_unknown(self, kind, values)

    def holdings(self, seat: int) -> dict[tuple[str, str], int]:
        me = self.seats[seat]
        h = {
            ("hand", "card"): len(me.hand),
            ("tableau", "card"): len(me.tableau),
            ("explore", "card"): len(me.explored),
            ("vp_chips", "vp"): me.chips,
        }
        for w in me.goods:
            key = ("goods", _GOOD_NAMES[_CT[w].good])
            h[key] = h.get(key, 0) + 1
        return h

    def sim_columns(self, seat: int) -> dict[str, Any]:
        me = self.seats[seat]
        return {
            "start_world": _cid(me.start),
            "tableau_size": len(me.tableau),
            "rounds": self.round,
            "developments": sum(1 for c in me.tableau if _CT[c].dev),
            "military_worlds": sum(1 for c in me.tableau if _CT[c].military),
        }

    def check_invariants(self) -> None:
        """114 cards always somewhere; no negative stock; pending decisions well formed."""
        seen = list(self.deck) + list(self.discard)
        for me in self.seats:
            seen += me.hand + me.tableau + me.explored + list(me.goods.values())
            assert set(me.goods) <= set(me.tableau), "a good sits on a world not in play"
            assert me.chips >= 0
            assert len(set(me.tableau)) == len(me.tableau)
            devs = [_CT[c].id for c in me.tableau if _CT[c].dev]
            assert len(devs) == len(set(devs)), "duplicate development in a tableau"
        for me, held in zip(self.seats, self.unknown.held):
            assert None in held or all(c in me.hand or c in me.explored for c in held), \
                "an unknown card is neither in its seat's hand nor in its explore draw"
        if self.viewer is None:
            assert sorted(seen) == list(range(NCARDS)), "card conservation broken"
        else:
            assert len(seen) == NCARDS
        total = sum(seat.chips for seat in self.seats) + self.pool
        start_pool = (self.options["vp_pool"] if self.options["vp_pool"] is not None
                      else DATA["vp_chips_per_player"] * self.players)
        assert total == start_pool + sum(self.options["chips"] or [0]), "VP pool accounting"
        assert self._tm == deciding(self)

    # ================================================================== positions
    @classmethod
    def position_schema(cls, players: int) -> dict[str, Any]:
        return position.schema(players)

    def _load(self, data: dict[str, Any]) -> None:
        position.load(self, data)

    # ================================================================== course and decisions
    def _walk(self) -> None:
        """Walk the phase table (``phases.COURSE``) while no seat has a decision."""
        advance = COURSE.advance
        for _ in range(WALK_LIMIT):
            if self._tm or self.over or not advance(self):  # a decision, the end, a pause
                return
        raise StuckGame(self.game, f"round {self.round}, phase {self.phase}")

    def _resume(self) -> None:
        self._walk()

    def _legal(self, seat: int) -> list[Action]:
        for e in self.stack:  # the seat's entry of the core stack (``cardmoves.step_kind``)
            if e[1] == seat:
                legal = _LEGAL[e[0]](self, seat)
                break
        else:
            raise KeyError(f"seat {seat} has no pending step")
        if self.unknown.held[seat]:  # a card held only unknown is played once revealed
            return known_only(self, seat, legal)
        return legal

    def _decide(self, seat: int, legal: list[Action]) -> Decision:
        return TABLE.decide(self, seat, legal)

    def _apply(self, action: Action) -> None:
        """Carry out ``action`` through its step's handler (``decisions.STEPS``, looked up
        directly: the hot path), then walk the course while nobody decides."""
        seat = action.seat
        _HANDLE[step_kind(self, seat)](self, seat, action)
        if not self._tm:
            self._walk()

    def why_illegal(self, action: Action) -> tuple[Any, str | None]:
        """Why ``action`` is refused (``decisions.why_illegal``)."""
        return why_illegal(self, action)

    # ================================================================== views
    def clone(self) -> RaceState:
        return views.clone(self)

    def view(self, seat: int | None) -> RaceState:
        return views.view(self, seat)

    def determinize(self, rng: random.Random) -> RaceState:
        return views.determinize(self, rng)

    def to_dict(self) -> dict[str, Any]:
        return views.to_dict(self)


#: each step kind's legal actions and handler (``decisions.STEPS``), as plain functions
_LEGAL = {kind: step.legal for kind, step in _STEPS.items()}
_HANDLE = HANDLERS
