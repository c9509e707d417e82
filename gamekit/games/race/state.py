"""Race for the Galaxy: the game state and every rule of the base game.

The round's course is a table core walks (``phases.COURSE``): a secret action choice
(``choose``), then the chosen phases in order (explore, develop [x2], settle [x2], consume,
produce), then the hand limit. The decisions are a table too (``decisions.STEPS``). Each
seat with something to decide has a *pending* entry in ``pending``; simultaneous steps (action choice, explore keep, develop/settle pick, discards) give every seat
a pending entry at once, while steps whose order matters (payments, consume, windfall
production: they draw cards) are resolved one seat at a time in the rulebook's order: clockwise
from the seat holding the lowest-numbered start world. Forced steps (one legal action) are
carried out automatically and narrated, not asked.

Cards are integer copy indices (``cards.COPIES``); the text of actions uses card ids.

This module holds the card and deck helpers, the contract hooks and the walk of the tables;
the rules are mixins, one module per rulebook section: ``setup``, ``choose`` (action
selection), ``explore``, ``build`` (Develop and Settle), ``consume``, ``produce`` and
``round_end``; the questions are in ``decisions``, the views in ``views``, the options in
``options``.
"""

from __future__ import annotations

from typing import Any, ClassVar

from gamekit.core import Action, Decision, GameState
from gamekit.core.course import act
from gamekit.core.state import WALK_LIMIT, StuckGame

from . import position
from .build import BuildRules
from .cards import DATA
from .choose import ChooseRules
from .common import _CT, _GOOD_NAMES, NCARDS, ONLY, _cid
from .consume import ConsumeRules
from .decisions import HANDLERS, TABLE, DecisionRules
from .decisions import STEPS as _STEPS
from .explore import ExploreRules
from .options import OPTIONS
from .phases import COURSE
from .produce import ProduceRules
from .round_end import RoundEndRules
from .scoring import breakdown
from .seat import RaceSeat
from .setup import SetupRules
from .unknown_cards import UnknownRules
from .views import ViewRules

__all__ = ["RaceState"]


#: shared immutable actions ``(seat, verb, card id)`` (legal lists are rebuilt often)
_ACTS: dict[tuple, Action] = {}


class RaceState(SetupRules, ChooseRules, ExploreRules, BuildRules, ConsumeRules, ProduceRules,
                RoundEndRules, DecisionRules, UnknownRules, ViewRules, GameState):
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

    # ================================================================== small helpers
    @staticmethod
    def _ids(cards) -> list[str]:
        return [_CT[c].id for c in cards]

    # the deck: a kit ``Deck`` (eager reshuffle of the sorted discards: "Fim da rodada")
    @property
    def deck(self) -> list[int]:
        """The draw pile (top = end of the list)."""
        return self.pile.cards

    @deck.setter
    def deck(self, cards: list[int]) -> None:
        self.pile.cards = cards

    @property
    def discard(self) -> list[int]:
        """The discard pile."""
        return self.pile.discards

    @discard.setter
    def discard(self, cards: list[int]) -> None:
        self.pile.discards = cards

    def _pop(self) -> int | None:
        """Draw the top card of the deck (reshuffling the discards as soon as it runs out)."""
        return self.pile.draw_one(self.chance, self._reshuffled)

    def _reshuffled(self, n: int) -> None:
        self.emit("reshuffle", rule="round_end", n=n)

    def _draw(self, s: int, n: int, why: str) -> int:
        got = self.pile.draw(self.chance, n, self._reshuffled)
        if got:
            self.seats[s].hand.extend(got)
            if self.unknown.expected[s]:
                self._take_unknown(s, got)
            self.flow(s, "card", len(got), "deck:" + why, "hand")
            if not self.quiet:
                rule = "trade" if why == "trade" else self.phase_step[0]
                self.emit("draw", s, rule=rule, n=len(got), why=why)
                self.emit("drew", s, rule=rule, visible=ONLY[s], cards=self._ids(got), why=why)
        return len(got)

    def _put_good(self, s: int, world: int, why: str) -> bool:
        c = self._pop()
        if c is None:
            return False
        self.seats[s].goods[world] = c
        g = _CT[world].good
        self.flow(s, _GOOD_NAMES[g], 1, "deck:" + why, "goods")
        rule = "setup" if why == "setup" else "settle" if why == "settle" else "produce"
        self.emit("good", s, rule=rule, world=_CT[world].id,
                  good=_GOOD_NAMES[g], why=why)
        return True

    def _award(self, s: int, vp: int, why: str) -> None:
        if vp <= 0:
            return
        self.seats[s].chips += vp
        self.pool -= vp
        self.flow(s, "vp", vp, "pool:" + why, "vp_chips")
        self.emit("vp", s, rule="consume", n=vp, why=why, pool=self.pool)

    def _to_discard(self, s: int, c: int, src: str, why: str, resource: str = "card") -> None:
        self.pile.discards.append(c)
        held = self.unknown.held[s]
        if held and c in held:  # an unknown card leaves face down: it stays unknown
            held.remove(c)
        self.flow(s, resource, 1, src, "discard:" + why)

    def _active(self, s: int):
        """Card types of seat ``s`` whose powers act now (cards placed this phase do not)."""
        fresh = self.placed_this_phase
        if fresh:
            return [_CT[c] for c in self.seats[s].tableau if c not in fresh]
        return [_CT[c] for c in self.seats[s].tableau]

    def _find(self, cards: list[int], card_id: str, skip: int = -1) -> int | None:
        for c in cards:
            if c != skip and _CT[c].id == card_id:
                return c
        return None

    def _has(self, s: int, card_id: str) -> int | None:
        """Copy of ``card_id`` active in the tableau of ``s``, if any."""
        for c in self.seats[s].tableau:
            if _CT[c].id == card_id and c not in self.placed_this_phase:
                return c
        return None

    def _set_pend(self, s: int, p: tuple | None) -> None:
        self.seats[s].pending = p
        self._tm = self._deciding()

    def _deciding(self) -> tuple[int, ...]:
        """The seats with a pending step (``to_move`` while the game is not paused)."""
        return tuple(s for s, seat in enumerate(self.seats) if seat.pending is not None)

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
            self._arrange_unknown(kind, values)

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
        assert self._tm == self._deciding()

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
        legal = _LEGAL[self.seats[seat].pending[0]](self, seat)
        if self.unknown.held[seat]:  # a card held only unknown is played once revealed
            return self._known_only(seat, legal)
        return legal

    def _decide(self, seat: int, legal: list[Action]) -> Decision:
        return TABLE.decide(self, seat, legal)

    def _apply(self, action: Action) -> None:
        """Carry out ``action`` through its step's handler (``decisions.STEPS``, looked up
        directly: the hot path), then walk the course while nobody decides."""
        seat = action.seat
        _HANDLE[self.seats[seat].pending[0]](self, seat, action)
        if not self._tm:
            self._walk()

    @staticmethod
    def _card_actions(s: int, verb: str, cards: list[int], skip: int = -1) -> list[Action]:
        """``verb <card id>`` once per card id of ``cards`` (but ``skip``), in their order."""
        seen = set()
        out = []
        acts = _ACTS
        for c in cards:
            if c == skip:
                continue
            cid = _CT[c].id
            if cid not in seen:
                seen.add(cid)
                key = (s, verb, cid)
                a = acts.get(key)
                if a is None:
                    a = acts[key] = act(s, verb, (cid,))
                out.append(a)
        return out


#: each step kind's legal actions and handler (``decisions.STEPS``), as plain functions
_LEGAL = {kind: step.legal for kind, step in _STEPS.items()}
_HANDLE = HANDLERS
