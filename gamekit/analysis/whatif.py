"""What if I play this? Each legal option of the deciding seat, played out many times from
what that seat can see, ranked with intervals: the "suggest" a person can trust and check.

``what_if`` never looks at hidden information: it first takes the seat's view
(``state.agent_view(seat)``: other hands, deck order and the seed are masked) and from then on
works on the view alone; every rollout starts from a full state *sampled* from that view
(``view.determinize``), so two positions that look the same to the seat get the same table.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core import Action, GameState
from ..core.agents import LookaheadAgent, outcome
from ..stats import mean_interval, wilson

__all__ = ["what_if", "DEFAULT_ROLLOUTS"]

#: rollouts per option at default settings
DEFAULT_ROLLOUTS = 16


def what_if(state: GameState, seat: int | None = None, rollouts: int = DEFAULT_ROLLOUTS,
            seed: int = 0, depth: int | None = None, budget: int = 4000,
            max_options: int = 30, confidence: float = 0.95,
            progress: Callable[[int, int], None] | None = None):
    """Rank the legal options of ``seat`` (default: the first seat to move) in ``state``.

    Each option gets ``rollouts`` look-ahead rollouts (``LookaheadAgent``'s cheap policy, at
    most ``depth`` decisions each; by default ``budget`` decisions shared out over all
    rollouts, at least 8) on samples of the seat's view. A DataFrame, best first: ``option``
    (the ``Action``), ``rollouts``, ``wins`` (win shares), ``win_rate`` with a Wilson interval
    (``win_low``, ``win_high``), ``margin`` (VP over the best other seat) with an interval
    (``margin_low``, ``margin_high``), ``value`` and ``rank``. ``frame.attrs`` holds
    ``seat``, ``depth``, ``rollouts`` and ``skipped`` (options left out past
    ``max_options``, a seeded sample being kept). ``progress(done, total)`` after each option.
    """
    import pandas as pd

    view = _view(state, seat)
    seat = view.viewer
    decision = view.decision(seat)
    agent = LookaheadAgent(seed, rollouts=rollouts, max_actions=max_options, depth=depth,
                           budget=budget)
    options = agent.candidates(decision)
    depth = agent.depth_for(len(options))
    rows = []
    with view.without_history():
        for i, action in enumerate(options):
            rows.append(_evaluate(agent, view, action, seat, depth, rollouts, confidence))
            if progress is not None:
                progress(i + 1, len(options))
    table = pd.DataFrame(rows)
    table["rank"] = table["value"].rank(ascending=False, method="min").astype(int)
    table = table.sort_values(["rank", "margin"], ascending=[True, False]).reset_index(drop=True)
    table.attrs.update(seat=seat, depth=depth, rollouts=rollouts,
                       skipped=len(decision.legal) - len(options))
    return table


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


def _evaluate(agent: LookaheadAgent, view: GameState, action: Action, seat: int, depth: int,
              rollouts: int, confidence: float) -> dict[str, Any]:
    wins: list[float] = []
    margins: list[float] = []
    for _ in range(rollouts):
        win, margin = outcome(agent.play_out(view, action, depth), seat)
        wins.append(win)
        margins.append(float(margin))
    total = sum(wins)
    low, high = wilson(total, rollouts, confidence)  # win shares: ties count a fraction
    margin, m_low, m_high = mean_interval(margins, confidence)
    return {"option": action, "rollouts": rollouts, "wins": total, "win_rate": total / rollouts,
            "win_low": low, "win_high": high, "margin": margin, "margin_low": m_low,
            "margin_high": m_high, "value": total / rollouts + 0.01 * margin}
