"""Heuristic agent for Race for the Galaxy.

A greedy "build and feed" strategy that only reads its seat's view, and only its state (hands,
tableaus, goods, pending steps), never its history (``log``, ``events``, ``flows``):

* action choice scores each action card from the seat's situation: a world it can place
  (Settle), a development it can afford (Develop), goods and consume powers (Consume x2 /
  Trade), empty production worlds (Produce), and a thin hand (Explore); in the advanced game
  it takes the two best different cards;
* it never picks an action card whose phase can change nothing it can see when another card
  can (``useful_actions``): Consume x2 only if someone's consume power can take a good (kinds
  and "distinct kinds" honoured) or draw, Trade also when it holds a good, Produce only if a
  good or a card would come, Develop/Settle only with a card it can place (or a "draw at the
  start" power); Explore always draws. Without this rule two bots once chose Consume x2 for
  ever (seed 543): the consume estimate counted goods that no power of theirs accepted;
* cards are valued by printed VP, goods production, powers and the six-cost developments'
  end bonus; it keeps the best explored cards, pays with the least valuable ones and places
  the best card it can afford;
* in Consume it runs the powers that give most VP per good first, trades its most valuable
  good, and discards hand cards for VP only when the hand is comfortable.

Speed (issue 15): per-card worths and flags are computed once at import, a tableau's aggregates
once per distinct tableau (``_Tableau``), and what an action choice reads more than once once per
decision (``_Seat``); tests/race/test_bot_speed_equivalence.py pins the choices to the logs of
the bot before these caches.
"""

from __future__ import annotations

from gamekit.core import Agent

from .build import discount_for, settle_info, settle_options
from .cardmoves import pending
from .cards import ANY, CARDS, COPIES, TRADE_VALUE, TYPE_BY_ID

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


# per-card constants, computed once (the bot's hot path only looks them up)
_VALUE = {ct.id: card_value(ct) for ct in CARDS}  # card_value by card id
_VAL = tuple(_VALUE[ct.id] for ct in COPIES)  # card_value by copy
_WORST = {ct.id: _VALUE[ct.id] - 0.15 * _cost(ct) for ct in CARDS}  # pay / discard order
_GOOD = tuple(ct.good for ct in COPIES)
_PROD = tuple(bool(ct.production) for ct in COPIES)
_WIND = tuple(bool(ct.windfall) for ct in COPIES)
_WORLD = tuple(bool(ct.world) for ct in COPIES)
_DEV = tuple(bool(ct.dev) for ct in COPIES)
# copies whose powers can make Produce draw a card or fill a windfall world
_PROD_POWER = tuple(bool(ct.produce_draw or ct.draw_per_world or ct.windfall_produce)
                    for ct in COPIES)


def _power_key(pw) -> float:
    return -(pw[5] + 0.5 * pw[6]) / pw[2] if pw[0] == "goods" else 0.0


def _consume_powers(act) -> list:
    """The consume powers of ``act`` in the order ``consume_estimate`` runs them."""
    powers = [pw for x in act for pw in x.consume]
    powers.sort(key=_power_key)
    return powers


def consume_estimate(act, kinds: list[int], hand: int,
                     powers: list | None = None) -> tuple[float, float, bool]:
    """VP, cards and "anything happens" of a seat's consume powers on goods of ``kinds``
    (good indices), using at most ``hand`` cards of its hand for VP; the goods powers run best
    first and take only the goods they accept (kind, distinct kinds); ``powers``: those of
    ``_consume_powers(act)`` when already known."""
    kinds = list(kinds)
    vp = cards = 0.0
    used = False
    for pw in _consume_powers(act) if powers is None else powers:
        kind = pw[0]
        if kind == "goods":
            _, good, per, distinct, uses, pv, pc, _x2 = pw
            n = 0
            while n < uses:
                if distinct:
                    have = sorted(set(kinds))
                    if len(have) < per:
                        break
                    take = have[:per]
                else:
                    take = [k for k in kinds if good == ANY or k == good][:per]
                    if len(take) < per:
                        break
                for k in take:
                    kinds.remove(k)
                n += 1
            if n:
                used = True
                vp += n * pv
                cards += n * pc
        elif kind == "all" and kinds:
            used = True
            vp += len(kinds) - 1
            kinds = []
        elif kind == "sell" and kinds:
            used = True
            best = max(kinds, key=lambda k: TRADE_VALUE[k])
            kinds.remove(best)
            cards += TRADE_VALUE[best]
        elif kind == "hand" and hand:
            used = True
            n = min(hand, pw[1])
            hand -= n
            vp += n * pw[2]
        elif kind == "draw":
            used = True
            cards += pw[1]
        elif kind == "gamble":
            used = True
            cards += 1 / 7
    return vp, cards, used


