"""Per-seat data in a typed dataclass (issue 10): ``RaceSeat`` holds one seat's cards, chips and
step bookkeeping (the step it decides is on the core stack, ``state.stack``); ``copy`` (the
clone's) shares no container with the original."""

import dataclasses
import random
import re
from pathlib import Path

import gamekit
from gamekit.games.race.seat import RaceSeat


def _mid_game(seed=5):
    state = gamekit.new("race", 3, seed=seed)
    rng = random.Random(seed)
    for _ in range(120):
        state.apply(rng.choice(state.legal_actions(state.to_move()[0])))
    return state


def test_a_seat_copy_is_equal_and_shares_no_container():
    for seat in _mid_game().seats:
        twin = seat.copy()
        assert twin == seat
        for f in dataclasses.fields(RaceSeat):
            value = getattr(seat, f.name)
            if isinstance(value, (list, dict, set)):
                assert getattr(twin, f.name) is not value, f.name


def test_a_clone_changed_leaves_the_state_as_it_was():
    state = _mid_game()
    before = state.to_dict()
    clone = state.clone()
    for seat in clone.seats:
        seat.hand.clear()
        seat.tableau.append(0)
        seat.goods.clear()
        seat.chips += 5
    clone.stack = ()
    assert state.to_dict() == before
    assert clone.to_dict() != before


def test_every_field_is_documented_with_its_rulebook_section():
    """A ``#:`` comment above each field, citing a rulebook section in quotes ("Fase I: ...")."""
    text = Path(gamekit.games.race.seat.__file__).read_text(encoding="utf-8")
    for f in dataclasses.fields(RaceSeat):
        lines = text.split(f"\n    {f.name}: ", 1)[0].splitlines()
        comment = []
        while lines[-1].lstrip().startswith("#:"):
            comment.insert(0, lines.pop())
        assert comment, f"{f.name} has no #: comment"
        assert re.search(r'"[A-ZÁÉÍÓÚÇ][^"]+"', " ".join(comment)), f"{f.name} cites no section"
