"""A heuristic agent for It's a Wonderful World.

Strategy (one coherent plan, no look-ahead):

* every card gets a *net value* for this seat: its VP (direct, per type with the seat's
  expected counts, per character), plus the cubes it will still produce in the rounds left,
  plus its construction bonus, minus the cubes its cost will take; cards the seat cannot hope
  to pay (a resource it does not produce, late in the game) are marked down;
* draft: take the card of highest net value (its recycling cube if nothing is worth building);
* planning: keep the best cards while the construction area stays within what the seat can
  produce in the rounds left, keep them first, then recycle the rest onto them;
* placing a cube: on the card under construction with the best value per empty space
  (so nearly finished cards are completed first); the Empire card only when nothing fits;
* Krystallium and characters are placed when that completes a card (or, for a space only
  they can fill, when little else is missing); in the last step of the game every token that
  completes something is spent. Cards under construction are never discarded;
* science supremacy: the character with the higher multiplier; solo: no exchanges.
"""

from __future__ import annotations

from gamekit.core import Agent

from .data import CARDS, EMPIRES, RIDX

__all__ = ["HeuristicAgent", "card_value"]

CUBE = 0.45  # VP worth of one resource cube
KRYST = 1.6  # VP cost of spending a Krystallium on a Krystallium space


def _seat_info(state, seat):
    emp = EMPIRES[state.empires[seat]].sides[state.side]
    mult = list(emp.vp_per_type)
    cmult = [1 + emp.vp_per_char[0], 1 + emp.vp_per_char[1]]
    counts = [0] * 5
    for cid in state.built[seat]:
        c = CARDS[cid]
        counts[c.tidx] += 1
        for t in range(5):
            mult[t] += c.vp_per_type[t]
        cmult[0] += c.vp_per_char[0]
        cmult[1] += c.vp_per_char[1]
    prod = [state._production(seat, r)[0] for r in range(5)]
    return mult, cmult, counts, prod


def card_value(state, seat, cid, info=None, spaces_left=None):
    """Net value in VP of building ``cid`` for ``seat`` (see the module docstring)."""
    mult, cmult, counts, prod = info or _seat_info(state, seat)
    c = CARDS[cid]
    rnd = max(state.round, 1)
    later = 4 - rnd  # rounds after this one
    grow = 0.6 * later + 0.5
    value = c.vp_fixed
    for t in range(5):
        if c.vp_per_type[t]:
            value += c.vp_per_type[t] * (counts[t] + grow + (c.tidx == t))
    value += mult[c.tidx]  # the card itself counts for the seat's per-type multipliers
    chars = (state.fin[seat], state.gen[seat])
    for i in range(2):
        if c.vp_per_char[i]:
            value += c.vp_per_char[i] * (chars[i] + 1.5 * later + 1)
    # production in the rounds left (built during this round: produces from the next one)
    rounds = later + 0.5
    value += CUBE * rounds * sum(c.prod_fixed)
    for _r, t, a in c.prod_per:
        value += CUBE * rounds * a * (counts[t] + 1 + 0.3 * later)
    for token, k in c.bonus.items():
        value += k * (KRYST * 0.7 if token == "krystallium" else cmult[token == "general"])
    # cost of what is still to pay
    need = spaces_left if spaces_left is not None else c.spaces
    for kind in need:
        if kind == "krystallium":
            value -= KRYST
        elif kind == "financier":
            value -= cmult[0]
        elif kind == "general":
            value -= cmult[1]
        else:
            value -= CUBE
            if prod[RIDX[kind]] == 0:
                value -= 0.4 * (rnd + 1)
    return value


def _empty(entry):
    cid, fills = entry
    spaces = CARDS[cid].spaces
    return [spaces[i] for i, x in enumerate(fills) if not x]


