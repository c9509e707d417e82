"""The 114 cards of the base game as precomputed tables (loaded once from ``data/cards.json``).

Every physical card is an integer *copy index* 0..113 into ``COPIES``; ``COPIES[i]`` is its
``CardType`` (95 distinct types). Powers are pre-digested into plain attributes so the rules
never parse data in the hot path.
"""

from __future__ import annotations

import json
from pathlib import Path

__all__ = [
    "ACTIONS", "ALIEN", "ANY", "CARDS", "COPIES", "CardType", "DATA", "GOODS", "GOOD_INDEX",
    "NOVELTY", "GENES", "RARE", "SIX_DEV", "START_WORLDS", "TRADE_VALUE", "TYPE_BY_ID",
    "copies_of",
]

DATA = json.loads((Path(__file__).parent / "data" / "cards.json").read_text(encoding="utf-8"))

GOODS: tuple[str, ...] = tuple(DATA["goods"])
GOOD_INDEX = {g: i for i, g in enumerate(GOODS)}
NOVELTY, RARE, GENES, ALIEN = range(4)
ANY = -1
TRADE_VALUE = tuple(DATA["trade_value"][g] for g in GOODS)

#: action cards; the last two exist only in the advanced 2-player game
ACTIONS = (
    "explore_5_0", "explore_1_1", "develop", "settle", "consume_trade", "consume_x2",
    "produce", "develop_2", "settle_2",
)


def _good(value) -> int:
    return ANY if value in (None, "any") else GOOD_INDEX[value]


class CardType:
    """One distinct card with its powers digested into attributes."""

    __slots__ = (
        "t", "id", "name", "dev", "world", "count", "cost", "defense", "military", "vp",
        "good", "windfall", "production", "tags", "rebel", "start", "colour", "preset",
        "powers", "phases", "classes", "note",
        "explore_draw", "explore_keep",
        "dev_discount", "dev_draw_start", "dev_draw_after",
        "settle_discount", "mil", "mil_good", "mil_rebel", "mil_discard", "colony",
        "pay_mil", "settle_draw_after",
        "trade_bonus", "trade_this", "consume",
        "produce_draw", "draw_if_produced", "windfall_produce", "draw_per_good",
        "draw_per_kind", "draw_if_most", "draw_per_world",
    )

    def __init__(self, t: int, d: dict):
        self.t = t
        self.id = d["id"]
        self.name = d["name"]
        self.dev = d["kind"] == "dev"
        self.world = not self.dev
        self.count = d["n"]
        self.cost = d.get("cost")
        self.defense = d.get("defense")
        self.military = self.defense is not None
        self.vp = d["vp"]
        self.good = _good(d.get("good")) if d.get("good") else ANY
        self.windfall = d.get("goods_kind") == "windfall"
        self.production = d.get("goods_kind") == "production"
        self.tags = frozenset(d.get("tags", ()))
        self.rebel = "rebel" in self.tags
        self.start = d.get("start", -1)
        self.colour = d.get("colour")
        self.preset = d.get("preset", 0)
        self.note = d.get("note")
        self.powers = [tuple(p[:2]) + (dict(p[2]) if len(p) > 2 else {},) for p in d.get("powers", ())]
        self.phases = frozenset(p[0] for p in self.powers)
        # scoring classes of consume-row powers (Trade League / New Economy)
        self.classes = frozenset(
            "trade" if ph == "trade" else "consume" for ph, _c, _p in self.powers
            if ph in ("trade", "consume")
        )
        self.explore_draw = self.explore_keep = 0
        self.dev_discount = self.dev_draw_start = self.dev_draw_after = 0
        self.settle_discount: list[tuple[int, int]] = []
        self.mil = 0
        self.mil_good = [0, 0, 0, 0]
        self.mil_rebel = 0
        self.mil_discard = 0
        self.colony = False
        self.pay_mil = -1
        self.settle_draw_after = 0
        self.trade_bonus: list[tuple[int, int]] = []
        self.trade_this = 0
        self.consume: list[tuple] = []
        self.produce_draw = self.draw_if_produced = self.draw_per_kind = 0
        self.windfall_produce: list[int] = []
        self.draw_per_good: list[tuple[int, int]] = []
        self.draw_if_most: list[tuple[int, int]] = []
        self.draw_per_world: list[tuple[int, int]] = []
        for _phase, code, p in self.powers:
            self._digest(code, p)

    def _digest(self, code: str, p: dict) -> None:
        """Add one power (its code and parameters) to the attributes (by the rulebook phase
        of the power: a closed table of codes, ``_DIGESTS``)."""
        digest = _DIGESTS.get(code)
        if digest is None:  # pragma: no cover - data error
            raise ValueError(f"unknown power code {code} on {self.id}")
        digest(self, code, p.get("n", 0), p)

    def _explore_develop(self, code: str, n: int, p: dict) -> None:
        """Phases I and II: explore draws and keeps, develop discounts and draws."""
        if code == "explore_draw":
            self.explore_draw += n
        elif code == "explore_keep":
            self.explore_keep += n
        elif code == "develop_discount":
            self.dev_discount += n
        elif code == "develop_draw_start":
            self.dev_draw_start += n
        else:
            self.dev_draw_after += n

    def _settle(self, code: str, n: int, p: dict) -> None:
        """Phase III: settle discounts, military, Colony Ship, Contact Specialist, draws."""
        if code == "settle_discount":
            self.settle_discount.append((n, _good(p.get("good"))))
        elif code == "military":
            if p.get("good"):
                self.mil_good[GOOD_INDEX[p["good"]]] += n
            elif p.get("against") == "rebel":
                self.mil_rebel += n
            else:
                self.mil += n
        elif code == "military_discard":
            self.mil_discard = n
        elif code == "settle_free_discard":
            assert p["excludes_good"] == "alien"
            self.colony = True
        elif code == "pay_for_military":
            assert p["excludes_good"] == "alien"
            self.pay_mil = p["discount"]
        else:
            self.settle_draw_after += n

    def _consume(self, code: str, n: int, p: dict) -> None:
        """Phase IV and Trade: trade bonuses and the consume powers."""
        if code == "trade_bonus":
            self.trade_bonus.append((n, _good(p["good"])))
        elif code == "trade_bonus_this_world":
            self.trade_this += n
        elif code == "consume":
            # ("goods", good, per_use, distinct, max_uses, vp, cards, x2)
            self.consume.append((
                "goods", _good(p["good"]), p["goods_per_use"], p["distinct_kinds"],
                p["max_uses"], p["vp"], p["cards"], p["x2_applies"],
            ))
        elif code == "consume_all":
            self.consume.append(("all", p["vp_per_good"], p["minus"], p["x2_applies"]))
        elif code == "trade_power":
            self.consume.append(("sell", p["bonuses"]))
        elif code == "discard_hand_for_vp":
            self.consume.append(("hand", p["max_cards"], p["vp_per_card"]))
        elif code == "consume_draw":
            self.consume.append(("draw", n))
        else:
            self.consume.append(("gamble",))

    def _produce(self, code: str, n: int, p: dict) -> None:
        """Phase V: draws and windfall goods (a world's own production is its good kind)."""
        if code == "produce_draw":
            self.produce_draw += n
        elif code == "draw_if_produced":
            self.draw_if_produced += n
        elif code == "windfall_produce":
            self.windfall_produce.append(_good(p["good"]))
        elif code == "draw_per_good_produced":
            self.draw_per_good.append((n, _good(p["good"])))
        elif code == "draw_per_kind_produced":
            self.draw_per_kind += n
        elif code == "draw_if_most_produced":
            self.draw_if_most.append((n, _good(p["good"])))
        elif code == "draw_per_world":
            self.draw_per_world.append((n, _good(p["good"])))

    @property
    def value(self) -> int:
        """Printed cost, or defense for a military world (Gambling World's number)."""
        return self.defense if self.military else self.cost

    def __repr__(self) -> str:
        return f"<card {self.id}>"


