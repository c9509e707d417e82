"""Tech tiles for every seat of the engines bot (:mod:`.bot_engines`, session 26, issue 32):
a value term beyond the scholar's :func:`.bot_eval.position_value` ("5) Pesquisa e
Tecnologias", "Apêndice VI").

- An **action tile** (basic tech9: charge 4 power; advanced advtech3: 1 QIC and 5 credits,
  advtech11: 3 ore, advtech13: 3 knowledge; once a round) counts, while unused this round,
  a share of what using it gains, and for each round left its gain at ``ACTION_ROUND`` times
  its stock worth (the scholar counts it at nothing).
- A **green federation token** is worth the larger of the scholar's flat VP and ``REACH`` of the best
  advanced tile the seat could still take with it (level ≥ 4 in the tile's track, or one step
  from it; the tile still there; a basic tile of its own to cover; a research lab, an academy
  or the 4-QIC action still in reach), net of the basic tile it would cover — so it is not
  flipped for a level 5 when an advanced tile is worth more. The tile is worth what the
  seat's value will count once taken: its immediate gain, the scholar's trigger VP a round
  left, its pass VP (below), an action tile's worth above.
- An **on-pass tile** (advtech1: 3 VP a federation token, advtech5: 3 VP a research lab,
  advtech7: 1 VP a planet type) counts its pass VP at today's count for each pass to come,
  in place of the scholar's flat VP a round left."""

from __future__ import annotations

from .bot_engine_base import FactionPlan
from .bot_eval import SCHOLAR, rounds_left
from .bots import _own_memos
from .components import ADVANCED_TECH, TECH
from .scoring import count_of

__all__ = ["TECH_PLAN", "TechPlan", "action_worth", "advanced_worth", "green_worth",
           "pass_worth"]

#: share of an unused action tile's gain counted now (using it gains a little more)
ACTION_NOW = 0.9
#: an action tile's gain a round left, in stock worths of that gain
ACTION_ROUND = 2.0
#: share of the best advanced tile in reach a green token is worth
REACH = 1.0
#: a power charge's worth (a token one bowl up: bot_eval's bowl steps)
_CHARGE = 0.05
#: structures that bring a tech tile, by their count's cap (a lab, an academy)
_TILE_BUILDINGS = {"lab": 3, "ac1": 1, "ac2": 1}


def _gain_worth(gain) -> float:
    """Stock worth (the scholar's) of one use of a tile's gain; VP at face value."""
    stock = SCHOLAR.stock
    return sum(n * (1.0 if r == "vp" else _CHARGE if r == "power_charge" else stock.get(r, 0.0))
               for r, n in gain.items())


def _late(left: int) -> float:
    return SCHOLAR.late[0] if left == 0 else SCHOLAR.late[1] if left == 1 else 1.0


def action_worth(p, tile: str, left: int) -> float:
    """What an action tile held is worth beyond the scholar: its gain this round while unused,
    ``ACTION_ROUND`` stock worths of it each round left."""
    w = _gain_worth(TECH[tile].gain)
    now = ACTION_NOW * w * _late(left) if tile not in p.used and not p.passed else 0.0
    return now + ACTION_ROUND * w * left


def pass_worth(state, seat: int, tile: str, left: int) -> float:
    """An on-pass tile's VP at its count now, for each pass still to come (this round's
    unless passed, and one a round left)."""
    t = TECH[tile]
    passes = left + (0 if state.pl[seat].passed else 1)
    return passes * count_of(state, seat, t.per) * _gain_worth(t.gain)


def _held_worth(state, seat: int, tile: str, left: int) -> float:
    """What a tile the seat holds (or would hold) is worth to its value from now on."""
    t, p = TECH[tile], state.pl[seat]
    if t.kind == "on_pass":
        return pass_worth(state, seat, tile, left)
    if t.kind == "trigger":
        return SCHOLAR.tech_round * left
    if t.kind == "action":
        return action_worth(p, tile, left)
    if t.kind == "income":
        per = sum(SCHOLAR.income.get(r, 0.0) * n for r, n in t.gain.items())
        per += SCHOLAR.charge * t.gain.get("power_charge", 0)
        return per * left * SCHOLAR.income_share
    return 0.0


def advanced_worth(state, seat: int, tile: str, left: int) -> float:
    """An advanced tile's worth if taken now: its immediate gain and its worth held."""
    t = TECH[tile]
    v = _held_worth(state, seat, tile, left)
    if t.kind == "immediate_per":
        v += count_of(state, seat, t.per) * _gain_worth(t.gain)
    elif t.kind == "immediate":
        v += _gain_worth(t.gain)
    return v


def _tile_in_reach(state, seat: int) -> bool:
    """A tech tile can still come: a lab or an academy left to build, or 4 QIC near."""
    p = state.pl[seat]
    return (any(p.counts.get(b, 0) < n for b, n in _TILE_BUILDINGS.items())
            or p.res["qic"] >= 3)


def green_worth(state, seat: int) -> float:
    """``REACH`` of the best advanced tile the seat could take with a green token, net of the
    basic tile it would cover (``0`` when none is in reach)."""
    p = state.pl[seat]
    left = rounds_left(state)
    covers = [t for t in p.tech if t not in p.covered]
    if not covers or left == 0 or not _tile_in_reach(state, seat):
        return 0.0
    best = 0.0
    for pos, tile in state.adv_at.items():
        if tile in state.adv_left and p.research[pos[4:]] >= 3:
            best = max(best, advanced_worth(state, seat, tile, left))
    if best <= 0.0:
        return 0.0
    lost = min(_held_worth(state, seat, t, left) for t in covers)
    return max(0.0, REACH * (best - lost))


class TechPlan(FactionPlan):
    """Action tiles, on-pass tiles and the green token's advanced tile (see the module
    docstring). A tech-tile choice with an advanced tile among its options is searched
    without the green token's advanced tile (``plain``): the tile in hand is the one it
    stood for."""

    def __init__(self) -> None:
        #: while a tech-tile choice is searched: the green token at the scholar's flat worth
        self.plain = False

    def decide(self, agent, state, seat: int, decision):
        if decision.kind != "tech" or not any(a.args and a.args[0] in ADVANCED_TECH
                                              for a in decision.legal):
            return None
        _own_memos(state)
        self.plain = True
        try:
            return agent._best(state, seat, decision.legal)[0]
        finally:
            self.plain = False

    def term(self, agent, state, seat: int) -> float:
        p = state.pl[seat]
        left = rounds_left(state)
        v = 0.0
        for t in p.active_tech():
            kind = TECH[t].kind
            if kind == "action":
                v += action_worth(p, t, left)
            elif kind == "on_pass":
                v += pass_worth(state, seat, t, left) - SCHOLAR.tech_round * left
        if p.green_tokens() and not self.plain:
            flat = SCHOLAR.fed_token * (
                1.0 if p.research and max(p.research.values()) >= 4 else SCHOLAR.fed_early)
            v += max(0.0, green_worth(state, seat) - flat)
        return v


#: the plan every seat follows (``bot_engines.COMMON``)
TECH_PLAN = TechPlan()
