"""Gains, payments and power moves with their flows (rulebook "Recursos", "Poder",
"9) Ganhando Poder", "10) Ações Livres"). Every change of a stock, a bowl or the VP is a flow, so
the ledger folds back to ``holdings``."""

from __future__ import annotations

from collections.abc import Mapping

from gamekit.kit.track import kept

from .player import CAPS, RES, Player

__all__ = ["Economy"]

_BOWL = ("", "bowl1", "bowl2", "bowl3", "gaia_area")


class Economy:
    """Mixin of :class:`GaiaState`: resource and power bookkeeping."""

    pl: list[Player]

    # ------------------------------------------------------------------ VP
    def add_vp(self, seat: int, n: int, why: str) -> None:
        if not n:
            return
        p = self.pl[seat]
        if p.vp + n < 0:
            n = -p.vp
        p.vp += n
        p.vp_by[why] = p.vp_by.get(why, 0) + n
        if n > 0:
            self.flow(seat, "vp", n, "score:" + why, "vp")
        else:
            self.flow(seat, "vp", -n, "vp", "score:" + why)

    # ------------------------------------------------------------------ stock
    def _gain_res(self, seat: int, r: str, n: int, why: str) -> int:
        p = self.pl[seat]
        if r == "qic" and self._qic_as_ore(p):
            r = "ore"
        got = kept(p.res[r], n, CAPS[r]) if n > 0 else 0  # the board's track caps it
        p.res[r] += got
        self.flow(seat, r, got, why, "stock")
        return got

    @staticmethod
    def _qic_as_ore(p: Player) -> bool:
        """Gleens: every QIC gained is 1 ore until the QIC academy stands (Apêndice I)."""
        until = p.board.extra.get("qic_as_ore_until") if p.board else None
        return bool(until) and not p.counts.get("ac2")

    def gain(self, seat: int, amounts: Mapping[str, int], why: str) -> None:
        """Gain resources, VP, power charge, new tokens (order: tokens, then charge)."""
        for k, n in amounts.items():
            if not n:
                continue
            if k in RES:
                self._gain_res(seat, k, n, why)
            elif k == "vp":
                self.add_vp(seat, n, why)
            elif k == "power_tokens":
                self.add_tokens(seat, n, why)
            elif k == "gaiaformer":
                self.pl[seat].gaiaformers += n
        if amounts.get("power_charge"):
            self.charge(seat, amounts["power_charge"], why)

    def can_pay(self, seat: int, cost: Mapping[str, int]) -> bool:
        p = self.pl[seat]
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

    def pay(self, seat: int, cost: Mapping[str, int], why: str) -> None:
        p = self.pl[seat]
        for k, n in cost.items():
            if not n:
                continue
            if k in RES:
                p.res[k] -= n
                self.flow(seat, k, n, "stock", why)
            elif k == "power":
                self.spend_power(seat, n)
            elif k == "vp":
                self.add_vp(seat, -n, why)

    # ------------------------------------------------------------------ power
    def _move(self, seat: int, n: int, a: int, b: int) -> None:
        self.flow(seat, "token", n, _BOWL[a], _BOWL[b])

    def charge(self, seat: int, n: int, why: str = "charge") -> int:
        """Charge ``n`` power: I → II first, then II → III; the rest is lost. Taklons: the
        brainstone is one of the tokens; where it may end up differently the player chooses."""
        p = self.pl[seat]
        bw = p.bowls
        first = min(n, bw.bowl1)
        if p.brainstone in (1, 2):
            dests = self.brainstone_dests(seat, n)
            if len(dests) == 1:
                p.brainstone = dests[0]
            else:  # provisionally in a bowl it may end in, until the player answers
                p.brainstone = dests[0]
                self.ask_front(seat, "brainstone", {"dests": dests})
        done = bw.charge(n)
        self._move(seat, first, 1, 2)
        self._move(seat, done - first, 2, 3)
        return done

    def brainstone_dests(self, seat: int, n: int) -> list[int]:
        """Bowls the brainstone may end in after charging ``n`` (it is one of the tokens)."""
        p = self.pl[seat]
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

    def set_brainstone(self, seat: int, dest: int) -> None:
        self.pl[seat].brainstone = dest
        self.emit("brainstone", seat, "faction", bowl=dest)

    def add_tokens(self, seat: int, n: int, why: str) -> None:
        self.pl[seat].bowls.add(n)
        self.flow(seat, "token", n, why, "bowl1")

    def spend_power(self, seat: int, n: int) -> None:
        """Spend ``n`` power: tokens move III → I (Nevlas PI: one token pays 2). Taklons with
        the brainstone in bowl III (Apêndice I): it pays 3 when ordinary tokens do not
        suffice; when they would, for 3 or more the player chooses (``brainstone_spend``), for
        less it stays; when only the brainstone can pay less than 3 the player confirms the
        waste (``brainstone_spend`` offering only ``use``, like the anchor engine)."""
        p = self.pl[seat]
        if p.brainstone == 3:
            plain = p.bowls.bowl3 - 1
            if plain >= n >= 3 or plain < n < 3:  # a choice, or a waste to confirm
                self.ask_front(seat, "brainstone_spend", {"n": n, "wasted": max(0, 3 - n)})
                return
            if plain < n:
                self.spend_brainstone(seat, n)
                return
        per = p.token_power()
        n = (n + per - 1) // per
        p.bowls.spend(n)
        self._move(seat, n, 3, 1)

    def spend_brainstone(self, seat: int, n: int) -> None:
        """Spend ``n`` power with the brainstone: it pays 3 (Taklons, Apêndice I)."""
        k = 1 + max(0, n - 3)
        self.pl[seat].bowls.spend(k)
        self._move(seat, k, 3, 1)
        self.pl[seat].brainstone = 1

    def burn(self, seat: int) -> None:
        """Burn 1: two tokens leave bowl II, one reaches III, the other leaves the game (Itars:
        the Gaia area)."""
        p = self.pl[seat]
        itars = p.faction == "itars"
        p.bowls.burn(1, to_gaia=itars)
        if p.brainstone == 2:  # it always moves up (the anchor engine's reading)
            p.brainstone = 3
        self._move(seat, 1, 2, 3)
        if itars:
            self._move(seat, 1, 2, 4)
        else:
            self.flow(seat, "token", 1, "bowl2", "burned")

    def take_tokens(self, seat: int, n: int, to_gaia: bool, why: str) -> None:
        """Take ``n`` tokens from bowls I-III to the Gaia area (gaiaforming) or out of the game
        (satellites). Taklons: the brainstone counts as one token (Apêndice I); while ordinary
        tokens would do, the player chooses whether it is one of them (decision
        ``brainstone``: its bowl keeps it, or ``4`` / ``discard``; the anchor engine asks too)."""
        p = self.pl[seat]
        bw = p.bowls
        stone = p.brainstone if p.brainstone in (1, 2, 3) else 0
        if stone and n:
            if n <= bw.bowl1 + bw.bowl2 + bw.bowl3 - 1:
                self.ask_front(seat, "brainstone", {
                    "dests": [stone, 4 if to_gaia else "discard"],
                    "take": [n, int(to_gaia), why]})
                return
            self.brainstone_goes(seat, to_gaia, why)
            n -= 1
        self.take_plain(seat, n, to_gaia, why)

    def take_plain(self, seat: int, n: int, to_gaia: bool, why: str) -> None:
        """``n`` ordinary tokens. Rulebook: the player chooses the bowls (option
        ``token_bowls="choose"``, one token at a time while the choice matters); the anchor
        engine takes I, then II, then III (``"lowest_first"``)."""
        have = self.plain_tokens(seat)
        if self.options["token_bowls"] == "choose":
            if n < sum(have) and sum(1 for x in have if x) > 1:
                self.ask_front(seat, "tokens", {"n": n, "to_gaia": int(to_gaia), "why": why})
                return
        left = n
        for bowl, k in zip((1, 2, 3), have, strict=True):
            self.take_from(seat, bowl, min(left, k), to_gaia, why)
            left -= min(left, k)

    def plain_tokens(self, seat: int) -> list[int]:
        """Ordinary tokens in bowls I, II, III (without the brainstone)."""
        p = self.pl[seat]
        bw = p.bowls
        have = [bw.bowl1, bw.bowl2, bw.bowl3]
        if p.brainstone in (1, 2, 3):
            have[p.brainstone - 1] -= 1
        return have

    def brainstone_goes(self, seat: int, to_gaia: bool, why: str) -> None:
        """The brainstone is one of the tokens taken: to the Gaia area or out of the game."""
        p = self.pl[seat]
        bowl = p.brainstone
        take = [0, 0, 0]
        take[bowl - 1] = 1
        if to_gaia:
            p.bowls.to_gaia(*take)
        else:
            p.bowls.remove(*take)
        p.brainstone = 4 if to_gaia else None
        self.flow(seat, "token", 1, _BOWL[bowl], "gaia_area" if to_gaia else why)
        self.emit("brainstone_gaia" if to_gaia else "brainstone_discard", seat, "faction")

    def take_from(self, seat: int, bowl: int, k: int, to_gaia: bool, why: str) -> None:
        """``k`` ordinary tokens from ``bowl`` (never the brainstone)."""
        if not k:
            return
        bw = self.pl[seat].bowls
        take = [0, 0, 0]
        take[bowl - 1] = k
        if to_gaia:
            bw.to_gaia(*take)
        else:
            bw.remove(*take)
        self.flow(seat, "token", k, _BOWL[bowl], "gaia_area" if to_gaia else why)

    def gaia_return(self, seat: int, bowl: int) -> int:
        """Gaia phase: every Gaia-area token goes back to bowl I (Terrans: bowl II)."""
        bw = self.pl[seat].bowls
        n = bw.gaia
        bw.gaia = 0
        if self.pl[seat].brainstone == 4:
            self.pl[seat].brainstone = bowl
        if bowl == 1:
            bw.bowl1 += n
        else:
            bw.bowl2 += n
        self._move(seat, n, 4, bowl)
        return n

    # ------------------------------------------------------------------ ledger
    def holdings(self, seat: int) -> dict[tuple[str, str], int]:
        p = self.pl[seat]
        b = p.bowls
        h = {("stock", r): p.res[r] for r in RES}
        h.update({("bowl1", "token"): b.bowl1, ("bowl2", "token"): b.bowl2,
                  ("bowl3", "token"): b.bowl3, ("gaia_area", "token"): b.gaia,
                  ("vp", "vp"): p.vp})
        return {k: v for k, v in h.items() if v}
