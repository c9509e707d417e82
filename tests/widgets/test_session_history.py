"""The session's history (``Session``): snapshots every ``CHECKPOINT`` actions and replays in
between give back exactly the state of every point, after forks and loaded records too."""

from __future__ import annotations

import pickle

import pytest

import gamekit
from gamekit_widgets import Session
from gamekit_widgets.session import CHECKPOINT

GAMES = [("wonderful", 3), ("race", 2), ("bluemoon", 2), ("gaia", 2)]


def facts(state) -> tuple:
    """What ``fingerprint`` covers, as values (two equal states may pickle to different bytes:
    pickle remembers which equal strings are the same object)."""
    return pickle.loads(state.fingerprint())


def _played(game: str, players: int, actions: int) -> tuple[Session, list[bytes]]:
    """A spectator session of bots ``actions`` long and the live state's fingerprint at every
    point (taken as it was played: what ``state_at`` must give back)."""
    session = Session(gamekit.new(game, players=players, seed=3), human=None, seed=3)
    prints = [facts(session.state)]
    session.listeners.append(lambda s: prints.append(facts(s.state)))
    while session.length < actions and session.step():
        pass
    assert len(prints) == session.length + 1
    return session, prints


@pytest.mark.parametrize("game, players", GAMES)
def test_every_point_comes_back_exactly(game, players):
    session, prints = _played(game, players, 3 * CHECKPOINT + 3)
    assert session.length == 3 * CHECKPOINT + 3
    stored = sum(snap is not None for snap in session._snaps)
    assert stored == 1 + session.length // CHECKPOINT  # not one pickle per action
    for i, fp in enumerate(prints):
        assert facts(session.state_at(i)) == fp, i
    a, b = session.state_at(5), session.state_at(5)
    assert a is not b and a is not session.state  # independent copies


@pytest.mark.parametrize("game, players", GAMES[:3])
def test_a_fork_and_its_travels_come_back_exactly(game, players):
    session, prints = _played(game, players, 2 * CHECKPOINT + 2)
    fork, other = None, None
    for index in range(CHECKPOINT + 1, session.length):  # a point between two snapshots
        state = session.state_at(index)
        seat = state.to_move()[0]
        other = next((a for a in state.legal_actions(seat) if a != session._actions[index]),
                     None)
        if other is not None:
            fork = index
            break
    assert fork is not None, "no point with a choice: pick another seed"
    session.goto(fork)
    assert facts(session.state) == prints[fork]
    assert session.apply(other)
    after = [facts(session.state)]
    while session.length < fork + CHECKPOINT + 2 and session.step():
        after.append(facts(session.state))
    assert session.length == fork + len(after)
    for i in range(fork + 1):
        assert facts(session.state_at(i)) == prints[i], i
    for k, fp in enumerate(after):
        assert facts(session.state_at(fork + 1 + k)) == fp, fork + 1 + k
    session.goto(2)
    while session.index < fork:  # redo the recorded actions up to the fork
        session.step()
    assert facts(session.state) == prints[fork]


def test_a_loaded_record_travels_exactly():
    session, prints = _played("race", 2, 2 * CHECKPOINT + 5)
    loaded = Session.from_record(session.record(), human=None)
    assert loaded.length == session.length
    assert facts(loaded.state) == prints[-1]
    for i, fp in enumerate(prints):
        assert facts(loaded.state_at(i)) == fp, i


def test_points_count_from_the_end_and_none_beyond_it():
    session, prints = _played("race", 2, CHECKPOINT + 3)
    assert facts(session.state_at(-1)) == prints[-1]
    assert facts(session.state_at(-(CHECKPOINT + 4))) == prints[0]
    for index in (session.length + 1, -(session.length + 2)):
        with pytest.raises(IndexError, match="no point"):
            session.state_at(index)


@pytest.mark.parametrize("game, players", GAMES)
def test_redo_goes_on_from_the_live_state_exactly(game, players):
    """Forward again after a jump back replays the recorded actions on the live state (no load
    per step), through loaded records' recorded chance too; each point as it was played."""
    session, prints = _played(game, players, 2 * CHECKPOINT + 3)
    loaded = Session.from_record(session.record(), human=None)
    for s in (session, loaded):
        s.goto(2)
        for k in range(3, s.length + 1):
            assert s.step() == 1
            assert s.index == k and facts(s.state) == prints[k], k
        s.goto(CHECKPOINT + 1)
        held = s.state  # whoever holds the state of a point keeps it as it was
        s.until(lambda _state, s=s: s.index >= CHECKPOINT + 4)
        assert facts(held) == prints[CHECKPOINT + 1] and s.state is not held
        assert facts(s.state) == prints[CHECKPOINT + 4]
