"""The joint tuning of the scholar's valuation (``bot_tune``, session 17, issue 32): the
parameters map onto the valuation's worths, the CMA-ES climbs, and one generation logs what
each candidate, the mean and the bot (the scholar or, session 18, the finisher) scored on the
same seeds (figures: docs/bots.md)."""

from __future__ import annotations

import json
import math

import numpy as np

from gamekit.games.gaia.bot_eval import SCHOLAR
from gamekit.games.gaia.bot_study import selfplay_game
from gamekit.games.gaia.bot_tune import FINISHER_PARAMS, PARAMS, Cma, run, valuation


def test_zero_is_the_scholar_and_each_parameter_scales_its_worths() -> None:
    assert valuation(np.zeros(len(PARAMS))) == SCHOLAR
    names = [name for name, _t in PARAMS]
    x = np.zeros(len(PARAMS))
    x[names.index("structure.ac")] = math.log(2)
    x[names.index("bowl")] = math.log(0.5)
    x[names.index("power income")] = math.log(3)
    k = valuation(x)
    assert k.structure == {**SCHOLAR.structure, "ac1": 2 * SCHOLAR.structure["ac1"],
                           "ac2": 2 * SCHOLAR.structure["ac2"]}
    assert k.bowl == tuple(0.5 * w for w in SCHOLAR.bowl)
    assert math.isclose(k.charge, 3 * SCHOLAR.charge) and math.isclose(k.token, 3 * SCHOLAR.token)
    assert (k.stock, k.income, k.final) == (SCHOLAR.stock, SCHOLAR.income, SCHOLAR.final)


def test_the_cma_es_finds_the_top_of_a_noisy_bowl() -> None:
    rng = np.random.default_rng(0)
    es = Cma(5, 8, 0.5, seed=1)
    for _ in range(80):
        xs = es.ask()
        es.tell(xs, [-float(((x - 1.0) ** 2).sum()) + 0.01 * rng.standard_normal() for x in xs])
    assert np.abs(es.mean - 1.0).max() < 0.1
    assert es.sigma < 0.5


def test_one_generation_logs_candidates_the_mean_and_the_scholar(tmp_path) -> None:
    log = tmp_path / "tune.jsonl"
    mean = run(1, 2, 1, 7, str(log), workers=1, players=2)
    (line,) = [json.loads(t) for t in log.read_text(encoding="utf-8").splitlines()]
    assert line["gen"] == 0 and line["seeds"] == [7] and len(line["vp"]) == 2
    assert len(line["xs"]) == 2 and all(len(x) == len(PARAMS) for x in line["xs"])
    assert line["mean"] == [0.0] * len(PARAMS) and len(mean) == len(PARAMS)
    scholar = selfplay_game(7, 2, ("scholar",))
    assert line["scholar_vp"] == line["mean_vp"] == sum(r["score"] for r in scholar) / 2
    best = int(np.argmax(line["vp"]))
    assert np.allclose(mean, line["xs"][best])  # two candidates: the mean moves to the better


def test_the_finisher_s_parameters_split_power_income_and_add_the_early_shares() -> None:
    names = [name for name, _t in FINISHER_PARAMS]
    assert "power income" not in names and len(names) == len(set(names)) == len(PARAMS) + 7
    assert valuation(np.zeros(len(FINISHER_PARAMS)), params=FINISHER_PARAMS) == SCHOLAR
    x = np.zeros(len(FINISHER_PARAMS))
    x[names.index("token")] = math.log(2)
    x[names.index("late.5")] = math.log(0.5)
    x[names.index("time_base")] = math.log(1.5)
    k = valuation(x, params=FINISHER_PARAMS)
    assert math.isclose(k.token, 2 * SCHOLAR.token) and k.charge == SCHOLAR.charge
    assert k.late == (SCHOLAR.late[0], 0.5 * SCHOLAR.late[1])
    assert math.isclose(k.time_base, 1.5 * SCHOLAR.time_base)
    assert k.time_step == SCHOLAR.time_step and k.income_share == SCHOLAR.income_share


def test_a_finisher_generation_plays_the_finisher_itself_at_zero(tmp_path) -> None:
    log = tmp_path / "tune.jsonl"
    mean = run(1, 2, 1, 11, str(log), workers=1, players=2, bot="finisher")
    (line,) = [json.loads(t) for t in log.read_text(encoding="utf-8").splitlines()]
    assert line["bot"] == "finisher" and line["seeds"] == [11]
    assert all(len(x) == len(FINISHER_PARAMS) for x in line["xs"])
    finisher = selfplay_game(11, 2, ("finisher",))
    assert line["finisher_vp"] == line["mean_vp"] == sum(r["score"] for r in finisher) / 2
    assert line["games_finisher"] == [line["finisher_vp"]]
    best = int(np.argmax(line["vp"]))
    assert np.allclose(mean, line["xs"][best]) and len(mean) == len(FINISHER_PARAMS)
