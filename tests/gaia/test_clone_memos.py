"""A clone never leaves anything in the speed memos of the game it came from
(``GaiaState.clone``: each clone copies or drops the ``_*_memo`` tables that hold answers
about the position, and shares only those of the map and those keyed by everything they
read). A clone plays on for a while, then the original's answers for every seat (mine sites,
upgrades, Gaia projects, federations, the whole turn list) must equal those of the same
position without any memo (a pickle drops them). A few games by default; many more with
``GAMEKIT_SOAK=1``."""

from __future__ import annotations

import os
import pickle
import random

import pytest

from gamekit.games.gaia import GaiaState
from gamekit.games.gaia.actions import free_legal, main_legal
from gamekit.games.gaia.build import gaia_options, upgrade_options
from gamekit.games.gaia.federation import federation_part
from gamekit.games.gaia.mines import _mine_sites, mine_options, range_origins
from gamekit.games.gaia.state import SHARED_MEMOS

SOAK = os.environ.get("GAMEKIT_SOAK") == "1"
GAMES = 40 if SOAK else 2


def fresh(s: GaiaState) -> GaiaState:
    """The same position without any speed memo."""
    return pickle.loads(pickle.dumps(s))


def answers(s: GaiaState) -> list:
    """What the legal lists of every seat are made of, read now."""
    out = []
    for seat in range(s.players):
        if s.pl[seat].faction is None:
            continue
        out.append((mine_options(s, seat), upgrade_options(s, seat), gaia_options(s, seat),
                    federation_part(s, seat), main_legal(s, seat) + free_legal(s, seat)))
    return out


def sites_cover_the_free_planets(s: GaiaState) -> None:
    """Each seat's remembered mine sites hold every planet nobody owns now (a site may be
    taken since, never missing)."""
    free = {h for h in s.planet_hexes
            if h not in s.owner and s.ptype.get(h) not in ("empty", "lost")}
    for seat in range(s.players):
        if s.pl[seat].faction is not None:
            listed = {x[0] for x in _mine_sites(s, seat, range_origins(s, seat))}
            assert free <= listed, (seat, free - listed)


def play(s: GaiaState, rng: random.Random, n: int) -> None:
    for _ in range(n):
        if s.is_over():
            return
        s.apply(rng.choice(s.legal_actions(s.to_move()[0])), False)


@pytest.mark.parametrize("i", range(GAMES))
def test_a_clone_playing_on_leaves_the_original_right(i):
    """As a look-ahead does: the clone plays the move the game then plays, and more after it
    (the seat's distances grow in both; the clone's planets taken since must not show)."""
    rng = random.Random(9100 + i)
    s = GaiaState.new(4, 9100 + i)
    s.quiet = True
    checked = 0
    while not s.is_over():
        answers(s)  # the original's memos are warm before the clone is made
        legal = s.legal_actions(s.to_move()[0])
        builds = [a for a in legal if a.verb == "build"]
        act = rng.choice(builds or legal)
        other = s.clone()
        other.apply(act, False)
        play(other, rng, rng.randrange(1, 16))
        answers(other)
        s.apply(act, False)
        sites_cover_the_free_planets(s)
        assert answers(s) == answers(fresh(s))
        checked += 1
        play(s, rng, rng.randrange(0, 4))
    assert checked > 20


def test_clones_share_only_the_listed_memos():
    s = GaiaState.new(4, 9200)
    s.quiet = True
    play(s, random.Random(1), 120)
    answers(s)
    other = s.clone()
    memos = [k for k, v in vars(s).items() if k.endswith("_memo") and v is not None]
    assert {"_msites_memo", "_dist_memo", "_near2_memo"} <= set(memos)
    for k in memos:
        mine, theirs = getattr(other, k, None), getattr(s, k)
        if k in SHARED_MEMOS:
            assert mine is theirs
        else:
            assert mine is not theirs
