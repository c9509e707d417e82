"""Race for the Galaxy walks the core's phase table (contract v2, issue 10): it stops at the
boundaries ``step``, ``phase`` and ``round`` before what comes next, a paused position reads
back paused, and a game paused everywhere is the same game (docs/positions.md)."""

import json

import pytest
from paused_positions import assert_paused_reads_back

import gamekit
from gamekit.core import Action
from gamekit.core.agents import RandomAgent
from gamekit.core.invariants import check_pausing_changes_nothing
from gamekit.core.simulate import play, run_to
from gamekit.games.race.phases import COURSE


def _agents(n: int) -> list[RandomAgent]:
    return [RandomAgent(100 + i) for i in range(n)]


def test_course_table_names_the_rulebook_phases():
    assert list(COURSE.phases) == ["setup", "choose", "explore", "develop", "settle", "consume",
                                   "produce", "round_end"]


@pytest.mark.parametrize(("players", "seed", "options"),
                         [(2, 4, {}), (3, 5, {}), (4, 6, {}), (2, 7, {"advanced": True})])
def test_pausing_everywhere_changes_nothing(players, seed, options):
    pauses = check_pausing_changes_nothing("race", players, seed, options)
    assert {phase for _round, phase, _kind in pauses} >= {"choose", "round_end"}


def test_pauses_come_before_the_reveal_and_the_phase():
    """``step`` after the choice stops before the reveal; ``phase`` stops after the reveal,
    before the first chosen phase draws anything."""
    state = gamekit.new("race", 3, seed=11).pause_at("step", "phase")
    agents = _agents(3)
    play(state, agents)
    assert (state.phase, state.paused) == ("setup", "phase")  # the initial discard is over
    assert state.round == 0
    state.resume()
    play(state, agents)
    assert (state.phase, state.paused) == ("choose", "step")
    assert not state.revealed and not state.queue
    assert all(len(seat.action_picks) == 1 for seat in state.seats)
    state.resume()
    assert (state.phase, state.paused) == ("choose", "phase")
    assert state.revealed and state.queue
    assert not any(seat.explored for seat in state.seats)
    first = state.queue[0][0]
    state.resume()
    assert state.phase == first and state.paused is None
    assert state.to_move()


def test_a_paused_state_refuses_actions():
    state = gamekit.new("race", 2, seed=3)
    assert run_to(state, "phase", _agents(2))
    before = state.fingerprint()
    with pytest.raises(gamekit.IllegalAction, match="paused"):
        state.apply(Action(0, "choose", ("explore_5",)))
    assert state.fingerprint() == before


@pytest.mark.parametrize("boundary", ["step", "phase", "round"])
def test_a_paused_position_reads_back_paused_and_goes_on_alike(boundary):
    state = gamekit.new("race", 3, seed=5)
    agents = _agents(3)
    for _ in range(3):
        assert run_to(state, boundary, agents)
        assert_paused_reads_back(state, boundary)


@pytest.mark.parametrize(("players", "seed", "options"), [(2, 8, {"advanced": True}), (4, 9, {})])
def test_every_pause_of_a_game_reads_back_and_goes_on_alike(players, seed, options):
    """At every boundary of a whole game, the saved position reads back paused, equal, and
    resumed it offers the same decision as the game itself."""
    state = gamekit.new("race", players, seed=seed, **options).pause_at("step", "phase", "round")
    agents, pauses = _agents(players), 0
    while not state.is_over():
        play(state, agents)
        if state.paused:
            loaded = gamekit.position(json.loads(json.dumps(state.position())))
            assert loaded.paused == state.paused and loaded.to_dict() == state.to_dict()
            loaded.pause_at("step", "phase", "round")  # a position does not keep stop_at
            state.resume()
            loaded.resume()
            assert loaded.to_dict() == state.to_dict()
            assert (loaded.to_move(), loaded.paused) == (state.to_move(), state.paused)
            pauses += 1
    assert pauses > 3 * state.round
