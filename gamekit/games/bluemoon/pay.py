"""Paying a contribution: what a set of cards is worth for a space, and what is still reachable.

A contribution to a space of colour ``C`` and value ``V`` is paid card by card. What the paid
cards are worth is the best reading of them:

* Khind cards are wild 1s; cards of colour ``C`` count at face value;
* Mimix 1s and 2s make pairs, each pair a wild 3 (on a brown space they may instead count at face
  value, whichever is more: 2 + 2 = 4 but 1 + 1 = 3);
* ``spec[X]`` cards of another colour ``X`` count at face value as colour ``C`` (the allowance
  granted by the Lux cards discarded for this contribution: a Lux 1 gives 4 of one colour, a
  Lux 2 one). Any card but a Khind (a wild 1 for every colour already) may be recoloured —
  Mimix 1s/2s too (then as single cards), and Lux cards as white cards. On a white space Lux cards also count at face value.

``reach`` is the most a contribution can be worth from a pool of cards plus the Lux 1 / Lux 2
cards still in hand that may yet be discarded for their power (a small exact knapsack over the
colours), so the rules offer exactly the payments that can still be completed.
"""

from __future__ import annotations

from functools import lru_cache

from .data import BROWN, GREEN, WHITE

KHIND1, KHIND2, KHIND3 = 12, 13, 14
MIMIX1, MIMIX2, MIMIX3 = 15, 16, 17
LUX1, LUX2, LUX3 = 18, 19, 20
EMPTY = (0,) * 24
NO_SPEC = (0,) * 8
_OTHER = {c: tuple(x for x in range(8) if x not in (c, GREEN, WHITE)) for c in range(8)}


def mimix_value(n1: int, n2: int, brown: bool) -> int:
    """Value of ``n1`` Mimix 1s and ``n2`` Mimix 2s: pairs are wild 3s; on brown, face value
    when that is more (a 2+2 pair is worth 4 as brown cards, a 1+1 pair 3 as a wild pair)."""
    if brown:
        return 2 * n2 + 3 * (n1 >> 1) + (n1 & 1)
    return 3 * ((n1 + n2) >> 1)


@lru_cache(maxsize=4096)
def _top(n1: int, n2: int, n3: int) -> tuple[int, ...]:
    """``f[k]`` = value of the best ``k`` of these cards (k = 0 .. n)."""
    f = [0]
    for v, n in ((3, n3), (2, n2), (1, n1)):
        for _ in range(n):
            f.append(f[-1] + v)
    return tuple(f)


@lru_cache(maxsize=4096)
def _brown(t1: int, t2: int, t3: int) -> tuple[int, ...]:
    """``f[k]`` for brown cards on a non-brown space: ``k`` recoloured (face value), the
    Mimix 1s/2s left over paired as wild 3s."""
    n = t1 + t2 + t3
    f = []
    for k in range(n + 1):
        r3 = min(t3, k)
        best = 0
        left = k - r3
        for r2 in range(min(t2, left) + 1):
            for r1 in range(min(t1, left - r2) + 1):
                v = 3 * r3 + 2 * r2 + r1 + 3 * ((t1 - r1 + t2 - r2) >> 1)
                if v > best:
                    best = v
        f.append(best)
    return tuple(f)


def _add(states: dict, f: tuple[int, ...], base: int, a1: int, a2: int) -> dict:
    """Knapsack step: give this colour ``gx`` Lux 1s and ``sx`` Lux 2s more."""
    n = len(f) - 1
    new: dict[tuple[int, int], int] = {}
    for (g, s), v in states.items():
        for gx in range(a1 - g + 1):
            if gx and base + 4 * (gx - 1) >= n:
                break
            for sx in range(a2 - s + 1):
                k = base + 4 * gx + sx
                if sx and k - 1 >= n:
                    break
                val = v + f[k if k < n else n]
                key = (g + gx, s + sx)
                if val > new.get(key, -1):
                    new[key] = val
    return new


