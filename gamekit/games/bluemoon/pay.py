"""Paying a contribution: what a set of cards is worth for a space, and what is still reachable.

A contribution to a space of colour ``C`` and value ``V`` is paid card by card. The paid value is
``fixed`` (cards of colour ``C`` at face value, Khind cards as wild 1s, cards recoloured by Lux)
plus the Mimix value of the Mimix 1s and 2s paid (any two make one wild 3; on a brown space they
may also count at face value, whichever is more). ``spec[X]`` is how many more cards of colour
``X`` the Lux cards discarded for this contribution may still recolour into ``C``.

``best_total`` is the most the contribution can reach from the cards still in hand (exact, with
every way of using the Lux cards still in hand), so the rules offer exactly the payments that can
still be completed.
"""

from __future__ import annotations

from .data import BROWN, GREEN, WHITE

KHIND1, KHIND2, KHIND3 = 12, 13, 14
MIMIX1, MIMIX2, MIMIX3 = 15, 16, 17
LUX1, LUX2, LUX3 = 18, 19, 20


def mimix_value(n1: int, n2: int, brown: bool) -> int:
    """Value of ``n1`` Mimix 1s and ``n2`` Mimix 2s: pairs are wild 3s; on brown, face value
    when that is more (a 2+2 pair is worth 4 as brown cards, a 1+1 pair 3 as a wild pair)."""
    if brown:
        return 2 * n2 + 3 * (n1 >> 1) + (n1 & 1)
    return 3 * ((n1 + n2) >> 1)


def _candidates(h: list[int], c: int) -> list[list[int]]:
    """Per colour, ``[n1, n2, n3]`` of the off-colour cards Lux could recolour into ``c``."""
    out = []
    for x in range(8):
        if x == c or x == GREEN:
            out.append([0, 0, 0])
        elif x == BROWN:
            out.append([0, 0, h[MIMIX3]])
        elif x == WHITE:
            out.append([0, 0, h[LUX3]])
        else:
            b = 3 * x
            out.append([h[b], h[b + 1], h[b + 2]])
    return out


def _take(cnt: list[int], k: int) -> int:
    """Remove the ``k`` best cards from ``cnt`` (n1, n2, n3); return their value."""
    got = 0
    for v in (3, 2, 1):
        if k <= 0:
            break
        n = cnt[v - 1]
        t = n if n < k else k
        if t:
            cnt[v - 1] = n - t
            got += t * v
            k -= t
    return got


def _lux_best(cand: list[list[int]], spec: list[int], a1: int, a2: int, white: bool) -> int:
    """Most value the recolouring can add: allowances ``spec`` already granted, plus up to
    ``a1`` Lux 1 (4 cards of one colour each) and ``a2`` Lux 2 (1 card each) still in hand.
    A small knapsack over the colours (exact). On a white space an unused Lux 1 / Lux 2 counts
    at face value instead."""
    best = {(0, 0): 0}
    for x in range(8):
        n3, n2, n1 = cand[x][2], cand[x][1], cand[x][0]
        n = n1 + n2 + n3
        if not n:
            continue
        prefix = [0]
        for val in [3] * n3 + [2] * n2 + [1] * n1:
            prefix.append(prefix[-1] + val)
        base = spec[x]
        new: dict[tuple[int, int], int] = {}
        for (g, s), v in best.items():
            for gx in range(a1 - g + 1):
                if gx and base + 4 * (gx - 1) >= n:
                    break  # one more Lux 1 here adds nothing
                for sx in range(a2 - s + 1):
                    k = base + 4 * gx + sx
                    if sx and k - 1 >= n:
                        break
                    val = v + prefix[k if k < n else n]
                    key = (g + gx, s + sx)
                    if val > new.get(key, -1):
                        new[key] = val
        best = new
    if white:
        return max(v + (a1 - g) + 2 * (a2 - s) for (g, s), v in best.items())
    return max(best.values())


def best_total(h: list[int], c: int, fixed: int, m1: int, m2: int, spec: list[int]) -> int:
    """The highest value the contribution can reach with hand ``h`` (see the module doc)."""
    brown = c == BROWN
    tot = fixed + h[KHIND1] + h[KHIND2] + h[KHIND3]
    tot += mimix_value(m1 + h[MIMIX1], m2 + h[MIMIX2], brown)
    a1, a2 = h[LUX1], h[LUX2]
    if brown:
        tot += 3 * h[MIMIX3]
    elif c == WHITE:
        tot += 3 * h[LUX3]
    else:
        b = 3 * c
        tot += h[b] + 2 * h[b + 1] + 3 * h[b + 2]
    if not (a1 or a2 or any(spec)):
        return tot
    return tot + _lux_best(_candidates(h, c), spec, a1, a2, c == WHITE)


def card_role(k: int, c: int, spec: list[int], mimix_total: int) -> int:
    """How card kind ``k`` would count if paid now: 0 useless, 1 native/wild, 2 recoloured."""
    p = k // 3
    if p == 4:  # Khind
        return 1
    if k == MIMIX1 or k == MIMIX2:
        return 1 if (c == BROWN or mimix_total >= 2) else 0
    if p == c:
        return 1
    if (k == LUX1 or k == LUX2):
        return 0
    return 2 if spec[p] > 0 else 0