class _Tableau:
    """Aggregates of one tableau the bot reads (a tableau changes rarely: they are cached)."""

    __slots__ = ("act", "powers", "dev_disc", "owned", "dev_draw_start", "mil", "has_consume",
                 "trade_bonus", "draw_if_produced", "prod_power")

    def __init__(self, tab: tuple[int, ...]) -> None:
        act = self.act = [_CT[c] for c in tab]
        self.powers = _consume_powers(act)
        self.dev_disc = sum(x.dev_discount for x in act)
        self.owned = {x.t for x in act}
        self.dev_draw_start = any(x.dev_draw_start for x in act)
        self.mil = sum(x.mil for x in act)
        self.has_consume = any(pw[0] in ("goods", "all") for pw in self.powers)
        self.trade_bonus = [sum(n for x in act for n, g in x.trade_bonus if g < 0 or g == k)
                            for k in range(4)]
        self.draw_if_produced = sum(x.draw_if_produced for x in act if x.production)
        self.prod_power = [_CT[c] for c in tab if _PROD_POWER[c]]


_TABLEAUS: dict[tuple[int, ...], _Tableau] = {}


def _tableau(tab) -> _Tableau:
    key = tuple(tab)
    t = _TABLEAUS.get(key)
    if t is None:
        if len(_TABLEAUS) > 20000:
            _TABLEAUS.clear()
        t = _TABLEAUS[key] = _Tableau(key)
    return t


class _Seat:
    """What one decision of seat ``s`` reads more than once, computed once: every seat's
    tableau aggregates, the seat's placeable developments and worlds as (worth, cards paid)."""

    __slots__ = ("tabs", "act", "devs", "worlds", "powers")

    def __init__(self, view, s) -> None:
        self.tabs = tabs = [_tableau(x.tableau) for x in view.seats]
        self.act = [t.act for t in tabs]
        self.powers = [t.powers for t in tabs]
        self.devs = _dev_candidates(self.act[s], view.seats[s].hand, tabs[s])
        self.worlds = _world_candidates(view, s)


def useful_actions(view, s, hand_used=lambda n: n, seat: _Seat | None = None) -> set[str]:
    """Action cards (names) whose phase can change something seat ``s`` can see: its own
    placements, anyone's consume powers or production, draws from powers; Explore always draws.
    Other seats' hands are hidden, so their possible placements are not counted.
    ``hand_used(n)``: hand cards seat ``s`` would discard for VP out of ``n`` (others: all);
    ``seat``: the decision's ``_Seat`` when already built."""
    seat = seat or _Seat(view, s)
    act = seat.act
    seats = view.seats
    out = {"explore_5_0", "explore_1_1"}
    if seat.devs or any(t.dev_draw_start for t in seat.tabs):
        out.update(("develop", "develop_2"))
    if seat.worlds:
        out.update(("settle", "settle_2"))
    consume = False
    for x in range(view.players):
        if not seat.powers[x]:
            continue
        n_hand = len(seats[x].hand)
        kinds = [_GOOD[w] for w in seats[x].goods]
        if consume_estimate(act[x], kinds, hand_used(n_hand) if x == s else n_hand,
                            seat.powers[x])[2]:
            consume = True
            break
    if consume:
        out.add("consume_x2")
    if consume or seats[s].goods:
        out.add("consume_trade")
    if _produce_changes(view, seat.tabs, s):
        out.add("produce")
    return out


def _dev_candidates(act, hand, tab: _Tableau | None = None) -> list[tuple[float, int]]:
    """(worth, cards paid) of each development the hand can place with the Develop bonus
    (``tab``: the aggregates of ``act`` when known)."""
    if tab is None:
        disc = sum(x.dev_discount for x in act) + 1
        owned = {x.t for x in act}
    else:
        disc = tab.dev_disc + 1
        owned = tab.owned
    room = len(hand) - 1
    out = []
    for c in hand:
        if _DEV[c]:
            ct = _CT[c]
            if ct.t not in owned:
                price = max(0, ct.cost - disc)
                if price <= room:
                    out.append((_VAL[c], price))
    return out


def _best_dev(cands, card: float) -> float | None:
    best = None
    for v, price in cands:
        v = v - card * price
        best = v if best is None else max(best, v)
    return best


