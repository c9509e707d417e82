"""The greedy Gaia agent (registered ``greedy``): cheap enough to be the rollout policy of
what-if, look-ahead and lesson fork playouts (the planner and the heuristic of :mod:`.bots`
name it as such) and the baseline of the bots' measurements.

Greedy by action kind: form a federation (a ready candidate, never one laid out by hand), use
special actions, upgrade (trading station, then research lab and planetary institute, then
academies), build a mine, research (economy and science first), power actions; never a free
conversion; pass when nothing else is left. Leech is accepted up to 3 power. Sub-decisions take
the first choice the rules list (booster: the one with the most income)."""

from __future__ import annotations

from gamekit.core import Agent

from .components import BOOSTERS

_VERB = {"federation": 12.0, "special": 11.0, "upgrade": 9.0, "build": 8.0, "research": 7.0,
         "action": 6.0, "gaia": 5.0, "pass": 1.0, "convert": -1.0, "burn": -1.0}
_UPGRADE = {"ts": 1.0, "lab": 0.6, "PI": 0.8, "ac1": 0.2, "ac2": 0.3}
_TRACK = {"eco": 0.6, "sci": 0.5, "terra": 0.4, "nav": 0.3, "gaia": 0.1, "int": 0.2}
#: factions the agents play best, best first (greedy: 30 games of each faction against three
#: random players, wins 30/30 ... 23/30, docs/games/gaia.md; the heuristic: docs/bots.md)
FACTION_PREFERENCE = ("ivits", "gleens", "ambas", "firaks", "hadsch-hallas", "terrans", "xenos",
                      "nevlas", "bescods", "itars", "lantids", "taklons", "baltaks", "geodens")


class GreedyAgent(Agent):
    """Greedy builder (see the module docstring)."""

    name = "greedy"
    needs_view = False

    def choose(self, view, decision):
        legal = decision.legal
        kind = decision.kind
        if kind in ("turn", "after"):
            return max(legal, key=lambda a: self._value(a) + 0.01 * self.rng.random())
        if kind == "faction":
            return min(legal, key=lambda a: FACTION_PREFERENCE.index(a.args[0]))
        if kind == "leech":
            return next((a for a in legal if a.verb == "leech" and a.args[0] <= 3), legal[-1])
        if kind == "booster":
            return max(legal, key=lambda a: sum(BOOSTERS[a.args[0]].income.values()))
        if kind == "step":
            return max(legal, key=lambda a: _TRACK.get(a.args[0], -1.0))
        if kind == "fedpick":  # it only takes ready federations
            return legal[-1]
        return legal[0] if decision.kind != "itars" else legal[0]

    def _value(self, a) -> float:
        if a.verb == "end":
            return 0.0
        v = _VERB.get(a.verb, 0.0)
        if a.verb == "federation" and a.args[0] == "custom":
            return 0.5
        if a.verb == "upgrade":
            v += _UPGRADE.get(a.args[1], 0.0)
        elif a.verb == "research":
            v += _TRACK.get(a.args[0], 0.0)
        return v
