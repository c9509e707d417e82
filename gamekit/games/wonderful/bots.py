"""A heuristic agent for It's a Wonderful World.

One coherent plan, no look-ahead (weights in ``DEFAULTS``, tuned by self-play tournaments):

* **Card value.** Every card gets a net value in VP for this seat: its VP (direct, per type with
  the seat's expected counts, per character), the cubes it will produce once built (weighted up
  early in the game, since production compounds, and more when it would take the lead in a
  supremacy step), its construction bonus, minus what its cost takes (a space the seat's spare
  production would fill anyway is cheap). The seat's production per round (plus some recycling),
  queued behind what its construction area already asks, gives an estimated completion time;
  a card that would be finished too late loses value, and in round 4 a card that cannot be
  finished this round is worthless. In a solo scenario the cards to build count a lot until built.
* **Draft.** Take the card of highest value (or its recycling cube when that is worth more).
* **Planning.** Keep the best card while it is worth keeping (the next one is then judged
  against the heavier construction area), then recycle the rest, preferring a cube that
  completes a card, then one a card under construction needs.
* **Placing a cube.** On the card under construction with the best value plus a bonus for
  being close to completion; the Empire card only when no card takes it.
* **Tokens.** Krystallium and characters are placed when that completes a card; Krystallium also
  fills Krystallium spaces and spaces of resources the seat does not produce. Cards under
  construction are discarded only after the game's last production step, when their cubes
  make the Krystallium that completes another card.
* **Science supremacy:** the character with the higher multiplier. **Solo:** one exchange per
  Development Project when no card of the full hand is worth keeping; the best of five is kept.
"""

from __future__ import annotations

import math

from gamekit.core import Agent

from .actions import entry_index
from .asks import pending
from .data import CARDS, EMPIRES, RIDX, SCENARIOS
from .production import amount

__all__ = ["HeuristicAgent", "DEFAULTS"]

#: tunable weights (found by self-play tournaments, see the docs)
DEFAULTS = {
    "cube": 1.0,        # VP worth of a produced cube
    "cost": 0.8,         # VP cost of a cube paid into a card
    "kryst": 1.8,        # VP cost of a Krystallium spent on a Krystallium space
    "recycle": 0.85,     # cubes per round and resource expected from recycling
    "slack": 0.35,       # rounds of optimism when judging whether a card can be finished
    "keep": 0.4,         # minimum value to keep a card
    "grow": 0.7,         # expected built cards of each type per round left (per-type VP)
    "chars": 1.5,        # expected characters per round left (per-character VP)
    "exchange": 1,       # solo: use the exchange (once per project, on a full hand) ...
    "exchange_weak": 4,  # ... holding at least this many cards not worth keeping
    "cheap": 0.2,        # VP cost of a space the seat's spare production will fill anyway
    "cube_surplus": 0.5,  # VP worth of a produced cube nothing under construction needs yet
    "must": 25.0,        # solo scenario: worth of a card that must be built
    "finish": 2.0,       # worth of a recycled cube that completes a card
    "early": 0.8,        # extra weight of production in early rounds (compounding)
    "supremacy": 0.7,    # worth per round of taking the lead in a production step
    "hate": 0.0,         # draft: weight of what a card is worth to the seat it is passed to
    "endgame": 1,        # round 4: no cubes on cards that cannot be finished any more
    "late": 3.0,         # VP lost per round a card would be finished too late
    "close": 6.0,        # placing: bonus for cards close to completion (divided by spaces left)
    "hopeless": -20.0,   # placing: below this value a cube goes to the Empire card instead
}


