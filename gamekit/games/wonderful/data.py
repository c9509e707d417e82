"""Components of It's a Wonderful World, loaded once from ``data/*.json`` into frozen records.

Everything the hot paths need is precomputed into tuples indexed by resource / card type, so
the rules never touch JSON while playing.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

__all__ = [
    "RES", "RIDX", "TYPES", "TIDX", "KINDS", "TOKENS", "CHARACTERS", "SUPREMACY", "Card",
    "EmpireSide", "Empire", "CARDS", "EMPIRES", "DECK", "SOLO", "SCENARIOS", "card", "CARD_IDS",
    "facts",
]

_DIR = Path(__file__).parent / "data"

#: the five produced resources, in production order
RES = ("materials", "energy", "science", "gold", "exploration")
RIDX = {r: i for i, r in enumerate(RES)}
#: card types (grey, black, green, yellow, blue)
TYPES = ("structure", "vehicle", "research", "project", "discovery")
TIDX = {t: i for i, t in enumerate(TYPES)}
CHARACTERS = ("financier", "general")
#: every kind of space on a card, in the key order of the data
KINDS = RES + ("krystallium",) + CHARACTERS
#: what may wait on the Empire card and be placed at any time
TOKENS = ("krystallium",) + CHARACTERS
#: supremacy bonus of each production step ("choice": financier or general)
SUPREMACY = ("financier", "general", "choice", "financier", "general")


@dataclass(frozen=True)
class Card:
    """One development card (all copies share it)."""

    id: str
    en: str
    pt: str | None
    type: str
    tidx: int
    copies: int
    cost: dict
    spaces: tuple  # one kind per space, in key order
    prod_fixed: tuple  # 5 ints, by resource
    prod_per: tuple  # ((resource index, type index, amount), ...)
    recycle: str
    recycle_idx: int
    bonus: dict
    vp_fixed: int
    vp_per_type: tuple  # 5 ints, by type
    vp_per_char: tuple  # (financier, general)

    def produces(self) -> dict:
        """Production in words: {resource: amount} or {resource: "amount per type"}."""
        out: dict = {RES[i]: n for i, n in enumerate(self.prod_fixed) if n}
        for r, t, n in self.prod_per:
            out[RES[r]] = f"{n}/{TYPES[t]}"
        return out


@dataclass(frozen=True)
class EmpireSide:
    prod: tuple  # 5 ints
    vp_fixed: int
    vp_per_type: tuple
    vp_per_char: tuple


@dataclass(frozen=True)
class Empire:
    id: str
    en: str
    pt: str | None
    sides: dict  # "A"/"B" -> EmpireSide


def _vp(v: dict) -> tuple[int, tuple, tuple]:
    per_type = v.get("per_type", {})
    per_char = v.get("per_character", {})
    return (
        v.get("fixed", 0),
        tuple(per_type.get(t, 0) for t in TYPES),
        tuple(per_char.get(c, 0) for c in CHARACTERS),
    )


def _load() -> tuple[dict, dict, dict]:
    raw = json.loads((_DIR / "cards.json").read_text(encoding="utf-8"))
    cards = {}
    for c in raw["cards"]:
        fixed = [0] * 5
        per = []
        for res, n, per_type in c["produces"]:
            if per_type is None:
                fixed[RIDX[res]] += n
            else:
                per.append((RIDX[res], TIDX[per_type], n))
        spaces = tuple(k for k in KINDS for _ in range(c["cost"].get(k, 0)))
        vf, vt, vc = _vp(c["vp"])
        cards[c["id"]] = Card(
            c["id"], c["en"], c["pt"], c["type"], TIDX[c["type"]], c["copies"], dict(c["cost"]),
            spaces, tuple(fixed), tuple(per), c["recycle"], RIDX[c["recycle"]], dict(c["bonus"]),
            vf, vt, vc,
        )
    raw = json.loads((_DIR / "empires.json").read_text(encoding="utf-8"))
    empires = {}
    for e in raw["empires"]:
        sides = {}
        for side, d in e["sides"].items():
            vf, vt, vc = _vp(d["vp"])
            sides[side] = EmpireSide(tuple(d["produces"].get(r, 0) for r in RES), vf, vt, vc)
        empires[e["id"]] = Empire(e["id"], e["en"], e["pt"], sides)
    solo = json.loads((_DIR / "solo.json").read_text(encoding="utf-8"))
    return cards, empires, solo


CARDS, EMPIRES, SOLO = _load()
CARD_IDS = tuple(CARDS)
#: the 150-card deck in data order (copies expanded); a game shuffles it
DECK = tuple(cid for cid, c in CARDS.items() for _ in range(c.copies))
SCENARIOS = {s["code"]: s for s in SOLO["scenarios"]}


def card(cid: str) -> Card:
    return CARDS[cid]


def facts(ident: str) -> dict:
    """JSON-able facts of a card or an Empire (for renderers): type, cost, production,
    recycling and construction bonus, VP, names."""
    if ident in EMPIRES:
        e = EMPIRES[ident]
        return {
            "id": e.id, "en": e.en, "pt": e.pt,
            "sides": {
                side: {
                    "produces": {RES[i]: n for i, n in enumerate(d.prod) if n},
                    "vp_per_type": {TYPES[i]: n for i, n in enumerate(d.vp_per_type) if n},
                    "vp_per_character": {CHARACTERS[i]: n for i, n in enumerate(d.vp_per_char)
                                         if n},
                }
                for side, d in e.sides.items()
            },
        }
    c = CARDS[ident]
    return {
        "id": c.id, "en": c.en, "pt": c.pt, "type": c.type, "copies": c.copies,
        "cost": dict(c.cost), "spaces": list(c.spaces), "produces": c.produces(),
        "recycle": c.recycle, "bonus": dict(c.bonus), "vp": c.vp_fixed,
        "vp_per_type": {TYPES[i]: n for i, n in enumerate(c.vp_per_type) if n},
        "vp_per_character": {CHARACTERS[i]: n for i, n in enumerate(c.vp_per_char) if n},
    }


assert len(DECK) == 150, len(DECK)
