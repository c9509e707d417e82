"""The rows of ``simulate`` built as ``(columns, values)`` tuples (session 23): the same rows and
the same frames as the dict rows, whatever the columns.

* ``run_one``'s rows: ``HEAD`` first, then ``vp_<source>``, then the game's and the caller's
  columns; a name given twice keeps its first place and its last value (``dict.update``).
* A part's frame (``run_part``) equals ``frame_of`` of the dict rows: rows of one shape (the
  frame from tuples), rows of several shapes, unfinished games (``<NA>`` rank and winner).
* ``GameState.new(quiet=True)``: the same game (log, chance, position) without set-up events.
* ``agent_maker``: the same agents as ``make_agent``; a random agent reseeded (``reseed``) is
  a new one, kept from game to game of a run: the same games as one by one.
"""

from __future__ import annotations

import pandas as pd
import toy  # noqa: F401  (registers the "toy" game)

from gamekit.core import LookaheadAgent, RandomAgent, get
from gamekit.core.agent_names import agent_maker, make_agent
from gamekit.core.simulate import (
    HEAD,
    SimConfig,
    _Agents,
    frame_of,
    run_games,
    run_one,
    run_part,
)


def _score_again(state, seat):
    """Caller's columns: one new name and one already in ``HEAD`` (``score``)."""
    return {"score": -1, "again": seat}


def _only_seat_zero(state, seat):
    """Caller's columns that only some rows have (rows of two shapes)."""
    return {"first": True} if seat == 0 else {}


def test_rows_start_with_the_head_then_the_sources_and_the_games_columns():
    rows = run_one(SimConfig("wonderful", 3, ("random",) * 3), seed=5, index=2)
    assert [r["seat"] for r in rows] == [0, 1, 2]
    for row in rows:
        keys = list(row)
        assert tuple(keys[:len(HEAD)]) == HEAD
        vp = [k for k in keys if k.startswith("vp_")]
        assert keys[len(HEAD):len(HEAD) + len(vp)] == vp
        assert keys[-3:] == ["empire", "side", "built"]
        assert row["score"] == sum(row[k] for k in vp)
    winners = [r for r in rows if r["winner"]]
    assert winners and all(r["rank"] == 1 for r in winners)
    assert all(r["shared_win"] is (len(winners) > 1) for r in winners)


def test_a_name_given_twice_keeps_its_place_and_its_last_value():
    rows = run_one(SimConfig("toy", 2, ("random", "random"), columns=_score_again), seed=3)
    for s, row in enumerate(rows):
        keys = list(row)
        assert keys.index("score") == HEAD.index("score") and keys.count("score") == 1
        assert row["score"] == -1 and keys[-1] == "again" and row["again"] == s


def _same(frame, rows):
    want = frame_of(rows)
    assert list(frame.columns) == list(want.columns)
    assert (frame.dtypes == want.dtypes).all()
    pd.testing.assert_frame_equal(frame.drop(columns="seconds"), want.drop(columns="seconds"))


def test_a_parts_frame_is_the_frame_of_its_dict_rows():
    config = SimConfig("wonderful", 4, ("random",) * 4)
    frame = run_part(config, 3, 5, 10, None)
    assert len(frame) == 20 and list(frame["game_index"].unique()) == [3, 4, 5, 6, 7]
    _same(frame, run_games(config, 3, 5, 10))


def test_rows_of_several_shapes_and_unfinished_games_give_the_same_frame():
    shapes = SimConfig("toy", 2, ("random", "random"), columns=_only_seat_zero)
    frame = run_part(shapes, 0, 3, 1, None)
    assert frame["first"].notna().tolist() == [True, False] * 3
    _same(frame, run_games(shapes, 0, 3, 1))
    endless = SimConfig("toy", 2, ("random", "random"), {"endless": True})
    frame = run_part(endless, 0, 2, 4, None)
    assert frame["rank"].isna().all() and not frame["finished"].any()
    _same(frame, run_games(endless, 0, 2, 4))
    assert len(run_part(endless, 0, 0, 4, None)) == 0


def test_a_quiet_set_up_is_the_same_game_without_events():
    cls = get("wonderful").state
    for players in (1, 2, 4):
        loud, quiet = cls.new(players, 7), cls.new(players, 7, quiet=True)
        assert loud.events and not quiet.events and quiet.quiet
        assert quiet.log == loud.log
        assert quiet.chance.rng.getstate() == loud.chance.rng.getstate()
        assert [s.hand for s in quiet.seats] == [s.hand for s in loud.seats]
        assert quiet.pile.cards == loud.pile.cards and quiet.to_move() == loud.to_move()


def test_agent_maker_builds_what_make_agent_builds():
    for spec in ("random", "lookahead:3", "heuristic"):
        made, again = make_agent("wonderful", spec, 11), agent_maker("wonderful", spec)(11)
        assert type(made) is type(again)
        assert made.rng.getstate() == again.rng.getstate()
    assert agent_maker("wonderful", "lookahead:3")(0).rollouts == 3


def test_a_reseeded_random_agent_is_a_new_one():
    used = RandomAgent(5)
    used.rng.random()
    assert used.reseed(8) and used.rng.getstate() == RandomAgent(8).rng.getstate()

    class Keeping(RandomAgent):
        pass

    other = Keeping(5)
    assert not other.reseed(8) and other.rng.getstate() == Keeping(5).rng.getstate()
    assert not LookaheadAgent(5).reseed(8)


def test_a_runs_random_agents_are_kept_and_its_games_are_the_games_one_by_one():
    config = SimConfig("wonderful", 3, ("random", "random", "heuristic"))
    agents = _Agents(config)
    first, second = agents.seats(["random", "heuristic", "random"], 4), agents.seats(
        ["random", "heuristic", "random"], 5)
    assert first[0] is second[0] and first[2] is second[2] and first[1] is not second[1]
    assert second[2].rng.getstate() == RandomAgent(5 * 7919 + 2).rng.getstate()
    rows = run_games(config, 2, 4, 30)
    one_by_one = [r for i in range(2, 6) for r in run_one(config, 30 + i, i)]
    assert [{k: v for k, v in r.items() if k != "seconds"} for r in rows] == [
        {k: v for k, v in r.items() if k != "seconds"} for r in one_by_one]
