"""The payment reach against an exhaustive search over every reading of a hand (every use of
each Lux card, every set of recoloured cards, Mimix pairs): the rules offer a contribution
exactly when some payment can complete it."""

from __future__ import annotations

import itertools
import random

from gamekit.games.bluemoon.data import BROWN, GREEN
from gamekit.games.bluemoon.pay import EMPTY, NO_SPEC, hand_reach


def _value(cards, c, allow):
    """Best value of ``cards`` (people, value) for colour ``c`` with recolouring ``allow``."""
    best = 0
    off = [i for i, (p, _) in enumerate(cards) if p != c and p != 4]
    for mask in range(1 << len(off)):
        rec = {off[j] for j in range(len(off)) if mask >> j & 1}
        used = [0] * 8
        for i in rec:
            used[cards[i][0]] += 1
        if any(used[x] > allow[x] for x in range(8)):
            continue
        tot, mim = 0, []
        for i, (p, v) in enumerate(cards):
            if i in rec:
                tot += v
            elif p == 4:  # Khind
                tot += 1
            elif p == 5 and v < 3:  # Mimix 1/2 (native on brown, or a pair half)
                mim.append(v)
            elif p == c:
                tot += v
        if c == BROWN:
            n1, n2 = mim.count(1), mim.count(2)
            tot += 2 * n2 + 3 * (n1 // 2) + n1 % 2
        else:
            tot += 3 * (len(mim) // 2)
        best = max(best, tot)
    return best


def brute(hand, c):
    cards = [(k // 3, k % 3 + 1) for k in range(24) for _ in range(hand[k])]
    lux = [i for i, (p, v) in enumerate(cards) if p == 6 and v < 3]
    colours = [x for x in range(8) if x not in (c, GREEN)]
    best = 0
    for choice in itertools.product([None, *colours], repeat=len(lux)):
        allow = [0] * 8
        spent = set()
        for i, x in zip(lux, choice):
            if x is not None:
                allow[x] += 4 if cards[i][1] == 1 else 1
                spent.add(i)
        rest = [cd for j, cd in enumerate(cards) if j not in spent]
        best = max(best, _value(rest, c, allow))
    return best


def test_reach_is_exact():
    rng = random.Random(5)
    for _ in range(600):
        h = [0] * 24
        for _ in range(rng.randrange(2, 9)):
            h[rng.choice([15, 16, 17, 18, 19, 20] * 2 + list(range(24)))] += 1
        c = rng.choice([0, 1, 2, 3, 5, 6, 7])
        assert hand_reach(EMPTY, h, c, NO_SPEC) == brute(h, c), (h, c)


def test_two_lux_cards_on_two_colours(bm):
    # black 1 + black 1 by the Lux 1 and the grey 3 by the Lux 2: red 5
    s = bm.new({(2, 3): "earth_temple"})
    s = bm.arrange(s, hands={0: ["vulca_1", "vulca_1", "venti_3", "lux_1", "lux_2"]},
               positions={0: (2, 3)})
    s.apply("p1 done")
    assert "p1 contribute 0" in {str(a) for a in s.legal_actions(0)}
    s.apply("p1 contribute 0")
    for m in ("p1 recolour lux_1 black", "p1 recolour lux_2 grey", "p1 pay venti_3",
              "p1 pay vulca_1", "p1 pay vulca_1", "p1 done"):
        s.apply(m)
    assert s.to_dict()["tiles"]["earth_temple"]["markers"][0] == 1


def test_a_lone_mimix_or_a_lux_card_can_be_recoloured(bm):
    s = bm.new({(2, 3): "earth_temple"})
    s = bm.arrange(s, hands={0: ["mimix_2", "lux_2", "terrah_1"]}, positions={0: (2, 3)})
    s.apply("p1 done")
    legal = {str(a) for a in s.legal_actions(0)}
    assert "p1 contribute 2" in legal  # Lux 2 turns the Mimix 2 red: 2 + 1 = 3
    s.apply("p1 contribute 2")
    legal = {str(a) for a in s.legal_actions(0)}
    assert "p1 recolour lux_2 brown" in legal and "p1 pay mimix_2" not in legal
    for m in ("p1 recolour lux_2 brown", "p1 pay mimix_2", "p1 pay terrah_1", "p1 done"):
        s.apply(m)
    s = bm.new({(2, 3): "earth_temple"})
    s = bm.arrange(s, hands={0: ["lux_1", "lux_2", "lux_3", "terrah_1"]}, positions={0: (2, 3)})
    s.apply("p1 done")
    assert "p1 contribute 1" in {str(a) for a in s.legal_actions(0)}  # lux 2 + lux 3 as red: 5 + 1
    s.apply("p1 contribute 0")  # 5: the Lux 1 turns the Lux 2 and Lux 3 red, + red 1 = 6
    for m in ("p1 recolour lux_1 white", "p1 pay lux_3", "p1 pay lux_2"):
        s.apply(m)
    assert s.to_dict()["turn"]["payment"]["total"] == 5


def test_quick_checks_agree_with_the_full_reach():
    from gamekit.games.bluemoon.pay import can_pay

    rng = random.Random(9)
    for _ in range(3000):
        h = [0] * 24
        for _ in range(rng.randrange(1, 14)):
            h[rng.choice([18, 19, *range(24)])] += 1
        c = rng.choice([0, 1, 2, 3, 5, 6, 7])
        v = rng.randrange(1, 9)
        assert can_pay(h, c, v) == (hand_reach(EMPTY, h, c, NO_SPEC) >= v), (h, c, v)