def _world_candidates(view, s) -> list[tuple[float, int]]:
    """(worth, cards paid) of each world seat ``s`` can place now, by the rules' own
    placement options."""
    out = []
    info = None
    hand = view.seats[s].hand
    for c in hand:
        if not _WORLD[c]:
            continue
        info = info or settle_info(view, s)
        opts = settle_options(view, s, c, info)
        if not opts:
            continue
        ct = _CT[c]
        price = 0
        if "conquer" not in opts and "tactics" not in opts:
            base = ct.defense - info[4] if ct.military else ct.cost
            price = max(0, base - discount_for(info[3], ct))
            if price > len(hand) - 1:
                price = 1  # Colony Ship
        out.append((_VAL[c], price))
    return out


def _best_world(cands, card: float) -> float | None:
    best = None
    for v, price in cands:
        v = v - card * price + card
        best = v if best is None else max(best, v)
    return best


def _produce_changes(view, tabs: list[_Tableau], s) -> bool:
    """Produce would place a good or draw a card for someone (the bonus counted for ``s``)."""
    for x in range(view.players):
        goods = view.seats[x].goods
        tab = view.seats[x].tableau
        for w in tab:
            if _PROD[w] and w not in goods:
                return True
        empty_wind = [_GOOD[w] for w in tab if _WIND[w] and w not in goods]
        if x == s and empty_wind:
            return True
        for ct in tabs[x].prod_power:
            if ct.produce_draw or any(_WORLD[w] and _GOOD[w] == g
                                      for _n, g in ct.draw_per_world for w in tab):
                return True
            if any(g == ANY or g in empty_wind for g in ct.windfall_produce) and empty_wind:
                return True
    return False


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
        handler = _BY_KIND.get(kind)
        if handler is None:
            return legal[0]
        return handler(self, view, s, legal)

    # ------------------------------------------------------------------ helpers
    @staticmethod
    def _hand_values(view, s):
        """Worth of keeping a card (by id) in seat ``s``'s hand: its worth, less what it would
        still take to place (military, cards), and nothing for a development already owned."""
        agg = _tableau(view.seats[s].tableau)
        mil = agg.mil
        owned = agg.owned
        room = len(view.seats[s].hand) - 1

        def value(cid) -> float:
            ct = TYPE_BY_ID[cid]
            v = _VALUE[cid]
            cost = _cost(ct)
            if ct.military:
                if mil + 1 < ct.defense:
                    v -= 1.5 * (ct.defense - mil - 1)
            elif cost > room:
                v -= 0.8 * (cost - room)
            if ct.dev and ct.t in owned:
                v -= 10  # duplicate development is useless in play
            return v

        return value

    @staticmethod
    def _worst_first(view, s, legal):
        return min(legal, key=lambda a: _WORST[a.args[0]])

    # ------------------------------------------------------------------ decisions
    def _choose(self, view, s, legal):
        seat = _Seat(view, s)
        scores = self._action_scores(view, s, seat)
        useful = self._useful(view, s, seat)
        pool = [a for a in legal if a.args[0] in useful] or legal
        return max(pool, key=lambda a: (scores.get(a.args[0], 0.0), self.rng.random()))

    def _action_scores(self, view, s, seat: _Seat | None = None) -> dict[str, float]:
        seat = seat or _Seat(view, s)
        hand = view.seats[s].hand
        tab = view.seats[s].tableau
        goods = view.seats[s].goods
        act = seat.act[s]
        agg = seat.tabs[s]
        powers = agg.powers
        n_hand = len(hand)
        card = self._card_worth(n_hand)
        best_dev = _best_dev(seat.devs, card) or 0.0
        best_w = _best_world(seat.worlds, card) or 0.0
        kinds = [_GOOD[w] for w in goods]
        used = self._hand_used(n_hand)
        consume_vp, consume_cards, _ = consume_estimate(act, kinds, used, powers)
        trade = trade_vp = trade_cards = 0.0
        if goods:  # Trade sells the good worth most cards, then consumes the rest
            bonus = agg.trade_bonus
            trade, w = max((TRADE_VALUE[_CT[w].good] + _CT[w].trade_this + bonus[_CT[w].good], w)
                           for w in goods)
            rest = list(kinds)
            rest.remove(_CT[w].good)
            trade_vp, trade_cards, _ = consume_estimate(act, rest, used, powers)
        empty_prod = sum(1 for c in tab if _PROD[c] and c not in goods)
        empty_wind = sum(1 for c in tab if _WIND[c] and c not in goods)
        good_worth = 1.4 if agg.has_consume else 1.0
        hungry = 1.0 + max(0, 3 - n_hand) * 0.35
        scores = {
            "develop": best_dev * BUILD,
            "settle": best_w * BUILD,
            "consume_x2": 2.0 * consume_vp + card * consume_cards,
            "consume_trade": card * trade * hungry + trade_vp + card * trade_cards,
            "produce": good_worth * (empty_prod + min(1, empty_wind))
            + 0.5 * agg.draw_if_produced,
            "explore_5_0": (card + 0.5) * hungry,
            "explore_1_1": (2 * card + 0.1) * hungry,
        }
        scores["develop_2"] = scores["develop"] * 0.4
        scores["settle_2"] = scores["settle"] * 0.4
        return scores

    @staticmethod
    def _hand_used(n_hand: int) -> int:
        """Hand cards the bot would discard for VP (see ``_hand``): down to 5."""
        return max(0, n_hand - 5)

    def _useful(self, view, s, seat: _Seat | None = None) -> set[str]:
        """Action cards whose phase can change something that the seat can see (see
        ``useful_actions``)."""
        return useful_actions(view, s, self._hand_used, seat)

    def _discard0(self, view, s, legal):
        value = self._hand_values(view, s)
        return min(legal, key=lambda a: value(a.args[0]))

    _limit = _discard0

    def _keep(self, view, s, legal):
        value = self._hand_values(view, s)
        return max(legal, key=lambda a: value(a.args[0]))

    @staticmethod
    def _card_worth(n_hand: int) -> float:
        return CARD if n_hand <= 3 else 0.55 if n_hand <= 5 else 0.4 if n_hand <= 7 else 0.25

    def _dev_pick(self, view, s, legal):
        best, score = legal[0], 0.0  # legal[0] is pass
        disc = _tableau(view.seats[s].tableau).dev_disc + 1
        card = self._card_worth(len(view.seats[s].hand))
        for a in legal[1:]:
            ct = TYPE_BY_ID[a.args[0]]
            v = _VALUE[ct.id] - card * max(0, ct.cost - disc)
            if v > score:
                best, score = a, v
        return best

    def _set_pick(self, view, s, legal):
        best, score = legal[0], 0.0
        discs = [d for x in _tableau(view.seats[s].tableau).act for d in x.settle_discount]
        card = self._card_worth(len(view.seats[s].hand))
        for a in legal[1:]:
            ct = TYPE_BY_ID[a.args[0]]
            price = 0 if ct.military else max(
                0, ct.cost - sum(n for n, g in discs if g < 0 or g == ct.good))
            v = _VALUE[ct.id] + 0.5 - card * price
            if v > score:
                best, score = a, v
        return best

    def _pay(self, view, s, legal):
        pays = [a for a in legal if a.verb == "pay"]
        use = [a for a in legal if a.verb == "use"]
        if use and (len(pays) == 0 or pending(view, s)[2] >= 3):
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
                    best = max(best, 0.2 if len(view.seats[s].hand) > 5 else -2.0)
                elif pw[0] == "all":
                    best = max(best, 0.8)
                elif pw[0] == "sell":
                    best = max(best, 0.6)
            return best

        return max(legal, key=key)

    def _good(self, view, s, legal):
        return min(legal, key=lambda a: TRADE_VALUE[TYPE_BY_ID[a.args[0]].good])

    def _hand(self, view, s, legal):
        if len(view.seats[s].hand) > 5:
            cards = [a for a in legal if a.verb == "discard"]
            return self._worst_first(view, s, cards)
        return next(a for a in legal if a.verb == "done")

    def _windfall(self, view, s, legal):
        return max(legal, key=lambda a: TYPE_BY_ID[a.args[0]].good)


#: the heuristic's choice for each step kind (a closed table: a kind never names a method)
_BY_KIND = {
    "choose": HeuristicAgent._choose, "discard0": HeuristicAgent._discard0,
    "limit": HeuristicAgent._limit, "keep": HeuristicAgent._keep,
    "dev_pick": HeuristicAgent._dev_pick, "set_pick": HeuristicAgent._set_pick,
    "pay": HeuristicAgent._pay, "method": HeuristicAgent._method,
    "trade": HeuristicAgent._trade, "sell": HeuristicAgent._sell,
    "consume": HeuristicAgent._consume,
    "good": HeuristicAgent._good, "hand": HeuristicAgent._hand,
    "windfall": HeuristicAgent._windfall,
}