class _Seat:
    """What the heuristic knows about one seat (computed once per decision)."""

    __slots__ = ("mult", "cmult", "counts", "prod", "load", "krystallium", "chars", "round",
                 "later", "planning", "must", "last", "rival")

    def __init__(self, state, seat):
        player = state.seats[seat]
        emp = EMPIRES[player.empire].sides[state.side]
        mult = list(emp.vp_per_type)
        cmult = [1 + emp.vp_per_char[0], 1 + emp.vp_per_char[1]]
        counts = [0] * 5
        for cid in player.built:
            c = CARDS[cid]
            counts[c.tidx] += 1
            for t in range(5):
                mult[t] += c.vp_per_type[t]
            cmult[0] += c.vp_per_char[0]
            cmult[1] += c.vp_per_char[1]
        self.mult, self.cmult, self.counts = mult, cmult, counts
        self.prod = [amount(player, state.side, r) for r in range(5)]
        # the best production of the other seats, per resource (supremacy); solo: 4
        rival = [4] * 5 if state.players == 1 else [0] * 5
        for o in range(state.players):
            if o != seat:
                for r in range(5):
                    rival[r] = max(rival[r], amount(state.seats[o], state.side, r))
        self.rival = rival
        load = [0] * 8
        last = [False] * 5  # a card lacks just one cube of this resource
        for cid, fills in player.construction:
            spaces = CARDS[cid].spaces
            empty = [spaces[i] for i, x in enumerate(fills) if not x]
            for kind in empty:
                load[_KIND[kind]] += 1
            if len(empty) == 1 and _KIND[empty[0]] < 5:
                last[_KIND[empty[0]]] = True
        self.load = load
        self.last = last
        self.krystallium = player.krystallium
        self.chars = (player.financiers, player.generals)
        self.round = max(state.round, 1)
        # production steps still to come this round count as a part of a round
        step = state.step if state.phase == "production" else -1
        self.planning = state.phase in ("draft", "planning")
        self.later = 4 - self.round + (1 if self.planning else (4 - step) / 5)
        # solo scenario: cards that must be built by the end
        self.must = set()
        if getattr(state, "scenario", None):
            self.must = set(SCENARIOS[state.scenario]["cards"]) - set(player.built)


_KIND = {k: i for i, k in enumerate(
    ("materials", "energy", "science", "gold", "exploration", "krystallium", "financier",
     "general"))}


def _entry(view, seat, label):
    """The construction entry of ``seat`` named ``label``."""
    entries = view.seats[seat].construction
    return entries[entry_index(entries, label)]


def _empty(entry):
    cid, fills = entry
    spaces = CARDS[cid].spaces
    return [spaces[i] for i, x in enumerate(fills) if not x]


