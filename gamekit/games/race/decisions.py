"""The decisions of Race for the Galaxy as a table core walks (contract v2,
``gamekit.core.course.Steps``): each kind of pending step (``pending[seat][0]``) with its
rulebook section, legal actions, verbs, apply, decision stack, question parameters and
secrecy; and why an action is illegal (a mixin of ``RaceState``).

The steps: ``choose`` (secret action choice, "Como jogar"), ``keep`` (Explore), ``dev_pick``
and ``set_pick`` (the secret pick of Develop and Settle), ``pay`` and ``method`` (paying for or
conquering the picked card), ``trade``/``sell``/``consume``/``good``/``hand`` (Consume: the
trade, the choice of a power, the goods it takes, the cards it discards), ``windfall``
(Produce), ``limit`` (the hand limit, "Fim da rodada") and ``discard0`` (the initial discard,
"Preparação").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from gamekit.core import Action, Reason, reason
from gamekit.core.course import Step, Steps, act

from .build import BuildRules
from .cards import GOODS, TYPE_BY_ID
from .choose import ChooseRules
from .common import _CT, ANY, _cid
from .consume import ConsumeRules
from .explore import ExploreRules
from .produce import ProduceRules
from .round_end import RoundEndRules

if TYPE_CHECKING:
    from .state import RaceState

__all__ = ["HANDLERS", "STEPS", "TABLE", "DecisionRules"]


def _keep(st: RaceState, s: int) -> list[Action]:
    return st._card_actions(s, "keep", st.seats[s].explored)


def _discard(st: RaceState, s: int) -> list[Action]:
    return st._card_actions(s, "discard", st.seats[s].hand)


def _legal_pay(st: RaceState, s: int) -> list[Action]:
    _, card, _left, colony = st.seats[s].pending
    out = st._card_actions(s, "pay", st.seats[s].hand, skip=card)
    if colony:
        out.append(act(s, "use", ("colony_ship",)))
    return out


def _legal_hand(st: RaceState, s: int) -> list[Action]:
    return st._card_actions(s, "discard", st.seats[s].hand) + [act(s, "done")]


def _by(handler: Callable[[Any, int, Action], None]) -> Callable[[Any, Action], None]:
    """``apply(state, action)`` calling the rule ``handler(state, seat, action)``."""
    return lambda st, a: handler(st, a.seat, a)


def _n_left(st: RaceState, s: int) -> dict[str, Any]:
    return {"n": st.seats[s].pending[1]}


#: the rule ``(state, seat, action)`` of each step kind (``RaceState._apply`` dispatches
#: through it directly: the hot path). A closed table: a step kind read from a position
#: selects an entry, never a method by name.
HANDLERS: dict[str, Callable[[Any, int, Action], None]] = {
    "choose": ChooseRules._act_choose, "keep": ExploreRules._act_keep,
    "dev_pick": BuildRules._act_pick, "set_pick": BuildRules._act_pick,
    "pay": BuildRules._act_pay, "method": BuildRules._act_method,
    "trade": ConsumeRules._act_trade, "sell": ConsumeRules._act_trade,
    "consume": ConsumeRules._act_consume, "good": ConsumeRules._act_good,
    "hand": ConsumeRules._act_hand, "windfall": ProduceRules._act_windfall,
    "limit": RoundEndRules._act_discard, "discard0": RoundEndRules._act_discard}

STEPS: dict[str, Step] = {
    "choose": Step("choose", "how_to_play", ChooseRules._legal_choose, ("choose",),
                   ("choose",), lambda st, s: {"n": st.npicks - len(st.seats[s].action_picks)},
                   _by(HANDLERS["choose"]), secret=True),
    "keep": Step("keep", "explore", _keep, ("keep",), ("explore", "keep"),
                 lambda st, s: {"n": st.seats[s].keep_left, "of": len(st.seats[s].explored)}, _by(HANDLERS["keep"])),
    "dev_pick": Step("dev_pick", "develop", BuildRules._legal_dev_pick,
                     ("develop", "pass"), ("develop",), None, _by(HANDLERS["dev_pick"]), secret=True),
    "set_pick": Step("set_pick", "settle", BuildRules._legal_set_pick,
                     ("settle", "pass"), ("settle",), None, _by(HANDLERS["set_pick"]), secret=True),
    "pay": Step("pay", "settle", _legal_pay, ("pay", "use"),
                lambda st, s: (st.phase_step[0], _cid(st.seats[s].pending[1]), "pay"),
                lambda st, s: {"card": _cid(st.seats[s].pending[1]), "n": st.seats[s].pending[2]}, _by(HANDLERS["pay"])),
    "method": Step("method", "settle",
                   lambda st, s: [act(s, "method", (m,)) for m in st.seats[s].pending[2]], ("method",),
                   lambda st, s: ("settle", _cid(st.seats[s].pending[1]), "method"),
                   lambda st, s: {"card": _cid(st.seats[s].pending[1])}, _by(HANDLERS["method"])),
    "trade": Step("trade", "trade",
                  lambda st, s: [act(s, "trade", (_CT[w].id,)) for w in st.seats[s].goods],
                  ("trade",), ("consume", "trade"), None, _by(HANDLERS["trade"])),
    "sell": Step("sell", "trade",
                 lambda st, s: [act(s, "trade", (_CT[w].id,)) for w in st.seats[s].goods],
                 ("trade",), ("consume", "sell"), None, _by(HANDLERS["sell"])),
    "consume": Step("consume", "consume", ConsumeRules._legal_consume,
                    ("consume", "gamble", "done"), ("consume",), None,
                    _by(HANDLERS["consume"])),
    "good": Step("good", "consume",
                 lambda st, s: [act(s, "good", (_CT[w].id,)) for w in st._goods_choices(s)],
                 ("good",), lambda st, s: ("consume", st.seats[s].pending[1], "good"),
                 lambda st, s: {"card": st.seats[s].pending[1],
                                "n": st.seats[s].pending[3] - len(st.seats[s].pending[6])}, _by(HANDLERS["good"])),
    "hand": Step("hand", "consume", _legal_hand, ("discard", "done"),
                 lambda st, s: ("consume", st.seats[s].pending[1], "discard"),
                 lambda st, s: {"card": st.seats[s].pending[1], "n": st.seats[s].pending[2]}, _by(HANDLERS["hand"])),
    "windfall": Step("windfall", "produce",
                     lambda st, s: [act(s, "windfall", (_CT[w].id,))
                                    for w in st._empty_windfalls(s, st.seats[s].pending[1])],
                     ("windfall",), ("produce", "windfall"),
                     lambda st, s: {"good": "any" if st.seats[s].pending[1] == ANY
                                    else GOODS[st.seats[s].pending[1]]}, _by(HANDLERS["windfall"])),
    "limit": Step("limit", "round_end", _discard, ("discard",),
                  ("round_end", "discard"), _n_left, _by(HANDLERS["limit"])),
    "discard0": Step("discard0", "setup", _discard, ("discard",),
                     ("setup", "discard"), _n_left, _by(HANDLERS["discard0"])),
}

TABLE = Steps("race", STEPS, lambda st, s: st.seats[s].pending[0])


class DecisionRules:
    """``why_illegal`` of ``RaceState`` (a mixin)."""

    def why_illegal(self, action: Action) -> tuple[Reason | str, str | None]:
        """Why ``action`` is refused (catalog ``refuse.<key>``; rulebook section)."""
        g = self.game
        p = self.seats[action.seat].pending if 0 <= action.seat < self.players else None
        if p is None:
            return "", None
        kind = p[0]
        if self.unknown.held[action.seat] and self._names_unknown(action.seat, action):
            return reason(g, "unknown_card", card=action.args[0]), None
        if kind == "dev_pick" and action.verb == "develop" and action.args:
            cid = action.args[0]
            if self._find(self.seats[action.seat].hand, str(cid)) is None:
                return reason(g, "not_in_hand"), "develop"
            ct = TYPE_BY_ID.get(cid)
            if ct is not None and ct.world:
                return reason(g, "not_a_development", card=cid), "develop"
            if any(_CT[c].id == cid for c in self.seats[action.seat].tableau):
                return reason(g, "duplicate", card=cid), "develop"
            return reason(g, "cannot_pay", card=cid), "develop"
        if kind == "set_pick" and action.verb == "settle" and action.args:
            cid = action.args[0]
            if self._find(self.seats[action.seat].hand, str(cid)) is None:
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
            if arg is not None and self._find(self.seats[seat].hand, str(arg)) is None:
                return reason(g, "not_in_hand"), self.phase_step[0] if kind == "pay" else None
            if kind == "pay" and arg == _cid(p[1]):
                return reason(g, "paying_for", card=arg), self.phase_step[0]
        if action.verb == "keep" and kind == "keep":
            return reason(g, "not_explored"), "explore"
        if action.verb in ("good", "trade") and kind in ("good", "trade", "sell"):
            return reason(g, "no_good"), "consume"
        if action.verb == "use" and kind == "pay":
            return reason(g, "colony_ship"), "settle"
        return "", None
