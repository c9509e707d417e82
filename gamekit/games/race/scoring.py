"""Final scoring: printed VP of the tableau, VP chips and the six-cost developments.

Each six-cost development walks its owner's tableau: every card scores the first entry it
matches (in the card's listed order), itself included; ``formula`` entries (total military,
VP chips / 3) are added once. The per-card points are precomputed as a table.
"""

from __future__ import annotations

from .cards import CARDS, COPIES, GOOD_INDEX, SIX_DEV, TYPE_BY_ID

__all__ = ["breakdown", "six_dev_points", "total_military"]


def _matches(ct, cond: dict) -> bool:
    for key, want in cond.items():
        if key == "kind":
            ok = ct.dev if want == "dev" else ct.world
        elif key == "good":
            ok = ct.good == GOOD_INDEX[want]
        elif key == "goods_kind":
            ok = ct.windfall if want == "windfall" else ct.production
        elif key == "military":
            ok = ct.military == want
        elif key == "tag":
            ok = want in ct.tags
        elif key == "card":
            ok = ct.id == want
        elif key == "cost":
            ok = ct.cost == want
        elif key == "power_phase":
            ok = want in ct.phases
        elif key == "power_class":
            ok = want in ct.classes
        else:  # pragma: no cover - data error
            raise ValueError(f"unknown six-dev condition {key}")
        if not ok:
            return False
    return True


def _table() -> dict[int, tuple[list[int], list[tuple[int, str]]]]:
    out = {}
    for cid, entries in SIX_DEV.items():
        per = []
        for ct in CARDS:
            pts = 0
            for vp, formula, cond in entries:
                if formula is None and _matches(ct, cond):
                    pts = vp
                    break
            per.append(pts)
        formulas = [(vp, f) for vp, f, _c in entries if f]
        out[TYPE_BY_ID[cid].t] = (per, formulas)
    return out


_SIX = _table()


def total_military(tab: list[int]) -> int:
    """Unconditional military of a tableau: negatives count; specialised and temporary do not."""
    return sum(COPIES[c].mil for c in tab)


def six_dev_points(dev_id: str, tab: list[int], chips: int) -> int:
    per, formulas = _SIX[TYPE_BY_ID[dev_id].t]
    pts = sum(per[COPIES[c].t] for c in tab)
    for vp, f in formulas:
        if f == "total_military":
            pts += vp * total_military(tab)
        elif f == "vp_chips_div_3":
            pts += vp * (chips // 3)
    return pts


def breakdown(tab: list[int], chips: int) -> dict[str, int]:
    out = {"tableau": sum(COPIES[c].vp for c in tab), "chips": chips}
    for c in tab:
        t = COPIES[c].t
        if t in _SIX:
            out["six_dev:" + COPIES[c].id] = six_dev_points(COPIES[c].id, tab, chips)
    return out
