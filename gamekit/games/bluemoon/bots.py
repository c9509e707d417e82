"""Blue Moon City agents: a heuristic player that plans routes to contributions.

The heuristic agent reads only its view. Each movement decision it scores every tile: how many
spaces its hand can pay there, the building's rewards if it can finish it, majorities, dragons
(scales) and, when it can afford the next obelisk space, the Central Square above all. It walks
one step at a time towards the best tile it can reach this turn (walking or with a Venti card),
or heads for a better one further away; pulls a dragon onto its tile when a spare dragon card
allows; contributes the highest spaces it can pay, keeping back the markers its crystals can
already turn into offerings and two more unless the contribution finishes the building; pays
with the fewest cards; offers whenever possible (with Pillar cards too); in the refill discards
the two least useful cards; and, when all its markers are out, lets cards flow back to the
others by spending movement cards (a hand holding the whole deck could stall the game).
"""

from __future__ import annotations

from gamekit.core import Agent
from gamekit.kit.paths import bfs, distances

from .data import BROWN, GREEN, WILD
from .pay import can_pay
from .state import CENTRE, N


def _reward_value(r) -> float:
    if r is None:
        return 0.0
    cr, sc, cd = r
    return cr + 1.5 * sc + 1.2 * cd


#: ``_plan_payments`` results by (hand, spaces): a pure function, asked again and again for the
#: same hand (every tile of a move decision, every decision of a turn, every rollout); cleared
#: when it grows past ``_PLANS_MAX`` entries
_PLANS: dict[tuple, tuple[int, float]] = {}
_PLANS_MAX = 100_000


def _plan_payments(h: list[int], spaces: list[tuple[int, int]]) -> tuple[int, float]:
    """How many of ``spaces`` (colour, value) the hand can pay one after another (greedy,
    biggest first) and the cards it spends; uses native cards, Khind and Mimix pairs
    (remembered in ``_PLANS``)."""
    key = (*h, *spaces)
    plan = _PLANS.get(key)
    if plan is None:
        if len(_PLANS) >= _PLANS_MAX:
            _PLANS.clear()
        plan = _PLANS[key] = _plan(h, spaces)
    return plan


def _plan(h: list[int], spaces: list[tuple[int, int]]) -> tuple[int, float]:
    """``_plan_payments`` computed."""
    h = list(h)
    n, spent = 0, 0.0
    for col, val in sorted(spaces, key=lambda x: -x[1]):
        cols = range(8) if col == WILD else (col,)
        best = None
        for c in cols:
            if c == GREEN:
                continue
            if can_pay(h, c, val):
                best = c
                break
        if best is None:
            continue
        need = val
        base = 3 * best
        for v in (3, 2, 1):
            k = base + v - 1
            while need > 0 and h[k] and (v <= need or not any(h[base + w - 1] for w in range(1, v))):
                h[k] -= 1
                need -= v
                spent += 1
        for k in (12, 13, 14):  # Khind
            while need > 0 and h[k]:
                h[k] -= 1
                need -= 1
                spent += 1
        while need > 0 and h[15] + h[16] >= 2 and best != BROWN:
            for _ in range(2):
                k = 15 if h[15] else 16
                h[k] -= 1
            need -= 3
            spent += 2
        n += 1
    return n, spent


def _free_spaces(v, cell: int) -> list[tuple[int, int]]:
    """(colour, value) of the free spaces of the tile at ``cell`` (a wild space in the colour
    its tile's first contribution fixed, if any)."""
    marks = v.marks[cell]
    return [(v.space_colour(cell, i), val) for i, (_c, val) in enumerate(v.tiles[v.board[cell]].spaces)
            if marks[i] < 0]


