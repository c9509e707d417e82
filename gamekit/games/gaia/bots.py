"""The planning agent for Gaia Project (registered `planner`, and `heuristic` as
``HeuristicAgent``; the greedy agent `greedy` is `bot_greedy`): one action ahead on a copy of
the game, the position valued by :func:`.bot_eval.position_value` (VP now plus what stock, income, research, structures
and tiles should still bring).

* A turn: every main action is tried on a copy, the sub-decisions it opens for the same seat
  (research step, tech tile, mine after a power action, booster on passing...) answered the same
  way; a free conversion is kept only when the best main action after it is worth more than the
  best one now (power and ore turned into what a build or upgrade needs).
* Federations: the ready candidates ("Formando uma Aliança"); never one laid out by hand.
* Leech ("Carregando Poder"): taken while the power is worth the VP it costs (up to 4 power in
  the first four rounds, 2 later), always when it costs nothing.
* Set-up: the faction it plays best still free (``FACTION_PREFERENCE``); in an auction it names
  those and bids up to a few VP on them; start mines where the most cheap planets lie near.
Deterministic for a seed (ties broken by the agent's own ``rng``)."""

from __future__ import annotations

from gamekit.core import Action, Agent
from gamekit.core.stack import Pending
from gamekit.kit import hexgrid

from .actions import turn_part
from .bot_eval import position_value, rounds_left
from .bot_greedy import FACTION_PREFERENCE, GreedyAgent
from .components import FACTIONS, terraform_steps

#: VP it bids at most for a faction in an auction, by its rank in ``FACTION_PREFERENCE``
_MAX_BID = (6, 5, 4, 4, 3, 3, 2, 2, 1, 1, 0, 0, 0, 0)
_MAIN = frozenset(("build", "gaia", "upgrade", "research", "action", "special", "federation",
                   "pass"))
_FREE = frozenset(("convert", "burn"))
#: decisions answered by trying each choice on a copy
_SEARCHED = frozenset(("step", "tech", "cover", "mine", "booster", "lost", "station", "downlab",
                       "recall", "swap", "rescore", "fedtoken", "brainstone", "brainstone_spend",
                       "tokens", "terrans", "itars", "income_order"))


