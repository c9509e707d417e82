"""The questions a seat is asked (``Decision``: kind, parameters, rule stack, secrecy) and why
an action is illegal; a mixin of ``RaceState``."""

from __future__ import annotations

from typing import Any

from gamekit.core import Action, Decision, Reason, reason

from .cards import GOODS, TYPE_BY_ID
from .common import _CT, ANY, _cid


class DecisionRules:
    """``_decide`` and ``why_illegal`` of ``RaceState`` (a mixin)."""

    _STACKS = {
        "choose": ("choose",), "keep": ("explore", "keep"), "dev_pick": ("develop",),
        "set_pick": ("settle",), "pay": ("settle", "pay"), "method": ("settle", "method"),
        "trade": ("consume", "trade"), "sell": ("consume", "sell"), "consume": ("consume",),
        "good": ("consume", "good"), "hand": ("consume", "discard"),
        "windfall": ("produce", "windfall"), "limit": ("round_end", "discard"),
        "discard0": ("setup", "discard"),
    }

    def _decide(self, seat: int, legal: list[Action]) -> Decision:
        p = self.pend[seat]
        kind = p[0]
        params: dict[str, Any] = {}
        stack = self._STACKS[kind]
        if kind == "choose":
            params = {"n": self.npicks - len(self.picks[seat])}
        elif kind == "keep":
            params = {"n": self.keepn[seat], "of": len(self.look[seat])}
        elif kind == "pay":
            stack = (self.cur[0], _cid(p[1]), "pay")
            params = {"card": _cid(p[1]), "n": p[2]}
        elif kind == "method":
            stack = ("settle", _cid(p[1]), "method")
            params = {"card": _cid(p[1])}
        elif kind == "good":
            stack = ("consume", p[1], "good")
            params = {"card": p[1], "n": p[3] - len(p[6])}
        elif kind == "hand":
            stack = ("consume", p[1], "discard")
            params = {"card": p[1], "n": p[2]}
        elif kind == "windfall":
            params = {"good": "any" if p[1] == ANY else GOODS[p[1]]}
        elif kind in ("limit", "discard0"):
            params = {"n": p[1]}
        secret = kind in ("choose", "dev_pick", "set_pick")
        return Decision(self.game, seat, kind, tuple(legal), params, stack, secret)

    def why_illegal(self, action: Action) -> tuple[Reason | str, str | None]:
        """Why ``action`` is refused (catalog ``refuse.<key>``; rulebook section)."""
        g = self.game
        p = self.pend[action.seat] if 0 <= action.seat < self.players else None
        if p is None:
            return "", None
        kind = p[0]
        if kind == "dev_pick" and action.verb == "develop" and action.args:
            cid = action.args[0]
            if self._find(self.hand[action.seat], str(cid)) is None:
                return reason(g, "not_in_hand"), "develop"
            ct = TYPE_BY_ID.get(cid)
            if ct is not None and ct.world:
                return reason(g, "not_a_development", card=cid), "develop"
            if any(_CT[c].id == cid for c in self.tab[action.seat]):
                return reason(g, "duplicate", card=cid), "develop"
            return reason(g, "cannot_pay", card=cid), "develop"
        if kind == "set_pick" and action.verb == "settle" and action.args:
            cid = action.args[0]
            if self._find(self.hand[action.seat], str(cid)) is None:
                return reason(g, "not_in_hand"), "settle"
            ct = TYPE_BY_ID.get(cid)
            if ct is not None and ct.dev:
                return reason(g, "not_a_world", card=cid), "settle"
            return reason(g, "cannot_settle", card=cid), "settle"
        if kind == "consume" and action.verb == "done":
            return reason(g, "must_consume"), "consume"
        seat = action.seat
        arg = action.args[0] if action.args else None
        if action.verb in ("pay", "discard") and kind in ("pay", "hand", "limit", "discard0"):
            if arg is not None and self._find(self.hand[seat], str(arg)) is None:
                return reason(g, "not_in_hand"), self.cur[0] if kind == "pay" else None
            if kind == "pay" and arg == _cid(p[1]):
                return reason(g, "paying_for", card=arg), self.cur[0]
        if action.verb == "keep" and kind == "keep":
            return reason(g, "not_explored"), "explore"
        if action.verb in ("good", "trade") and kind in ("good", "trade", "sell"):
            return reason(g, "no_good"), "consume"
        if action.verb == "use" and kind == "pay":
            return reason(g, "colony_ship"), "settle"
        return "", None
