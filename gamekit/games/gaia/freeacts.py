"""Free actions of a turn (rulebook "10) Ações Livres", "Ciclo de Poder": burning power;
Apêndice I for the factions' own): which a seat may take now, and taking one.

The list is asked at every decision of a turn and after every main action, so it is
remembered by what it reads (``free_kept``); taking one in a quiet game (look-ahead and
bench rollouts) moves the stock through the plain conversions' own path (``do_free``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamekit.core import Action

from .economy import _gain_res, add_tokens, burn, can_pay, gain, pay, qic_as_ore, spend_power
from .player import RES, Player

if TYPE_CHECKING:
    from .state import GaiaState

__all__ = ["FREE", "free_legal", "free_kept", "free_legal_now", "do_free", "free_entries"]

#: free actions: id -> (cost, gain, faction or None, needs PI)
FREE: dict[str, tuple[dict, dict, str | None, bool]] = {
    "4pw-q": ({"power": 4}, {"qic": 1}, None, False),
    "3pw-o": ({"power": 3}, {"ore": 1}, None, False),
    "4pw-k": ({"power": 4}, {"knowledge": 1}, None, False),
    "1pw-c": ({"power": 1}, {"credits": 1}, None, False),
    "q-o": ({"qic": 1}, {"ore": 1}, None, False),
    "k-c": ({"knowledge": 1}, {"credits": 1}, None, False),
    "o-c": ({"ore": 1}, {"credits": 1}, None, False),
    "o-t": ({"ore": 1}, {"power_tokens": 1}, None, False),
    "4c-q": ({"credits": 4}, {"qic": 1}, "hadsch-hallas", True),
    "3c-o": ({"credits": 3}, {"ore": 1}, "hadsch-hallas", True),
    "4c-k": ({"credits": 4}, {"knowledge": 1}, "hadsch-hallas", True),
    "2pw-2c": ({"power": 2}, {"credits": 2}, "nevlas", True),
    "4pw-oc": ({"power": 4}, {"ore": 1, "credits": 1}, "nevlas", True),
    "6pw-2o": ({"power": 6}, {"ore": 2}, "nevlas", True),
    "gf-q": ({}, {"qic": 1}, "baltaks", False),
    "t3-k": ({}, {"knowledge": 1}, "nevlas", False),
}
_CAP = {"credits": 30, "ore": 15, "knowledge": 15}
#: the factions with free actions of their own (their list reads more: ``free_kept``)
_OWN = frozenset(who for _, _, who, _ in FREE.values() if who)

_FREE_OF: dict[tuple, tuple] = {}
#: the convert actions of each seat (immutable, made once)
_CONVERT = {(seat, fid): Action(seat, "convert", (fid,)) for seat in range(8) for fid in FREE}
#: each seat's ``burn`` (made once)
_BURN = tuple(Action(seat, "burn", ()) for seat in range(8))


def free_entries(faction: str | None, pi: bool, seat: int = 0) -> tuple:
    """The entries of ``FREE`` open to a faction with or without its PI, in ``FREE`` order:
    ``(id, cost, gain, paid in, amount, capped gains as (resource, cap; None: QIC), the
    seat's convert action)`` (a free action pays one thing)."""
    got = _FREE_OF.get((faction, pi, seat))
    if got is None:
        got = _FREE_OF[(faction, pi, seat)] = tuple(
            (fid, cost, gain, *(next(iter(cost.items())) if cost else (None, 0)),
             tuple((k, _CAP.get(k)) for k in gain if k in _CAP or k == "qic"),
             _CONVERT.get((seat, fid)) or Action(seat, "convert", (fid,)))
            for fid, (cost, gain, who, need_pi) in FREE.items()
            if not who or (faction == who and (pi or not need_pi)))
    return got


#: a conversion that pays one thing (power or a stock resource) for stock resources or
#: power tokens: ``id -> (paid, amount, ((gained, amount), ...))`` (``do_free``'s own path)
_DIRECT = {fid: (*next(iter(cost.items())), tuple(got.items()))
           for fid, (cost, got, _, _) in FREE.items() if len(cost) == 1
           and all(k in RES or k == "power_tokens" for k in got)}
assert all(k in RES or k == "power" for k, _, _ in _DIRECT.values())

#: ``free_kept``'s key -> the free actions it allows (a pure function of the key)
_FREE_LISTS: dict[tuple, tuple] = {}
#: the power in bowl III as the common free actions read it (1, 3 and 4 power; 4 and up: 4)
_POWER_LEVEL = (0, 1, 1, 3)
#: ``(tokens in bowl III up to 6, credits up to 4)`` -> what a faction's free actions read
#: of them: the Nevlas every token (2 power each with their PI: 2, 4 and 6 power), the Hadsch
#: Hallas 3 and 4 credits; the others the common levels
_COMMON = ((*_POWER_LEVEL, 4, 4, 4), (0, 0, 0, 0, 0))
_LEVELS = {"nevlas": (tuple(range(7)), _COMMON[1]), "hadsch-hallas": (_COMMON[0], (0, 0, 0, 3, 4))}


def free_legal(st: GaiaState, seat: int) -> list[Action]:
    """The free actions of ``seat`` now ("10) Ações Livres"), a list of its own."""
    return list(free_kept(st, seat))


def free_kept(st: GaiaState, seat: int) -> tuple[Action, ...] | list[Action]:
    """``free_legal`` read only (the remembered tuple itself), remembered by what
    ``free_legal_now`` compares. A faction with only the common free actions (``FREE``
    without a faction) reads power 1, 3 and 4 in bowl III, 2 tokens in bowl II (a burn),
    one ore, knowledge or QIC, and the caps (30 credits, 15 ore and knowledge): its key is
    those comparisons. The factions with their own (Hadsch Hallas, Nevlas) and a board
    that takes QIC as ore (the Gleens before their academy) read more: their PI, power up
    to 6 tokens for the Nevlas (who pay twice with their PI; ``t3-k`` reads bowl III and the
    knowledge cap), 3 and 4 credits for the Hadsch Hallas; the Baltaks whether a Gaiaformer is free (``gf-q``).
    Made now with the brainstone in bowl III (the Taklons' bundles)."""
    p = st.pl[seat]
    if p.brainstone == 3:
        return free_legal_now(st, seat)
    res, b = p.res, p.bowls
    c, o, k, pw = res["credits"], res["ore"], res["knowledge"], b.bowl3
    fac = p.faction
    board = p.board  # None before the faction is chosen
    if fac in _OWN or board is not None and "qic_as_ore_until" in board.extra:
        power, credits = _LEVELS.get(fac, _COMMON)
        key = (seat, fac, bool(p.counts.get("PI")), qic_as_ore(p), power[pw if pw < 6 else 6],
               b.bowl2 >= 2, credits[c if c < 4 else 4], c >= 30, o >= 1, o >= 15, k >= 1,
               k >= 15, res["qic"] >= 1, fac == "baltaks" and _gf_free(st, p))
    else:  # the same list for every such faction: the key names the seat alone
        key = (seat, _POWER_LEVEL[pw] if pw < 4 else 4, b.bowl2 >= 2, c >= 30,
               o >= 1, o >= 15, k >= 1, k >= 15, res["qic"] >= 1)
    got = _FREE_LISTS.get(key)
    if got is None:
        if len(_FREE_LISTS) >= 16384:
            _FREE_LISTS.clear()
        got = _FREE_LISTS[key] = tuple(free_legal_now(st, seat))
    return got


def free_legal_now(st: GaiaState, seat: int) -> list[Action]:
    """``free_legal`` made now, action by action."""
    p = st.pl[seat]
    out = []
    res = p.res
    power = p.spendable_power()
    as_ore = None  # qic_as_ore(p), read when a capped gain asks
    for fid, _cost, _gain, kind, n, capped, act in free_entries(p.faction, bool(p.counts.get("PI")),
                                                                seat):
        if kind is None:  # gf-q, t3-k
            if not _free_ok(st, p, fid, _cost, _gain):
                continue
        elif (power if kind == "power" else res[kind]) < n:
            continue
        elif capped:  # a gain lost to its cap (``_free_ok``'s test, inlined)
            for k, cap in capped:
                if cap is None:  # QIC: ore for the Gleens until their academy
                    if as_ore is None:
                        as_ore = qic_as_ore(p)
                    if as_ore and res["ore"] >= _CAP["ore"]:
                        break
                elif res[k] >= cap:
                    break
            else:
                out.append(act)
            continue
        out.append(act)
    if p.brainstone == 3:
        out += _bundles(p)
    if p.bowls.bowl2 >= 2:
        out.append(_BURN[seat])
    return out


def _bundles(p: Player) -> list[Action]:
    """Taklons with the brainstone in bowl III: ``convert N pw-c`` spends N power in one
    payment for N credits, so the brainstone pays 3 of them (Apêndice I; the anchor
    engine's bundled ``spend Npw for Nc``)."""
    top = min(p.spendable_power(), _CAP["credits"] - p.res["credits"])
    return [Action(p.seat, "convert", (n, "pw-c")) for n in range(2, top + 1)]


def _gf_free(st: GaiaState, p: Player) -> bool:
    """A Gaiaformer of the seat neither placed nor in the Gaia area (the Baltaks' ``gf-q``)."""
    return p.gaiaformers - list(st.gf.values()).count(p.seat) - p.gf_gaia > 0


def _free_ok(st: GaiaState, p: Player, fid: str, cost: dict, gain: dict) -> bool:
    if fid == "gf-q":
        return _gf_free(st, p)
    if fid == "t3-k":
        return p.bowls.bowl3 > 0 and p.res["knowledge"] < 15
    if not can_pay(st, p.seat, cost):
        return False
    for k in gain:
        if k == "qic" and qic_as_ore(p):
            k = "ore"
        if k in _CAP and p.res[k] >= _CAP[k]:
            return False
    return True


def do_free(st: GaiaState, seat: int, action: Action) -> None:
    """Take a free action of the list (a conversion or a burn)."""
    p = st.pl[seat]
    if action.verb == "burn":
        burn(st, seat)
        if not st.quiet:  # the event is for narration only
            st.emit("burn", seat, "free")
        return
    fid = action.args[-1]
    if fid == "pw-c":  # the Taklons' bundle: N power at once
        n = action.args[0]
        pay(st, seat, {"power": n}, "free")
        gain(st, seat, {"credits": n}, "free")
        if not st.quiet:  # the event is for narration only
            st.emit("convert", seat, "free", paid={"power": n}, got={"credits": n})
        return
    cost, got, _, _ = FREE[fid]
    direct = _DIRECT.get(fid)
    if direct is not None:  # ``pay`` and ``gain``, without their loops
        spent, n, gains = direct
        if spent == "power":
            spend_power(st, seat, n)
        else:
            p.res[spent] -= n
            st.flow(seat, spent, n, "stock", "free")
        for r, m in gains:
            if r == "power_tokens":
                add_tokens(st, seat, m, "free")
            else:
                _gain_res(st, seat, r, m, "free")
    else:
        if fid == "gf-q":
            p.gf_gaia += 1
        elif fid == "t3-k":
            p.bowls.bowl3 -= 1
            p.bowls.gaia += 1
            st.flow(seat, "token", 1, "bowl3", "gaia_area")
        pay(st, seat, cost, "free")
        gain(st, seat, got, "free")
    if st.quiet:  # no event to narrate (look-ahead and bench rollouts)
        return
    # a Gaiaformer or a token, not a resource: named for the narration
    paid = {"gf": 1} if fid == "gf-q" else {"token3": 1} if fid == "t3-k" else dict(cost)
    st.emit("convert", seat, "free", paid=paid, got=dict(got))
