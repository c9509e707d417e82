"""The Lantids', Geodens', Gleens' and Xenos' plans for the engines bot (session 26, issue 32):
the PI first (a trading station kept for it), a research opening; the engines bot with them
decides from its view alone (docs/bots.md, "Session 26: the site factions' engines")."""

from __future__ import annotations

from gaia_helpers import (
    completer_game,
    edited,
    play_from_views,
    twin_game_against_greedy,
    with_building,
    with_seat,
)

from gamekit.games.gaia import bot_engines
from gamekit.games.gaia.bot_engine_sites import SITES_PLANS, SitesPlan
from gamekit.games.gaia.bot_engines import PLANS, EngineAgent
from gamekit.games.gaia.bot_finisher import CompleterAgent


def test_the_site_plans_are_the_engines_bots() -> None:
    assert set(SITES_PLANS) <= {"lantids", "geodens", "gleens", "xenos"}
    assert all(PLANS[f] is SITES_PLANS[f] for f in SITES_PLANS)


def _turn_of(faction: str, seed: int, rounds: int):
    """A completer game of ``seed`` at the ``faction`` seat's first turn of round ``rounds``."""
    state = completer_game(seed, rounds)
    seat = next(k for k, p in enumerate(state.pl) if p.faction == faction)
    agents = [CompleterAgent(k) for k in range(4)]
    while not (state.to_move()[0] == seat and state.decision(seat).kind == "turn"):
        k = state.to_move()[0]
        state.apply(agents[k].choose(state.agent_view(k), state.decision(k)))
    return state, seat


def _rich(state, seat: int, **more):
    return with_seat(state, seat, resources={"credits": 30, "ore": 15, **more})


def test_a_legal_pi_is_the_only_main_action_up_to_its_round(monkeypatch) -> None:
    state, seat = _turn_of("lantids", 5, 2)
    p = state.pl[seat]
    mine = next(h for h, c in p.built.items() if c == "m")
    state = _rich(with_building(state, seat, mine, "ts"), seat)
    legal = state.legal_actions(seat)
    plan = SitesPlan(pi_by=2)
    got = plan.mains(None, state, seat, legal)
    assert got and all(a.verb == "upgrade" and a.args[-1] == "PI" for a in got)
    assert SitesPlan(pi_by=1).mains(None, state, seat, legal) == legal
    monkeypatch.setattr(bot_engines, "PLANS", {"lantids": plan})
    agent = EngineAgent(3)
    assert agent.choose(state.agent_view(seat), state.decision(seat)).args[-1] == "PI"


def test_the_first_trading_station_is_taken_and_the_last_kept_from_a_lab() -> None:
    state, seat = _turn_of("geodens", 5, 2)
    state = _rich(state, seat)
    plan = SitesPlan(pi_by=3)
    legal = state.legal_actions(seat)
    assert not state.pl[seat].counts.get("ts")
    got = plan.mains(None, state, seat, legal)
    assert got and all(a.verb == "upgrade" and a.args[-1] == "ts" for a in got)
    state.apply(got[0])
    assert SitesPlan(pi_by=3, ts_from=3).mains(None, state, seat, legal) == legal
    p = state.pl[seat]
    assert p.counts["ts"] == 1
    labs = [a for a in state.legal_actions(seat) if a.verb == "upgrade" and a.args[-1] == "lab"]
    kept = plan.mains(None, state, seat, state.legal_actions(seat))
    assert not any(a in kept for a in labs)


def test_the_research_opening_comes_first_in_round_one_only_below_its_level() -> None:
    state, seat = _turn_of("gleens", 5, 1)
    state = _rich(state, seat, knowledge=8)
    legal = state.legal_actions(seat)
    assert state.pl[seat].research["nav"] == 1  # the Gleens' start (Apêndice I)
    plan = SitesPlan(research=(("nav", 2),))
    got = plan.mains(None, state, seat, legal)
    assert [(a.verb, a.args[0]) for a in got] == [("research", "nav")]
    state = with_seat(state, seat, research={"nav": 2})
    assert plan.mains(None, state, seat, legal) == SitesPlan().mains(None, state, seat, legal)
    state = edited(state, lambda data: data.update(round=2))
    assert ("research", "nav") not in {(a.verb, a.args[0]) for a in
                                       SitesPlan(research=(("nav", 5),)).mains(
                                           None, state, seat, legal)[:1]}


#: every tried plan at once, so that each part decides in the games below
_TRIED = {"lantids": SitesPlan(guest=3.0), "geodens": SitesPlan(pi_by=3),
          "gleens": SitesPlan(pi_by=0, research=(("nav", 2),), gaia=2.0),
          "xenos": SitesPlan(pi_from=1)}


def test_choices_come_from_the_view_and_repeat_for_a_seed(monkeypatch) -> None:
    monkeypatch.setattr(bot_engines, "PLANS", _TRIED)
    state, _ = play_from_views(EngineAgent, 5, 80)
    assert {p.faction for p in state.pl} >= {"lantids", "geodens", "gleens"}
    assert state.round >= 1


def test_a_two_player_game_against_the_greedy_bot_ends(monkeypatch) -> None:
    monkeypatch.setattr(bot_engines, "PLANS", _TRIED)
    state = twin_game_against_greedy(EngineAgent)
    assert state.is_over()
    assert any(p.faction in _TRIED for p in state.pl)


def test_start_mines_count_the_guest_and_gaia_sites_within_two() -> None:
    from gamekit.games.gaia.bot_study import selfplay_state
    from gamekit.kit import hexgrid

    state = selfplay_state(5)
    agents = [CompleterAgent(k) for k in range(4)]
    while not (state.pl[state.to_move()[0]].faction == "lantids" and state.pl[0].built):
        k = state.to_move()[0]
        state.apply(agents[k].choose(state.agent_view(k), state.decision(k)))
    seat = state.to_move()[0]
    decision = state.decision(seat)
    assert decision.kind == "place"
    taken = [h for h, s in state.owner.items() if s != seat]
    assert taken
    plan, plain = SitesPlan(guest=3.0), SitesPlan()
    for a in decision.legal[:30]:
        h = state.hex_of(a.args[0])
        near = sum(1 for t in taken if hexgrid.distance(h, t) <= 2)
        assert plan.start_value(state, seat, a.args[0]) == (
            plain.start_value(state, seat, a.args[0]) + 3.0 * near)
    got = plan.decide(None, state, seat, decision)
    assert got == max(decision.legal, key=lambda a: plan.start_value(state, seat, a.args[0]))
    assert plain.decide(None, state, seat, decision) is None
    assert plan.decide(None, state, seat, state.decision(seat)) is not None
