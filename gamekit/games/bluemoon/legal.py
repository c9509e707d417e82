"""Blue Moon City's legal actions in each step of a turn (mixin of ``BlueMoonState``).

Rulebook: movement phase (steps, card powers), contribution phase (spaces, the Royal Palace's
colour, offerings, Pillar, expansion actions), paying a space card by card, refill phase.
"""

from __future__ import annotations

from typing import Any

from gamekit.core import Action

from . import data as D
from .city import (
    A_CANCEL,
    A_CONTRIB,
    A_CONTRIB_W,
    A_DISCARD,
    A_DONE,
    A_DRAGON,
    A_DRAW,
    A_JUMP,
    A_MOVE,
    A_OFFER,
    A_PAY,
    A_PILLAR,
    A_PLAY,
    A_RECOLOUR,
    CENTRE,
    CITY_REACH3,
    PILLAR1,
    PILLAR2,
    STEPS,
    VENTI1,
    VENTI2,
    WILD_CHOICES,
    N,
)
from .data import BROWN, GREEN, WILD
from .pay import LUX1, LUX2, MIMIX1, MIMIX2, can_complete, can_pay, colour_cards, reach


class Legal:
    """The ``_legal`` hook of ``BlueMoonState`` and its helpers (read-only: no state changes)."""

    def _legal(self, seat: int) -> list[Action]:
        st = self.step
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
            here = self.places[seat]
            return [am[c] for c in self.cells if c != here]
        if st == "dragon":
            ad = A_DRAGON[seat]
            dc = self.dragons[self.dragon_moving]
            if self.dragon_reach < 0:
                return [ad[c] for c in self.cells if c != dc]
            return [ad[c] for c in CITY_REACH3[self.options["city"]][dc]]
        return []

    def _legal_move(self, seat: int) -> list[Action]:
        out = list(STEPS[self.options["city"]][seat][self.places[seat]]) if self.steps_left > 0 else []
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
        cell = self.places[seat]
        t = self.board[cell]
        td = self.tiles[t]
        if cell == CENTRE:
            if self.free[seat] and len(self.obelisk) < len(self.costs):
                cost = self.costs[len(self.obelisk)]
                if not self.offered and self.crystals[seat] >= cost:
                    out.append(A_OFFER[seat])
                if self.pillar_open:
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
                        fixed = self.wild_colours.get(cell)
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
        col = self.tiles[self.board[cell]].spaces[i][0]
        return self.wild_colours.get(cell, WILD) if col == WILD else col

    def _pay_total(self) -> int:
        return reach(self.pay_pool, self.pay_colour, self.pay_recoloured)

    def _legal_pay(self, seat: int) -> list[Action]:
        c, v = self.pay_colour, self.pay_value
        pool, spec = self.pay_pool, self.pay_recoloured
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

    @staticmethod
    def _value_note(td: Any) -> str:
        """``reconstructed_note`` when the space values of tile ``td`` are ours (no source)."""
        return "reconstructed_note" if td.status.get("space_values") == "reconstructed" else ""

    def _option_params(self, action: Action) -> dict[str, Any]:
        """What an option's label names from the state: the building of a cell (moves, dragons,
        jumps) and the colour and value of a contribution space."""
        verb = action.verb
        if verb in ("move", "dragon", "jump"):
            named: dict[str, Any] = {"place": self._tile_at(action.args[0] * N + action.args[1])}
            if verb == "dragon":
                named["dragon"] = D.DRAGONS[self.dragon_moving] + "_dragon"
            return named
        if verb == "contribute":
            td = self.tiles[self.board[self.places[action.seat]]]
            col, val = td.spaces[action.args[0]]
            colour = action.args[1] if len(action.args) > 1 else D.COLOURS[col]
            return {"colour": colour, "value": val, "note": self._value_note(td)}
        return {}
