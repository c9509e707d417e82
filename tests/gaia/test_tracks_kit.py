"""Gaia Project's research tracks and resource caps on the kit's tracks (issue 24 §2,
``gamekit.kit.track``): ``kept`` and ``blocked`` answer as ``Track.gain`` and
``SharedTrack.why_not`` do, and Gaia's research step and stock caps give the kit's answers
over the states of seeded random games."""

from __future__ import annotations

import itertools
import random

from gamekit.games.gaia import GaiaState
from gamekit.games.gaia.components import TRACKS
from gamekit.games.gaia.player import CAPS, RES
from gamekit.games.gaia.research import TOP, can_step
from gamekit.kit.track import SharedTrack, Track, blocked, kept


def test_kept_is_what_a_track_keeps():
    for level, n, top in itertools.product(range(0, 8), range(0, 9), (None, 3, 7)):
        if top is not None and level > top:
            continue
        t = Track(level=level, top=top)
        assert kept(level, n, top) == t.gain(n)
        assert t.level == level + kept(level, n, top)


def test_blocked_is_what_a_shared_track_says():
    for levels in itertools.product(range(0, 6), repeat=3):
        if list(levels).count(5) > 1:
            continue
        shared = SharedTrack(3, top=5, exclusive={5}, levels=levels)
        for seat, steps in itertools.product(range(3), (-1, 1, 2)):
            assert blocked(levels, seat, steps, 5, exclusive=(5,)) == shared.why_not(seat, steps)
    assert blocked([4, 5], 0, 1, 5, exclusive=(5,)) == "level 5 is already taken by seat 1"


def test_research_tracks_are_the_kits_zero_to_five():
    assert all(len(t.levels) == TOP + 1 for t in TRACKS.values())


def _states():
    for seed in range(4):
        s = GaiaState.new(2 + seed % 3, seed)
        rng = random.Random(seed)
        while not s.is_over():
            yield s
            s.apply(rng.choice(s.legal_actions(s.to_move()[0])))


def test_a_research_step_is_the_shared_tracks_answer_with_the_rulebooks_conditions():
    """'5) Pesquisa': one level up to 5, level 5 one player's and only with a green federation
    token; the Bal T'aks navigate only with their PI (Apêndice I)."""
    checked = 0
    for i, s in enumerate(_states()):
        if i % 5:
            continue
        for seat, p in enumerate(s.pl):
            for t in TRACKS:
                shared = SharedTrack(s.players, top=5, exclusive={5},
                                     levels=[q.research[t] for q in s.pl])
                want = (shared.can_advance(seat)
                        and (p.research[t] != 4 or p.green_tokens() > 0)
                        and not (t == "nav" and p.faction == "baltaks" and not p.counts.get("PI")))
                assert can_step(s, seat, t) == want
                checked += 1
    assert checked > 500


def test_stock_stays_within_the_boards_caps():
    for s in _states():
        for p in s.pl:
            for r in RES:
                assert 0 <= p.res[r] <= CAPS[r]