class HeuristicAgent(Agent):
    """Route to contributions, chase majorities and dragons, offer whenever possible."""

    name = "heuristic"
    needs_view = True

    def __init__(self, seed: int = 0, buffer: int = 2, *params):
        super().__init__(seed)
        self.target: int | None = None
        #: markers kept free (beyond those for offerings) unless a contribution finishes a tile
        self.buffer = buffer

    # ------------------------------------------------------------------ helpers
    def _can_offer(self, v, s) -> bool:
        return (v.seats[s].markers > 0 and len(v.obelisk) < len(v.costs)
                and v.seats[s].crystals >= v.costs[len(v.obelisk)])

    def _reserve(self, v, s) -> int:
        """Markers kept back for offerings: as many as the crystals can already pay for
        (never more than the offerings still needed)."""
        need = max(0, v.target - v.seats[s].offerings)
        crystals = v.seats[s].crystals
        n, i = 0, len(v.obelisk)
        while i < len(v.costs) and crystals >= v.costs[i]:
            crystals -= v.costs[i]
            n += 1
            i += 1
        return min(need, n)

    def _cell_value(self, v, s, cell: int) -> float:
        if cell == CENTRE:
            return 100.0 if self._can_offer(v, s) else -1.0
        if v.built[cell]:
            return -1.0
        td = v.tiles[v.board[cell]]
        marks = v.marks[cell]
        free_spaces = _free_spaces(v, cell)
        if not free_spaces or v.seats[s].markers == 0:
            return -1.0
        n, spent = _plan_payments(v.seats[s].hand, free_spaces)
        if n == 0:
            return -1.0
        finish = n >= len(free_spaces) and v.seats[s].markers >= len(free_spaces)
        if finish:
            n_use = len(free_spaces)
        else:  # keep markers to finish buildings: spread ones may stay stuck a long time
            n_use = min(n, max(0, v.seats[s].markers - self._reserve(v, s) - self.buffer))
        if n_use == 0:
            return -1.0
        mine = sum(1 for m in marks if m == s) + n_use
        others = [sum(1 for m in marks if m == o) for o in range(v.players) if o != s]
        score = 3.0 * n_use - 0.3 * spent
        if n_use >= len(free_spaces):  # finishing it now
            score += _reward_value(td.construction)
            if mine >= max(others, default=0):
                score += _reward_value(td.majority)
            for nb in v.neigh[cell]:
                if v.built[nb]:
                    score += _reward_value(v.tiles[v.board[nb]].neighbourhood)
        elif mine > max(others, default=0):
            score += 0.5 * _reward_value(td.majority)
        score += 1.5 * sum(1 for d in v.dragons if d == cell)
        return score

    def _choose_target(self, v, s) -> tuple[int, str]:
        """Best tile and how to get there: 'walk', 'venti2' or 'venti1'."""
        h = v.seats[s].hand
        dist = distances(v.seats[s].figure, v.neigh.__getitem__)
        best, how, best_score = v.seats[s].figure, "walk", self._cell_value(v, s, v.seats[s].figure)
        for cell in v.cells:
            d = dist.get(cell, 99)
            val = self._cell_value(v, s, cell)
            if val <= 0:
                continue
            if d <= v.steps_left:
                mode, cost = "walk", 0.0
            elif d <= v.steps_left + 2 and h[10]:
                mode, cost = "venti2", 1.5
            elif h[9]:
                mode, cost = "venti1", 1.5
            else:  # out of reach this turn: head there (worth less: the hand will change)
                mode, cost = "approach", 0.5 * val + 0.5 * d
            val -= cost + 0.01 * d
            if val > best_score:
                best, how, best_score = cell, mode, val
        return best, how

    # ------------------------------------------------------------------ choose
    def choose(self, view, decision):
        legal = decision.legal
        if len(legal) == 1:
            return legal[0]
        v, s = view, decision.seat
        st = v.step
        texts = {a.verb: a for a in legal}
        if st == "move":
            return self._move(v, s, legal)
        if st == "teleport":
            target = self.target if self.target is not None else CENTRE
            return next((a for a in legal if a.args[0] * N + a.args[1] == target), legal[0])
        if st == "dragon":
            target = self.target if self.target is not None else v.seats[s].figure
            dist = distances(target, v.neigh.__getitem__)
            return min(legal, key=lambda a: dist.get(a.args[0] * N + a.args[1], 99))
        if st == "act":
            return self._act(v, s, legal, texts)
        if st == "pay":
            return self._pay(v, s, legal)
        return self._refill(v, s, legal)

    def _move(self, v, s, legal):
        h = v.seats[s].hand
        target, how = self._choose_target(v, s)
        self.target = target
        here = v.seats[s].figure
        if target != here:
            if how == "venti1":
                return next(a for a in legal if a.args == ("venti_1",))
            if how == "venti2" and v.steps_left < distances(here, v.neigh.__getitem__).get(target, 99):
                return next(a for a in legal if a.args == ("venti_2",))
            _, parent = bfs(target, v.neigh.__getitem__)
            step = parent.get(here, here)
            for a in legal:
                if a.verb == "move" and a.args[0] * N + a.args[1] == step:
                    return a
        if v.seats[s].markers == 0 and v.seats[s].hand_size > 12:
            # nothing to do without markers: let cards flow back to the others (a hand that
            # holds the whole deck would leave them nothing to finish buildings with)
            for a in legal:
                if a.verb == "play":
                    return a
        # at the target: bring a dragon along with a spare card
        if here == target and target != CENTRE and self._cell_value(v, s, target) > 0 \
                and v.seats[s].hand_size > 5:
            needed = {c for c, _ in v.tiles[v.board[target]].spaces}
            for k, colour in ((0, 0), (3, 1), (6, 2)):  # vulca_1/terrah_1/aqua_1
                dragon = k // 3
                if h[k] and v.dragons[dragon] != target and colour not in needed \
                        and WILD not in needed:
                    for a in legal:
                        if a.verb == "play" and a.args[0].endswith("_1") and \
                                a.args[0].startswith(("vulca", "terrah", "aqua")[dragon]):
                            return a
        return next(a for a in legal if a.verb == "done")

    def _act(self, v, s, legal, texts):
        if "offer" in texts:
            return texts["offer"]
        pillars = [a for a in legal if a.verb == "pillar"]
        if pillars:
            return pillars[0]
        contribs = [a for a in legal if a.verb == "contribute"]
        if contribs:
            cell = v.seats[s].figure
            td = v.tiles[v.board[cell]]
            free_spaces = _free_spaces(v, cell)
            n, _ = _plan_payments(v.seats[s].hand, free_spaces)
            finish = n >= len(free_spaces) and v.seats[s].markers >= len(free_spaces)
            if finish or v.seats[s].markers - 1 >= self._reserve(v, s) + self.buffer:
                return max(contribs, key=lambda a: (td.spaces[a.args[0]][1], -a.args[0]))
        if "draw" in texts:
            return texts["draw"]
        jumps = [a for a in legal if a.verb == "jump"]
        if jumps:
            if self._can_offer(v, s):
                return next(a for a in jumps if a.args == (2, 2))
            best = max(jumps, key=lambda a: self._cell_value(v, s, a.args[0] * N + a.args[1]))
            return best
        return texts.get("done", legal[0])

    def _pay(self, v, s, legal):
        need = v.pay_value - v.paid_so_far()
        pays = [a for a in legal if a.verb == "pay"]
        if not pays:
            return legal[0]
        col = v.pay_colour

        def key(a):
            name = a.args[0]
            people, val = name.rsplit("_", 1)
            val = int(val)
            native = ("vulca", "terrah", "aqua", "venti", "khind", "mimix", "lux", "pillar").index(people) == col
            wild = people in ("khind", "mimix") and not native
            over = val - need if val >= need else 10 + (need - val)
            return (wild, not native, over if native else 0, -val)

        return min(pays, key=key)

    def _refill(self, v, s, legal):
        discards = [a for a in legal if a.verb == "discard"]
        if not discards:
            return legal[-1]
        demand = [0] * 8
        wild = 0
        for cell in v.cells:
            if v.built[cell] or cell == CENTRE:
                continue
            for c, _val in _free_spaces(v, cell):
                if c == WILD:
                    wild += 1
                else:
                    demand[c] += 1
        close = v.seats[s].crystals + 4 >= (v.costs[len(v.obelisk)] if len(v.obelisk) < len(v.costs) else 99)

        def utility(a):
            people, val = a.args[0].rsplit("_", 1)
            val = int(val)
            p = ("vulca", "terrah", "aqua", "venti", "khind", "mimix", "lux", "pillar").index(people)
            if p in (4, 5) and val < 3:
                return 2.0
            if p == 7 and val < 3 and close:
                return 3.0
            if p == 6 and val < 3:
                return 1.0
            if demand[p] or wild:
                return val * (1.0 if demand[p] else 0.4)
            return 0.1 * val

        worst = min(discards, key=utility)
        if utility(worst) < 1.0:
            return worst
        return next(a for a in legal if a.verb == "done")


__all__ = ["HeuristicAgent"]
