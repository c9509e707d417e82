"""Session 23's walker (issue 31): the counts the walker keeps beside each seat's construction
area (``playout.play``'s ``cnts``) are, after every step that changes the area, the counts a
fresh ``placements.counts_of`` gives; and a walker with a wrong count plays other games."""

from __future__ import annotations

import functools
import random

from wonderful_helpers import play_random_games

import gamekit
from gamekit.games.wonderful import placements, playout
from gamekit.games.wonderful.data import CARDS


def _checked(fn, seat_at: int, cn_at: int, seen: list):
    """``fn`` followed by the check that its seat's kept counts are a fresh count."""

    @functools.wraps(fn)
    def wrapper(*args):
        out = fn(*args)
        seat, cn = args[seat_at], args[cn_at]
        assert cn == placements.counts_of(seat.construction)
        seen.append(len(cn))
        return out

    return wrapper


def test_the_kept_counts_are_a_fresh_count_after_every_change(monkeypatch):
    seen: list[int] = []
    # (seat, counts) argument positions of each step that changes a construction area
    for name, seat_at, cn_at in (("_turn", 1, 7), ("_tokens", 1, 7), ("_place", 1, 6),
                                 ("_any", 2, 3), ("_use", 1, 2), ("_built", 0, 1)):
        monkeypatch.setattr(playout, name, _checked(getattr(playout, name), seat_at, cn_at, seen))
    chunks = random.Random(23)
    for players in (2, 3, 4, 5):
        play_random_games(players, 40, chunks)
    assert len(seen) > 10_000 and max(seen) >= 4  # the checks ran, on areas of several cards


def test_a_wrong_kept_count_changes_the_games(monkeypatch):
    """The kept counts are read: a walker whose first count of each play is off plays
    differently or fails (so the test above checks what the games depend on)."""
    def first_off(entries: list) -> list[tuple]:
        found = placements.counts_of(entries)
        if found:
            first = found[0]  # one more token placement for every tokens held
            found[0] = (0, *(k + 1 for k in first[1:8]), *first[8:])
        return found

    def scores() -> list:
        out = []
        for seed in range(20):
            state = gamekit.new("wonderful", players=4, seed=seed)
            state.quiet = True
            rngs = [random.Random(seed * 10 + s) for s in range(4)]
            while not state.is_over():
                state.play_random(rngs, 25)
            out.append(state.result().scores)
        return out

    right = scores()
    monkeypatch.setattr(playout, "counts_of", first_off)
    try:
        wrong = scores()
    except (IndexError, ValueError):  # a token placement that is not there
        wrong = None
    assert wrong != right


def test_the_counts_give_each_resources_first_empty_space():
    """``placements.ROOM``: 1 + the first empty space of each resource on a card (0: none), so
    the walker's cube targets from an area's counts are there exactly when ``has_space`` says
    so over its entries."""
    rng = random.Random(5)
    cards = sorted(CARDS)
    for _ in range(3000):
        entries = []
        for cid in rng.sample(cards, rng.randint(0, 4)):
            fills = tuple(rng.choice(("", "", "materials", "general")) for _ in CARDS[cid].spaces)
            entries.append((cid, fills))
        found = placements.counts_of(entries)
        for r in range(5):
            for (cid, fills), counts in zip(entries, found):
                empty = [q for q in placements.AT[cid][r] if not fills[q]]
                assert counts[placements.ROOM + r] == (empty[0] + 1 if empty else 0)
            assert bool(playout._targets(found, r)) == placements.has_space(entries, r)
