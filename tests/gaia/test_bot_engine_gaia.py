"""The Gaia-area factions' plans for the engines bot (session 26, issue 32; docs/bots.md,
"Session 26: the Gaia-area engines"): the Itars' PI and Gaia-area tokens valued from round 2,
their Gaia-phase tech tile taken; choices from the view alone, the same for a seed."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from gaia_helpers import (
    completer_game,
    edited,
    play_from_views,
    twin_game_against_greedy,
    with_building,
    with_seat,
)

from gamekit.games.gaia.actions import plain_action
from gamekit.games.gaia.bot_engine_gaia import GAIA_PLANS, ItarsPlan, TerransPlan
from gamekit.games.gaia.bot_engines import PLANS, EngineAgent, plan_of

#: bot_study's set-up of seed 1005 seats the Itars at seat 0
SEED, SEAT = 1005, 0


@pytest.fixture(scope="module")
def round2():
    state = completer_game(SEED, 2)
    assert state.pl[SEAT].faction == "itars"
    return state


def test_the_group_s_plans_are_in_the_engines_table() -> None:
    assert all(PLANS[f] is plan for f, plan in GAIA_PLANS.items())


def _with_pi(state, gaia: int, seat: int = SEAT):
    hex_ = next(h for h, c in state.pl[seat].built.items() if c == "m")
    state = with_building(state, seat, hex_, "PI")
    b = state.pl[seat].bowls
    return with_seat(state, seat, bowls=[b.bowl1, b.bowl2, b.bowl3, gaia])


def test_itars_pi_and_gaia_tokens_count_from_round_2(round2) -> None:
    plan = ItarsPlan(pi_round=3.0, token=1.2, first=2, horizon=4, force=(2, 3), hold=3.0)
    assert not round2.pl[SEAT].counts.get("ts")
    assert plan.term(None, round2, SEAT) == 0.0  # no PI, no trading station for it
    two, six = _with_pi(round2, 2), _with_pi(round2, 6)
    assert plan.term(None, two, SEAT) == pytest.approx(3.0 * 4 + 1.2 * 2)
    assert plan.term(None, six, SEAT) - plan.term(None, two, SEAT) == pytest.approx(1.2 * 4)
    assert ItarsPlan(first=3).term(None, two, SEAT) == 0.0  # the PI counts from round 3


def _ts_and_means(state):
    hex_ = next(h for h, c in state.pl[SEAT].built.items() if c == "m")
    return with_seat(with_building(state, SEAT, hex_, "ts"), SEAT,
                     resources={"ore": 9, "credits": 20})


def test_itars_keep_a_trading_station_and_build_the_pi_once_legal(round2) -> None:
    state = _ts_and_means(round2)
    assert ItarsPlan(hold=3.0, force=(2, 3)).term(None, state, SEAT) == 3.0
    assert ItarsPlan().term(None, state, SEAT) == 0.0  # nothing forced, nothing held
    assert ItarsPlan(hold=3.0, force=(1,)).term(None, state, SEAT) == 0.0  # no round to come
    legal = state.legal_actions(SEAT)
    kept = ItarsPlan(force=(2, 3, 4)).mains(None, state, SEAT, legal)
    mains = [a for a in kept if a.verb not in ("convert", "burn")]
    assert [(a.verb, a.args[-1]) for a in mains] == [("upgrade", "PI")]
    assert len(kept) > 1 and all(a in legal for a in kept)
    assert ItarsPlan(force=(3, 4)).mains(None, state, SEAT, legal) == legal
    assert ItarsPlan().mains(None, round2, SEAT, round2.legal_actions(SEAT)) == (
        round2.legal_actions(SEAT))  # no PI upgrade legal: every action kept


def test_terrans_count_gaia_projects_tokens_and_the_pi() -> None:
    state = completer_game(1001, 2)  # the Terrans at seat 0, a gaiaformer placed in round 1
    assert state.pl[0].faction == "terrans" and list(state.gf.values()) == [0]
    plan = TerransPlan(pi_round=2.0, project=2.5, token=0.1, pi_token=0.25)
    assert plan.term(None, state, 0) == pytest.approx(2.5)
    none = edited(state, lambda data: data.update(gaiaformers={}))
    assert plan.term(None, none, 0) == 0.0
    pi = _with_pi(none, 4, 0)
    assert plan.term(None, pi, 0) == pytest.approx(2.0 * 4 + 4 * 0.35)
    assert plan.term(None, pi, 1) == 0.0  # another seat's PI and tokens are not theirs


def test_itars_take_the_tech_tile_in_the_gaia_phase(round2) -> None:
    legal = [plain_action(SEAT, "itars", "done"), plain_action(SEAT, "itars", "tech")]
    itars = SimpleNamespace(kind="itars", legal=legal)
    got = plan_of(round2, SEAT).decide(None, round2, SEAT, itars)
    assert got == plain_action(SEAT, "itars", "tech")
    other = SimpleNamespace(kind="leech", legal=legal)
    assert plan_of(round2, SEAT).decide(None, round2, SEAT, other) is None


def test_engines_with_the_gaia_plans_decide_from_the_view() -> None:
    state, _ = play_from_views(EngineAgent, SEED, 40)
    assert state.pl[SEAT].faction == "itars" and state.round >= 1


def test_engines_play_a_two_player_game_against_greedy() -> None:
    assert twin_game_against_greedy(EngineAgent).is_over()
