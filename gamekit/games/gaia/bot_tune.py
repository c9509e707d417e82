"""Tune the scholar's valuation jointly (session 17, issue 32): a small CMA-ES of our own over
log-multipliers of :data:`.bot_eval.SCHOLAR`'s worths (:data:`PARAMS`), each candidate scored by
the mean VP a player of 4-player self-play, every seat the scholar valuing positions at the
candidate's worth (:func:`.bot_study.selfplay_game`: random factions and map). With ``--bot
finisher`` (session 18) every seat is the finisher valuing rounds 1–5 at the candidate's worths
(:data:`FINISHER_PARAMS`), its exact round 6 unchanged ("Fim do Jogo e Pontuação").

Common random numbers: every candidate of a generation plays the same seeds, fresh seeds each
generation (``--seed`` on, far from the validation seeds 1000–1199); the distribution's mean and
the bot itself play them too, so each generation logs the mean's VP beside the bot's on the
same games. A JSON line a generation goes to ``--log`` as it ends (a run cut short still
counts). ``python -m gamekit.games.gaia.bot_tune --generations 30 --pop 8 --games 4 --log
tune.jsonl`` (2 worker processes by default)."""

from __future__ import annotations

import argparse
import json
import math
from dataclasses import replace
from functools import partial
from multiprocessing import Pool

import numpy as np

from .bot_eval import SCHOLAR, Valuation, position_value
from .bot_finisher import FinisherAgent
from .bot_scholar import ScholarAgent
from .bot_study import selfplay_game

__all__ = ["FINISHER_PARAMS", "PARAMS", "Cma", "run", "valuation"]

#: the tuned parameters: a name and the worths it multiplies (a field, and its key or index)
PARAMS: tuple[tuple[str, tuple[tuple[str, object], ...]], ...] = (
    *((f"stock.{r}", (("stock", r),)) for r in ("credits", "ore", "knowledge", "qic")),
    *((f"income.{r}", (("income", r),)) for r in ("credits", "ore", "knowledge", "qic")),
    *((f"structure.{c}", (("structure", c),)) for c in ("m", "ts", "lab", "PI")),
    ("structure.ac", (("structure", "ac1"), ("structure", "ac2"))),
    ("bowl", tuple(("bowl", i) for i in range(4))),
    ("power income", (("charge", None), ("token", None))),
    *((f, ((f, None),)) for f in ("final", "terra", "nav", "research_use", "gaiaformer",
                                  "fed_token", "tech_round", "booster_pass", "booster_action")),
)
#: the finisher's (session 18): the scholar's with the power charge and the new token apart, and
#: the shares that shape rounds 1–5's economy — income counted now, a structure's worth early
#: (``time_base`` + ``time_step`` a round left), a federation token before level 4, research's
#: end VP, the stock kept in round 5 (round 6's ``late`` share only breaks the beam's ties)
FINISHER_PARAMS: tuple[tuple[str, tuple[tuple[str, object], ...]], ...] = (
    *(p for p in PARAMS if p[0] != "power income"),
    *((f, ((f, None),)) for f in ("charge", "token", "income_share", "time_base", "time_step",
                                  "fed_early", "research_end")),
    ("late.5", (("late", 1),)),
)
#: the parameters each bot tunes
_BOTS = {"scholar": PARAMS, "finisher": FINISHER_PARAMS}


def valuation(x, base: Valuation = SCHOLAR, params=PARAMS) -> Valuation:
    """``base`` with each ``params`` entry's worths multiplied by ``exp(x[i])``."""
    got: dict[str, object] = {}
    for (_name, targets), xi in zip(params, x):
        m = math.exp(xi)
        for f, key in targets:
            old = got.get(f, getattr(base, f))
            if key is None:
                got[f] = old * m
            elif isinstance(old, dict):
                got[f] = {**old, key: old[key] * m}
            else:
                got[f] = tuple(w * m if i == key else w for i, w in enumerate(old))
    return replace(base, **got)


def _candidate(x: tuple[float, ...], _name: str, seed: int) -> ScholarAgent:
    """The scholar valuing positions at :func:`valuation` of ``x``."""
    agent = ScholarAgent(seed)
    agent.value = partial(position_value, k=valuation(x))  # type: ignore[method-assign]
    return agent


def _early(state, seat: int, k: Valuation) -> float:
    """The position's value at ``k`` before round 6, at the scholar's in round 6 (so the
    finisher's round-6 guide and ties are its own)."""
    return position_value(state, seat, SCHOLAR if state.round == 6 else k)


def _finisher(x: tuple[float, ...], _name: str, seed: int) -> FinisherAgent:
    """The finisher valuing rounds 1–5 at :func:`valuation` of ``x`` (:data:`FINISHER_PARAMS`)."""
    agent = FinisherAgent(seed)
    agent.rounds = partial(_early, k=valuation(x, params=FINISHER_PARAMS))  # type: ignore[method-assign]
    return agent


def _game(task: tuple[tuple[float, ...], int, int, str]) -> float:
    """Mean VP a player of one self-play game (``x``, seed, players, bot)."""
    x, seed, players, bot = task
    make = _finisher if bot == "finisher" else _candidate
    rows = selfplay_game(seed, players, ("tuned",), partial(make, x))
    return sum(r["score"] for r in rows) / len(rows)


