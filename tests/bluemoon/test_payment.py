"""The payment reach (``best_total``) against an exhaustive search over every use of the Lux
cards: the rules offer a contribution exactly when some payment can complete it."""

from __future__ import annotations

import itertools
import random

from gamekit.games.bluemoon.data import BROWN, GREEN, WHITE
from gamekit.games.bluemoon.pay import best_total, mimix_value


def _top(values: list[int], k: int) -> int:
    return sum(sorted(values, reverse=True)[:k])


def brute(h: list[int], c: int, spec: list[int]) -> int:
    """Try every way to use each Lux 1 / Lux 2 (unused, or on any colour)."""
    colours = [x for x in range(8) if x not in (c, GREEN)]
    pool = {}
    for x in colours:
        if x == BROWN:
            pool[x] = [3] * h[17]
        elif x == WHITE:
            pool[x] = [3] * h[20]
        else:
            pool[x] = [1] * h[3 * x] + [2] * h[3 * x + 1] + [3] * h[3 * x + 2]
    best = 0
    opts = [None, *colours]
    for ch1 in itertools.product(opts, repeat=h[18]):
        for ch2 in itertools.product(opts, repeat=h[19]):
            allow = list(spec)
            for x in ch1:
                if x is not None:
                    allow[x] += 4
            for x in ch2:
                if x is not None:
                    allow[x] += 1
            tot = h[12] + h[13] + h[14] + mimix_value(h[15], h[16], c == BROWN)
            if c == BROWN:
                tot += 3 * h[17]
            elif c == WHITE:
                tot += 3 * h[20] + ch1.count(None) + 2 * ch2.count(None)
            else:
                tot += h[3 * c] + 2 * h[3 * c + 1] + 3 * h[3 * c + 2]
            tot += sum(_top(pool[x], allow[x]) for x in colours)
            best = max(best, tot)
    return best


def test_reach_is_exact():
    rng = random.Random(5)
    for _ in range(1500):
        h = [0] * 24
        for _ in range(rng.randrange(2, 11)):
            h[rng.choice([18, 19, 18, 19, *range(24)])] += 1
        h[18] = min(h[18], 3)
        h[19] = min(h[19], 3)
        c = rng.choice([0, 1, 2, 3, 5, 6, 7])
        spec = [0] * 8
        if rng.random() < 0.3:
            spec[rng.choice([x for x in range(8) if x not in (c, GREEN)])] = rng.choice([1, 4])
        assert best_total(h, c, 0, 0, 0, spec) == brute(h, c, spec), (h, c, spec)


def test_two_lux_cards_on_two_colours(bm):
    # black 1 + black 1 by the Lux 1 and the grey 3 by the Lux 2: red 5
    s = bm.new({(2, 3): "earth_temple"})
    bm.arrange(s, hands={0: ["vulca_1", "vulca_1", "venti_3", "lux_1", "lux_2"]},
               positions={0: (2, 3)})
    s.apply("p1 done")
    assert "p1 contribute 0" in {str(a) for a in s.legal_actions(0)}
    s.apply("p1 contribute 0")
    for m in ("p1 recolour lux_1 black", "p1 recolour lux_2 grey", "p1 pay venti_3",
              "p1 pay vulca_1", "p1 pay vulca_1", "p1 done"):
        s.apply(m)
    assert s.to_dict()["tiles"]["earth_temple"]["markers"][0] == 1
