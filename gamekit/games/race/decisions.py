"""The decisions of Race for the Galaxy as a table core walks (contract v2,
``gamekit.core.course.Steps``): each kind of pending step (``pending[seat][0]``) with its
rulebook section, legal actions, verbs, apply, decision stack, question parameters and
secrecy; and why an action is illegal (``why_illegal``).

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

from . import build, choose, consume, explore, produce, round_end
from .cardmoves import card_actions, find, pending
from .cards import GOODS, TYPE_BY_ID
from .common import _CT, ANY, _cid
from .unknown_cards import names_unknown

if TYPE_CHECKING:
    from .state import RaceState

__all__ = ["HANDLERS", "STEPS", "TABLE", "why_illegal"]


def _keep(st: RaceState, s: int) -> list[Action]:
    return card_actions(s, "keep", st.seats[s].explored)


def _discard(st: RaceState, s: int) -> list[Action]:
    return card_actions(s, "discard", st.seats[s].hand)


def _legal_pay(st: RaceState, s: int) -> list[Action]:
    _, card, _left, colony = pending(st, s)
    out = card_actions(s, "pay", st.seats[s].hand, skip=card)
    if colony:
        out.append(act(s, "use", ("colony_ship",)))
    return out


def _legal_hand(st: RaceState, s: int) -> list[Action]:
    return card_actions(s, "discard", st.seats[s].hand) + [act(s, "done")]


def _by(handler: Callable[[Any, int, Action], None]) -> Callable[[Any, Action], None]:
    """``apply(state, action)`` calling the rule ``handler(state, seat, action)``."""
    return lambda st, a: handler(st, a.seat, a)


def _n_left(st: RaceState, s: int) -> dict[str, Any]:
    return {"n": pending(st, s)[1]}


#: the rule ``(state, seat, action)`` of each step kind (``RaceState._apply`` dispatches
#: through it directly: the hot path). A closed table: a step kind read from a position
#: selects an entry, never a method by name.
HANDLERS: dict[str, Callable[[Any, int, Action], None]] = {
    "choose": choose.act_choose, "keep": explore.act_keep,
    "dev_pick": build.act_pick, "set_pick": build.act_pick,
    "pay": build.act_pay, "method": build.act_method,
    "trade": consume.act_trade, "sell": consume.act_trade,
    "consume": consume.act_consume, "good": consume.act_good,
    "hand": consume.act_hand, "windfall": produce.act_windfall,
    "limit": round_end.act_discard, "discard0": round_end.act_discard}

STEPS: dict[str, Step] = {
    "choose": Step("choose", "how_to_play", choose.legal_choose, ("choose",),
                   ("choose",), lambda st, s: {"n": st.npicks - len(st.seats[s].action_picks)},
                   _by(HANDLERS["choose"]), secret=True),
    "keep": Step("keep", "explore", _keep, ("keep",), ("explore", "keep"),
                 lambda st, s: {"n": st.seats[s].keep_left, "of": len(st.seats[s].explored)}, _by(HANDLERS["keep"])),
    "dev_pick": Step("dev_pick", "develop", build.legal_dev_pick,
                     ("develop", "pass"), ("develop",), None, _by(HANDLERS["dev_pick"]), secret=True),
    "set_pick": Step("set_pick", "settle", build.legal_set_pick,
                     ("settle", "pass"), ("settle",), None, _by(HANDLERS["set_pick"]), secret=True),
    "pay": Step("pay", "settle", _legal_pay, ("pay", "use"),
                lambda st, s: (st.phase_step[0], _cid(pending(st, s)[1]), "pay"),
                lambda st, s: {"card": _cid(pending(st, s)[1]), "n": pending(st, s)[2]}, _by(HANDLERS["pay"])),
    "method": Step("method", "settle",
                   lambda st, s: [act(s, "method", (m,)) for m in pending(st, s)[2]], ("method",),
                   lambda st, s: ("settle", _cid(pending(st, s)[1]), "method"),
                   lambda st, s: {"card": _cid(pending(st, s)[1])}, _by(HANDLERS["method"])),
    "trade": Step("trade", "trade",
                  lambda st, s: [act(s, "trade", (_CT[w].id,)) for w in st.seats[s].goods],
                  ("trade",), ("consume", "trade"), None, _by(HANDLERS["trade"])),
    "sell": Step("sell", "trade",
                 lambda st, s: [act(s, "trade", (_CT[w].id,)) for w in st.seats[s].goods],
                 ("trade",), ("consume", "sell"), None, _by(HANDLERS["sell"])),
    "consume": Step("consume", "consume", consume.legal_consume,
                    ("consume", "gamble", "done"), ("consume",), None,
                    _by(HANDLERS["consume"])),
    "good": Step("good", "consume",
                 lambda st, s: [act(s, "good", (_CT[w].id,)) for w in consume.goods_choices(st, s)],
                 ("good",), lambda st, s: ("consume", pending(st, s)[1], "good"),
                 lambda st, s: {"card": pending(st, s)[1],
                                "n": pending(st, s)[3] - len(pending(st, s)[6])}, _by(HANDLERS["good"])),
    "hand": Step("hand", "consume", _legal_hand, ("discard", "done"),
                 lambda st, s: ("consume", pending(st, s)[1], "discard"),
                 lambda st, s: {"card": pending(st, s)[1], "n": pending(st, s)[2]}, _by(HANDLERS["hand"])),
    "windfall": Step("windfall", "produce",
                     lambda st, s: [act(s, "windfall", (_CT[w].id,))
                                    for w in produce.empty_windfalls(st, s, pending(st, s)[1])],
                     ("windfall",), ("produce", "windfall"),
                     lambda st, s: {"good": "any" if pending(st, s)[1] == ANY
                                    else GOODS[pending(st, s)[1]]}, _by(HANDLERS["windfall"])),
    "limit": Step("limit", "round_end", _discard, ("discard",),
                  ("round_end", "discard"), _n_left, _by(HANDLERS["limit"])),
    "discard0": Step("discard0", "setup", _discard, ("discard",),
                     ("setup", "discard"), _n_left, _by(HANDLERS["discard0"])),
}

TABLE = Steps("race", STEPS)  # the step a seat is on: its entry of the core stack


def _why_pick(st: RaceState, action: Action, kind: str) -> tuple[Reason | str, str | None]:
    """A Develop or Settle pick refused: not in hand, the wrong kind of card, a development
    already owned, or one that cannot be paid for or conquered ("Fase II", "Fase III")."""
    phase, verb = ("develop", "develop") if kind == "dev_pick" else ("settle", "settle")
    if action.verb != verb or not action.args:
        return "", None
    g = st.game
    cid = action.args[0]
    if find(st.seats[action.seat].hand, str(cid)) is None:
        return reason(g, "not_in_hand"), phase
    ct = TYPE_BY_ID.get(cid)
    if phase == "develop":
        if ct is not None and ct.world:
            return reason(g, "not_a_development", card=cid), phase
        if any(_CT[c].id == cid for c in st.seats[action.seat].tableau):
            return reason(g, "duplicate", card=cid), phase
        return reason(g, "cannot_pay", card=cid), phase
    if ct is not None and ct.dev:
        return reason(g, "not_a_world", card=cid), phase
    return reason(g, "cannot_settle", card=cid), phase


def _why_from_hand(st: RaceState, action: Action, kind: str) -> tuple[Reason | str, str | None]:
    """A payment or a discard naming a card not in hand, or the card being paid for."""
    if action.verb not in ("pay", "discard"):
        return _why_other(st, action, kind)
    arg = action.args[0] if action.args else None
    step = pending(st, action.seat)
    if arg is not None and find(st.seats[action.seat].hand, str(arg)) is None:
        return reason(st.game, "not_in_hand"), st.phase_step[0] if kind == "pay" else None
    if kind == "pay" and arg == _cid(step[1]):
        return reason(st.game, "paying_for", card=arg), st.phase_step[0]
    return _why_other(st, action, kind)


def _why_other(st: RaceState, action: Action, kind: str) -> tuple[Reason | str, str | None]:
    """The other refusals: nothing explored of that name, no such good, Colony Ship unusable,
    a consume power still to use."""
    verb, g = action.verb, st.game
    if kind == "consume" and verb == "done":
        return reason(g, "must_consume"), "consume"
    if verb == "keep" and kind == "keep":
        return reason(g, "not_explored"), "explore"
    if verb in ("good", "trade") and kind in ("good", "trade", "sell"):
        return reason(g, "no_good"), "consume"
    if verb == "use" and kind == "pay":
        return reason(g, "colony_ship"), "settle"
    return "", None


#: why an action is refused, by the step kind the seat is on (a closed table)
_WHY = {"dev_pick": _why_pick, "set_pick": _why_pick, "pay": _why_from_hand,
        "hand": _why_from_hand, "limit": _why_from_hand, "discard0": _why_from_hand}


def why_illegal(st: RaceState, action: Action) -> tuple[Reason | str, str | None]:
    """Why ``action`` is refused (catalog ``refuse.<key>``; rulebook section)."""
    p = pending(st, action.seat) if 0 <= action.seat < st.players else None
    if p is None:
        return "", None
    kind = p[0]
    if st.unknown.held[action.seat] and names_unknown(st, action.seat, action):
        return reason(st.game, "unknown_card", card=action.args[0]), None
    return _WHY.get(kind, _why_other)(st, action, kind)
