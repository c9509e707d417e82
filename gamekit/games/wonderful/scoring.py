"""End-of-game scoring (rulebook section FINAL DO JOGO), the solo rating and scenario medals."""

from __future__ import annotations

from typing import Any

from .data import CARDS, EMPIRES, SCENARIOS, SOLO, TYPES

__all__ = ["breakdown", "rating", "scenario_outcome", "BREAKDOWN_KEYS"]

#: the sources of a score, always all present (zeros included) so tables line up
BREAKDOWN_KEYS = ("cards",) + tuple(f"per_type:{t}" for t in TYPES) + ("generals", "financiers")


#: each card's score terms: (type index, fixed VP, VP per type or None, per financier, per
#: general) — read once per built card at the end of a game
_TERMS = {cid: (c.tidx, c.vp_fixed, c.vp_per_type if any(c.vp_per_type) else None,
                c.vp_per_char[0], c.vp_per_char[1]) for cid, c in CARDS.items()}
_TYPE_KEYS = BREAKDOWN_KEYS[1:6]


def breakdown(state: Any, seat: int) -> dict[str, int]:
    """VP of ``seat`` by source: direct card VP, per-type VP (one entry per type), generals
    and financiers with their multipliers. Krystallium, cubes and unbuilt cards score nothing."""
    player = state.seats[seat]
    emp = EMPIRES[player.empire].sides[state.side]
    fixed = emp.vp_fixed
    mult = list(emp.vp_per_type)
    fin_mult, gen_mult = 1 + emp.vp_per_char[0], 1 + emp.vp_per_char[1]
    counts = [0, 0, 0, 0, 0]
    for cid in player.built:
        t, vp, per_type, per_fin, per_gen = _TERMS[cid]
        counts[t] += 1
        fixed += vp
        if per_type is not None:
            mult = [m + v for m, v in zip(mult, per_type)]
        fin_mult += per_fin
        gen_mult += per_gen
    out = {"cards": fixed}
    for key, m, n in zip(_TYPE_KEYS, mult, counts):
        out[key] = m * n
    out["generals"] = gen_mult * player.generals
    out["financiers"] = fin_mult * player.financiers
    return out


def rating(state: Any) -> dict[str, Any]:
    """Solo rating: the table is for side B; with side A, 15 VP are taken off first.

    The score itself (``score_breakdown``) is never reduced: the adjustment lives here only.
    """
    score = sum(breakdown(state, 0).values())
    adjust = SOLO["side_a_adjustment"] if state.side == "A" else 0
    vp = score + adjust
    band_en, band_pt = SOLO["rating"][0][1], SOLO["rating"][0][2]
    for low, en, pt in SOLO["rating"]:
        if vp >= low:
            band_en, band_pt = en, pt
    return {"score": score, "adjustment": adjust, "vp": vp, "band": band_en, "band_pt": band_pt}


def scenario_outcome(state: Any) -> dict[str, Any]:
    """Solo scenario: are all its cards built (a copy with the same id counts), and which medal."""
    sc = SCENARIOS[state.scenario]
    built = set(state.seats[0].built)
    missing = [c for c in sc["cards"] if c not in built]
    score = sum(breakdown(state, 0).values())
    medal = None
    if not missing:
        for name, low in zip(("bronze", "silver", "gold"), sc["medals"]):
            if score >= low:
                medal = name
    return {"code": sc["code"], "built_all": not missing, "missing": missing, "score": score,
            "medal": medal, "medals": dict(zip(("bronze", "silver", "gold"), sc["medals"]))}