#: each power code's digest (a closed table: the codes of ``cards.json``)
_DIGESTS = {
    **dict.fromkeys(("explore_draw", "explore_keep", "develop_discount", "develop_draw_start",
                     "develop_draw_after"), CardType._explore_develop),
    **dict.fromkeys(("settle_discount", "military", "military_discard", "settle_free_discard",
                     "pay_for_military", "settle_draw_after"), CardType._settle),
    **dict.fromkeys(("trade_bonus", "trade_bonus_this_world", "consume", "consume_all",
                     "trade_power", "discard_hand_for_vp", "consume_draw", "gamble"),
                    CardType._consume),
    **dict.fromkeys(("produce", "produce_draw", "draw_if_produced", "windfall_produce",
                     "draw_per_good_produced", "draw_per_kind_produced",
                     "draw_if_most_produced", "draw_per_world"), CardType._produce),
}

CARDS: tuple[CardType, ...] = tuple(CardType(i, d) for i, d in enumerate(DATA["cards"]))
TYPE_BY_ID = {c.id: c for c in CARDS}
#: copy index -> card type (114 entries, types in data order, copies consecutive)
COPIES: tuple[CardType, ...] = tuple(c for c in CARDS for _ in range(c.count))
_FIRST: dict[str, list[int]] = {}
for _i, _c in enumerate(COPIES):
    _FIRST.setdefault(_c.id, []).append(_i)
START_WORLDS = tuple(sorted((c for c in CARDS if c.start >= 0), key=lambda c: c.start))


def copies_of(card_id: str) -> list[int]:
    """Copy indices of a card id (empty if unknown)."""
    return _FIRST.get(card_id, [])


def _six_dev() -> dict[str, list[tuple[int, str | None, dict]]]:
    out = {}
    for cid, entries in DATA["six_dev"].items():
        out[cid] = [(e["vp"], e.get("formula"), e.get("if", {})) for e in entries]
    return out


SIX_DEV = _six_dev()

assert len(COPIES) == 114 and len(CARDS) == 95