class Cma:
    """A plain (mu/mu_w, lambda) CMA-ES (Hansen's tutorial, 2016): ``ask`` a population,
    ``tell`` it their scores (higher is better)."""

    def __init__(self, n: int, pop: int, sigma: float, seed: int) -> None:
        self.n, self.pop, self.sigma = n, pop, sigma
        self.rng = np.random.default_rng(seed)
        self.mean = np.zeros(n)
        mu = pop // 2
        w = math.log(mu + 0.5) - np.log(np.arange(1, mu + 1))
        self.w = w / w.sum()
        self.mueff = 1.0 / float((self.w ** 2).sum())
        self.cc = (4 + self.mueff / n) / (n + 4 + 2 * self.mueff / n)
        self.cs = (self.mueff + 2) / (n + self.mueff + 5)
        self.c1 = 2 / ((n + 1.3) ** 2 + self.mueff)
        self.cmu = min(1 - self.c1, 2 * (self.mueff - 2 + 1 / self.mueff)
                       / ((n + 2) ** 2 + self.mueff))
        self.damps = 1 + 2 * max(0.0, math.sqrt((self.mueff - 1) / (n + 1)) - 1) + self.cs
        self.chin = math.sqrt(n) * (1 - 1 / (4 * n) + 1 / (21 * n * n))
        self.pc, self.ps = np.zeros(n), np.zeros(n)
        self.C = np.eye(n)
        self.gen = 0

    def ask(self) -> np.ndarray:
        """``pop`` candidates drawn around the mean (one a row)."""
        vals, vecs = np.linalg.eigh(self.C)
        self._b, self._d = vecs, np.sqrt(np.maximum(vals, 1e-20))
        z = self.rng.standard_normal((self.pop, self.n))
        return self.mean + self.sigma * (z * self._d) @ self._b.T

    def tell(self, xs: np.ndarray, scores: list[float]) -> None:
        """Move the mean toward the best half of ``xs`` and adapt the step and the shape."""
        order = np.argsort(-np.asarray(scores), kind="stable")[: len(self.w)]
        y = (xs[order] - self.mean) / self.sigma
        yw = self.w @ y
        self.mean = self.mean + self.sigma * yw
        inv_sqrt = self._b @ np.diag(1 / self._d) @ self._b.T
        self.ps = (1 - self.cs) * self.ps + math.sqrt(self.cs * (2 - self.cs) * self.mueff) * (
            inv_sqrt @ yw)
        self.gen += 1
        hsig = (np.linalg.norm(self.ps) / math.sqrt(1 - (1 - self.cs) ** (2 * self.gen))
                < (1.4 + 2 / (self.n + 1)) * self.chin)
        self.pc = (1 - self.cc) * self.pc + hsig * math.sqrt(
            self.cc * (2 - self.cc) * self.mueff) * yw
        rank_mu = (y.T * self.w) @ y
        self.C = ((1 - self.c1 - self.cmu) * self.C + self.c1 * (
            np.outer(self.pc, self.pc) + (not hsig) * self.cc * (2 - self.cc) * self.C)
            + self.cmu * rank_mu)
        self.sigma *= math.exp(self.cs / self.damps * (np.linalg.norm(self.ps) / self.chin - 1))


def run(generations: int, pop: int, games: int, seed: int, log: str, sigma: float = 0.3,
        workers: int = 2, players: int = 4, bot: str = "scholar") -> np.ndarray:
    """The CMA-ES over ``bot``'s parameters (see the module docstring); the final mean."""
    n = len(_BOTS[bot])
    es = Cma(n, pop, sigma, seed)
    with Pool(workers) as pool, open(log, "a", encoding="utf-8") as out:
        for g in range(generations):
            xs = es.ask()
            seeds = [seed + g * games + j for j in range(games)]
            cands = [*xs, es.mean, np.zeros(n)]  # the mean and the bot itself last
            tasks = [(tuple(float(v) for v in x), s, players, bot) for x in cands for s in seeds]
            vps = pool.map(_game, tasks)
            per = [sum(vps[i * games:(i + 1) * games]) / games for i in range(len(cands))]
            out.write(json.dumps({
                "gen": g, "bot": bot, "seeds": seeds, "sigma": es.sigma,
                "mean": es.mean.tolist(), "xs": xs.tolist(), "vp": per[:pop],
                "mean_vp": per[pop], f"{bot}_vp": per[pop + 1],
                "games_mean": vps[pop * games:(pop + 1) * games],
                f"games_{bot}": vps[(pop + 1) * games:]}) + "\n")
            out.flush()
            es.tell(xs, per[:pop])
    return es.mean


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--generations", type=int, default=30)
    ap.add_argument("--pop", type=int, default=8)
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--seed", type=int, default=100000)
    ap.add_argument("--sigma", type=float, default=0.3)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--log", default="tune.jsonl")
    ap.add_argument("--bot", choices=sorted(_BOTS), default="scholar")
    args = ap.parse_args(argv)
    mean = run(args.generations, args.pop, args.games, args.seed, args.log, args.sigma,
               args.workers, bot=args.bot)
    for (name, _t), xi in zip(_BOTS[args.bot], mean):
        print(f"{name}: x {xi:+.3f} (x{math.exp(xi):.3f})")


if __name__ == "__main__":
    main()
