"""The Gaia engines bot (session 26, issue 32): the completer asking the seat's faction plan
for a term of its value, the main actions a turn considers and its own decisions; a faction
without a plan plays exactly as the completer (docs/bots.md, "Session 26")."""

from __future__ import annotations

import pytest
from gaia_helpers import completer_game, play_from_views

from gamekit.games.gaia import bot_engines
from gamekit.games.gaia.bot_engine_base import FactionPlan
from gamekit.games.gaia.bot_engines import PLANS, EngineAgent, plan_of
from gamekit.games.gaia.bot_eval import SCHOLAR, position_value
from gamekit.games.gaia.bot_finisher import CompleterAgent
from gamekit.games.gaia.components import FACTIONS


def test_plans_are_keyed_by_faction_ids_and_are_plans() -> None:
    assert set(PLANS) <= set(FACTIONS)
    assert all(isinstance(p, FactionPlan) for p in PLANS.values())


def test_a_faction_without_a_plan_plays_as_the_completer(monkeypatch) -> None:
    monkeypatch.setattr(bot_engines, "PLANS", {})
    state = completer_game(3, 1)
    for _ in range(40):
        seat = state.to_move()[0]
        decision = state.decision(seat)
        got = EngineAgent(seat).choose(state.agent_view(seat), decision)
        assert got == CompleterAgent(seat).choose(state.agent_view(seat), decision)
        state.apply(got)


class _Probe(FactionPlan):
    """A plan that only lets the seat pass, counts 5 VP more and answers leech by declining."""

    def term(self, agent, state, seat):
        return 5.0

    def mains(self, agent, state, seat, legal):
        return [a for a in legal if a.verb == "pass"]

    def decide(self, agent, state, seat, decision):
        return next((a for a in decision.legal if a.verb == "decline"), None)


def test_a_plan_answers_its_seat_only(monkeypatch) -> None:
    state = completer_game(5, 1)
    seat = state.to_move()[0]
    faction = state.pl[seat].faction
    monkeypatch.setattr(bot_engines, "PLANS", {faction: _Probe()})
    agent = EngineAgent(seat)
    assert isinstance(plan_of(state, seat), _Probe)
    assert agent.rounds(state, seat) == pytest.approx(position_value(state, seat, SCHOLAR) + 5)
    got = agent.choose(state.agent_view(seat), state.decision(seat))
    assert got.verb == "pass"
    other = next(k for k in range(4) if state.pl[k].faction != faction)
    assert type(plan_of(state, other)) is FactionPlan
    assert agent.rounds(state, other) == pytest.approx(position_value(state, other, SCHOLAR))


def test_choices_come_from_the_view_and_repeat_for_a_seed() -> None:
    state, _ = play_from_views(EngineAgent, 2, 60)
    assert state.round >= 1


class _Two(FactionPlan):
    def term(self, agent, state, seat):
        return 2.0


def test_the_common_plan_counts_for_every_seat(monkeypatch) -> None:
    state = completer_game(5, 1)
    monkeypatch.setattr(bot_engines, "PLANS", {})
    monkeypatch.setattr(EngineAgent, "common", _Two())
    agent = EngineAgent(0)
    for seat in range(4):
        assert agent.rounds(state, seat) == pytest.approx(
            position_value(state, seat, SCHOLAR) + 2)