class HeuristicAgent(Agent):
    """Value-driven drafting, planning and placement (see the module docstring)."""

    name = "heuristic"
    needs_view = True

    def choose(self, view, decision):
        legal = decision.legal
        if len(legal) == 1:
            return legal[0]
        kind = decision.kind
        seat = decision.seat
        if kind == "draft":
            return self._draft(view, seat, legal)
        if kind == "plan":
            return self._plan(view, seat, legal)
        if kind == "place":
            return self._place(view, seat, legal)
        if kind == "supremacy":
            _, cmult, _, _ = _seat_info(view, seat)
            return legal[0] if cmult[0] >= cmult[1] else legal[1]
        if kind == "exchange_take":
            info = _seat_info(view, seat)
            return max(legal, key=lambda a: card_value(view, seat, a.args[0], info))
        if kind == "exchange_second":
            info = _seat_info(view, seat)
            return min(legal, key=lambda a: card_value(view, seat, a.args[0], info))
        return self._tokens(view, seat, legal)

    # -------------------------------------------------------------- draft
    def _draft(self, view, seat, legal):
        info = _seat_info(view, seat)
        need = self._needs_by_res(view, seat)
        best, best_v = legal[0], float("-inf")
        for a in legal:
            cid = a.args[0]
            v = card_value(view, seat, cid, info)
            v = max(v, CUBE * (1 + (need[CARDS[cid].recycle_idx] > 0)))
            if v > best_v:
                best, best_v = a, v
        return best

    @staticmethod
    def _needs_by_res(view, seat):
        need = [0] * 5
        for entry in view.constr[seat]:
            for kind in _empty(entry):
                if kind in RIDX:
                    need[RIDX[kind]] += 1
        return need

    # -------------------------------------------------------------- planning
    def _plan(self, view, seat, legal):
        info = _seat_info(view, seat)
        prod = info[3]
        later = 4 - view.round
        # what the construction area already asks for, against what the seat can produce
        load = [0] * 5
        for entry in view.constr[seat]:
            for kind in _empty(entry):
                if kind in RIDX:
                    load[RIDX[kind]] += 1
        capacity = [p * (later + 1) + 1 for p in prod]
        drafted = sorted(
            {a.args[0] for a in legal if a.verb == "keep"},
            key=lambda c: -card_value(view, seat, c, info),
        )
        for cid in drafted:
            v = card_value(view, seat, cid, info)
            c = CARDS[cid]
            over = 0
            for kind, k in c.cost.items():
                if kind in RIDX:
                    r = RIDX[kind]
                    over += max(0, load[r] + k - capacity[r])
            if v > 0.5 and over <= (2 if later else 0):
                return next(a for a in legal if a.verb == "keep" and a.args[0] == cid)
        # recycle the least valuable card whose cube fits best
        need = self._needs_by_res(view, seat)
        recycles = [a for a in legal if a.verb == "recycle"]
        return max(recycles, key=lambda a: (need[CARDS[a.args[0]].recycle_idx] > 0,
                                            -card_value(view, seat, a.args[0], info)))

    # -------------------------------------------------------------- placing cubes
    def _place(self, view, seat, legal):
        info = _seat_info(view, seat)
        best, best_v = None, float("-inf")
        for a in legal:
            target = a.args[1]
            if target == "empire":
                continue
            entry = view.constr[seat][view._index(seat, target)]
            left = _empty(entry)
            v = card_value(view, seat, entry[0], info, left) + 3.0 / len(left)
            if v > best_v:
                best, best_v = a, v
        if best is None or best_v < -3:
            return next(a for a in legal if a.args[1] == "empire")
        return best

    # -------------------------------------------------------------- tokens
    def _tokens(self, view, seat, legal):
        last = view.round == 4 and view.phase == "production" and view.step == 4
        have = {"krystallium": view.kryst[seat], "financier": view.fin[seat],
                "general": view.gen[seat]}
        best = None
        for a in legal:
            if a.verb != "use":
                continue
            entry = view.constr[seat][view._index(seat, a.args[1])]
            left = _empty(entry)
            # can the tokens in hand finish this card?
            chars = {"financier": left.count("financier"), "general": left.count("general")}
            others = len(left) - chars["financier"] - chars["general"]
            finish = (chars["financier"] <= have["financier"]
                      and chars["general"] <= have["general"] and others <= have["krystallium"])
            token = a.args[0]
            if finish or (token == "krystallium" and a.args[2] == "krystallium"
                          and len(left) <= 3 and not last):
                if best is None or len(left) < best[0]:
                    best = (len(left), a)
            elif token in ("financier", "general") and len(left) <= 2 and not last:
                if best is None or len(left) < best[0]:
                    best = (len(left), a)
        if best is not None:
            return best[1]
        for a in legal:
            if a.verb == "done":
                return a
        # a planning decision offered only "any time" actions besides keep/recycle: not here
        return legal[0]


