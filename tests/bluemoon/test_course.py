"""Blue Moon City walks the core course (turn.py) and its decision steps table (decisions.py):
stopping points at the end of each phase and each turn, before what comes next (issue 10)."""

from __future__ import annotations

import random

import pytest

import gamekit
from gamekit.core import IllegalAction
from gamekit.games.bluemoon.decisions import STEPS

from .equivalence import play_on


def _chooser_game(seed, players=3, **options):
    return gamekit.new("bluemoon", players=players, seed=seed, **options)


@pytest.mark.parametrize("seed", [2, 9])
def test_pausing_at_every_boundary_changes_nothing(seed):
    """A game paused at every phase and turn end and resumed each time is the same game."""
    plain = _chooser_game(seed)
    play_on(plain, random.Random(seed))
    paused = _chooser_game(seed)
    paused.pause_at("phase", "round")
    rng, pauses = random.Random(seed), []
    while not paused.is_over():
        if paused.paused:
            pauses.append((paused.phase, paused.paused))
            assert paused.to_move() == () and not paused.is_over()
            paused.resume()
            continue
        play_on(paused, rng, stop=1)
    assert paused.log == plain.log
    assert paused.scores() == plain.scores()
    assert [e.kind for e in paused.events] == [e.kind for e in plain.events]
    assert set(pauses) == {("move", "phase"), ("contribute", "phase"),
                                   ("refill", "round")}


def test_a_turn_pauses_after_its_refill_draw_before_the_next_turn():
    state = _chooser_game(4, first_player=1)
    state.pause_at("round")
    for action in ("p1 done", "p1 done"):  # movement done; contribution skipped or done
        if state.step in ("move", "act"):
            state.apply(action)
    assert state.step == "refill"
    hand = state.seats[0].hand_size
    state.apply("p1 done")
    assert state.paused == "round" and state.turn_seat == 0
    assert state.seats[0].hand_size == hand + 2  # the refill draw is done
    with pytest.raises(IllegalAction, match="paused at a round boundary"):
        state.apply("p2 done")
    state.resume()
    assert state.paused is None and state.to_move() == (1,) and state.step == "move"


def test_a_position_saved_paused_reads_back_paused_and_goes_on_alike():
    state = _chooser_game(6)
    state.pause_at("phase")
    rng = random.Random(6)
    while not state.paused:
        play_on(state, rng, stop=1)
    saved = state.position()
    assert saved["paused"] == "phase"
    loaded = gamekit.position(saved, "bluemoon")
    assert loaded.paused == "phase" and loaded.to_move() == ()
    loaded.resume()
    state.resume()
    assert loaded.to_move() == state.to_move()
    assert loaded.legal_actions(loaded.to_move()[0]) == state.legal_actions(state.to_move()[0])


def test_every_decision_names_its_step_rule_and_stack():
    state = _chooser_game(3)
    rng = random.Random(3)
    seen = {}
    while not state.is_over() and len(seen) < 5:
        seat = state.to_move()[0]
        decision = state.decision(seat)
        step = STEPS.step_of(state, seat)
        assert decision.kind == step.kind and decision.rule == step.rule
        assert decision.stack[0] == "turn"
        seen[decision.kind] = decision.rule
        play_on(state, rng, stop=1)
    assert {"move", "act", "refill"} <= set(seen)
