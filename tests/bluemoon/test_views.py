"""Hidden information, mistyped actions, the bots' inputs and the decision limit.

Views go through the core's ``_view_base``: no seed, no log, no chance state, the ``deck``
option blanked; nothing in a view rebuilds the hidden hands or the deck order.
"""

from __future__ import annotations

import pickle
import random

import pytest
from bluemoon_helpers import legal

import gamekit
from gamekit.core import Action
from gamekit.core.invariants import assert_illegal_unchanged
from gamekit.games.bluemoon import bots
from gamekit.games.bluemoon.bots import HeuristicAgent
from gamekit.games.bluemoon.data import KINDS
from gamekit.games.bluemoon.state import BlueMoonState

SEED = "secret-seed-5e1f"


def _played(state, n, seed=0):
    rng = random.Random(seed)
    for _ in range(n):
        state.apply(rng.choice(state.legal_actions(state.turn_seat)))
    return state


def _hand(state, seat):
    return sorted(k for k in range(24) for _ in range(state.seats[seat].hand[k]))


def test_a_view_carries_no_seed_log_or_chance_state():
    s = _played(gamekit.new("bluemoon", players=3, seed=SEED), 60)
    for seat in (None, 0, 1, 2):
        v = s.view(seat)
        assert v.seed is None and v.log == [] and v.viewer == seat
        assert v.chance.rng.getstate() != s.chance.rng.getstate()
        assert not v.chance.queue
        assert SEED.encode() not in pickle.dumps(v)
        assert all(e.seen_by(seat) for e in v.events)
    assert s.seed == SEED  # the game itself keeps it


def _a_deck(seed):
    """All 80 cards in an order of our own (top first)."""
    s = gamekit.new("bluemoon", players=2)
    cards = [KINDS[k] for k in range(24) for _ in range(s.composition[k])]
    random.Random(seed).shuffle(cards)
    return cards


def test_the_deck_option_is_blanked_in_views():
    deck = _a_deck(9)
    s = gamekit.new("bluemoon", players=3, seed=9, deck=deck, first_player=1)
    assert s.options["deck"] == deck
    v = s.view(0)
    assert v.options["deck"] is None
    assert v.options["first_player"] == 1  # public options stay
    assert "secret_options" in vars(BlueMoonState) and BlueMoonState.secret_options == ("deck",)
    assert v.to_dict()["deck"] == {"hidden": len(s.deck)}


@pytest.mark.parametrize("deck_option", [False, True])
def test_rebuilding_from_a_view_does_not_reproduce_the_hidden_hands(deck_option):
    opts = {}
    if deck_option:
        opts["deck"] = _a_deck(3)
    s = gamekit.new("bluemoon", players=4, seed=SEED, **opts)
    v = s.view(0)
    rebuilt = gamekit.new("bluemoon", players=4, seed=v.seed, **v.options)
    hidden = [_hand(s, o) for o in (1, 2, 3)]
    assert [_hand(rebuilt, o) for o in (1, 2, 3)] != hidden
    assert rebuilt.deck != s.deck
    # the view itself holds nothing of them
    assert all(sum(v.seats[o].hand) == 0 for o in (1, 2, 3)) and v.deck == []
    # a determinization fills them at random, consistently with the view
    full = v.determinize(random.Random(1))
    assert full.seed is None and full.options["deck"] is None
    assert full.view(0).to_dict() == v.to_dict()
    full.check_invariants()


# ---------------------------------------------------------------- mistyped actions
def _state_key(s):
    return s.fingerprint(), list(s.log), s.chance.rng.getstate()


def _p2_to_move(bm):
    s = bm.new({}, first=2)
    s = bm.arrange(s, hands={1: ["vulca_3"]})
    assert "p2 move 1 2" in legal(s)
    return s


@pytest.mark.parametrize("action", [
    Action(1, "move", (1.0, 2.0)),
    Action(1, "move", (1, 2.0)),
    Action(1.0, "done", ()),
    Action(True, "done", ()),
    Action(1, "move", (True, 2)),
])
def test_mistyped_actions_are_illegal_and_change_nothing(bm, action):
    # equal to a legal action by ==, but not of the action's types: refused, state unchanged
    # (the type check is the core's GameState._check)
    s = _p2_to_move(bm)
    before = _state_key(s)
    assert_illegal_unchanged(s, action)
    assert _state_key(s) == before
    assert s.seats[1].figure == 12 and isinstance(s.seats[1].figure, int)


# ---------------------------------------------------------------- bots read the state only
class _Trap(list):
    """Stands in for a view's log, events and flows: any read fails the test."""

    def _fail(self, *a, **k):
        raise AssertionError("the bot read the view's log, events or flows")

    __iter__ = __len__ = __getitem__ = __contains__ = __bool__ = __reversed__ = _fail


def test_the_heuristic_bot_never_reads_log_events_or_flows():
    s = gamekit.new("bluemoon", players=3, seed=4)
    agents = {seat: HeuristicAgent(seat) for seat in range(3)}
    for _ in range(600):
        if s.is_over():
            break
        seat = s.turn_seat
        v = s.view(seat)
        v.log, v.events, v.flows = _Trap(), _Trap(), _Trap()
        decision = s.decision(seat)
        a = agents[seat].choose(v, decision)
        assert a in decision.legal
        s.apply(a)
    source = open(bots.__file__, encoding="utf-8").read()
    for word in (".log", ".events", ".flows", "narration"):
        assert word not in source


# ---------------------------------------------------------------- decision limit
def test_max_decisions_is_a_documented_wide_limit():
    limit = BlueMoonState.max_decisions
    assert isinstance(limit, int) and limit >= 500_000
    assert "max_decisions" in (BlueMoonState.__doc__ or "")