class HeuristicAgent(Agent):
    """Value-driven drafting, planning and placement (see the module docstring)."""

    name = "heuristic"
    needs_view = True

    def __init__(self, seed: int = 0, *params):
        super().__init__(seed)
        self.p = dict(DEFAULTS)

    # -------------------------------------------------------------- valuation
    def value(self, me: _Seat, cid: str, need=None, include_load=True,
              feasible=True) -> float:
        """Net VP of building ``cid`` (``need``: its empty spaces; default: the whole cost)."""
        p = self.p
        c = CARDS[cid]
        later = me.later  # rounds of production left, this one included
        need = c.spaces if need is None else need
        t = self.completion(me, need, include_load)
        value = c.vp_fixed
        if cid in me.must:
            value += p["must"]
        if feasible and t > later + p["slack"]:
            value -= p["late"] * (t - later - p["slack"])
            if me.round == 4:
                return -10.0  # unfinished cards score nothing
        grow = p["grow"] * (later - t)
        for ty in range(5):
            if c.vp_per_type[ty]:
                value += c.vp_per_type[ty] * (me.counts[ty] + grow + (c.tidx == ty))
        value += me.mult[c.tidx]
        for i in (0, 1):
            if c.vp_per_char[i]:
                value += c.vp_per_char[i] * (me.chars[i] + p["chars"] * later + 1)
        value = self._production(me, c, t, value)
        for token, k in c.bonus.items():
            value += k * (p["kryst"] * 0.8 if token == "krystallium"
                          else me.cmult[token == "general"])
        return self._costs(me, need, later, value)

    def _production(self, me: _Seat, c, t: float, value: float) -> float:
        """``value`` plus what ``c``'s production brings in the rounds left once built
        (added in the same order as ever: same decisions for the same seeds)."""
        p = self.p
        if me.planning and t <= 0.3:
            rounds = me.later  # finished before this round's production
        else:
            rounds = max(0.0, me.later - math.ceil(t - 1e-9))
        if rounds:
            rounds *= 1 + p["early"] * (rounds - 1)  # early production compounds
            for r in range(5):
                k = c.prod_fixed[r]
                if k:
                    value += rounds * k * self._cube_worth(me, r)
                    if me.prod[r] <= me.rival[r] < me.prod[r] + k:
                        value += rounds * p["supremacy"]  # takes the lead in this step
            for r, ty, a in c.prod_per:
                k = a * (me.counts[ty] + (c.tidx == ty) + 0.5 * me.later)
                value += rounds * k * self._cube_worth(me, r)
        return value

    def _costs(self, me: _Seat, need, later: int, value: float) -> float:
        """``value`` less the cost of filling ``need``: a cube that would find no card costs
        little, Krystallium and characters their worth."""
        p = self.p
        spare = [me.prod[r] * later - me.load[r] for r in range(5)]
        for kind in need:
            k = _KIND[kind]
            if k < 5:
                if spare[k] >= 1:  # a cube that would otherwise find no card
                    spare[k] -= 1
                    value -= p["cheap"]
                else:
                    value -= p["cost"]
            else:
                value -= p["kryst"] if k == 5 else me.cmult[k - 6]
        return value

    def completion(self, me: _Seat, need, include_load=True) -> float:
        """Rounds until the spaces ``need`` could be filled (each resource queues behind
        what the construction area already asks for)."""
        p = self.p
        t = 0.0
        want = [0] * 8
        for kind in need:
            want[_KIND[kind]] += 1
        for r in range(5):
            if want[r]:
                queue = want[r] + (me.load[r] if include_load else 0)
                supply = me.prod[r] + p["recycle"]
                t = max(t, queue / supply)
        if want[5]:
            short = want[5] + (me.load[5] if include_load else 0) - me.krystallium
            if short > 0:
                t = max(t, short * 1.5)
        for i in (0, 1):
            short = want[6 + i] + (me.load[6 + i] if include_load else 0) - me.chars[i]
            if short > 0:
                t = max(t, short * 1.2)
        return t

    def _cube_worth(self, me: _Seat, r: int) -> float:
        """VP worth of one more produced cube of ``r``: full when the construction area asks
        for more than the seat produces, less when it would pile up on the Empire card."""
        if me.load[r] > me.prod[r] * me.later:
            return self.p["cube"]
        return self.p["cube_surplus"]

    def choose(self, view, decision):
        legal = decision.legal
        if len(legal) == 1:
            return legal[0]
        kind = decision.kind
        seat = decision.seat
        me = _Seat(view, seat)
        if kind == "draft":
            return self._draft(view, me, legal)
        if kind == "plan":
            return self._plan(view, me, legal)
        if kind == "place":
            return self._place(view, seat, me, legal)
        if kind == "supremacy":
            return legal[0] if me.cmult[0] >= me.cmult[1] else legal[1]
        if kind == "exchange_take":
            return max(legal, key=lambda a: self.value(me, a.args[0]))
        if kind == "exchange_second":
            return min(legal, key=lambda a: self.value(me, a.args[0]))
        return self._tokens(view, seat, me, legal)

    # -------------------------------------------------------------- draft
    def _draft(self, view, me, legal):
        best, best_v = legal[0], float("-inf")
        hate = self.p["hate"]
        nxt = None
        if hate and view.players > 1:
            seat = legal[0].seat
            d = 1 if view.round in (1, 3) else -1
            nxt = _Seat(view, (seat + d) % view.players)
        for a in legal:
            cid = a.args[0]
            v = max(self.value(me, cid), self._recycle_value(me, cid))
            if nxt is not None:
                v += hate * max(0.0, self.value(nxt, cid))
            if v > best_v:
                best, best_v = a, v
        return best

    def _recycle_value(self, me, cid):
        r = CARDS[cid].recycle_idx
        if me.last[r]:
            return self.p["cost"] + self.p["finish"]  # this cube completes a card
        return self.p["cost"] * (1.0 if me.load[r] > 0 else 0.3)

    # -------------------------------------------------------------- planning
    def _plan(self, view, me, legal):
        keeps = [a for a in legal if a.verb == "keep"]
        scored = sorted(((self.value(me, a.args[0]), i, a) for i, a in enumerate(keeps)),
                        reverse=True)
        for v, _, a in scored:
            if v > self.p["keep"]:
                return a
            break
        # solo: trade two weak cards for a look at five
        if self.p["exchange"]:
            ex = [a for a in legal if a.verb == "exchange"]
            weak = [v for v, _, _ in scored if v <= self.p["keep"]]
            if ex and len(weak) >= self.p["exchange_weak"] and (
                    len(view.seats[legal[0].seat].drafted) >= 5):
                worst = scored[-1][2].args[0]
                return next(a for a in ex if a.args[0] == worst)
        recycles = [a for a in legal if a.verb == "recycle"]
        return max(recycles, key=lambda a: (self._recycle_value(me, a.args[0]),
                                            -self.value(me, a.args[0])))

    # -------------------------------------------------------------- placing cubes
    def _place(self, view, seat, me, legal):
        p = self.p
        best, best_v = None, float("-inf")
        for a in legal:
            target = a.args[1]
            if target == "empire":
                continue
            entry = _entry(view, seat, target)
            left = _empty(entry)
            v = self.value(me, entry[0], left, False, False) + p["close"] / len(left)
            if p["endgame"] and view.round == 4 and not self._can_finish(view, seat, me, left):
                v -= 30.0  # cannot be finished before the end: the cube is lost there
            if v > best_v:
                best, best_v = a, v
        if best is None or best_v < p["hopeless"]:
            return next(a for a in legal if a.args[1] == "empire")
        return best

    @staticmethod
    def _can_finish(view, seat, me, left) -> bool:
        """Round 4: can these empty spaces still be filled by the end of the game?"""
        player = view.seats[seat]
        cubes = pending(view, seat)
        cubes = cubes[2][1] if cubes else 0
        step = view.step if view.phase == "production" else -1
        missing = 0  # spaces that only Krystallium can still fill
        chars = [0, 0]
        for kind in left:
            k = _KIND[kind]
            if k >= 6:
                chars[k - 6] += 1
            elif k == 5:
                missing += 1
            elif k < step:
                missing += 1
            elif k == step:
                missing += 0 if cubes else 1
            elif me.prod[k] == 0:
                missing += 1
        spare = player.krystallium + (sum(player.empire_cubes) + cubes) // 5
        return (missing <= spare and chars[0] <= player.financiers
                and chars[1] <= player.generals)

    # -------------------------------------------------------------- tokens
    def _tokens(self, view, seat, me, legal):
        player = view.seats[seat]
        have = {"krystallium": player.krystallium, "financier": player.financiers,
                "general": player.generals}
        best = None
        for a in legal:
            if a.verb != "use":
                continue
            entry = _entry(view, seat, a.args[1])
            left = _empty(entry)
            fin, gen = left.count("financier"), left.count("general")
            others = len(left) - fin - gen
            finish = fin <= have["financier"] and gen <= have["general"] and (
                others <= have["krystallium"])
            token = a.args[0]
            useful = finish
            if token == "krystallium" and not useful:
                space = a.args[2]
                useful = (space == "krystallium" or me.prod[RIDX[space]] == 0) and (
                    self.value(me, entry[0], left, include_load=False) > 0)
            if useful:
                key = (not finish, len(left))
                if best is None or key < best[0]:
                    best = (key, a)
        if best is not None:
            return best[1]
        discard = self._final_discard(view, seat, me, legal)
        if discard is not None:
            return discard
        for a in legal:
            if a.verb == "done":
                return a
        return legal[0]

    def _final_discard(self, view, seat, me, legal):
        """After the game's last production step, cards under construction are worth nothing:
        discard them when their recycling cubes make the Krystallium that completes a card."""
        if not (view.round == 4 and view.phase == "production" and view.step == 4):
            return None
        player = view.seats[seat]
        entries = player.construction
        kryst = player.krystallium + (sum(player.empire_cubes) + len(entries) - 1) // 5
        if kryst == player.krystallium:
            return None
        best = None
        for i, entry in enumerate(entries):
            left = _empty(entry)
            fin, gen = left.count("financier"), left.count("general")
            if (fin <= player.financiers and gen <= player.generals
                    and len(left) - fin - gen <= kryst):
                v = self.value(me, entry[0], left, include_load=False, feasible=False)
                if best is None or v > best[0]:
                    best = (v, i)
        if best is None:
            return None
        keep = best[1]
        # discard the card furthest from completion (never the one to complete)
        far = max((i for i in range(len(entries)) if i != keep),
                  key=lambda i: len(_empty(entries[i])))
        for a in legal:
            if a.verb == "discard" and entry_index(entries, a.args[0]) == far:
                return a
        return None
