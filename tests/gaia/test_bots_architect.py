"""The Gaia architect (registered ``architect``, session 14, issue 32): the scholar with a
faction's opening plan (``bot_plan``): the planetary institute first, its ore and credits kept in
reserve, for the factions of ``PI_FIRST``; the scholar's own valuation for the others. Decides from
the seat's view alone, the same choice for the same seed (figures: docs/bots.md "Session 14")."""

from __future__ import annotations

from gamekit.core import make_agent
from gamekit.games.gaia.bot_eval import SCHOLAR, position_value
from gamekit.games.gaia.bot_plan import PI_FIRST, PLAN, ArchitectAgent, plan_value
from gamekit.games.gaia.bot_scholar import ScholarAgent
from gamekit.games.gaia.state import GaiaState

#: two factions of the plan and two without one (distinct home planets)
_FACTIONS = ["hadsch-hallas", "gleens", "terrans", "geodens"]


def _decisions(seed: int, count: int):
    s = GaiaState.new(4, seed, layout="random", factions=_FACTIONS)
    s.quiet = True
    agents = [ArchitectAgent(seed * 10 + k) for k in range(4)]
    for _ in range(count):
        seat = s.to_move()[0]
        yield s, seat
        s.apply(agents[seat].choose(s.agent_view(seat), s.decision(seat)))


def test_same_seed_same_choices_and_the_registered_name() -> None:
    agent = make_agent("gaia", "architect", 3)
    assert isinstance(agent, ArchitectAgent) and isinstance(agent, ScholarAgent)
    assert agent.name == "architect"
    for state, seat in _decisions(11, 40):
        decision = state.decision(seat)
        view = state.agent_view(seat)
        assert ArchitectAgent(2).choose(view, decision) == ArchitectAgent(2).choose(view, decision)


def test_the_plan_only_for_its_factions_and_the_reserve_counts() -> None:
    """Round 1, before any PI: a faction without the plan is valued as the scholar values it;
    one with it loses the VP of the ore and credits it lacks for the station and the PI."""
    assert {"hadsch-hallas", "terrans"} <= PI_FIRST and not {"gleens", "geodens"} & PI_FIRST
    state = next(s for s, _ in _decisions(5, 200) if s.round == 1)
    for seat, p in enumerate(state.pl):
        scholar = position_value(state, seat, SCHOLAR)
        if p.faction not in PI_FIRST:
            assert plan_value(state, seat) == scholar
            continue
        kinds = set(p.built.values())
        assert "PI" not in kinds
        ore, credits = (4, 6) if "ts" in kinds else (6, 9)
        short = (PLAN.ore * max(0, ore - p.res["ore"])
                 + PLAN.credits * max(0, credits - p.res["credits"]))
        assert plan_value(state, seat) == scholar - short + PLAN.step * ("ts" in kinds)
