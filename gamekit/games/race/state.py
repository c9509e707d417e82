"""Race for the Galaxy: the game state and every rule of the base game.

The state is a small machine. A round starts with a secret action choice (``choose``), then
runs the chosen phases in order (explore, develop [x2], settle [x2], consume, produce) and ends
with the hand limit. Each seat with something to decide has a *pending* entry in ``pend``;
simultaneous steps (action choice, explore keep, develop/settle pick, discards) give every seat
a pending entry at once, while steps whose order matters (payments, consume, windfall
production: they draw cards) are resolved one seat at a time in the rulebook's order: clockwise
from the seat holding the lowest-numbered start world. Forced steps (one legal action) are
carried out automatically and narrated, not asked.

Cards are integer copy indices (``cards.COPIES``); the text of actions uses card ids.

This module holds setup, the round flow, legal actions and decisions; the phases are mixins
in ``explore``, ``build`` (Develop and Settle), ``consume`` and ``produce``, the questions
in ``decisions``, the views in ``views`` and the options in ``options``.
"""

from __future__ import annotations

from typing import Any, ClassVar

from gamekit.core import Action, GameState

from . import position
from .build import BuildRules
from .cards import ACTIONS, DATA
from .common import (
    _CT,
    _GOOD_NAMES,
    ACTION_CODE,
    DEV,
    DEV2,
    E5,
    E11,
    HAND_LIMIT,
    NCARDS,
    ONLY,
    PROD,
    SET,
    SET2,
    TABLEAU_END,
    TRADE,
    X2,
    _cid,
)
from .consume import ConsumeRules
from .decisions import DecisionRules
from .explore import ExploreRules
from .options import OPTIONS
from .produce import ProduceRules
from .scoring import breakdown
from .setup import SetupRules
from .views import ViewRules

__all__ = ["RaceState"]


#: shared immutable actions (legal lists are rebuilt often)
_ACTS: dict[tuple, Action] = {}
_CHOOSE = [[Action(s, "choose", (ACTIONS[i],)) for i in range(7)] for s in range(4)]


