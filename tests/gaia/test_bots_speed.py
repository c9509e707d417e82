"""The fast paths of the Gaia engine give exactly the answers of the plain computation.

* A ``turn`` action is checked against its verb's part of the legal list
  (``GaiaState._is_legal`` / ``actions.turn_part``): on random states, for every candidate
  action (the legal ones and many that are not), the targeted check equals membership in
  ``legal_actions``.
* Federation candidates, mine/Gaia options and labels are remembered between decisions
  (``_fed_memo``, ``_dist_memo``, ``_label_memo``, ``_msites_memo``...): at every decision of
  random games the legal list equals the one computed on a copy without any memo
  (``test_speed_caches.py`` checks the pieces one by one).
"""

from __future__ import annotations

import json
import random

import pytest

from gamekit.core import Action, IllegalAction
from gamekit.core.agents import random_playout
from gamekit.games.gaia.actions import FREE, MAIN_VERBS, turn_part
from gamekit.games.gaia.build import gaia_options
from gamekit.games.gaia.components import BOARD_ACTIONS, TRACKS
from gamekit.games.gaia.federation import federation_options
from gamekit.games.gaia.mines import mine_options
from gamekit.games.gaia.state import GaiaState


def _fresh(state: GaiaState) -> GaiaState:
    """A copy that shares no memo with ``state`` (everything computed again): every
    ``_*_memo`` is dropped (``_fed_memo``, ``_dist_memo``, ``_msites_memo``, ...)."""
    c = state.clone()
    for k in [k for k in c.__dict__ if k.endswith("_memo")]:
        c.__dict__.pop(k)
    c._legal_cache = {}
    return c


def _canon(state: GaiaState) -> str:
    """The state by content (``fingerprint`` pickles, and shared label strings pickle as
    references)."""
    return json.dumps([state.to_dict(), state.log, [repr(e) for e in state.events],
                       [repr(f) for f in state.flows]], sort_keys=True, default=repr)


def _candidates(state: GaiaState, seat: int, legal: list[Action], rng: random.Random) -> set:
    """The legal actions, every verb with arguments taken from all over the game, and
    near misses of the legal ones (another hex, another building)."""
    labels = [state.label(h) for h in state.space.planets]
    words = (labels + list(TRACKS) + list(BOARD_ACTIONS) + list(FREE) + list(state.boosters)
             + ["custom", "none", "tech9", "ac2", "up-lowest", "space-station", "swap-PI",
                "down-lab", "booster5", "x"])
    verbs = [*MAIN_VERBS, "convert", "burn", "end", "leech", "fedhex", "tech"]
    out = set(legal)
    for verb in verbs:
        out.add(Action(seat, verb))
        out.update(Action(seat, verb, (w,)) for w in rng.sample(words, 25))
    own = [state.label(h) for h in state.pl[seat].built]
    out.update(Action(seat, "upgrade", (h, c)) for h in own for c in ("ts", "lab", "PI", "ac1",
                                                                       "ac2", "m"))
    out.update(Action(seat, "build", (lab,)) for lab in labels)
    out.update(Action(seat, "gaia", (lab,)) for lab in rng.sample(labels, 30))
    out.update(Action((seat + 1) % state.players, a.verb, a.args) for a in legal[:5])
    out.add(Action(seat, "pass", ("booster1",)))
    return out


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3), (4, 4)])
def test_turn_check_by_verb_equals_membership(players: int, seed: int) -> None:
    rng = random.Random(seed)
    layout = "random" if seed % 2 == 0 else "first_game"
    state = GaiaState.new(players, seed, layout=layout)
    checked = 0
    while not state.is_over():
        seat = state.to_move()[0]
        if state.stack[-1].kind == "turn" and rng.random() < 0.3:
            legal = state.legal_actions(seat)
            for a in _candidates(state, seat, legal, rng):
                fresh = _fresh(state)
                want = a in legal
                assert (a in turn_part(fresh, seat, a.verb)) == want, a
                assert fresh._is_legal(a, seat) == want, a if a.seat == seat else None
                checked += 1
        legal = state.legal_actions(seat)
        state.apply(legal[rng.randrange(len(legal))], False)
    assert checked > 1000


