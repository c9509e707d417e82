"""What if I play this? Each legal option of the deciding seat, played out to the end of the
game many times from what that seat can see, until one option clearly beats the rest or the
time budget runs out: then a ranking, or "close call" with the reason.

How (a race of paired rollouts):

- **The seat's view only.** ``what_if`` first takes ``state.agent_view(seat)`` (other hands,
  deck order and the seed are masked) and works on the view alone, so two positions that look
  the same to the seat give the same answer.
- **Paired rollouts.** Round ``k`` samples one full state from the view (``view.determinize``)
  and one chance seed, both from ``(seed, k)`` alone, and plays *every option still in the race*
  from that same sample with the same seeds: the options meet the same hidden cards and the
  same draws, so their difference is measured, not the luck of the deal.
- **To the end.** Each rollout plays on with the game's heuristic bot (epsilon-greedy,
  ``RolloutPolicy``) to the end of the game (``horizon=None``), where ``result()`` decides
  wins with the rulebook's tie-breaks. A ``horizon`` in decisions stops early and reads the
  live ``scores()`` instead (a sound estimate only late in a game; the docs say so).
- **Value.** A rollout is worth its win share (ties split) plus 1/100 of the VP margin over the
  best other seat: a win counts as much as 100 VP of margin (``ROLLOUT_VALUE``).
- **Separation.** After ``min_rollouts`` rounds, an option leaves the race once the paired
  difference to the leader has an interval (normal, Bonferroni-corrected over the options)
  wholly above zero. When one option is left the verdict is ``"ranked"``; when time, the round
  limit or the options run out first it is ``"close"`` and ``reason`` says why.
- **On time, every round.** A rollout is not begun when the last rollout's wall time would take
  the evaluation past its budget, in the first round too: on a loaded machine the answer comes
  in time, "close" with reason ``"partial"`` when not every option got one rollout (those
  options have none: their ``win_rate`` is NaN), ``"time"`` after whole rounds.

The table is a pure function of the seat's view, the seed and the number of rounds played:
with ``seconds=None`` the rounds are ``rollouts`` (deterministic per seed, as tests need); with a
time budget (``seconds``, default ``DEFAULT_SECONDS``) the rounds are as many as fit.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from statistics import NormalDist
from typing import Any

from ..core import Action, GameState
from ..core.agents import outcome
from ..core.paired import paired_rollout
from ..stats import mean_interval, wilson

__all__ = ["what_if", "DEFAULT_ROLLOUTS", "DEFAULT_SECONDS", "ROLLOUT_VALUE", "MIN_ROLLOUTS"]

#: at most this many paired rounds (rollouts per option) at default settings
DEFAULT_ROLLOUTS = 400
#: default time budget of one evaluation, wall-clock seconds
DEFAULT_SECONDS = 3.0
#: rounds before any option may leave the race
MIN_ROLLOUTS = 8
#: a rollout's value: win share + ROLLOUT_VALUE * VP margin
ROLLOUT_VALUE = 0.01


def what_if(state: GameState, seat: int | None = None, rollouts: int = DEFAULT_ROLLOUTS,
            seed: int = 0, seconds: float | None = DEFAULT_SECONDS, horizon: int | None = None,
            min_rollouts: int = MIN_ROLLOUTS, max_options: int = 30, confidence: float = 0.95,
            epsilon: float = 0.1, policy: str = "heuristic",
            progress: Callable[[float, int, int], None] | None = None):
    """Race the legal options of ``seat`` (default: the seat of the view, else the first to
    move) in ``state``; a DataFrame, best first.

    Columns: ``option`` (the ``Action``), ``rollouts``, ``wins`` (win shares), ``win_rate`` with
    a Wilson interval (``win_low``, ``win_high``), ``margin`` (mean VP over the best other
    seat) with an interval, ``value`` (mean rollout value), ``in_race`` (still undecided at
    the end), ``vp`` (mean final VP by source, a dict) and ``rank``. ``frame.attrs``: ``seat``,
    ``verdict`` (``"ranked"``, ``"close"`` or ``"only"``), ``reason`` (``"separated"``,
    ``"time"``, ``"partial"``, ``"rounds"``, ``"alike"`` or ``"only"``), ``rollouts`` (rounds played),
    ``seconds`` (wall time used), ``budget`` (the ``seconds`` given), ``horizon``, ``skipped`` (options left out past
    ``max_options``) and ``game``. ``progress(fraction, rounds, in_race)`` after each round and once
    at the end (fraction 1).
    """
    import pandas  # noqa: F401  (imported before the clock starts: the table is built last)

    view = _view(state, seat)
    seat = view.viewer
    legal = list(view.decision(seat).legal)
    options = legal
    if len(options) > max_options:  # a seeded sample, in the order of the legal list
        keep = set(random.Random(seed).sample(range(len(options)), max_options))
        options = [a for i, a in enumerate(options) if i in keep]
    race = _Race(view, seat, options, seed, horizon, epsilon, policy)
    limit = max(1, rollouts)
    start = time.perf_counter()
    reason = "only" if len(options) == 1 else "rounds"
    deadline = None if seconds is None else start + seconds
    with view.without_history():
        while len(options) > 1:
            if not race.round(deadline):  # the next rollout would not end in time
                reason = "time" if race.rounds else "partial"
                break
            elapsed = time.perf_counter() - start
            if race.rounds >= min_rollouts and race.eliminate(confidence):
                reason = "separated"
            if progress is not None:
                progress(_fraction(race.rounds, limit, elapsed, seconds), race.rounds,
                         len(race.active))
            if reason == "separated":
                break
            if race.rounds >= limit:
                reason = "alike" if race.alike(confidence) else "rounds"
                break
    if progress is not None:  # the end, even when no round fit the budget
        progress(1.0, race.rounds, len(race.active))
    table = race.table(confidence)
    verdict = {"separated": "ranked", "only": "only"}.get(reason, "close")
    table.attrs.update(seat=seat, verdict=verdict, reason=reason, rollouts=race.rounds,
                       seconds=round(time.perf_counter() - start, 3), budget=seconds, horizon=horizon,
                       skipped=len(legal) - len(options), game=view.game)
    return table


def _fraction(rounds: int, limit: int, elapsed: float, seconds: float | None) -> float:
    done = rounds / limit
    return min(1.0, max(done, elapsed / seconds) if seconds else done)


def _view(state: GameState, seat: int | None) -> GameState:
    """The seat's view (the state itself when it already is that view)."""
    seats = state.to_move()
    if seat is None:
        if not seats:
            raise ValueError("nobody is to move: there is no decision to evaluate")
        seat = state.viewer if state.viewer is not None else seats[0]
    if seat not in seats:
        raise ValueError(f"seat {seat} is not to move (to move: {list(seats)})")
    if state.viewer is not None and state.viewer != seat:
        raise ValueError(f"this is the view of seat {state.viewer}, not of seat {seat}")
    return state if state.viewer == seat else state.agent_view(seat)


