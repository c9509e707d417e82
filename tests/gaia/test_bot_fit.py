"""The fitted leaf value of Gaia's ``foresight`` bot (:mod:`gamekit.games.gaia.bot_fit`): the
table loads, a clearly better position is valued above a worse one, a finished game counts its
real VP, and the fit recovers weights it was given (docs/bots.md, "Session 14: a fitted leaf
value")."""

from __future__ import annotations

import random

import pytest

from gamekit.core import RandomAgent, play
from gamekit.games.gaia.bot_fit import (
    FEATURES,
    fit,
    fitted_value,
    seat_features,
    strength,
    weights,
)
from gamekit.games.gaia.bots import PlannerAgent
from gamekit.games.gaia.state import GaiaState


def test_the_table_loads_a_weight_per_feature_for_every_round_and_table() -> None:
    for players in (2, 3, 4):
        for rnd in range(0, 7):
            w = weights(players, rnd)
            assert len(w) == len(FEATURES) and all(isinstance(v, float) for v in w)
    assert weights(2, 3)[FEATURES.index("vp")] > 0  # a VP scored is worth something


@pytest.fixture(scope="module")
def lopsided() -> GaiaState:
    """A 2-player game in round 4: the planner (seat 0) against a random player."""
    s = GaiaState.new(2, 51)
    s.quiet = True
    play(s, [PlannerAgent(1), RandomAgent(2)], until=lambda st: st.round == 4)
    return s


def test_a_clearly_better_position_is_valued_above_a_worse_one(lopsided) -> None:
    s = lopsided
    assert s.pl[0].vp > s.pl[1].vp  # the planner leads, as it should
    assert strength(s, 0) > strength(s, 1)
    assert fitted_value(s, 0) > 0 > fitted_value(s, 1)
    assert fitted_value(s, 0) == pytest.approx(-fitted_value(s, 1))
    assert len(seat_features(s, 0)) == len(FEATURES)


def test_a_finished_game_is_valued_by_its_final_vp() -> None:
    s = GaiaState.new(2, 52)
    s.quiet = True
    play(s, [PlannerAgent(1), PlannerAgent(2)])
    vp = [p.vp for p in s.pl]
    assert s.is_over() and fitted_value(s, 0) == vp[0] - vp[1]


@pytest.mark.parametrize("positive", [True, False])
def test_the_fit_recovers_the_weights_it_was_given(positive) -> None:
    """Rows whose final VP is an exact weighted sum of the features (VP scored weighing 1,
    plus a table constant): least squares on the centred rows gives those weights back, round
    by round; with ``positive`` a weight given below 0 comes back as 0 and none is negative."""
    rng = random.Random(3)
    truth = [[1.0] + [rng.uniform(0, 2) for _ in FEATURES[1:]] for _ in range(6)]
    truth[2][3] = -1.5
    rows = []
    for game in range(40):
        for rnd in range(1, 7):
            for _ in range(3):
                common = rng.uniform(0, 50)
                for seat in range(2):
                    x = [rng.uniform(0, 10) for _ in FEATURES]
                    vp = common + sum(a * b for a, b in zip(truth[rnd - 1], x, strict=True))
                    rows.append({"game": game, "round": rnd, "seat": seat, "x": x, "vp": vp})
    got = fit(rows, ridge=1e-6, positive=positive)
    for rnd, (w, t) in enumerate(zip(got, truth, strict=True), 1):
        if positive and rnd == 3:
            assert w[3] == 0.0 and min(w) >= 0.0
        else:
            assert w == pytest.approx(t, abs=0.01)