def test_checked_apply_refuses_what_is_not_legal_and_leaves_the_state() -> None:
    """Through ``apply``: a turn's illegal action is refused with the game's reason (in words,
    both languages), the state unchanged; a legal one goes through."""
    state = GaiaState.new(3, 7)
    random_playout(state, random.Random(7), limit=40)
    while state.stack[-1].kind != "turn":
        state.apply(state.legal_actions(state.to_move()[0])[0])
    seat = state.to_move()[0]
    fresh = _fresh(state)
    before = _canon(fresh)
    with pytest.raises(IllegalAction, match="a Mine goes on an empty planet") as info:
        fresh.apply(Action(seat, "build", ("99A0",)))
    assert info.value.key == "refuse.build" and "Mina" in info.value.explain("pt")
    with pytest.raises(IllegalAction):
        fresh.apply(Action(seat, "upgrade", (fresh.label(next(iter(fresh.pl[seat].built))), "m")))
    assert _canon(fresh) == before
    fresh.apply(Action(seat, "pass"))
    assert _canon(fresh) != before


_IVITS = ["ivits", "terrans", "xenos", "taklons"]


@pytest.mark.parametrize("players,seed,factions", [(2, 11, None), (3, 12, None), (4, 13, None),
                                                   (4, 14, None), (4, 15, None), (4, 46, _IVITS)])
def test_memos_give_the_plain_answers_at_every_decision(players: int, seed: int,
                                                        factions: list | None) -> None:
    rng = random.Random(seed)
    extra = {"factions": factions} if factions else {}
    state = GaiaState.new(players, seed, layout="random" if seed % 2 else "first_game", **extra)
    turns = 0
    while not state.is_over():
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        fresh = _fresh(state)
        assert fresh.legal_actions(seat) == legal
        if state.stack[-1].kind == "turn":
            turns += 1
            for s in range(players):  # every seat's federations and mines, memo or not
                assert list(federation_options(fresh, s).items()) == \
                    list(federation_options(state, s).items())
                for steps in (0, 1, 3):
                    assert mine_options(fresh, s, steps) == mine_options(state, s, steps)
                assert gaia_options(fresh, s) == gaia_options(state, s)
        state.apply(legal[rng.randrange(len(legal))], False)
    assert turns > 20
    if factions:  # the Ivits' growing federation was asked for after their first one
        assert state.pl[0].fed_forms >= 1


def test_clones_share_memos_without_mixing_their_games() -> None:
    """Two copies of a game playing on differently share memos keyed by content: each still
    gets the legal list a memo-free copy computes."""
    base = GaiaState.new(4, 21)
    random_playout(base, random.Random(21), limit=120)
    a, b = base.clone(), base.clone()
    ra, rb = random.Random(1), random.Random(2)
    for _ in range(150):
        for st, r in ((a, ra), (b, rb)):
            if st.is_over():
                continue
            seat = st.to_move()[0]
            legal = st.legal_actions(seat)
            assert _fresh(st).legal_actions(seat) == legal
            st.apply(legal[r.randrange(len(legal))], False)


def test_pickled_state_leaves_the_memos_behind_and_plays_on_alike() -> None:
    import pickle

    state = GaiaState.new(4, 31)
    random_playout(state, random.Random(31), limit=150)
    assert any(k.endswith("_memo") for k in vars(state))
    copy = pickle.loads(pickle.dumps(state))
    assert not any(k.endswith("_memo") for k in vars(copy))
    for st in (state, copy):
        random_playout(st, random.Random(5))
    assert _canon(copy) == _canon(state)
