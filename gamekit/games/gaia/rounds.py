"""The round (rulebook "Rodadas"): set-up placements, Fase I Renda, Fase II Gaia, Fase III
Ações turn order, passing, Fase IV Encerrando uma rodada, and the end of the game."""

from __future__ import annotations

from .components import BOOSTERS, FACTIONS, TECH, TRACKS, faction_board, starting_resources
from .economy import add_tokens, add_vp, brainstone_dests, charge, gaia_return, gain
from .player import Player
from .research import tech_options
from .scoring import finish_game, pass_vp

__all__ = ["RoundRules"]


class RoundRules:
    """Mixin of :class:`GaiaState`: who decides next, phase by phase."""

    pl: list[Player]

    # ------------------------------------------------------------------ set-up
    def seat_faction(self, seat: int, faction: str) -> None:
        """Give ``seat`` its faction board and starting resources ("Preparação")."""
        p = self.pl[seat]
        p.faction = faction
        p.board = self.board_of(faction)
        start = starting_resources(p.board)
        for r in ("credits", "ore", "knowledge", "qic"):
            p.res[r] = start[r]
            self.flow(seat, r, start[r], "setup", "stock")
        add_vp(self, seat, start["vp"], "start")
        b1, b2, b3 = p.board.bowls
        p.bowls.bowl1, p.bowls.bowl2, p.bowls.bowl3 = b1, b2, b3
        self.flow(seat, "token", b1, "setup", "bowl1")
        self.flow(seat, "token", b2, "setup", "bowl2")
        self.flow(seat, "token", b3, "setup", "bowl3")
        if start["power_tokens"]:
            add_tokens(self, seat, start["power_tokens"], "setup")
        p.gaiaformers = start["gaiaformers"]
        for t, lv in p.board.research.items():
            p.research[t] = lv
        if p.board.extra.get("brainstone_bowl"):
            p.brainstone = 1  # Taklons: one more token in bowl I, worth 3 when spent
            p.bowls.bowl1 += 1
            self.flow(seat, "token", 1, "setup", "bowl1")
        self.emit("faction", seat, "setup", faction=faction)

    def board_of(self, faction: str):
        """The faction's board under the game's ``faction_variant`` option."""
        o = self.options
        return faction_board(faction, o["faction_variant"], o["faction_variant_version"],
                             self.players)

    def setup_queue(self) -> list[tuple[int, str, dict]]:
        """Starting mines 1..N then N..1, the Xenos' third mine, the Ivits' PI (``more-balanced``
        with 2 players: second), then boosters in reverse order ("Preparação")."""
        order = list(self.order)
        fac = [p.faction for p in self.pl]
        q = []
        for s in order + order[::-1]:
            if fac[s] != "ivits":
                q.append((s, "place", {"code": "m"}))
        q += [(s, "place", {"code": "m"}) for s in order if fac[s] == "xenos"]
        ivits = [(s, "place", {"code": "PI"}) for s in order if fac[s] == "ivits"]
        if ivits and self.board_of("ivits").extra.get("pi_second"):
            q[1:1] = ivits  # their PI right after the other player's first mine
        else:
            q += ivits
        q += [(s, "booster", {}) for s in order[::-1]]
        return q

    # ------------------------------------------------------------------ auction
    def auction_legal(self, seat: int) -> list[tuple]:
        """``bid-while-choosing``: name a faction nobody named (none of a named home planet),
        or outbid a holder. ``choose-bid``: first name one (``name``), then bid on a named one
        (0-9 VP while nobody holds it, else 1-9 more than its holder)."""
        a = self.auction_state
        homes = {FACTIONS[f].home for f in (a["named"] if self.choose_bid() else a["holder"])}
        if self.choose_bid() and len(a["named"]) < self.players:
            return [("name", f) for f, x in FACTIONS.items() if x.home not in homes]
        out = [] if self.choose_bid() else [("faction", f) for f, x in FACTIONS.items()
                                            if x.home not in homes]
        for f in a["named"] if self.choose_bid() else a["holder"]:
            if f not in a["holder"]:
                out += [("bid", f, k) for k in range(10)]
            elif a["holder"][f] != seat:
                out += [("bid", f, a["bid"][f] + k) for k in range(1, 10)]
        return out

    def choose_bid(self) -> bool:
        return self.options["auction"] == "choose-bid"

    def auction_move(self, seat: int, verb: str, faction: str, vp: int = 0) -> None:
        """Apply a naming or a bid (the anchor engine's options; not in the rulebook)."""
        a = self.auction_state
        if verb == "name":  # choose-bid: the list is built in seat order, nobody holds yet
            a["named"].append(faction)
            self.emit("auction_name", seat, "setup", faction=faction)
            if len(a["named"]) < self.players:
                self.ask_back((seat + 1) % self.players, "auction_name")
            else:
                self.ask_back(0, "auction_bid")
            return
        if verb == "faction":
            a["named"].append(faction)
        a["holder"][faction] = seat
        a["bid"][faction] = vp
        self.emit("bid", seat, "setup", faction=faction, n=vp)
        held = set(a["holder"].values())
        if len(held) == self.players:
            self._auction_done()
            return
        for k in range(1, self.players + 1):
            nxt = (seat + k) % self.players
            if nxt not in held:
                self.ask_back(nxt, "auction_bid" if self.choose_bid() else "auction")
                return

    def _auction_done(self) -> None:
        a = self.auction_state
        for f in a["named"]:
            if f in a["holder"]:
                s = a["holder"][f]
                self.seat_faction(s, f)
                self.pl[s].bid = a["bid"][f]
        self.order = [a["holder"][f] for f in a["named"] if f in a["holder"]]
        self.table = list(self.order)  # the seating after the auction (site reading)
        self.auction_state = None

    def faction_options(self, seat: int) -> list[str]:
        homes = {p.board.home for p in self.pl if p.board}
        return [f for f, x in FACTIONS.items() if x.home not in homes]

    def place_options(self, seat: int) -> list:
        home = self.pl[seat].board.home
        return [h for h in self.planet_hexes if self.ptype[h] == home and h not in self.owner]

    def place_start(self, seat: int, h, code: str) -> None:
        if code == "m":
            self.build_mine(seat, h, {}, 0, setup=True)
        else:
            self._place(seat, h, code)
            self.emit("place_pi", seat, "setup", hex=self.label(h))

    # ------------------------------------------------------------------ rounds
    def start_round(self) -> None:
        self.round += 1
        self.phase = "income"
        self.emit("round_start", None, "rounds", n=self.round,
                  tile=self.round_tiles[self.round - 1])
        self.pending_seats = list(self.order)
        self.stage = "income_run"

    def income_run(self) -> None:
        """Income seat by seat in turn order (the anchor engine's sequencing of the rulebook's
        simultaneous phase); stops at a seat that must order its power income."""
        while self.pending_seats:
            self.income(self.pending_seats.pop(0))
            if self.stack:
                return
        self.stage = "gaia"

    def income_sources(self, seat: int) -> list[dict[str, int]]:
        """What ``seat`` receives in Fase I, one dict per source (board, buildings, research,
        tiles, booster): the rulebook's "hands", each taken whole ("Fase I: Renda")."""
        p = self.pl[seat]
        out = [dict(p.board.income)]
        for b in p.board.buildings.values():
            k = p.counts.get(b.code, 0)
            out += [dict(slot) for slot in b.income_slots[:k]]
            if k and b.code != "PI":
                out.append(dict(b.income))
        if p.counts.get("PI"):
            out.append(dict(p.board.pi_income))
        out += [dict(TRACKS[t].levels[lv].income) for t, lv in p.research.items()]
        out += [dict(TECH[t].gain) for t in p.active_tech() if TECH[t].kind == "income"]
        if p.booster:
            out.append(dict(BOOSTERS[p.booster].income))
        return [src for src in out if any(src.values())]

    def income_of(self, seat: int, sources: list[dict[str, int]] | None = None
                  ) -> tuple[dict[str, int], list[int], list[int]]:
        """Everything ``seat`` receives in Fase I: the gains, and the power charges and new
        tokens one item per source (``sources``: ``income_sources(seat)`` if the caller has
        them)."""
        out: dict[str, int] = {}
        charges: list[int] = []
        tokens: list[int] = []
        for src in self.income_sources(seat) if sources is None else sources:
            for k, v in src.items():
                if k == "power_charge":
                    charges.append(v)
                elif k == "power_tokens":
                    tokens.append(v)
                else:
                    out[k] = out.get(k, 0) + v
        return out, sorted(charges, reverse=True), sorted(tokens, reverse=True)

    def income(self, seat: int) -> None:
        """Each source is taken whole ("Fase I: Renda"): the other resources of a source with
        power arrive with its power item; the sources without power arrive at once, or, when
        the player first orders power charges and new tokens, after that order (the anchor
        engine's sequence, so its records' checkpoints match)."""
        sources = self.income_sources(seat)
        inc, charges, tokens = self.income_of(seat, sources)
        self.emit("income", seat, "income", got=dict(inc))
        now: dict[str, int] = {}
        extras: list[list] = []  # [kind, n, resources] of the sources with power
        for src in sources:
            rest = {k: v for k, v in src.items() if k not in ("power_charge", "power_tokens")}
            if "power_charge" in src or "power_tokens" in src:
                if rest:
                    kind = "charge" if src.get("power_charge") else "tokens"
                    extras.append([kind, src.get("power_" + kind), rest])
            else:
                for k, v in rest.items():
                    now[k] = now.get(k, 0) + v
        if charges and tokens:  # the order is asked first, and all of it arrives after
            extras.append(["", 0, now])
        else:
            gain(self, seat, now, "income")
        self.power_income(seat, charges, tokens, extras)

    def income_extras(self, seat: int, extras: list, kind: str, n: int) -> None:
        """The other resources of the source whose power item (``kind``, ``n``) just came."""
        for i, (k, m, rest) in enumerate(extras):
            if (k, m) == (kind, n):
                del extras[i]
                gain(self, seat, rest, "income")
                return

    def power_income(self, seat: int, charges: list[int], tokens: list[int],
                     extras: list) -> None:
        """Apply power charges and new tokens, each with the rest of its source. While both
        kinds are pending the player picks the next item (rulebook "Fase I: Renda": the player
        decides the order; the anchor engine asks exactly then too)."""
        extras = [["", 0, extras]] if isinstance(extras, dict) else list(extras)  # older positions
        if charges and tokens:
            self.ask_front(seat, "income_order", {"charges": list(charges),
                                                  "tokens": list(tokens), "rest": extras})
            return
        for n in tokens:
            add_tokens(self, seat, n, "income")
            self.income_extras(seat, extras, "tokens", n)
        left = list(charges)
        while left:
            if self.pl[seat].brainstone not in (1, 2):
                n = left.pop(0)
                charge(self, seat, n, "income")
                self.income_extras(seat, extras, "charge", n)
                continue
            free = [i for i, n in enumerate(left) if len(brainstone_dests(self, seat, n)) <= 1]
            if free:
                n = left.pop(free[0])
                charge(self, seat, n, "income")
                self.income_extras(seat, extras, "charge", n)
                continue
            # Taklons: asked before this charge; its source's other resources come with it
            self.ask_front(seat, "income_rest", {"charges": left[1:], "tokens": [],
                                                 "rest": extras})
            self.ask_front(seat, "brainstone", {"dests": brainstone_dests(self, seat, left[0]),
                                                "charges": [left[0]]})
            return
        for _kind, _n, rest in extras:
            gain(self, seat, rest, "income")

    def gaia_phase(self) -> None:
        """Fase II: gaiaformed Transdim planets become Gaia planets; Gaia-area tokens go back to
        bowl I (Terrans: bowl II); parked Bal T'aks gaiaformers come back."""
        self.phase = "gaia"
        for h, s in self.gf.items():
            if self.ptype[h] == "transdim":
                self.ptype[h] = "gaia"
                self.emit("gaia_planet", s, "gaia", hex=self.label(h))
        self.pending_seats = list(self.order)
        self.stage = "gaia_run"

    def gaia_run(self) -> None:
        """Gaia-area tokens come back seat by seat in turn order (Terrans and Itars PI may
        decide first)."""
        while self.pending_seats:
            s = self.pending_seats.pop(0)
            p = self.pl[s]
            if p.faction == "itars" and p.counts.get("PI") and p.bowls.gaia >= 4:
                if tech_options(self, s):
                    self.ask_back(s, "itars")
                    return
            if p.faction == "terrans" and p.counts.get("PI") and p.bowls.gaia:
                self.ask_back(s, "terrans")
                return
            self.gaia_tokens_back(s)
        self.stage = "actions_start"

    def gaia_tokens_back(self, seat: int) -> None:
        p = self.pl[seat]
        n = gaia_return(self, seat, 2 if p.faction == "terrans" else 1)
        p.gf_gaia = 0
        if n:
            self.emit("gaia_back", seat, "gaia", n=n)

    # ------------------------------------------------------------------ turns
    def next_turn(self) -> None:
        n = len(self.order)
        for k in range(1, n + 1):
            s = self.order[(self.turn_pos + k) % n]
            if not self.pl[s].passed:
                self.turn_pos = (self.turn_pos + k) % n
                self.ask_back(s, "turn")
                self.turn_open = s
                return
        self.end_round()

    def do_pass(self, seat: int) -> None:
        p = self.pl[seat]
        p.passed = True
        self.passed_order.append(seat)
        self.emit("pass", seat, "pass")
        pass_vp(self, seat)
        if self.round < 6:
            self.ask_front(seat, "booster", {"back": p.booster})

    def take_booster(self, seat: int, booster: str) -> None:
        p = self.pl[seat]
        if p.booster:
            self.booster_pool.append(p.booster)
        self.booster_pool.remove(booster)
        p.booster = booster
        self.emit("booster", seat, "pass", booster=booster)

    def booster_options(self, seat: int, back: str | None) -> list[str]:
        return [b for b in self.booster_pool if b != back]

    def end_round(self) -> None:
        """Fase IV: board actions and special actions come back; the next round's order."""
        self.phase = "cleanup"
        first = self.passed_order[0]
        if self.options["turn_order"] == "variable":
            self.order = list(self.passed_order)
        else:
            table = self.table or list(range(self.players))
            at = table.index(first)
            self.order = [table[(at + k) % self.players] for k in range(self.players)]
        self.passed_order = []
        self.taken = set()
        for p in self.pl:
            p.passed = False
            p.used = set()
        if self.round >= 6:
            finish_game(self)
            return
        self.stage = "income"

    def pi_built(self, seat: int) -> None:
        """Faction effects of building the planetary institute (Apêndice I)."""
        p = self.pl[seat]
        if p.faction == "gleens":
            self.take_fed_token(seat, "gleens")
