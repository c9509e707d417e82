"""The view built without copying what it hides (issue 15: agents decide from views) shows
exactly what a full clone masked afterwards shows, and shares no container with the state."""

import random

import pytest

from gamekit.games.race import RaceState
from gamekit.games.race.common import HIDDEN, SECRET
from gamekit.games.race.views import picks_open

FIELDS = ("seats", "stack", "queue", "placed_this_phase", "sequence", "order", "deck", "discard")
SEAT_LISTS = ("hand", "explored", "tableau", "action_picks", "windfall_queue", "produced")


def _masked_clone(state: RaceState, seat):
    """The reference: clone everything, then hide what ``seat`` may not see."""
    v = state.clone()
    v.deck = [HIDDEN] * len(state.deck)
    v.discard = [HIDDEN] * len(state.discard)
    open_ = picks_open(state)
    for s in range(state.players):
        v.seats[s].goods = {w: HIDDEN for w in state.seats[s].goods}
        if s != seat:
            c = state.seats[s].chosen
            known = c if (c is not None and c >= 0 and open_) else None
            v.seats[s].hand = [x if x == known else HIDDEN for x in state.seats[s].hand]
            v.seats[s].explored = [HIDDEN] * len(state.seats[s].explored)
            if not state.revealed:
                v.seats[s].action_picks = [HIDDEN] * len(state.seats[s].action_picks)
            if c is not None and not open_:
                v.seats[s].chosen = SECRET
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
                for mine in view.seats:  # the view's seats share no container
                    for f in SEAT_LISTS:
                        getattr(mine, f).append(0)
                    for f in ("goods", "consume_used", "produced_on"):
                        getattr(mine, f).clear()
                    mine.chosen, mine.chips = None, 99
                view.stack = ()
                view.deck.append(0)
                assert state.to_dict() == before
        state.apply(rng.choice(state.legal_actions(state.to_move()[0])))
        n += 1
