"""Heuristic agent for Race for the Galaxy.

A greedy "build and feed" strategy that only reads its seat's view:

* action choice scores each action card from the seat's situation: a world it can place
  (Settle), a development it can afford (Develop), goods and consume powers (Consume x2 /
  Trade), empty production worlds (Produce), and a thin hand (Explore); in the advanced game
  it takes the two best different cards;
* cards are valued by printed VP, goods production, powers and the six-cost developments'
  end bonus; it keeps the best explored cards, pays with the least valuable ones and places
  the best card it can afford;
* in Consume it runs the powers that give most VP per good first, trades its most valuable
  good, and discards hand cards for VP only when the hand is comfortable.
"""

from __future__ import annotations

from gamekit.core import Agent

from .cards import ALIEN, COPIES, TRADE_VALUE, TYPE_BY_ID

_CT = COPIES
CARD = 0.7  # worth of one card in hand
BUILD = 1.0  # weight of placing a card now


def card_value(ct) -> float:
    """Rough worth of a card in play (VP now + power worth)."""
    v = float(ct.vp)
    if ct.dev and ct.cost == 6:
        v += 4.0
    if ct.production:
        v += 1.5 + 0.3 * ct.good
    elif ct.windfall:
        v += 0.6
    for ph, code, _p in ct.powers:
        if code == "produce":
            continue
        if ph == "consume":
            v += 1.0
        elif ph == "explore":
            v += 0.4
        else:
            v += 0.6
    v += 0.3 * ct.mil + 0.6 * ct.dev_discount
    return v


def _cost(ct) -> int:
    return ct.cost if ct.cost is not None else ct.defense


