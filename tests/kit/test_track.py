"""gamekit.kit.track: checked advance, capped gain, exclusive levels on shared tracks."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamekit.kit.track import SharedTrack, Track, TrackError

# property tests: no per-example deadline (the test machines are shared and slow)


def test_checked_advance_leaves_the_track_unchanged():
    t = Track(level=4, top=5)
    assert t.can_advance(1) and not t.can_advance(2)
    assert t.advance() == 5
    with pytest.raises(TrackError, match=r"cannot move \+1 from level 5 on track 0..5"):
        t.advance()
    assert t.level == 5 and t.room == 0
    assert t.advance(-5) == 0
    with pytest.raises(TrackError):
        t.advance(-1)
    assert t.level == 0


def test_uncapped_vp_track():
    vp = Track(level=10)
    assert vp.room is None
    assert vp.advance(250) == 260 and vp.gain(1000) == 1000
    assert vp.lose(2000) == 1260 and vp.level == 0  # never below the bottom


def test_gain_keeps_what_fits():
    # Gaia Project caps ore and knowledge at 15, credits at 30: the excess is lost
    ore = Track(level=13, top=15)
    assert ore.gain(5) == 2 and ore.level == 15
    assert ore.gain(0) == 0
    with pytest.raises(TrackError, match="non-negative"):
        ore.gain(-1)
    with pytest.raises(TrackError, match="non-negative"):
        ore.lose(-1)


def test_bad_tracks():
    with pytest.raises(TrackError, match="off the track"):
        Track(level=6, top=5)
    with pytest.raises(TrackError, match="below its bottom"):
        Track(top=-1)
    with pytest.raises(TrackError, match="off the track"):
        Track(level=-1)


@settings(deadline=None)
@given(st.integers(0, 5), st.lists(st.integers(-7, 7), max_size=30))
def test_track_never_leaves_its_span(start, moves):
    t = Track(level=start, top=5)
    for m in moves:
        before = t.level
        if t.can_advance(m):
            assert t.advance(m) == before + m
        else:
            with pytest.raises(TrackError):
                t.advance(m)
            assert t.level == before
        got = t.gain(abs(m)) if m >= 0 else -t.lose(-m)
        assert 0 <= t.level <= 5 and abs(got) <= abs(m)


def test_research_track_level_five_is_one_players():
    # Gaia Project: research tracks 0-5; only one player can reach level 5
    track = SharedTrack(players=3, top=5, exclusive={5}, levels=[4, 4, 0])
    assert track.advance(1) == 5 and track.holder(5) == 1
    assert track.why_not(0) == "level 5 is already taken by seat 1"
    with pytest.raises(TrackError, match="taken by seat 1"):
        track.advance(0)
    assert track.levels == [4, 5, 0]
    assert track.why_not(1) == "level 6 is past the top of the track (5)"
    assert track.why_not(2, -1) == "level -1 is below the bottom of the track (0)"
    assert track.can_advance(2, 4) and not track.can_advance(2, 5)
    assert track.can_advance(1, 0)  # staying put is fine


def test_shared_track_setup_errors_and_copy():
    with pytest.raises(TrackError, match="only one may hold it"):
        SharedTrack(2, 5, exclusive={5}, levels=[5, 5])
    with pytest.raises(TrackError, match="3 levels given for 2 players"):
        SharedTrack(2, 5, levels=[0, 0, 0])
    with pytest.raises(TrackError, match="off the track"):
        SharedTrack(2, 5, levels=[0, 6])
    t = SharedTrack(2, 5, exclusive={5})
    c = t.copy()
    c.advance(0, 5)
    assert t.levels == [0, 0] and c.levels == [5, 0] and c.exclusive == {5}


@settings(deadline=None)
@given(st.lists(st.tuples(st.integers(0, 3), st.integers(-2, 3)), max_size=60))
def test_exclusive_levels_hold_one_marker(moves):
    t = SharedTrack(4, 5, exclusive={4, 5})
    for seat, k in moves:
        if t.can_advance(seat, k):
            t.advance(seat, k)
        for lv in (4, 5):
            assert sum(1 for x in t.levels if x == lv) <= 1
        assert all(0 <= x <= 5 for x in t.levels)
