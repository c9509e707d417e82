"""Gains, payments and power moves with their flows (rulebook "Recursos", "Poder",
"9) Ganhando Poder", "10) Ações Livres"). Every change of a stock, a bowl or the VP is a flow, so
the ledger folds back to ``holdings``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from gamekit.kit.track import kept

from .player import CAPS, RES, Player

if TYPE_CHECKING:
    from .state import GaiaState

__all__ = ["add_vp", "gain", "can_pay", "pay", "charge", "brainstone_dests", "set_brainstone",
           "add_tokens", "spend_power", "spend_brainstone", "burn", "take_tokens", "take_plain",
           "plain_tokens", "brainstone_goes", "take_from", "gaia_return", "qic_as_ore",
           "move_tokens"]

_BOWL = ("", "bowl1", "bowl2", "bowl3", "gaia_area")


# ------------------------------------------------------------------ VP
def add_vp(st: GaiaState, seat: int, n: int, why: str) -> None:
    if not n:
        return
    p = st.pl[seat]
    if p.vp + n < 0:
        n = -p.vp
    p.vp += n
    p.vp_by[why] = p.vp_by.get(why, 0) + n
    if n > 0:
        st.flow(seat, "vp", n, "score:" + why, "vp")
    else:
        st.flow(seat, "vp", -n, "vp", "score:" + why)


# ------------------------------------------------------------------ stock
def _gain_res(st: GaiaState, seat: int, r: str, n: int, why: str) -> int:
    p = st.pl[seat]
    if r == "qic" and qic_as_ore(p):
        r = "ore"
    got = kept(p.res[r], n, CAPS[r]) if n > 0 else 0  # the board's track caps it
    p.res[r] += got
    st.flow(seat, r, got, why, "stock")
    return got


def qic_as_ore(p: Player) -> bool:
    """Gleens: every QIC gained is 1 ore until the QIC academy stands (Apêndice I)."""
    until = p.board.extra.get("qic_as_ore_until") if p.board else None
    return bool(until) and not p.counts.get("ac2")


def gain(st: GaiaState, seat: int, amounts: Mapping[str, int], why: str) -> None:
    """Gain resources, VP, power charge, new tokens (order: tokens, then charge)."""
    for k, n in amounts.items():
        if not n:
            continue
        if k in RES:
            _gain_res(st, seat, k, n, why)
        elif k == "vp":
            add_vp(st, seat, n, why)
        elif k == "power_tokens":
            add_tokens(st, seat, n, why)
        elif k == "gaiaformer":
            st.pl[seat].gaiaformers += n
    if amounts.get("power_charge"):
        charge(st, seat, amounts["power_charge"], why)


def can_pay(st: GaiaState, seat: int, cost: Mapping[str, int]) -> bool:
    p = st.pl[seat]
    res = p.res
    for k, n in cost.items():
        have = res.get(k)  # the stock resources (RES) are res's keys
        if have is not None:
            if have < n:
                return False
        elif k == "power":
            if p.spendable_power() < n:
                return False
        elif k == "vp" and p.vp < n:
            return False
    return True


def pay(st: GaiaState, seat: int, cost: Mapping[str, int], why: str) -> None:
    p = st.pl[seat]
    for k, n in cost.items():
        if not n:
            continue
        if k in RES:
            p.res[k] -= n
            st.flow(seat, k, n, "stock", why)
        elif k == "power":
            spend_power(st, seat, n)
        elif k == "vp":
            add_vp(st, seat, -n, why)


# ------------------------------------------------------------------ power
def move_tokens(st: GaiaState, seat: int, n: int, a: int, b: int) -> None:
    st.flow(seat, "token", n, _BOWL[a], _BOWL[b])


def charge(st: GaiaState, seat: int, n: int, why: str = "charge") -> int:
    """Charge ``n`` power: I → II first, then II → III; the rest is lost. Taklons: the
    brainstone is one of the tokens; where it may end up differently the player chooses."""
    p = st.pl[seat]
    bw = p.bowls
    first = n if n < bw.bowl1 else bw.bowl1  # ``min``, compared (a call costs more)
    if p.brainstone in (1, 2):
        dests = brainstone_dests(st, seat, n)
        if len(dests) == 1:
            p.brainstone = dests[0]
        else:  # provisionally in a bowl it may end in, until the player answers
            p.brainstone = dests[0]
            st.ask_front(seat, "brainstone", {"dests": dests})
    done = bw.charge(n)
    move_tokens(st, seat, first, 1, 2)
    move_tokens(st, seat, done - first, 2, 3)
    return done


def brainstone_dests(st: GaiaState, seat: int, n: int) -> list[int]:
    """Bowls the brainstone may end in after charging ``n`` (it is one of the tokens)."""
    p = st.pl[seat]
    b = p.bowls
    first = min(n, b.bowl1)
    second = min(n - first, b.bowl2 + first)
    in2 = b.bowl2 + first  # tokens in bowl II before its tokens move on
    dests = []
    if p.brainstone == 1:
        if first < b.bowl1:
            dests.append(1)
        if first and second < in2:
            dests.append(2)
        if first and second:
            dests.append(3)
    else:
        if second < in2:
            dests.append(2)
        if second:
            dests.append(3)
    return dests


def set_brainstone(st: GaiaState, seat: int, dest: int) -> None:
    st.pl[seat].brainstone = dest
    st.emit("brainstone", seat, "faction", bowl=dest)


def add_tokens(st: GaiaState, seat: int, n: int, why: str) -> None:
    st.pl[seat].bowls.add(n)
    st.flow(seat, "token", n, why, "bowl1")


def spend_power(st: GaiaState, seat: int, n: int) -> None:
    """Spend ``n`` power: tokens move III → I (Nevlas PI: one token pays 2). Taklons with
    the brainstone in bowl III (Apêndice I): it pays 3 when ordinary tokens do not
    suffice; when they would, for 3 or more the player chooses (``brainstone_spend``), for
    less it stays; when only the brainstone can pay less than 3 the player confirms the
    waste (``brainstone_spend`` offering only ``use``, like the anchor engine)."""
    p = st.pl[seat]
    if p.brainstone == 3:
        plain = p.bowls.bowl3 - 1
        if plain >= n >= 3 or plain < n < 3:  # a choice, or a waste to confirm
            st.ask_front(seat, "brainstone_spend", {"n": n, "wasted": max(0, 3 - n)})
            return
        if plain < n:
            spend_brainstone(st, seat, n)
            return
    per = p.token_power()
    n = (n + per - 1) // per
    p.bowls.spend(n)
    move_tokens(st, seat, n, 3, 1)


def spend_brainstone(st: GaiaState, seat: int, n: int) -> None:
    """Spend ``n`` power with the brainstone: it pays 3 (Taklons, Apêndice I)."""
    k = 1 + max(0, n - 3)
    st.pl[seat].bowls.spend(k)
    move_tokens(st, seat, k, 3, 1)
    st.pl[seat].brainstone = 1


def burn(st: GaiaState, seat: int) -> None:
    """Burn 1: two tokens leave bowl II, one reaches III, the other leaves the game (Itars:
    the Gaia area)."""
    p = st.pl[seat]
    itars = p.faction == "itars"
    p.bowls.burn(1, to_gaia=itars)
    if p.brainstone == 2:  # it always moves up (the anchor engine's reading)
        p.brainstone = 3
    move_tokens(st, seat, 1, 2, 3)
    if itars:
        move_tokens(st, seat, 1, 2, 4)
    else:
        st.flow(seat, "token", 1, "bowl2", "burned")


def take_tokens(st: GaiaState, seat: int, n: int, to_gaia: bool, why: str) -> None:
    """Take ``n`` tokens from bowls I-III to the Gaia area (gaiaforming) or out of the game
    (satellites). Taklons: the brainstone counts as one token (Apêndice I); while ordinary
    tokens would do, the player chooses whether it is one of them (decision
    ``brainstone``: its bowl keeps it, or ``4`` / ``discard``; the anchor engine asks too)."""
    p = st.pl[seat]
    bw = p.bowls
    stone = p.brainstone if p.brainstone in (1, 2, 3) else 0
    if stone and n:
        if n <= bw.bowl1 + bw.bowl2 + bw.bowl3 - 1:
            st.ask_front(seat, "brainstone", {
                "dests": [stone, 4 if to_gaia else "discard"],
                "take": [n, int(to_gaia), why]})
            return
        brainstone_goes(st, seat, to_gaia, why)
        n -= 1
    take_plain(st, seat, n, to_gaia, why)


def take_plain(st: GaiaState, seat: int, n: int, to_gaia: bool, why: str) -> None:
    """``n`` ordinary tokens. Rulebook: the player chooses the bowls (option
    ``token_bowls="choose"``, one token at a time while the choice matters); the anchor
    engine takes I, then II, then III (``"lowest_first"``)."""
    have = plain_tokens(st, seat)
    if st.options["token_bowls"] == "choose":
        if n < sum(have) and sum(1 for x in have if x) > 1:
            st.ask_front(seat, "tokens", {"n": n, "to_gaia": int(to_gaia), "why": why})
            return
    left = n
    for bowl, k in zip((1, 2, 3), have, strict=True):
        take_from(st, seat, bowl, min(left, k), to_gaia, why)
        left -= min(left, k)


def plain_tokens(st: GaiaState, seat: int) -> list[int]:
    """Ordinary tokens in bowls I, II, III (without the brainstone)."""
    p = st.pl[seat]
    bw = p.bowls
    have = [bw.bowl1, bw.bowl2, bw.bowl3]
    if p.brainstone in (1, 2, 3):
        have[p.brainstone - 1] -= 1
    return have


def brainstone_goes(st: GaiaState, seat: int, to_gaia: bool, why: str) -> None:
    """The brainstone is one of the tokens taken: to the Gaia area or out of the game."""
    p = st.pl[seat]
    bowl = p.brainstone
    take = [0, 0, 0]
    take[bowl - 1] = 1
    if to_gaia:
        p.bowls.to_gaia(*take)
    else:
        p.bowls.remove(*take)
    p.brainstone = 4 if to_gaia else None
    st.flow(seat, "token", 1, _BOWL[bowl], "gaia_area" if to_gaia else why)
    st.emit("brainstone_gaia" if to_gaia else "brainstone_discard", seat, "faction")


def take_from(st: GaiaState, seat: int, bowl: int, k: int, to_gaia: bool, why: str) -> None:
    """``k`` ordinary tokens from ``bowl`` (never the brainstone)."""
    if not k:
        return
    bw = st.pl[seat].bowls
    take = [0, 0, 0]
    take[bowl - 1] = k
    if to_gaia:
        bw.to_gaia(*take)
    else:
        bw.remove(*take)
    st.flow(seat, "token", k, _BOWL[bowl], "gaia_area" if to_gaia else why)


def gaia_return(st: GaiaState, seat: int, bowl: int) -> int:
    """Gaia phase: every Gaia-area token goes back to bowl I (Terrans: bowl II)."""
    bw = st.pl[seat].bowls
    n = bw.gaia
    bw.gaia = 0
    if st.pl[seat].brainstone == 4:
        st.pl[seat].brainstone = bowl
    if bowl == 1:
        bw.bowl1 += n
    else:
        bw.bowl2 += n
    move_tokens(st, seat, n, 4, bowl)
    return n
