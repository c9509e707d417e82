"""The heuristic agent: never picks an action that cannot change anything when another can,
works from the state (never the history), and its games always finish."""

import inspect

from race_helpers import game

import gamekit
from gamekit.core import make_agent
from gamekit.core.simulate import play
from gamekit.games.race import RaceState, bots
from gamekit.games.race.bots import HeuristicAgent, useful_actions

LIMIT = RaceState.max_decisions


def _game(agent_names, seed, **options):
    """One game as ``gamekit.simulate`` plays game 0 with ``seed`` (same agent seeds)."""
    n = len(agent_names)
    agents = [make_agent("race", name, seed * 7919 + s) for s, name in enumerate(agent_names)]
    state = RaceState.new(n, seed, **options)
    decisions = play(state, agents, limit=LIMIT)
    return state, decisions


def test_seed_543_finishes():
    # once looped for ever: both bots chose Consume x2 with goods no power could take
    state, decisions = _game(["heuristic", "heuristic"], 543)
    assert state.is_over() and decisions < 1000
    df = gamekit.simulate("race", ["heuristic", "heuristic"], n=1, seed=543, progress=False)
    assert len(df) == 2 and df["rounds"].max() < 40


def test_many_games_finish():
    # heuristic vs heuristic and vs random, 2-4 players (and the advanced 2-player game)
    runs = [(["heuristic", "heuristic"], 120, {}), (["heuristic", "heuristic"], 40,
                                                    {"advanced": True}),
            (["heuristic"] * 3, 80, {}), (["heuristic"] * 4, 60, {}),
            (["heuristic", "random"], 120, {}), (["random", "heuristic", "random"], 80, {}),
            (["heuristic", "random", "heuristic", "random"], 60, {})]
    for names, n, opts in runs:
        for seed in range(1000, 1000 + n):
            state, decisions = _game(names, seed, **opts)
            assert state.is_over(), (names, seed, state.round, decisions)
            assert state.round < 40, (names, seed, state.round)


def test_useless_actions_are_never_chosen():
    # p1 holds Rare goods and only a Novelty consume power; p2 has no consume power at all;
    # every production world is full and p1 has no windfall world: Consume x2 and Produce
    # change nothing (Trade still sells a good)
    s = game(start=["alpha_centauri", "new_sparta"], tableaus=[["free_trade_association",
                                                               "comet_zone"], []],
             goods=[["comet_zone"], []], hands=[[], []])
    # Alpha Centauri already holds its windfall good
    view = s.view(0)
    useful = useful_actions(view, 0)
    assert "consume_x2" not in useful and "produce" not in useful
    assert {"explore_5_0", "explore_1_1", "consume_trade"} <= useful
    assert "develop" not in useful and "settle" not in useful  # empty hand
    agent = HeuristicAgent(0)
    for _ in range(20):
        a = agent.choose(view, s.decision(0))
        assert a.args[0] in useful


def test_consume_counts_when_anyone_can_consume():
    # p2's Old Earth can consume p2's good: Consume x2 changes something for p1's choice too
    s = game(start=["new_sparta", "old_earth"], tableaus=[[], ["gem_world"]],
             goods=[[], ["gem_world"]])
    assert "consume_x2" in useful_actions(s.view(0), 0)
    assert "consume_trade" in useful_actions(s.view(0), 0)


def test_bots_never_read_the_history():
    src = inspect.getsource(bots)
    for name in ("log", "events", "flows"):
        assert f".{name}" not in src, name
    # and a game played with views stripped of their history still runs to the end
    state = RaceState.new(2, 7)
    agents = [HeuristicAgent(1), HeuristicAgent(2)]
    for _ in range(LIMIT):
        if state.is_over():
            break
        seat = state.to_move()[0]
        view = state.view(seat)
        for name in ("log", "events", "flows"):
            view.__dict__.pop(name)
        state.apply(agents[seat].choose(view, state.decision(seat)))
    assert state.is_over()
