"""The view built without copying what it hides (issue 15: agents decide from views) shows
exactly what a full clone masked afterwards shows, and shares no container with the state."""

import random

import pytest

from gamekit.games.race import RaceState
from gamekit.games.race.common import HIDDEN, SECRET

FIELDS = ("hand", "explored", "goods", "action_picks", "chosen", "tableau", "chips", "pending",
          "queue", "placed_this_phase", "temp_military", "keep_left", "sequence",
          "consume_used", "produced", "produced_on", "windfall_queue", "start", "order",
          "deck", "discard")


def _masked_clone(state: RaceState, seat):
    """The reference: clone everything, then hide what ``seat`` may not see."""
    v = state.clone()
    v.deck = [HIDDEN] * len(state.deck)
    v.discard = [HIDDEN] * len(state.discard)
    open_ = state._picks_open()
    for s in range(state.players):
        v.goods[s] = {w: HIDDEN for w in state.goods[s]}
        if s != seat:
            c = state.chosen[s]
            known = c if (c is not None and c >= 0 and open_) else None
            v.hand[s] = [x if x == known else HIDDEN for x in state.hand[s]]
            v.explored[s] = [HIDDEN] * len(state.explored[s])
            if not state.revealed:
                v.action_picks[s] = [HIDDEN] * len(state.action_picks[s])
            if c is not None and not open_:
                v.chosen[s] = SECRET
    v.masked = True
    return v


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_view_equals_the_masked_clone(players, seed):
    state = RaceState.new(players, seed)
    rng = random.Random(seed)
    n = 0
    while not state.is_over():
        if n % 3 == 0:
            for seat in (*range(players), None):
                view, ref = state.view(seat), _masked_clone(state, seat)
                for f in FIELDS:
                    assert getattr(view, f) == getattr(ref, f), (n, seat, f)
                assert view.masked and view.viewer == seat and view.seed is None
                assert view.to_dict() == ref.to_dict()
                before = state.to_dict()
                for f in ("hand", "explored", "tableau", "pending", "chosen", "deck"):
                    getattr(view, f).append(None if f == "pending" else 0)
                for f in ("goods", "consume_used", "produced_on"):
                    getattr(view, f)[0].clear()
                assert state.to_dict() == before
        state.apply(rng.choice(state.legal_actions(state.to_move()[0])))
        n += 1
