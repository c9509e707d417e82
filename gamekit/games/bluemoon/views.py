"""Blue Moon City's copies, views and JSON form (mixin of ``BlueMoonState``).

Hidden information: other seats' hands and crystals, the deck order and the face-down cards won
this turn. Views go through the core's ``_view_base`` (no seed, no log, no chance state, the
``deck`` option blanked).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from gamekit.core.rng import Chance

from . import data as D
from .city import N
from .data import KINDS
from .decisions import ASKS
from .seat import OFFERING_KINDS

#: the step a phase closes with: a state paused at a boundary saves it as its stage
CLOSING_STEP = {"move": "move", "contribute": "act", "refill": "refill"}

if TYPE_CHECKING:
    from .state import BlueMoonState


class Views:
    """Clone, view, determinize and ``to_dict`` of ``BlueMoonState``."""

    def clone(self) -> BlueMoonState:
        return self._copy(True)

    def _copy(self, logs: bool) -> BlueMoonState:
        """A hand-written deep copy (``logs``: also copy the log, events, flows and chance)."""
        new = object.__new__(type(self))
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
        d["cards"] = self.cards.copy()
        d["seats"] = [p.copy() for p in self.seats]
        d["obelisk"] = list(self.obelisk)
        d["dragons"] = list(self.dragons)
        d["wild_colours"] = dict(self.wild_colours)
        d["unknown"] = self.unknown.copy()
        if self.step == "pay":
            d["pay_recoloured"] = list(self.pay_recoloured)
            d["pay_cards"] = list(self.pay_cards)
            d["pay_pool"] = list(self.pay_pool)
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
                hid_hands[o] = self.seats[o].hand_size
                v.seats[o].hand = [0] * 24
                v.seats[o].crystals = None
        for held in v.unknown.held:  # their provisional identities stay hidden
            held[:] = [None] * len(held)
        hid_pending = {o: len(self.seats[o].pending) for o in range(self.players)}
        for p in v.seats:
            p.pending = []
        v.masked = {"hands": hid_hands, "pending": hid_pending, "deck": len(self.deck)}
        v.deck = []
        return v

    def determinize(self, rng: random.Random) -> BlueMoonState:
        full = self.clone()
        full.viewer = None
        m = self.masked
        if m is None:
            return full
        pool = list(self.composition)
        seen = [self.seats[self.viewer].hand] if self.viewer is not None else []
        for h in seen:
            for k in range(24):
                pool[k] -= h[k]
        for k in self.discard:
            pool[k] -= 1
        if self.step == "pay":
            for k in self.pay_cards:
                pool[k] -= 1
        cards = [k for k in range(24) for _ in range(pool[k])]
        rng.shuffle(cards)
        for o, n in m["hands"].items():
            h = [0] * 24
            for _ in range(n - len(full.unknown.held[o])):
                h[cards.pop()] += 1
            full.seats[o].hand = h
        for held in full.unknown.held:  # unknown cards: any card not known elsewhere
            held[:] = [cards.pop() for _ in held]
        for o, n in m["pending"].items():
            full.seats[o].pending = [cards.pop() for _ in range(n)]
        full.deck = cards
        assert len(cards) == m["deck"], "determinize: hidden card counts do not add up"
        guess = self.seats[self.viewer].crystals if self.viewer is not None else 0
        for o in range(self.players):
            if full.seats[o].crystals is None:
                full.seats[o].crystals = guess
        full.masked = None
        full.chance = Chance(rng.randrange(1 << 30), full.log)
        return full

    def to_dict(self) -> dict[str, Any]:
        td, board, seats = self.tiles, self.board, self.seats
        m = self.masked
        hands = []
        for s in range(self.players):
            if m is not None and s in m["hands"]:
                hands.append({"hidden": m["hands"][s]})
            else:
                h = list(self.seats[s].hand)
                for k in self.unknown.held[s]:  # their provisional cards (none in a view)
                    if k is not None:
                        h[k] += 1
                hands.append({KINDS[k]: h[k] for k in range(24) if h[k]})
        if m is not None:
            pending = [m["pending"][s] for s in range(self.players)]
            deck: Any = {"hidden": m["deck"]}
        else:
            pending = [[KINDS[k] for k in p.pending] for p in self.seats]
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
            if cell in self.wild_colours:
                tiles[td[t].id]["wild_colour"] = D.COLOURS[self.wild_colours[cell]]
        out: dict[str, Any] = {
            "players": self.players,
            "city": [[td[board[r * N + c]].id if board[r * N + c] >= 0 else None for c in range(N)]
                     for r in range(N)],
            "tiles": tiles,
            "figures": [[p.figure // N, p.figure % N] for p in seats],
            "dragons": {D.DRAGONS[i]: ([c // N, c % N] if c >= 0 else None)
                        for i, c in enumerate(self.dragons)},
            "hands": hands,
            "pending": pending,
            "deck": deck,
            "discard": [KINDS[k] for k in self.discard],
            "crystals": [p.crystals for p in seats],
            "scales": [p.scales for p in seats],
            "scale_supply": self.supply,
            "markers": [p.markers for p in seats],
            "obelisk": {"costs": list(self.costs), "filled": [s + 1 for s in self.obelisk]},
            "offerings": [p.offerings for p in seats],
            "offering_kinds": [dict(zip(OFFERING_KINDS, p.offering_kinds)) for p in seats],
            "contributions": [p.contributions for p in seats],
            "first_player": self.first + 1,
            "to_move": [s + 1 for s in self.to_move()],
            "turn": {"seat": self.turn_seat + 1, "round": self.round, "stage": self.step or CLOSING_STEP[self.phase],
                     "steps": self.steps_left, "contributions": self.turn_contributions,
                     "offered": self.offered, "discarded": self.discarded},
            "over": self.over,
            "winner": self.winner + 1 if self.winner >= 0 else None,
            "draw": self.drawn_game,
            "end": self.end_reason,
        }
        if self.step == "dragon":
            out["turn"]["dragon"] = {"dragon": D.DRAGONS[self.dragon_moving],
                                     "power": "anywhere" if self.dragon_reach < 0 else "up_to_3_steps"}
        if self.step == "pay":
            out["turn"]["payment"] = {
                "tile": td[board[self.pay_cell]].id, "space": self.pay_space,
                "colour": D.COLOURS[self.pay_colour], "value": self.pay_value,
                "paid": [KINDS[k] for k in self.pay_cards], "total": self.paid_so_far(),
                "recolour": {D.COLOURS[x]: n for x, n in enumerate(self.pay_recoloured) if n},
            }
        out["stack"] = ASKS.to_data(self.stack)  # the pending decisions (``core.stack``)
        if self.unknown:  # which cards are unknown (``gamekit.core.unknown``)
            out["unknown"] = self.unknown.to_data(KINDS.__getitem__)
        return out