class HeuristicAgent(Agent):
    """Greedy produce/consume and build bot (see module docstring)."""

    name = "heuristic"
    needs_view = True

    def choose(self, view, decision):
        legal = decision.legal
        if len(legal) == 1:
            return legal[0]
        s = decision.seat
        kind = decision.kind
        handler = getattr(self, "_" + kind, None)
        if handler is None:
            return legal[0]
        return handler(view, s, legal)

    # ------------------------------------------------------------------ helpers
    @staticmethod
    def _hand_value(view, s, c) -> float:
        ct = _CT[c]
        v = card_value(ct)
        room = len(view.hand[s]) - 1
        cost = _cost(ct)
        if ct.military:
            mil = sum(_CT[x].mil for x in view.tab[s])
            if mil + 1 < ct.defense:
                v -= 1.5 * (ct.defense - mil - 1)
        elif cost > room:
            v -= 0.8 * (cost - room)
        if ct.dev and any(_CT[x].t == ct.t for x in view.tab[s]):
            v -= 10  # duplicate development is useless in play
        return v

    def _worst_first(self, view, s, legal, verb_arg=0):
        def key(a):
            ct = TYPE_BY_ID[a.args[verb_arg]]
            return card_value(ct) - 0.15 * _cost(ct)

        return min(legal, key=key)

    # ------------------------------------------------------------------ decisions
    def _choose(self, view, s, legal):
        scores = self._action_scores(view, s)
        best = max(legal, key=lambda a: (scores.get(a.args[0], 0.0), self.rng.random()))
        return best

    def _action_scores(self, view, s) -> dict[str, float]:
        hand = view.hand[s]
        tab = view.tab[s]
        goods = view.goods[s]
        act = [_CT[c] for c in tab]
        n_hand = len(hand)
        room = n_hand - 1
        card = self._card_worth(n_hand)
        # develop: best affordable development with the bonus
        disc = sum(x.dev_discount for x in act)
        owned = {x.t for x in act}
        best_dev = 0.0
        for c in hand:
            ct = _CT[c]
            if ct.dev and ct.t not in owned:
                price = max(0, ct.cost - disc - 1)
                if price <= room:
                    best_dev = max(best_dev, card_value(ct) - card * price)
        # settle: best placeable world, plus the bonus card
        mil = sum(x.mil for x in act)
        discs = [d for x in act for d in x.settle_discount]
        colony = any(x.colony for x in act)
        best_world = 0.0
        for c in hand:
            ct = _CT[c]
            if not ct.world:
                continue
            if ct.military:
                st = mil + (sum(x.mil_good[ct.good] for x in act) if ct.good >= 0 else 0)
                if ct.rebel:
                    st += sum(x.mil_rebel for x in act)
                if st < ct.defense:
                    continue
                price = 0
            else:
                price = max(0, ct.cost - sum(n for n, g in discs if g < 0 or g == ct.good))
                if price > room:
                    if not (colony and ct.good != ALIEN):
                        continue
                    price = 1
            best_world = max(best_world, card_value(ct) - card * price + card)
        # consume: VP the consume powers would make from the goods in play
        n_goods = len(goods)
        consume_vp = 0.0
        consume_cards = 0
        left = n_goods
        for x in act:
            for pw in x.consume:
                if pw[0] == "goods" and left >= pw[2]:
                    uses = min(pw[4], left // pw[2])
                    consume_vp += pw[5] * uses
                    consume_cards += pw[6] * uses
                    left -= uses * pw[2]
                elif pw[0] == "all" and left:
                    consume_vp += max(0, left - 1)
                    left = 0
        trade = 0.0
        if goods:
            bonus_any = sum(n for x in act for n, g in x.trade_bonus if g < 0)
            trade = max(TRADE_VALUE[_CT[w].good] + _CT[w].trade_this + bonus_any
                        + sum(n for x in act for n, g in x.trade_bonus if g == _CT[w].good)
                        for w in goods)
        empty_prod = sum(1 for c in tab if _CT[c].production and c not in goods)
        empty_wind = sum(1 for c in tab if _CT[c].windfall and c not in goods)
        has_consume = any(pw[0] in ("goods", "all") for x in act for pw in x.consume)
        good_worth = 1.4 if has_consume else 1.0
        hungry = 1.0 + max(0, 3 - n_hand) * 0.35
        scores = {
            "develop": best_dev * BUILD,
            "settle": best_world * BUILD,
            "consume_x2": 2.0 * consume_vp + card * consume_cards,
            "consume_trade": card * trade * hungry + consume_vp + card * consume_cards,
            "produce": good_worth * (empty_prod + min(1, empty_wind))
            + 0.5 * sum(x.draw_if_produced for x in act if x.production),
            "explore_5_0": (card + 0.5) * hungry,
            "explore_1_1": (2 * card + 0.1) * hungry,
        }
        scores["develop_2"] = scores["develop"] * 0.4
        scores["settle_2"] = scores["settle"] * 0.4
        return scores

    def _discard0(self, view, s, legal):
        return min(legal, key=lambda a: self._hand_value(view, s, self._copy(view, s, a)))

    _limit = _discard0

    @staticmethod
    def _copy(view, s, a):
        cid = a.args[0]
        for c in view.hand[s]:
            if c >= 0 and _CT[c].id == cid:
                return c
        for c in view.look[s]:
            if c >= 0 and _CT[c].id == cid:
                return c
        raise KeyError(cid)

    def _keep(self, view, s, legal):
        return max(legal, key=lambda a: self._hand_value(view, s, self._copy(view, s, a)))

    @staticmethod
    def _card_worth(n_hand: int) -> float:
        return CARD if n_hand <= 3 else 0.55 if n_hand <= 5 else 0.4 if n_hand <= 7 else 0.25

    def _dev_pick(self, view, s, legal):
        best, score = legal[0], 0.0  # legal[0] is pass
        act = [_CT[c] for c in view.tab[s]]
        disc = sum(x.dev_discount for x in act) + 1
        card = self._card_worth(len(view.hand[s]))
        for a in legal[1:]:
            ct = TYPE_BY_ID[a.args[0]]
            v = card_value(ct) - card * max(0, ct.cost - disc)
            if v > score:
                best, score = a, v
        return best

    def _set_pick(self, view, s, legal):
        best, score = legal[0], 0.0
        act = [_CT[c] for c in view.tab[s]]
        discs = [d for x in act for d in x.settle_discount]
        card = self._card_worth(len(view.hand[s]))
        for a in legal[1:]:
            ct = TYPE_BY_ID[a.args[0]]
            price = 0 if ct.military else max(
                0, ct.cost - sum(n for n, g in discs if g < 0 or g == ct.good))
            v = card_value(ct) + 0.5 - card * price
            if v > score:
                best, score = a, v
        return best

    def _pay(self, view, s, legal):
        pays = [a for a in legal if a.verb == "pay"]
        use = [a for a in legal if a.verb == "use"]
        if use and (len(pays) == 0 or view.pend[s][2] >= 3):
            return use[0]
        return self._worst_first(view, s, pays)

    def _method(self, view, s, legal):
        for m in ("conquer", "contact", "tactics"):
            for a in legal:
                if a.args[0] == m:
                    return a
        return legal[0]

    def _trade(self, view, s, legal):
        return max(legal, key=lambda a: (TRADE_VALUE[TYPE_BY_ID[a.args[0]].good],
                                         TYPE_BY_ID[a.args[0]].trade_this))

    _sell = _trade

    def _consume(self, view, s, legal):
        def key(a):
            if a.verb == "done":
                return -1.0
            if a.verb == "gamble":
                return 0.5 - abs(a.args[0] - 2) * 0.01
            ct = TYPE_BY_ID[a.args[0]]
            best = 0.0
            for pw in ct.consume:
                if pw[0] == "goods":
                    best = max(best, (pw[5] * 1.0 + pw[6] * 0.5) / pw[2])
                elif pw[0] == "hand":
                    best = max(best, 0.2 if len(view.hand[s]) > 5 else -2.0)
                elif pw[0] == "all":
                    best = max(best, 0.8)
                elif pw[0] == "sell":
                    best = max(best, 0.6)
            return best

        return max(legal, key=key)

    def _good(self, view, s, legal):
        return min(legal, key=lambda a: TRADE_VALUE[TYPE_BY_ID[a.args[0]].good])

    def _hand(self, view, s, legal):
        if len(view.hand[s]) > 5:
            cards = [a for a in legal if a.verb == "discard"]
            return self._worst_first(view, s, cards)
        return next(a for a in legal if a.verb == "done")

    def _windfall(self, view, s, legal):
        return max(legal, key=lambda a: TYPE_BY_ID[a.args[0]].good)
