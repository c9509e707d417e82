"""Views carry no secrets, on every game and at several points of several games:

* ``view(seat)`` has no seed, blanks the ``secret_options`` and masks an explicit hidden setup
  (a deck order given as an option);
* its chance generator is the fixed-seed one (``VIEW_SEED``): never the real generator's state
  and no OS entropy (two views give the same generator state);
* ``agent_view(seat)`` equals ``view(seat)`` except the history (empty log, events, flows), and
  building it leaves the real state as it was.

(On a branch where Blue Moon City's view still bypasses ``_view_base`` these fail for bluemoon:
its view keeps the seed. That is a real leak, not a test to skip.)
"""

from __future__ import annotations

import random

import pytest
import toy  # noqa: F401  (registers the "toy" game)

from gamekit.core import Chance, available, get
from gamekit.core.state import VIEW_SEED, GameState

GAMES = available()
HISTORY = ("log", "events", "flows")


def _bluemoon_deck(s: GameState) -> dict:
    from gamekit.games.bluemoon.data import KINDS

    return {"deck": [KINDS[k] for k in range(len(s.composition)) for _ in range(s.composition[k])]}


#: per game, options that fix hidden setup explicitly, built from another seeded game
SECRET_SETUP = {
    "toy": lambda s: {"deck": list(range(10, 0, -1))},
    "wonderful": lambda s: {"deck": s.to_dict()["deck"][:5]},
    "race": lambda s: {"deck_top": s.to_dict()["deck"][:3]},
    "bluemoon": _bluemoon_deck,
    # Gaia Project lays every tile face up at set-up: no option fixes a hidden order
    "gaia": lambda s: {},
}


def _secret_setup(game: str):
    """The game's secret set-up maker; games registered by other tests (toys) hide nothing."""
    return SECRET_SETUP.get(game, lambda s: {})


def test_every_shipped_game_says_what_set_up_it_hides():
    from gamekit.core.registry import _declared

    assert set(_declared()) <= set(SECRET_SETUP)


def _states(game: str):
    """States at the start, in the middle and at the end of seeded random games, with and
    without an explicit (secret) setup, at the smallest and the largest player count."""
    info = get(game)
    st = info.state
    for players in sorted({max(2, st.min_players), st.max_players}):
        for seed, secret in ((1, False), (2, True)):
            options = _secret_setup(game)(st.new(players, 99)) if secret else {}
            state = st.new(players, seed, **options)
            rng = random.Random(seed)
            yield state.clone()
            for stop in (40, 150, None):
                while state.to_move() and (stop is None or state.decisions_made() < stop):
                    legal = state.legal_actions(state.to_move()[0])
                    state.apply(rng.choice(legal))
                yield state.clone()


def _plain(state: GameState) -> dict:
    """A state's attributes except its history and chance (compared separately)."""
    return {k: v for k, v in state.__dict__.items() if k not in (*HISTORY, "chance")}


@pytest.mark.parametrize("game", GAMES)
def test_views_hold_no_seed_no_secret_options_and_no_real_rng(game):
    fixed = Chance(VIEW_SEED, []).rng.getstate()
    secret_keys = set(_secret_setup(game)(get(game).state.new(2, 99)))
    for state in _states(game):
        real_rng = state.chance.rng.getstate()
        for seat in [None, *range(state.players)]:
            v = state.view(seat)
            assert v.seed is None, f"{game}: the view of seat {seat} keeps the seed"
            for k in state.secret_options:
                assert v.options.get(k) is None, f"{game}: secret option {k!r} shown"
            for k in secret_keys:
                if state.options.get(k) is not None:
                    assert v.options.get(k) != state.options[k], (
                        f"{game}: the view of seat {seat} shows the explicit {k!r}")
            got = v.chance.rng.getstate()
            assert got != real_rng, f"{game}: a view carries the real generator"
            assert got == fixed, f"{game}: a view's chance is not the fixed-seed generator"
            assert not v.chance.queue, f"{game}: a view carries pending chance outcomes"
            assert v.log == []


@pytest.mark.parametrize("game", GAMES)
def test_agent_view_is_the_view_without_history(game):
    for state in _states(game):
        before = state.fingerprint()
        history = [getattr(state, h) for h in HISTORY]
        lengths = [len(h) for h in history]
        for seat in [None, *range(state.players)]:
            v = state.view(seat)
            a = state.agent_view(seat)
            assert (a.log, a.events, a.flows) == ([], [], []), f"{game}: agent_view has history"
            assert a.viewer == v.viewer == seat
            assert a.to_dict() == v.to_dict()
            assert _plain(a) == _plain(v), f"{game}: agent_view differs from view"
            assert a.chance.rng.getstate() == v.chance.rng.getstate()
            assert a.is_over() == v.is_over() and a.to_move() == v.to_move()
            if seat is not None and seat in state.to_move():
                assert a.legal_actions(seat) == v.legal_actions(seat)
            assert all(e.seen_by(seat) for e in v.events)
        # the real state got its own history back, untouched
        assert [getattr(state, h) for h in HISTORY] == history
        assert all(getattr(state, h) is h0 for h, h0 in zip(HISTORY, history))
        assert [len(getattr(state, h)) for h in HISTORY] == lengths
        assert state.fingerprint() == before


def test_agent_view_puts_the_history_back_when_view_fails():
    state = get("toy").state.new(2, 1)
    log = state.log

    class Boom(RuntimeError):
        pass

    def broken(seat):
        raise Boom

    state.view = broken  # type: ignore[method-assign]
    with pytest.raises(Boom):
        state.agent_view(0)
    assert state.log is log and state.log and state.events