def _z(confidence: float, comparisons: int) -> float:
    """The two-sided normal quantile of ``confidence``, Bonferroni over ``comparisons``."""
    alpha = (1 - confidence) / max(1, comparisons)
    return NormalDist().inv_cdf(1 - alpha / 2)


def _paired(a: Sequence[float], b: Sequence[float], z: float) -> tuple[float, float]:
    """Mean and half-width of the paired differences ``a - b``."""
    n = len(a)
    diffs = [x - y for x, y in zip(a, b, strict=True)]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else math.inf
    return mean, z * math.sqrt(var / n)


class _Race:
    """The rollouts of each option, round by round, on samples shared by every option."""

    def __init__(self, view: GameState, seat: int, options: list[Action], seed: int,
                 horizon: int | None, epsilon: float, policy: str):
        self.view, self.seat, self.options = view, seat, options
        self.seed, self.horizon, self.epsilon, self.policy = seed, horizon, epsilon, policy
        self.active = list(range(len(options)))
        self.values: list[list[float]] = [[] for _ in options]
        self.wins: list[list[float]] = [[] for _ in options]
        self.margins: list[list[float]] = [[] for _ in options]
        self.vp: list[dict[str, float]] = [{} for _ in options]
        self.rounds = 0
        self.last = 0.0  # wall seconds of the last rollout
        # the leader's rounds are all rounds; an option out of the race keeps its own
        self.out_at: dict[int, int] = {}

    def round(self, deadline: float | None = None) -> bool:
        """One paired round: one sample of the hidden parts, every option in the race on it.
        A round is not begun when its rollouts at the last one's wall time would pass
        ``deadline``, nor a rollout the first round (its first rollout always runs); a round cut
        short is dropped (the rounds stay
        paired), except the first, whose rollouts are kept (some options then have none).
        True when the round was played whole."""
        k = self.rounds
        if deadline is not None and k and time.perf_counter() + self.last * len(self.active) \
                > deadline:  # a whole round would not end in time: not begun
            return False
        rng = random.Random(f"whatif:{self.seed}:{k}")
        sample = self.view.determinize(rng)
        chance_seed = rng.getrandbits(64)
        policy_seed = rng.getrandbits(64)
        played = []
        for i in self.active:
            now = time.perf_counter()
            if deadline is not None and self.last and now + self.last > deadline:
                if k == 0:
                    self._keep(played)
                return False
            state = paired_rollout(sample, self.options[i], chance_seed, policy_seed,
                                   self.horizon, self.epsilon, self.policy)
            self.last = time.perf_counter() - now
            played.append((i, state))
        self._keep(played)
        self.rounds += 1
        return True

    def _keep(self, played: list[tuple[int, GameState]]) -> None:
        """Count the rollouts ``(option, end state)`` of a round."""
        for i, state in played:
            win, margin = outcome(state, self.seat)
            self.wins[i].append(win)
            self.margins[i].append(float(margin))
            self.values[i].append(win + ROLLOUT_VALUE * margin)
            for source, vp in state.score_breakdown(self.seat).items():
                self.vp[i][source] = self.vp[i].get(source, 0.0) + vp

    def leader(self) -> int:
        return max(self.active, key=lambda i: (sum(self.values[i]), -i))

    def eliminate(self, confidence: float) -> bool:
        """Take out every option clearly below the leader; True when one is left."""
        best = self.leader()
        z = _z(confidence, len(self.options) - 1)
        for i in list(self.active):
            if i == best:
                continue
            mean, half = _paired(self.values[best], self.values[i], z)
            if mean - half > 0:
                self.active.remove(i)
                self.out_at[i] = self.rounds
        return len(self.active) == 1

    def alike(self, confidence: float) -> bool:
        """At the round limit: do the options in the race differ by less than a 5 % win share
        (the interval of every paired difference to the leader inside ±0.05)?"""
        best = self.leader()
        z = _z(confidence, len(self.options) - 1)
        for i in self.active:
            if i != best:
                mean, half = _paired(self.values[best], self.values[i], z)
                if abs(mean) + half > 0.05:
                    return False
        return True

    def table(self, confidence: float):
        import pandas as pd

        rows = [self._row(i, confidence) for i in range(len(self.options))]
        frame = pd.DataFrame(rows)
        # options in the race first (by value), then those out, the last out first
        frame["order"] = [self.rounds + 1 if r["in_race"] else self.out_at[i]
                          for i, r in enumerate(rows)]
        frame = frame.sort_values(["order", "value", "margin"], ascending=[False, False, False],
                                  kind="stable").drop(columns="order").reset_index(drop=True)
        frame["rank"] = range(1, len(frame) + 1)
        return frame

    def _row(self, i: int, confidence: float) -> dict[str, Any]:
        n = len(self.values[i])
        total = sum(self.wins[i])
        low, high = wilson(total, n, confidence) if n else (0.0, 1.0)
        margin, m_low, m_high = mean_interval(self.margins[i], confidence)
        return {"option": self.options[i], "rollouts": n, "wins": total,
                "win_rate": total / n if n else math.nan, "win_low": low, "win_high": high,
                "margin": margin, "margin_low": m_low, "margin_high": m_high,
                "value": sum(self.values[i]) / n if n else math.nan,
                "in_race": i in self.active,
                "vp": {s: v / n for s, v in self.vp[i].items()} if n else {}}