class PlannerAgent(Agent):
    """One-ply search on the position value (see the module docstring)."""

    name = "planner"
    needs_view = True
    #: look-ahead rollouts play the cheap greedy agent instead (``RolloutPolicy``)
    rollout_policy = GreedyAgent
    #: how a position is valued for a seat (a subclass may value it its own way)
    value = staticmethod(position_value)

    def __init__(self, seed: int = 0, depth: int = 3, beam: int = 8, follow: float = 0.8):
        super().__init__(seed)
        self.depth = depth
        #: main actions whose best own follow-up is looked at, and the share of its gain counted
        self.beam, self.follow = beam, follow

    def choose(self, view, decision):
        legal = decision.legal
        if len(legal) == 1:
            return legal[0]
        if view is not None:
            _own_memos(view)
        kind = decision.kind
        seat = legal[0].seat
        if kind == "turn":
            return self._turn(view, seat, legal)
        if kind == "after":
            return self._after(view, seat, legal)
        if kind == "faction":
            return min(legal, key=lambda a: FACTION_PREFERENCE.index(a.args[0]))
        if kind in ("auction", "auction_name", "auction_bid"):
            return self._auction(view, seat, legal)
        if kind == "leech":
            return self._leech(view, legal)
        if kind == "place":
            return max(legal, key=lambda a: self._start_value(view, seat, a.args[0]))
        if kind == "fedpick":  # only ready federations are formed: never lay one out
            return legal[-1]
        if kind in _SEARCHED:
            return self._best(view, seat, legal)[0]
        return legal[0]

    # ------------------------------------------------------------------ search
    def _after_action(self, state, seat: int, action: Action, depth: int) -> float:
        """Value for ``seat`` of ``state`` after ``action``, answering its own sub-decisions."""
        s = state.clone()
        s.quiet = True
        self._play(s, action)
        self._settle(s, seat, depth)
        return self.value(s, seat)

    def _play(self, s, action: Action) -> None:
        """Apply one of the seat's moves on a copy (a subclass may add moves of several
        actions)."""
        s.apply(action, False)

    def _settle(self, s, seat: int, depth: int) -> None:
        """Answer the sub-decisions ``s`` asks ``seat`` next, each by the best value."""
        while depth > 0 and not s.over and s.stack and s.stack[-1].seat == seat:
            if s.stack[-1].kind not in _SEARCHED:
                break
            legal = s.legal_actions(seat)
            if not legal:
                break
            best = legal[0] if len(legal) == 1 else self._best(s, seat, legal, depth - 1)[0]
            s.apply(best, False)
            depth -= 1

    def _best(self, state, seat: int, legal: list[Action], depth: int | None = None):
        depth = self.depth if depth is None else depth
        best, val = legal[0], float("-inf")
        for a in legal:
            v = self._after_action(state, seat, a, depth) + 1e-6 * self.rng.random()
            if v > val:
                best, val = a, v
        return best, val

    def _turn(self, state, seat: int, legal: list[Action]) -> Action:
        mains = [a for a in legal if a.verb in _MAIN and not _custom(a)]
        best, val = self._best_two(state, seat, mains)
        if rounds_left(state) == 0 and best.verb == "pass":
            return best  # last round: the end-game conversions are made for the player
        for a in legal:
            if a.verb in _FREE:
                v = self._converted(state, seat, a)
                if v > val + 0.3:
                    best, val = a, v
        return best

    def _best_two(self, state, seat: int, mains: list[Action]):
        """The best main action of :meth:`_ranked_values` and its value."""
        v, a = self._ranked_values(state, seat, mains)[0]
        return a, v

    def _ranked_values(self, state, seat: int, mains: list[Action]) -> list[tuple[float, Action]]:
        """``(value, action)`` of each main action, best first, the ``beam`` best by their own
        value counting ``follow`` of what the seat's best next main action would add (research
        a navigation level, then build...)."""
        tried = []
        for a in mains:
            s = state.clone()
            s.quiet = True
            self._play(s, a)
            self._settle(s, seat, self.depth)
            tried.append((self.value(s, seat) + 1e-6 * self.rng.random(), a, s))
        tried.sort(key=lambda t: -t[0])
        ranked = [(v, a) for v, a, _s in tried]
        if self.beam and rounds_left(state) > 0:
            for i, (v, a, s) in enumerate(tried[:self.beam]):
                if a.verb != "pass":
                    ranked[i] = (v + self.follow * max(0.0, self._next_gain(s, seat) - v), a)
            ranked.sort(key=lambda t: -t[0])  # stable: a tie keeps the order above
        return ranked

    def _next_gain(self, s, seat: int) -> float:
        """Value after the seat's best main action (but passing) taken next, as if its turn
        came again at once; ``-inf`` when it cannot."""
        if s.over or not s.front_is(seat, "after"):
            return float("-inf")
        s.stack = (*s.stack[:-1], Pending("turn", seat))
        s._legal_cache = {}  # the list it held was the free actions' after the first
        nxt = [b for b in s.legal_actions(seat)
               if b.verb in _MAIN and b.verb != "pass" and not _custom(b)]
        top = float("-inf")
        for b in nxt:
            top = max(top, self._after_action(s, seat, b, 1))
        return top

    def _converted(self, state, seat: int, action: Action) -> float:
        """The best main action after one to four of the same conversion (what a build or
        upgrade needs); ``-inf`` when none is open."""
        s = state.clone()
        s.quiet = True
        top = float("-inf")
        for _ in range(4):
            if not s.front_is(seat, "turn") or action not in turn_part(s, seat, action.verb):
                break
            s.apply(action, False)
            self._settle(s, seat, 1)
            if not s.front_is(seat, "turn"):
                break
            after = [b for b in turn_part(s, seat, "build") + turn_part(s, seat, "upgrade")
                     + turn_part(s, seat, "research") + turn_part(s, seat, "action")
                     + turn_part(s, seat, "gaia") if not _custom(b)]
            if after:
                top = max(top, self._best(s, seat, after, 1)[1])
        return top

    def _after(self, state, seat: int, legal: list[Action]) -> Action:
        """Free actions after the main one: only conversions that add value."""
        end = next(a for a in legal if a.verb == "end")
        base = self.value(state, seat)
        best, val = end, base + 0.2
        for a in legal:
            if a.verb in _FREE:
                v = self._after_action(state, seat, a, 0)
                if v > val:
                    best, val = a, v
        return best

    # ------------------------------------------------------------------ other decisions
    def _leech(self, state, legal: list[Action]) -> Action:
        cap = 4 if 1 <= state.round <= 4 or state.round == 0 else 2
        takes = [a for a in legal if a.verb == "leech"]
        ok = [a for a in takes if a.args[0] <= cap or a.args[0] <= 1]
        if ok:
            return max(ok, key=lambda a: (a.args[0], len(a.args)))
        return next((a for a in legal if a.verb == "decline"), legal[-1])

    def _auction(self, state, seat: int, legal: list[Action]) -> Action:
        def rank(f: str) -> int:
            return FACTION_PREFERENCE.index(f)

        names = [a for a in legal if a.verb in ("name", "faction")]
        bids = [a for a in legal if a.verb == "bid" and a.args[1] <= _MAX_BID[rank(a.args[0])]]
        if bids:  # the best faction still worth its price, at the lowest bid
            return min(bids, key=lambda a: (rank(a.args[0]), a.args[1]))
        if names:
            return min(names, key=lambda a: rank(a.args[0]))
        return min(legal, key=lambda a: (a.args[1] if len(a.args) > 1 else 0, rank(a.args[0])))

    @staticmethod
    def _start_value(state, seat: int, label: str) -> float:
        """Planets near a start hex, the cheap ones (few terraforming steps) counted most."""
        h = state.hex_of(label)
        home = FACTIONS[state.pl[seat].faction].home
        v = 0.0
        for other, ptype in state.ptype.items():
            d = hexgrid.distance(h, other)
            if other == h or d > 3 or other in state.owner:
                continue
            cost = 3 if ptype in ("gaia", "transdim", "lost") else terraform_steps(home, ptype)
            v += (1.0 if d <= 2 else 0.5) * (4 - min(cost, 3))
        return v


class HeuristicAgent(PlannerAgent):
    """The registered Gaia ``heuristic`` (issue 29): the planner itself, registered under both
    names; it wins every measured 4-player game against three random bots (docs/bots.md).
    Lesson forks, what-if and look-ahead rollouts play the cheaper greedy agent
    (``rollout_policy``, registered ``greedy``)."""

    name = "heuristic"


def _own_memos(view) -> None:
    """Give the view memos of its own: a clone shares the engine's ``_*_memo`` tables with
    the game it came from, and the copies this agent plays on could otherwise leave entries
    there that the game then reads (seen: a legal mine refused after the agent had looked
    two actions ahead, seed 1013)."""
    d = view.__dict__
    for k in [k for k in d if k.endswith("_memo")]:
        del d[k]


def _custom(a: Action) -> bool:
    return a.verb == "federation" and a.args and a.args[0] == "custom"
