"""Whether one action of a turn is legal, read at that action alone (issue 31).

A replayed line names one action; checking it by building its verb's part of the legal list
(every mine site, every upgrade, every board action) costs more than the action itself. The
predicates here answer ``action in legal_actions(seat)`` for the verbs whose part is costly —
a mine (``build``), an ``upgrade``, a board ``action``, a ``special`` action and a hex-by-hex
``federation custom`` — reading only what that action needs, with the very helpers the list is
built from ("Fase III: Ações"). Any other verb, and the Lantids' mines (their guest mines), are
not answered here (``None``): the caller checks them against the list. The answers are proven
equal to membership over random games (``tests/gaia/test_directcheck.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamekit.core import Action
from gamekit.core.actions import validate_action

from .actions import _all_capped, _any_step_target, _lowest, _with_range, any_station
from .build import _upgrades_of, neighbour_within_2
from .components import BOARD_ACTIONS, BOOSTERS, TECH
from .economy import can_pay
from .federation import fed_base, fed_supply_any
from .mines import _mine_site_now, range_origins
from .research import tech_options

if TYPE_CHECKING:
    from .state import GaiaState

__all__ = ["turn_verdict", "checked_apply"]


def _hex_at(st: GaiaState, label: object):
    """The hex a list action names by ``label`` (the list writes ``st.label(h)``), or None."""
    if type(label) is not str:
        return None
    try:
        h = st.hex_of(label)
    except (KeyError, ValueError, TypeError, IndexError):
        return None
    return h if h is not None and st.label(h) == label else None


def _build_ok(st: GaiaState, seat: int, args: tuple) -> bool | None:
    """A mine of the turn's list ("1) Construir uma Mina"): ``mine_options`` at one hex."""
    p = st.pl[seat]
    if p.faction == "lantids":  # guest mines on others' planets: asked of the list
        return None
    if len(args) != 1 or p.counts.get("m", 0) >= 8:
        return False
    if p.res["credits"] < 2 or p.res["ore"] < 1:
        return False
    h = _hex_at(st, args[0])
    if h is None or h in st.owner:
        return False
    return _mine_site_now(st, seat, h, 0, range_origins(st, seat), p.range()) is not None


def _upgrade_ok(st: GaiaState, seat: int, args: tuple) -> bool:
    """An upgrade of the turn's list ("3) Melhorar uma Estrutura"): ``upgrade_options`` at
    one hex and building (the trading station's price alone when no other player is near)."""
    if len(args) != 2:
        return False
    h = _hex_at(st, args[0])
    p = st.pl[seat]
    code = p.built.get(h) if h is not None else None
    if code is None or not p.counts.get(code):
        return False
    for b in _upgrades_of(p.board.buildings).get(code, ()):
        if b.code != args[1]:
            continue
        if p.counts.get(b.code, 0) >= b.count:
            return False
        cost = b.cost
        if b.code == "ts" and b.cost_alone and not neighbour_within_2(st, seat, h):
            cost = b.cost_alone
        return can_pay(st, seat, cost)
    return False


def _board_ok(st: GaiaState, seat: int, args: tuple) -> bool:
    """A board action of the turn's list ("6) Ações de Poder e C.I.Q."):
    ``board_action_options`` for one action."""
    if len(args) != 1 or type(args[0]) is not str or args[0] not in BOARD_ACTIONS:
        return False
    aid = args[0]
    if aid in st.taken:
        return False
    a = BOARD_ACTIONS[aid]
    p = st.pl[seat]
    (paid, n), = a.cost.items()
    if (p.spendable_power() if paid == "power" else p.res["qic"]) < n:
        return False
    steps = a.gain.get("terraforming_steps", 0)
    if steps and not _any_step_target(st, seat, steps):
        return False
    if st.options["refuse_wasted"] and _all_capped(p, a.gain):
        return False
    if aid == "qic1" and not tech_options(st, seat):
        return False
    return not (aid == "qic2" and not p.fed_tokens)


def _special_ok(st: GaiaState, seat: int, args: tuple) -> bool:
    """A special action of the turn's list ("7) Ações Especiais"): ``special_options`` for
    one action."""
    if len(args) != 1 or type(args[0]) is not str:
        return False
    x = args[0]
    p = st.pl[seat]
    if x in p.used:
        return False
    if x == p.booster:
        b = BOOSTERS.get(x)
        if b is None or not b.action:
            return False
        if b.action == "step":
            return _any_step_target(st, seat, 1)
        return b.action == "range+3" and _with_range(st, seat, 3)
    if x in TECH:
        return TECH[x].kind == "action" and x in p.active_tech()
    pi = bool(p.counts.get("PI"))
    if x == "ac2":
        return bool(p.counts.get("ac2"))
    if x == "up-lowest":
        return p.faction == "bescods" and bool(_lowest(st, seat))
    if x == "space-station":
        return p.faction == "ivits" and pi and any_station(st, seat)
    if x == "swap-PI":
        return p.faction == "ambas" and pi and bool(p.counts.get("m"))
    if x == "down-lab":
        return (p.faction == "firaks" and pi and bool(p.counts.get("lab"))
                and p.counts.get("ts", 0) < 4)
    return False


def _custom_ok(st: GaiaState, seat: int) -> bool:
    """``federation custom`` is in the list ("4) Forjando Alianças", laid out hex by hex):
    tokens left, not the Ivits, and the unfederated structures worth the threshold."""
    if not fed_supply_any(st) or st.pl[seat].faction == "ivits":
        return False
    base = fed_base(st, seat)
    return base[1] >= base[2]


def turn_verdict(st: GaiaState, action: Action) -> bool | None:
    """``action in legal_actions(action.seat)`` for a well-formed action of the seat whose
    ``turn`` is on top, when its verb is answered here; ``None`` otherwise."""
    verb, args, seat = action.verb, action.args, action.seat
    if verb == "build":
        return _build_ok(st, seat, args)
    if verb == "upgrade":
        return _upgrade_ok(st, seat, args)
    if verb == "action":
        return _board_ok(st, seat, args)
    if verb == "special":
        return _special_ok(st, seat, args)
    if verb == "federation" and args == ("custom",):
        return _custom_ok(st, seat)
    return None


def checked_apply(st: GaiaState, action: Action) -> None:
    """``st.apply(action)`` with the same verdict: a turn's action that :func:`turn_verdict`
    finds legal is applied without building its part of the list; anything else (refused,
    or not answered here) goes through the full check, which names the problem."""
    seat = action.seat
    stack = st.stack
    if (stack and stack[-1][0] == "turn" and stack[-1][1] == seat and not st.over
            and st.paused is None):
        try:
            validate_action(action)
        except Exception:  # noqa: BLE001 - the full check below names it
            st.apply(action)
            return
        if turn_verdict(st, action):
            st.apply(action, check=False)
            return
    st.apply(action)
