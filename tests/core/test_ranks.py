"""``ranks_of`` (``GameState.result``'s ranks) against the pairwise count it replaces."""

from __future__ import annotations

import random

from gamekit.core.state import ranks_of


def test_a_rank_is_one_more_than_the_keys_above_it():
    rng = random.Random(5)
    shared = 0
    for _ in range(3000):
        n = rng.randint(1, 6)
        keys = [(rng.randint(0, 4), tuple(rng.randint(0, 2) for _ in range(rng.randint(0, 2))))
                for _ in range(n)]
        want = [1 + sum(1 for o in keys if o > k) for k in keys]
        assert ranks_of(keys) == want, keys
        shared += len(set(want)) < n
    assert shared > 300  # ties met often (458 of the 3,000)


def test_ranks_of_a_tie_on_top():
    assert ranks_of([(3, (1,)), (3, (1,)), (2, (9,)), (3, (0,))]) == [1, 1, 4, 3]