def reach(pool, c: int, spec, a1: int = 0, a2: int = 0) -> int:
    """Best value for colour ``c`` of the cards ``pool`` (24 counts) with the recolouring
    allowances ``spec`` and ``a1`` Lux 1 / ``a2`` Lux 2 cards that may still be discarded for
    their power (not counted in ``pool``; an unused one joins the white cards)."""
    tot = pool[KHIND1] + pool[KHIND2] + pool[KHIND3]
    brown = c == BROWN
    white = c == WHITE
    if brown:
        tot += mimix_value(pool[MIMIX1], pool[MIMIX2], True) + 3 * pool[MIMIX3]
    elif white:
        tot += pool[LUX1] + 2 * pool[LUX2] + 3 * pool[LUX3]
    else:
        b = 3 * c
        tot += pool[b] + 2 * pool[b + 1] + 3 * pool[b + 2]
    if not (a1 or a2 or any(spec)):
        if white:
            return tot + 3 * ((pool[MIMIX1] + pool[MIMIX2]) >> 1)
        if not brown:
            tot += 3 * ((pool[MIMIX1] + pool[MIMIX2]) >> 1)
        return tot
    states = {(0, 0): 0}
    for x in _OTHER[c]:
        if x == BROWN:
            f = _brown(pool[MIMIX1], pool[MIMIX2], pool[MIMIX3])
        else:
            b = 3 * x
            f = _top(pool[b], pool[b + 1], pool[b + 2])
        if len(f) > 1 or f[0]:
            states = _add(states, f, spec[x], a1, a2)
    if white:
        return tot + max(v + (a1 - g) + 2 * (a2 - s) for (g, s), v in states.items())
    best = 0
    base = spec[WHITE]
    for (g, s), v in states.items():  # white last: unused Lux cards are white cards too
        for gx in range(a1 - g + 1):
            for sx in range(a2 - s + 1):
                f = _top(pool[LUX1] + a1 - g - gx, pool[LUX2] + a2 - s - sx, pool[LUX3])
                n = len(f) - 1
                k = base + 4 * gx + sx
                val = v + f[k if k < n else n]
                if val > best:
                    best = val
    return tot + best


def hand_reach(paid, hand, c: int, spec) -> int:
    """Best value reachable from the ``paid`` cards plus the ``hand`` (whose Lux 1s and 2s may
    be spent as cards or discarded for their power)."""
    a1, a2 = hand[LUX1], hand[LUX2]
    pool = [p + h for p, h in zip(paid, hand)]
    pool[LUX1] -= a1
    pool[LUX2] -= a2
    return reach(pool, c, spec, a1, a2)


def _gain_bound(pool, c: int, k: int) -> int:
    """At most what ``k`` recoloured cards can add: the ``k`` best cards of other colours."""
    n = [0, 0, 0]
    for x in range(8):
        if x != c and x != GREEN:
            b = 3 * x
            n[0] += pool[b]
            n[1] += pool[b + 1]
            n[2] += pool[b + 2]
    f = _top(n[0], n[1], n[2])
    return f[k if k < len(f) else -1]


def can_complete(paid, hand, c: int, spec, value: int) -> bool:
    """Whether the ``paid`` cards plus the ``hand`` can still reach ``value``."""
    if not any(spec):
        pool = [p + h for p, h in zip(paid, hand)]
        low = reach(pool, c, NO_SPEC)  # no (more) Lux power: Lux cards as white cards
        if low >= value:
            return True
        if low + _gain_bound(pool, c, 4 * hand[LUX1] + hand[LUX2]) < value:
            return False
    return hand_reach(paid, hand, c, spec) >= value


def can_pay(hand, c: int, value: int) -> bool:
    """Whether ``hand`` can pay a space of colour ``c`` and ``value`` from scratch."""
    return can_complete(EMPTY, hand, c, NO_SPEC, value)


def colour_cards(pool, x: int) -> int:
    """How many cards of colour ``x`` (that a Lux could recolour) are in ``pool``."""
    b = 3 * x
    return pool[b] + pool[b + 1] + pool[b + 2]