class RaceState(SetupRules, ExploreRules, BuildRules, ConsumeRules, ProduceRules, DecisionRules,
                ViewRules, GameState):
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
            self.hand[s].extend(got)
            self.flow(s, "card", len(got), "deck:" + why, "hand")
            if not self.quiet:
                rule = "trade" if why == "trade" else self.cur[0]
                self.emit("draw", s, rule=rule, n=len(got), why=why)
                self.emit("drew", s, rule=rule, visible=ONLY[s], cards=self._ids(got), why=why)
        return len(got)

    def _put_good(self, s: int, world: int, why: str) -> bool:
        c = self._pop()
        if c is None:
            return False
        self.goods[s][world] = c
        g = _CT[world].good
        self.flow(s, _GOOD_NAMES[g], 1, "deck:" + why, "goods")
        rule = "setup" if why == "setup" else "settle" if why == "settle" else "produce"
        self.emit("good", s, rule=rule, world=_CT[world].id,
                  good=_GOOD_NAMES[g], why=why)
        return True

    def _award(self, s: int, vp: int, why: str) -> None:
        if vp <= 0:
            return
        self.chips[s] += vp
        self.pool -= vp
        self.flow(s, "vp", vp, "pool:" + why, "vp_chips")
        self.emit("vp", s, rule="consume", n=vp, why=why, pool=self.pool)

    def _to_discard(self, s: int, c: int, src: str, why: str, resource: str = "card") -> None:
        self.pile.discards.append(c)
        self.flow(s, resource, 1, src, "discard:" + why)

    def _active(self, s: int):
        """Card types of seat ``s`` whose powers act now (cards placed this phase do not)."""
        fresh = self.fresh
        if fresh:
            return [_CT[c] for c in self.tab[s] if c not in fresh]
        return [_CT[c] for c in self.tab[s]]

    def _find(self, cards: list[int], card_id: str, skip: int = -1) -> int | None:
        for c in cards:
            if c != skip and _CT[c].id == card_id:
                return c
        return None

    def _has(self, s: int, card_id: str) -> int | None:
        """Copy of ``card_id`` active in the tableau of ``s``, if any."""
        for c in self.tab[s]:
            if _CT[c].id == card_id and c not in self.fresh:
                return c
        return None

    def _set_pend(self, s: int, p: tuple | None) -> None:
        self.pend[s] = p
        self._tm = tuple(x for x in range(self.players) if self.pend[x] is not None)

    # ================================================================== contract hooks
    def to_move(self) -> tuple[int, ...]:
        return self._tm

    def is_over(self) -> bool:
        return self.over

    def score_breakdown(self, seat: int) -> dict[str, int]:
        return breakdown(self.tab[seat], self.chips[seat])

    def tiebreak(self, seat: int) -> tuple:
        return (len(self.hand[seat]) + len(self.goods[seat]),)

    def arrangeable(self) -> tuple[str, ...]:
        return ("deck",)

    def _arrange(self, kind: str, values: list[str]) -> None:
        """``deck``: these cards (ids, top first) on top of the draw pile; who draws them
        follows the draw order (docs/games/race.md, "Draw order")."""
        self.pile.put_on_top(values, lambda c: _CT[c].id)

    def holdings(self, seat: int) -> dict[tuple[str, str], int]:
        h = {
            ("hand", "card"): len(self.hand[seat]),
            ("tableau", "card"): len(self.tab[seat]),
            ("explore", "card"): len(self.look[seat]),
            ("vp_chips", "vp"): self.chips[seat],
        }
        for w in self.goods[seat]:
            key = ("goods", _GOOD_NAMES[_CT[w].good])
            h[key] = h.get(key, 0) + 1
        return h

    def sim_columns(self, seat: int) -> dict[str, Any]:
        return {
            "start_world": _cid(self.start[seat]),
            "tableau_size": len(self.tab[seat]),
            "rounds": self.round,
            "developments": sum(1 for c in self.tab[seat] if _CT[c].dev),
            "military_worlds": sum(1 for c in self.tab[seat] if _CT[c].military),
        }

    def check_invariants(self) -> None:
        """114 cards always somewhere; no negative stock; pending decisions well formed."""
        seen = list(self.deck) + list(self.discard)
        for s in range(self.players):
            seen += self.hand[s] + self.tab[s] + self.look[s] + list(self.goods[s].values())
            assert set(self.goods[s]) <= set(self.tab[s]), "a good sits on a world not in play"
            assert self.chips[s] >= 0
            assert len(set(self.tab[s])) == len(self.tab[s])
            devs = [_CT[c].id for c in self.tab[s] if _CT[c].dev]
            assert len(devs) == len(set(devs)), "duplicate development in a tableau"
        if self.viewer is None:
            assert sorted(seen) == list(range(NCARDS)), "card conservation broken"
        else:
            assert len(seen) == NCARDS
        total = sum(self.chips) + self.pool
        start_pool = (self.options["vp_pool"] if self.options["vp_pool"] is not None
                      else DATA["vp_chips_per_player"] * self.players)
        assert total == start_pool + sum(self.options["chips"] or [0]), "VP pool accounting"
        assert self._tm == tuple(s for s in range(self.players) if self.pend[s] is not None)

    # ================================================================== positions
    @classmethod
    def position_schema(cls, players: int) -> dict[str, Any]:
        return position.schema(players)

    def _load(self, data: dict[str, Any]) -> None:
        position.load(self, data)

    # ================================================================== round flow
    def _start_round(self) -> None:
        self.round += 1
        self.phase = "choose"
        self.cur = ("choose", 0)
        self.picks = [[] for _ in range(self.players)]
        self.revealed = False
        self.emit("round_start", rule="how_to_play", n=self.round)
        for s in range(self.players):
            self.pend[s] = ("choose",)
        self._tm = tuple(range(self.players))

    def _reveal_actions(self) -> None:
        self.revealed = True
        picks = self.picks
        for s in self.order:
            self.emit("reveal", s, rule="how_to_play", actions=[ACTIONS[a] for a in picks[s]])
        self.queue = self._plan(picks)
        self._next_phase()

    @staticmethod
    def _plan(picks: list[list[int]]) -> list[tuple[str, int]]:
        """The round's phases, in order, for the revealed action cards ``picks``."""
        q: list[tuple[str, int]] = []
        if any(E5 in p or E11 in p for p in picks):
            q.append(("explore", 1))
        nd = max(sum(1 for a in p if a in (DEV, DEV2)) for p in picks)
        q.extend(("develop", k) for k in range(1, nd + 1))
        ns = max(sum(1 for a in p if a in (SET, SET2)) for p in picks)
        q.extend(("settle", k) for k in range(1, ns + 1))
        if any(TRADE in p or X2 in p for p in picks):
            q.append(("consume", 1))
        if any(PROD in p for p in picks):
            q.append(("produce", 1))
        return q

    def _next_phase(self) -> None:
        """Start the next chosen phase, or end the round."""
        self.fresh = set()
        if not self.queue:
            self._round_end()
            return
        name, k = self.queue.pop(0)
        self.cur = (name, k)
        self.phase = name
        self.emit("phase", rule="two_player" if k == 2 else name, name="phase:" + name, k=k)
        getattr(self, "_begin_" + name)(k)

    def _bonus(self, s: int, codes: tuple[int, ...]) -> int:
        return sum(1 for a in self.picks[s] if a in codes)

    # ------------------------------------------------------------------ round end
    def _round_end(self) -> None:
        self.phase = "round_end"
        self.cur = ("round_end", 0)
        for s in range(self.players):
            extra = len(self.hand[s]) - HAND_LIMIT
            if extra > 0:
                self.pend[s] = ("limit", extra)
                self._auto_discard(s)
        self._tm = tuple(x for x in range(self.players) if self.pend[x] is not None)
        if not self._tm:
            self._end_check()

    def _auto_discard(self, s: int) -> None:
        p = self.pend[s]
        if len({_CT[c].t for c in self.hand[s]}) == 1:
            for c in list(self.hand[s][: p[-1]]):
                self._discard_hand(s, c, p[0])
            self.pend[s] = None

    def _discard_hand(self, s: int, c: int, kind: str) -> None:
        self.hand[s].remove(c)
        why = "hand_limit" if kind == "limit" else "setup"
        self._to_discard(s, c, "hand", why)
        self.emit("discard", s, rule="round_end" if kind == "limit" else "setup", n=1)
        self.emit("discarded", s, rule="round_end" if kind == "limit" else "setup", visible=ONLY[s],
                  card=_cid(c))

    def _act_discard(self, s: int, a: Action) -> None:
        kind, left = self.pend[s]
        c = self._find(self.hand[s], a.args[0])
        self._discard_hand(s, c, kind)
        left -= 1
        self._set_pend(s, (kind, left) if left else None)
        if self.pend[s] is not None:
            self._auto_discard(s)
            self._tm = tuple(x for x in range(self.players) if self.pend[x] is not None)
        if not self._tm:
            if kind == "limit":
                self._end_check()
            else:
                self._start_round()

    def _end_check(self) -> None:
        if any(len(t) >= TABLEAU_END for t in self.tab) or self.pool <= 0:
            self.over = True
            self.phase = "end"
            self.cur = ("end", 0)
            scores = [self.score(s) for s in range(self.players)]
            self.emit("game_end", rule="game_end", scores=scores)
            return
        self._start_round()

    # ================================================================== legal / apply
    def _legal(self, seat: int) -> list[Action]:
        p = self.pend[seat]
        kind = p[0]
        s = seat
        if kind == "choose":
            mine = self.picks[s]
            if not self.advanced:
                return _CHOOSE[s]
            out = [Action(s, "choose", (ACTIONS[i],)) for i in range(7) if i not in mine]
            if DEV in mine:
                out.append(Action(s, "choose", ("develop_2",)))
            if SET in mine:
                out.append(Action(s, "choose", ("settle_2",)))
            return out
        if kind == "keep":
            return self._card_actions(s, "keep", self.look[s])
        if kind == "dev_pick":
            return self._legal_dev_pick(s)
        if kind == "set_pick":
            return self._legal_set_pick(s)
        if kind == "pay":
            _, card, _left, colony = p
            out = self._card_actions(s, "pay", self.hand[s], skip=card)
            if colony:
                out.append(Action(s, "use", ("colony_ship",)))
            return out
        if kind == "method":
            return [Action(s, "method", (m,)) for m in p[2]]
        if kind in ("trade", "sell"):
            return [Action(s, "trade", (_CT[w].id,)) for w in self.goods[s]]
        if kind == "consume":
            return self._legal_consume(s)
        if kind == "good":
            return [Action(s, "good", (_CT[w].id,)) for w in self._goods_choices(s)]
        if kind == "hand":
            return self._card_actions(s, "discard", self.hand[s]) + [Action(s, "done")]
        if kind == "windfall":
            return [Action(s, "windfall", (_CT[w].id,)) for w in self._empty_windfalls(s, p[1])]
        if kind in ("limit", "discard0"):
            return self._card_actions(s, "discard", self.hand[s])
        raise AssertionError(kind)  # pragma: no cover

    @staticmethod
    def _card_actions(s: int, verb: str, cards: list[int], skip: int = -1) -> list[Action]:
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
                    a = acts[key] = Action(s, verb, (cid,))
                out.append(a)
        return out

    def _apply(self, action: Action) -> None:
        s = action.seat
        kind = self.pend[s][0]
        if kind == "choose":
            self._act_choose(s, action)
        elif kind == "keep":
            self._act_keep(s, action)
        elif kind in ("dev_pick", "set_pick"):
            self._act_pick(s, action)
        elif kind == "pay":
            self._act_pay(s, action)
        elif kind == "method":
            self._act_method(s, action)
        elif kind in ("trade", "sell"):
            self._act_trade(s, action)
        elif kind == "consume":
            self._act_consume(s, action)
        elif kind == "good":
            self._act_good(s, action)
        elif kind == "hand":
            self._act_hand(s, action)
        elif kind == "windfall":
            self._act_windfall(s, action)
        elif kind in ("limit", "discard0"):
            self._act_discard(s, action)
        else:  # pragma: no cover
            raise AssertionError(kind)

    def _act_choose(self, s: int, a: Action) -> None:
        code = ACTION_CODE[a.args[0]]
        self.picks[s].append(code)
        self.emit("choose", s, rule="how_to_play", visible=ONLY[s], action=ACTIONS[code])
        if len(self.picks[s]) == self.npicks:
            self._set_pend(s, None)
            if not self._tm:
                self._reveal_actions()
