"""Contract v2: the phase table and decision-step table core walks (gamekit/core/course.py),
stopping points (pause at a boundary before its automatic effects, resume) and interned actions."""

from __future__ import annotations

import json

import pytest
from paused_positions import assert_paused_reads_back

import gamekit
from gamekit.core import IllegalAction, PositionError, RandomAgent
from gamekit.core.course import Step, Steps, act
from gamekit.core.invariants import check_pausing_changes_nothing
from gamekit.core.simulate import play, run_to

from . import toy  # noqa: F401  (registers the toy game)


def _agents(n: int) -> list[RandomAgent]:
    return [RandomAgent(100 + i) for i in range(n)]


@pytest.mark.parametrize("players,seed", [(1, 3), (2, 4), (3, 5), (4, 6), (5, 7)])
def test_pausing_everywhere_changes_nothing(players, seed):
    """A game paused at every boundary and resumed each time is the same game."""
    pauses = check_pausing_changes_nothing("wonderful", players, seed)
    assert sum(1 for p in pauses if p[2] == "round") == 3  # between the 4 rounds


def test_pause_comes_before_the_automatic_effects():
    """After the draft, before planning: every hand is drafted and planning has not begun;
    before production step 2 (energy): the materials were placed and no energy is produced."""
    state = gamekit.new("wonderful", 3, seed=11)
    agents = _agents(3)
    assert run_to(state, "phase", agents)
    assert (state.phase, state.paused) == ("draft", "phase")
    assert all(len(seat.drafted) == 7 and not seat.hand for seat in state.seats)
    assert run_to(state, "step", agents)
    assert (state.phase, state.step, state.paused) == ("production", 0, "step")
    assert all(seat.produced[1] == 0 for seat in state.seats) and not state.stack
    state.resume()
    assert state.step == 1 and state.paused is None and state.to_move()


def test_paused_state_refuses_actions_and_is_unchanged():
    state = gamekit.new("wonderful", 2, seed=2)
    assert run_to(state, "phase", _agents(2))
    before = state.fingerprint()
    any_action = gamekit.new("wonderful", 2, seed=2).legal_actions(0)[0]
    with pytest.raises(IllegalAction, match="paused at a phase boundary"):
        state.apply(any_action)
    assert state.fingerprint() == before
    with pytest.raises(IllegalAction, match="not paused"):
        gamekit.new("wonderful", 2, seed=2).resume()
    with pytest.raises(ValueError, match="wonderful cannot stop at the boundary 'turn'"):
        state.pause_at("turn")
    with pytest.raises(ValueError, match="toy cannot stop at the boundary 'step'"):
        gamekit.new("toy", 2, seed=1).pause_at("step")


def test_run_to_keeps_the_states_own_stopping_points_and_reaches_the_end():
    state = gamekit.new("wonderful", 2, seed=9)
    state.pause_at("round")
    agents = _agents(2)
    assert run_to(state, "phase", agents)
    assert state.stop_at == frozenset({"round"})
    state.pause_at()
    play(state.resume(), agents)
    assert state.is_over() and state.paused is None
    assert not run_to(state, "step", agents)


def test_toy_pauses_after_the_resolution_before_the_next_round():
    state = gamekit.new("toy", 2, seed=1)
    state.pause_at("round")
    for s in (0, 1):
        state.apply(state.legal_actions(s)[0])
    assert state.paused == "round" and state.round == 1
    assert state.events[-1].kind == "reveal"
    assert state.to_move() == ()
    state.resume()
    assert state.round == 2 and state.to_move() == (0, 1)


def test_decision_carries_its_step_rule_and_stack():
    state = gamekit.new("wonderful", 3, seed=1)
    decision = state.decision(0)
    assert (decision.kind, decision.rule, decision.stack) == ("draft", "fase_de_seleccao",
                                                              ("draft",))
    assert decision.secret


def test_steps_table_names_what_is_missing():
    with pytest.raises(ValueError, match=r"step 'x': no apply for the verbs \['go'\]"):
        Steps("toy", {"x": Step("x", "bid", lambda st, s: [], ("go",), ())}, lambda st, s: "x")
    table = Steps("toy", {"x": Step("x", "bid", lambda st, s: [], ("go",), ())},
                  lambda st, s: "x", apply={"go": lambda st, s: None, "stop": lambda st, s: None})
    with pytest.raises(IllegalAction, match="step x takes go"):
        table.apply(object(), act(0, "stop"))


def test_actions_are_interned():
    assert act(1, "draft", ("zeppelin",)) is act(1, "draft", ("zeppelin",))
    state = gamekit.new("wonderful", 3, seed=1)
    assert state.legal_actions(0)[0] is gamekit.new("wonderful", 3, seed=1).legal_actions(0)[0]


@pytest.mark.parametrize("boundary", ["step", "phase", "round"])
def test_a_paused_position_reads_back_paused_and_goes_on_alike(boundary):
    state = gamekit.new("wonderful", 3, seed=5)
    agents = _agents(3)
    for _ in range(2):  # the first and the second of its kind (after the draft, ...)
        assert run_to(state, boundary, agents)
        assert_paused_reads_back(state, boundary)


def test_a_position_where_nobody_decides_needs_its_pause():
    state = gamekit.new("wonderful", 3, seed=2)
    run_to(state, "round", _agents(3))
    saved = state.position()
    assert saved["paused"] == "round"
    del saved["paused"]
    # (It's a Wonderful World names the field: a production phase without its step is a pause)
    with pytest.raises(PositionError, match="nobody is to decide|field step: .*but paused"):
        gamekit.position(saved)
    live = gamekit.new("wonderful", 3, seed=5).position()
    live["paused"] = "turn"
    with pytest.raises(PositionError, match="paused"):
        gamekit.position(live)
    live["paused"] = "step"
    # (its decision stack names the pending picks: refused while paused)
    with pytest.raises(PositionError, match=r"to_move: \[0, 1, 2\] given|stack: paused"):
        gamekit.position(live)


def test_cli_position_to_a_boundary_then_play_on(tmp_path, capsys):
    from gamekit.cli import main

    assert main(["position", "wonderful", "-p", "3", "-s", "4", "--at", "5", "--to", "phase"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["paused"] == "phase" and data["state"]["to_move"] == []
    path = tmp_path / "pos.json"
    path.write_text(json.dumps(data))
    assert main(["play", "wonderful", "--from", str(path)]) == 0
    assert json.loads(capsys.readouterr().out.strip().splitlines()[-1])["finished"] is True
    assert main(["position", "toy", "--to", "step"]) == 2
    assert "toy cannot stop at the boundary 'step'" in capsys.readouterr().err
