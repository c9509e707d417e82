"""Building on the map: mines, Gaia projects, upgrades and the leech they cause (rulebook
"1) Construir uma Mina", "2) Iniciar um Projeto Gaia", "3) Melhorando suas Estruturas",
"9) Ganhando Poder")."""

from __future__ import annotations

from collections.abc import Mapping

from gamekit.kit.hexgrid import distance

from .components import BUILDING_BY_CODE, TRACKS
from .economy import add_vp, can_pay, gain, pay, take_tokens
from .mines import Hex, MineRules
from .player import Player
from .research import ask_tech
from .rounds import pi_built
from .scoring import trigger

__all__ = ["BuildRules", "Hex", "BIG"]

BIG = ("PI", "ac1", "ac2")
_UPGRADES: dict[int, tuple] = {}


def _upgrades_of(board: Mapping) -> dict[str, list]:
    """A faction board's buildings by the code they upgrade from, in board order."""
    got = _UPGRADES.get(id(board))
    if got is None or got[0] is not board:
        table: dict[str, list] = {}
        for b in board.values():
            if b.upgrades_from is not None:
                table.setdefault(board[b.upgrades_from].code, []).append(b)
        got = _UPGRADES[id(board)] = (board, table)
    return got[1]


class BuildRules(MineRules):
    """Mixin of :class:`GaiaState`: where and how structures go on the map."""

    pl: list[Player]
    ptype: dict
    owner: dict
    gf: dict

    # ------------------------------------------------------------------ geometry
    def origins(self, seat: int) -> list[Hex]:
        """Hexes range is measured from: structures, the Lost Planet, space stations."""
        out = list(self.pl[seat].built)
        out.extend(self.pl[seat].guest)
        out.extend(h for h, s in self.stations.items() if s == seat)
        return out

    def reach(self, seat: int, h: Hex, origins: list[Hex]) -> int:
        """QIC needed to reach ``h`` (each QIC adds 2 range), or -1 without any origin."""
        if not origins:
            return -1
        d = min(distance(h, o) for o in origins)
        over = d - self.pl[seat].range()
        return 0 if over <= 0 else (over + 1) // 2

    def power_value(self, seat: int, code: str, h: Hex | None = None,
                    tech3: bool | None = None) -> int:
        """Power value of a structure ("4) Forjando Alianças"); tech3: PI and academies 4;
        Bescods PI: +1 on Titanium planets (Apêndice I). ``tech3``: whether the seat's tech3
        works, if the caller knows."""
        if code == "lost":
            return 1
        v = BUILDING_BY_CODE[code].power_value
        p = self.pl[seat]
        if code in BIG and (tech3 if tech3 is not None else "tech3" in p.active_tech()):
            v = 4
        if (h is not None and p.faction == "bescods" and p.counts.get("PI")
                and self.ptype.get(h) == "titanium"):
            v += 1
        return v

    # ------------------------------------------------------------------ mines (options: MineRules)
    def build_mine(self, seat: int, h: Hex, cost: dict, steps: int, setup: bool = False) -> None:
        p = self.pl[seat]
        if self.owner.get(h, seat) != seat:
            self._guest_mine(seat, h, cost)
            return
        pay(self, seat, cost, "mine")
        on_gaia = self.ptype[h] == "gaia"
        if self.gf.get(h) == seat:
            del self.gf[h]
        self._place(seat, h, "m")
        self.emit("build_mine", seat, "mine", hex=self.label(h), steps=steps,
                  planet=self.ptype[h])
        if setup:
            return
        if steps:
            trigger(self, seat, "terraforming_step", steps)
        trigger(self, seat, "mine")
        if on_gaia:
            trigger(self, seat, "mine_on_gaia")
            add_vp(self, seat, p.board.extra.get("vp_per_gaia_mine", 0), "faction")
        self._geodens(seat, h)
        self.after_build(seat, h)

    def _guest_mine(self, seat: int, h: Hex, cost: dict) -> None:
        p = self.pl[seat]
        pay(self, seat, cost, "mine")
        p.guest.add(h)
        p.counts["m"] = p.counts.get("m", 0) + 1
        self.emit("guest_mine", seat, "faction", hex=self.label(h))
        trigger(self, seat, "mine")
        if self.ptype.get(h) == "gaia" and self.options["lantids_guest_mines"] == "rulebook":
            trigger(self, seat, "mine_on_gaia")  # a normal mine (Apêndice I); not on the site
        if p.counts.get("PI"):
            gain(self, seat, {"knowledge": 2}, "faction")
        self.after_build(seat, h)

    def _geodens(self, seat: int, h: Hex) -> None:
        """Geodens PI: 3 knowledge for the first mine on each planet type."""
        p = self.pl[seat]
        if p.faction != "geodens" or not p.counts.get("PI"):
            return
        kind = self.ptype[h]
        if sum(1 for x in p.built if self.ptype.get(x) == kind) == 1:
            gain(self, seat, {"knowledge": 3}, "faction")

    def _place(self, seat: int, h: Hex, code: str) -> None:
        p = self.pl[seat]
        old = p.built.get(h)
        if old:
            p.counts[old] -= 1
        p.built[h] = code
        p.counts[code] = p.counts.get(code, 0) + 1
        self.owner[h] = seat

    # ------------------------------------------------------------------ Gaia project
    def gaia_options(self, seat: int) -> list[tuple[Hex, int, int]]:
        """Transdim hexes a gaiaformer can go to: ``(hex, QIC for range, tokens)``."""
        p = self.pl[seat]
        free = p.gaiaformers - sum(1 for s in self.gf.values() if s == seat) - p.gf_gaia
        if free <= 0 and not self.recallable(seat):
            return []
        need = TRACKS["gaia"].levels[p.research["gaia"]].gaiaform_tokens or 0
        b = p.bowls
        if b.bowl1 + b.bowl2 + b.bowl3 < need:
            return []
        origins = self.origins(seat)
        dist = self._distances(seat, origins)
        rng = p.range()
        out = []
        ptype, gf, qic = self.ptype, self.gf, p.res["qic"]
        for h in self._unowned_transdim():
            if ptype[h] != "transdim" or h in gf:
                continue
            q = self._reach_in(seat, h, origins, dist, rng)
            if 0 <= q <= qic:
                out.append((h, q, need))
        return out

    def recallable(self, seat: int) -> list[Hex]:
        """Gaiaformers on planets that already became Gaia: the rulebook lets their owner move
        them to a new Transdim planet (option ``gaiaformer_recall``; the anchor engine never)."""
        if not self.options["gaiaformer_recall"]:
            return []
        return [h for h, s in self.gf.items() if s == seat and self.ptype[h] == "gaia"]

    def start_gaia(self, seat: int, h: Hex, qic: int, tokens: int) -> None:
        p = self.pl[seat]
        if p.gaiaformers - sum(1 for s in self.gf.values() if s == seat) - p.gf_gaia <= 0:
            back = self.recallable(seat)
            if len(back) == 1:
                self.recall(seat, back[0])
            else:
                self.ask_front(seat, "recall", {})
        pay(self, seat, {"qic": qic}, "range")
        take_tokens(self, seat, tokens, True, "gaia_project")
        self.gf[h] = seat
        self.emit("gaia_project", seat, "gaia", hex=self.label(h), n=tokens)

    def recall(self, seat: int, h: Hex) -> None:
        del self.gf[h]
        self.emit("recall", seat, "gaia", hex=self.label(h))

    # ------------------------------------------------------------------ upgrades
    def upgrade_options(self, seat: int) -> list[tuple[Hex, str, dict]]:
        p = self.pl[seat]
        out = []
        counts = p.counts
        table = _upgrades_of(p.board.buildings)
        # per building code on the map: the upgrades left on the board, each with whether its
        # cost (and its cost without a neighbour) can be paid: the same for every hex
        ups = {code: [(b, can_pay(self, seat, b.cost),
                       bool(b.code == "ts" and b.cost_alone) and can_pay(self, seat, b.cost_alone))
                      for b in table[code] if counts.get(b.code, 0) < b.count]
               for code in counts if counts[code] and code in table}
        near = None
        for h, code in p.built.items():
            for b, ok, ok_alone in ups.get(code, ()):
                if not (ok or ok_alone):
                    continue
                cost = b.cost
                if b.code == "ts" and b.cost_alone:
                    if near is None:
                        near = self._near2_table()
                    if not self._neighbour_within_2(seat, h, near):
                        cost, ok = b.cost_alone, ok_alone
                if ok:
                    out.append((h, b.code, dict(cost)))
        return out

    def upgrade_option_at(self, seat: int, h: Hex, code: str) -> tuple[Hex, str, dict]:
        """The entry of ``upgrade_options(seat)`` for ``h`` and ``code``, read at that hex
        alone (an upgrade of the legal list)."""
        for b in _upgrades_of(self.pl[seat].board.buildings).get(self.pl[seat].built.get(h), ()):
            if b.code == code:
                alone = b.code == "ts" and b.cost_alone and not self._neighbour_within_2(seat, h)
                return (h, code, dict(b.cost_alone if alone else b.cost))
        return next(o for o in self.upgrade_options(seat) if o[0] == h and o[1] == code)

    def _neighbour_within_2(self, seat: int, h: Hex, table: dict | None = None) -> bool:
        """Whether another player has a structure within 2 of ``h`` (remembered per seat and
        hex until a building or guest mine goes up: ``owner`` only grows; ``table``: the
        ``_near2_table()`` of the caller)."""
        if table is None:
            table = self._near2_table()
        ans = table.get((seat, h))
        if ans is None:
            ans = table[(seat, h)] = self._neighbour_within_2_now(seat, h)
        return ans

    def _near2_table(self) -> dict:
        """``(seat, hex) -> _neighbour_within_2_now`` answers since the last building."""
        key = (id(self.owner), len(self.owner), sum(len(q.guest) for q in self.pl))
        got = self.__dict__.get("_near2_memo")
        if got is None or got[0] != key:
            got = self._near2_memo = (key, {})
        return got[1]

    def _neighbour_within_2_now(self, seat: int, h: Hex) -> bool:
        hq, hr = h
        for (xq, xr), s in self.owner.items():  # distance(h, x) <= 2, inlined
            if s != seat and (abs(hq - xq) + abs(hr - xr) + abs(hq - xq + hr - xr)) >> 1 <= 2:
                return True
        return any(q.seat != seat and distance(h, x) <= 2 for q in self.pl for x in q.guest)

    def upgrade(self, seat: int, h: Hex, code: str, cost: dict) -> None:
        pay(self, seat, cost, "upgrade")
        old = self.pl[seat].built[h]
        self._place(seat, h, code)
        self.emit("upgrade", seat, "upgrade", hex=self.label(h), old=old,
                  new=code)
        if code == "ts":
            trigger(self, seat, "trading_station")
        elif code in BIG:
            trigger(self, seat, "big_building")
        if code == "PI":
            pi_built(self, seat)
        self.after_build(seat, h)
        if code in ("lab", "ac1", "ac2"):
            ask_tech(self, seat)

    # ------------------------------------------------------------------ leech
    def after_build(self, seat: int, h: Hex) -> None:
        """Federations grow by adjacency; neighbours within 2 may charge power later."""
        for fed in self.pl[seat].feds:
            if any(distance(h, x) == 1 for x in fed):
                fed.add(h)
                break
        n, table = self.players, self.table
        at = seat if table is None else table.index(seat)
        for k in range(1, n):  # clockwise from the builder: the seating after an auction
            other = (at + k) % n if table is None else table[(at + k) % n]
            best = self.leech_value(other, h)
            if best and (self.leech_amount(other, h, best) > 0 or self.taklons_pi(other)):
                self.leech_later.append((other, best))

    def taklons_pi(self, seat: int) -> bool:
        p = self.pl[seat]
        return p.faction == "taklons" and bool(p.counts.get("PI"))

    def leech_amount(self, seat: int, h: Hex, best: int | None = None) -> int:
        """Power ``seat`` may charge for a building on ``h``: the highest power value of its
        structures within 2, capped by its bowls and by its VP (cost: power - 1 VP);
        ``best``: ``leech_value(seat, h)`` if the caller has it."""
        p = self.pl[seat]
        if best is None:
            best = self.leech_value(seat, h)
        return min(best, p.bowls.charge_room, p.vp + 1) if best else 0

    def leech_value(self, seat: int, h: Hex) -> int:
        p = self.pl[seat]
        best = 0
        hq, hr = h
        for x, code in p.built.items():
            dq, dr = hq - x[0], hr - x[1]
            if abs(dq) + abs(dr) + abs(dq + dr) <= 4:  # distance(h, x) <= 2, inlined
                best = max(best, self.power_value(seat, code, x))
        if not best and any(distance(h, x) <= 2 for x in p.guest):
            best = 1
        return best
