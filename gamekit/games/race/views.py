"""What a seat may see: ``clone``, ``view`` (hidden cards masked), ``determinize`` (hidden
cards dealt at random for a look-ahead) and ``to_dict``; a mixin of ``RaceState``.

A view hides other hands (except a card revealed for placement), the deck and discard order,
every good's card (its kind is public), others' explored cards and the round's secret picks.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from gamekit.kit.deck import Deck

from .cards import ACTIONS, GOODS
from .common import _CT, ACTION_CODE, HIDDEN, NCARDS, SECRET, _cid

if TYPE_CHECKING:
    from .state import RaceState


class ViewRules:
    """Views, determinization and JSON of ``RaceState`` (a mixin)."""

    def clone(self) -> RaceState:
        new, d = self._clone_base()
        d["pile"] = self.pile.copy()
        d["hand"] = [h[:] for h in self.hand]
        d["explored"] = [x[:] for x in self.explored]
        d["goods"] = [dict(g) for g in self.goods]
        d["action_picks"] = [p[:] for p in self.action_picks]
        d["chosen"] = self.chosen[:]
        self._copy_rest(d)
        return new

    def _copy_rest(self, d: dict[str, Any]) -> None:
        """Copy into a clone's attribute dict ``d`` the containers a view shows as they are."""
        d["tableau"] = [t[:] for t in self.tableau]
        d["chips"] = self.chips[:]
        d["pending"] = self.pending[:]
        d["queue"] = self.queue[:]
        d["placed_this_phase"] = set(self.placed_this_phase)
        d["temp_military"] = self.temp_military[:]
        d["keep_left"] = self.keep_left[:]
        d["sequence"] = self.sequence[:]
        d["consume_used"] = [set(u) for u in self.consume_used]
        d["produced"] = [p[:] for p in self.produced]
        d["produced_on"] = [set(g) for g in self.produced_on]
        d["windfall_queue"] = [q[:] for q in self.windfall_queue]
        d["start"] = self.start[:]
        d["order"] = self.order[:]

    def view(self, seat: int | None) -> RaceState:
        """What ``seat`` may see: a clone whose hidden parts are placeholders. Built without
        copying what it hides (the deck, the discards, the goods' cards, the other seats' hands
        and explored cards): agents decide from a view, so it is on the bots' hot path."""
        new, d = self._clone_base()
        pile = d["pile"] = Deck(eager=True, sort_discards=True)  # as ``setup`` builds it
        pile.cards = [HIDDEN] * len(self.pile.cards)
        pile.discards = [HIDDEN] * len(self.pile.discards)
        players = range(self.players)
        picks_open = self._picks_open()
        chosen = self.chosen
        hands, explored, action_picks, view_chosen = [], [], [], chosen[:]
        for s in players:
            if s == seat:
                hands.append(self.hand[s][:])
                explored.append(self.explored[s][:])
                action_picks.append(self.action_picks[s][:])
                continue
            c = chosen[s]
            known = c if (c is not None and c >= 0 and picks_open) else None
            hands.append([x if x == known else HIDDEN for x in self.hand[s]])
            explored.append([HIDDEN] * len(self.explored[s]))
            action_picks.append(self.action_picks[s][:] if self.revealed
                                else [HIDDEN] * len(self.action_picks[s]))
            if c is not None and not picks_open:
                view_chosen[s] = SECRET
        d["hand"] = hands
        d["explored"] = explored
        d["action_picks"] = action_picks
        d["chosen"] = view_chosen
        d["goods"] = [dict.fromkeys(g, HIDDEN) for g in self.goods]
        self._copy_rest(d)
        v = self._view_base(seat, new)
        v.masked = True
        return v

    def _picks_open(self) -> bool:
        """Develop/settle picks are public once every seat has picked."""
        return not any(p is not None and p[0] in ("dev_pick", "set_pick") for p in self.pending)

    def determinize(self, rng: random.Random) -> RaceState:
        full = self.clone()
        if not self.masked:  # a full state hides nothing
            return full
        viewer = self.viewer
        full.viewer = None
        full.masked = False
        known = set()
        for s in range(self.players):
            known.update(self.tableau[s])
            known.update(c for c in self.hand[s] if c >= 0)
            known.update(c for c in self.explored[s] if c >= 0)
        unknown = [c for c in range(NCARDS) if c not in known]
        rng.shuffle(unknown)
        it = iter(unknown)
        full.deck = [next(it) for _ in self.deck]
        full.discard = [next(it) for _ in self.discard]
        for s in range(self.players):
            full.hand[s] = [c if c >= 0 else next(it) for c in self.hand[s]]
            full.explored[s] = [c if c >= 0 else next(it) for c in self.explored[s]]
            full.goods[s] = {w: next(it) for w in self.goods[s]}
        rest = list(it)
        assert not rest, "determinize: hidden slots and unknown cards differ"
        for s in range(self.players):
            if s == viewer:
                continue
            if HIDDEN in self.action_picks[s]:
                full.action_picks[s] = []
                for _ in self.action_picks[s]:
                    full.pending[s] = ("choose",)
                    a = rng.choice(full._legal(s))
                    full.action_picks[s].append(ACTION_CODE[a.args[0]])
                full.pending[s] = self.pending[s]
            if self.chosen[s] == SECRET:
                kind = "dev_pick" if self.phase_step[0] == "develop" else "set_pick"
                full.pending[s] = (kind,)
                a = rng.choice(full._legal(s))
                full.chosen[s] = -1 if a.verb == "pass" else full._find(full.hand[s], a.args[0])
                full.pending[s] = self.pending[s]
        full._legal_cache = {}
        return full

    def to_dict(self) -> dict[str, Any]:
        def cards(lst):
            if HIDDEN in lst:
                return sorted((_cid(c) if c >= 0 else "?") for c in lst)
            return sorted(_cid(c) for c in lst)

        def pile(lst):
            return len(lst) if (not lst or HIDDEN in lst) else [_cid(c) for c in reversed(lst)]

        seats = []
        for s in range(self.players):
            ch = self.chosen[s]
            seats.append({
                "start_world": _cid(self.start[s]),
                "tableau": [_cid(c) for c in self.tableau[s]],
                "hand": cards(self.hand[s]),
                "explore": cards(self.explored[s]),
                "goods": {_cid(w): (GOODS[_CT[w].good] if g == HIDDEN
                                    else [GOODS[_CT[w].good], _cid(g)])
                          for w, g in sorted(self.goods[s].items())},
                "vp_chips": self.chips[s],
                "score": self.score(s),
                "military": sum(_CT[c].mil for c in self.tableau[s]) + self.temp_military[s],
                "actions": [("?" if a == HIDDEN else ACTIONS[a]) for a in self.action_picks[s]],
                "chosen": (None if ch is None else "?" if ch == SECRET else "none" if ch < 0
                           else _cid(ch)),
                "pending": None if self.pending[s] is None else self._pend_dict(s),
                **self._seat_bookkeeping(s),
            })
        return {
            "round": self.round,
            "phase": self.phase,
            "step": list(self.phase_step),
            "phases_left": [list(x) for x in self.queue],
            "vp_pool": self.pool,
            "deck": pile(self.deck),
            "discard": pile(self.discard),
            "over": self.over,
            "order": list(self.order),
            "to_move": list(self._tm),
            "sequence": list(self.sequence),
            "at": self.resolving,
            "seats": seats,
        }

    def _seat_bookkeeping(self, s: int) -> dict[str, Any]:
        """What the rules read of seat ``s`` besides its cards (positions read it back): the
        cards' order (full state only), the goods' order, the step's counters."""
        tab = self.tableau[s]
        out: dict[str, Any] = {}
        if not self.masked:
            out["hand_order"] = [_cid(c) for c in self.hand[s]]
            out["explore_order"] = [_cid(c) for c in self.explored[s]]
        used = self.consume_used[s]
        out.update({
            "goods_order": [_cid(w) for w in self.goods[s]],
            "keep": self.keep_left[s],
            "temp_military": self.temp_military[s],
            "placed_this_phase": [_cid(c) for c in tab if c in self.placed_this_phase],
            "consume_used": [x for x in ("trade", "start", "done") if x in used] + sorted(
                [x[0], x[1]] for x in used if isinstance(x, tuple)),
            "produced": dict(zip(GOODS, self.produced[s])),
            "produced_on": [_cid(w) for w in tab if w in self.produced_on[s]],
            "windfall_queue": ["any" if g < 0 else GOODS[g] for g in self.windfall_queue[s]],
        })
        return out

    def _pend_dict(self, s: int) -> list:
        """The pending step of ``s`` as JSON-able data (card copies shown by id)."""
        p = self.pending[s]
        out = [list(x) if isinstance(x, tuple) else x for x in p]
        if p[0] in ("pay", "method"):
            out[1] = _cid(p[1])
        return out

    def _repr_html_(self) -> str:  # notebook display
        from .render import html

        return html(self)
