"""The questions a seat is asked (``Decision``: kind, parameters, rule stack, secrecy) and why
an action is illegal; a mixin of ``RaceState``."""

from __future__ import annotations

from typing import Any

from gamekit.core import Action, Decision

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

    def why_illegal(self, action: Action) -> tuple[str, str | None]:
        p = self.pend[action.seat] if 0 <= action.seat < self.players else None
        if p is None:
            return "", None
        kind = p[0]
        if kind == "dev_pick" and action.verb == "develop" and action.args:
            cid = action.args[0]
            if self._find(self.hand[action.seat], str(cid)) is None:
                return f"{cid} is not in your hand", "develop"
            ct = TYPE_BY_ID.get(cid)
            if ct is not None and ct.world:
                return f"{cid} is a world, not a development", "develop"
            if any(_CT[c].id == cid for c in self.tab[action.seat]):
                return f"you already have {cid}: no duplicate developments", "develop"
            return f"you cannot pay for {cid}", "develop"
        if kind == "set_pick" and action.verb == "settle" and action.args:
            cid = action.args[0]
            if self._find(self.hand[action.seat], str(cid)) is None:
                return f"{cid} is not in your hand", "settle"
            ct = TYPE_BY_ID.get(cid)
            if ct is not None and ct.dev:
                return f"{cid} is a development, not a world", "settle"
            return f"you can neither pay for nor conquer {cid}", "settle"
        if kind == "consume" and action.verb == "done":
            return "consuming is mandatory while a consume power can be used", "consume"
        seat = action.seat
        arg = action.args[0] if action.args else None
        if action.verb in ("pay", "discard") and kind in ("pay", "hand", "limit", "discard0"):
            if arg is not None and self._find(self.hand[seat], str(arg)) is None:
                return f"{arg} is not in your hand", self.cur[0] if kind == "pay" else None
            if kind == "pay" and arg == _cid(p[1]):
                return f"{arg} is the card being paid for", self.cur[0]
        if action.verb == "keep" and kind == "keep":
            return f"{arg} is not among the explored cards", "explore"
        if action.verb in ("good", "trade") and kind in ("good", "trade", "sell"):
            return f"{arg} has no good that this step can take", "consume"
        if action.verb == "use" and kind == "pay":
            return "Colony Ship can pay only for a whole non-Alien world, before any card", "settle"
        return "", None
