"""The actions phase: main actions, special actions and free actions of a turn (rulebook
"Fase III: Ações", "6) Ações de Poder e C.I.Q.", "7) Ações Especiais", "10) Ações Livres",
"Apêndice III")."""

from __future__ import annotations

from collections.abc import Mapping

from gamekit.core import Action

from .components import BOARD_ACTIONS, BOOSTERS, TECH, TRACKS
from .economy import add_vp, burn, can_pay, gain, pay, qic_as_ore
from .player import Player
from .research import can_step, research_options, research_step, tech_options
from .scoring import count_of

__all__ = ["ActionRules", "FREE", "MAIN_VERBS", "plain_action"]

#: verbs of the main actions, in the order of a turn's legal list
MAIN_VERBS = ("build", "gaia", "upgrade", "research", "action", "special", "federation", "pass")

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
#: special actions that just gain (tech tiles, booster-free ones)
_GAIN_SPECIAL = {"tech9": {"power_charge": 4}, "advtech3": {"qic": 1, "credits": 5},
                 "advtech11": {"ore": 3}, "advtech13": {"knowledge": 3}}


#: board actions with the one thing each costs (power or QIC): ``(id, action, paid, amount)``
_BOARD = tuple((aid, a, *next(iter(a.cost.items()))) for aid, a in BOARD_ACTIONS.items())
assert all(len(a.cost) == 1 and paid in ("power", "qic") for _, a, paid, _ in _BOARD)

_FREE_OF: dict[tuple, tuple] = {}
#: the convert actions of each seat (immutable, made once)
_CONVERT = {(seat, fid): Action(seat, "convert", (fid,)) for seat in range(8) for fid in FREE}


def _free_of(faction: str | None, pi: bool) -> tuple:
    """The entries of ``FREE`` open to a faction with or without its PI, in ``FREE`` order:
    ``(id, cost, gain, paid in, amount, capped gains)`` (a free action pays one thing)."""
    got = _FREE_OF.get((faction, pi))
    if got is None:
        got = _FREE_OF[(faction, pi)] = tuple(
            (fid, cost, gain, *(next(iter(cost.items())) if cost else (None, 0)),
             tuple(k for k in gain if k in _CAP or k == "qic"))
            for fid, (cost, gain, who, need_pi) in FREE.items()
            if not who or (faction == who and (pi or not need_pi)))
    return got


class ActionRules:
    """Mixin of :class:`GaiaState`."""

    pl: list[Player]

    # ------------------------------------------------------------------ free actions
    def free_legal(self, seat: int) -> list[Action]:
        p = self.pl[seat]
        out = []
        res = p.res
        power = p.spendable_power()
        as_ore = qic_as_ore(p)
        for fid, _cost, _gain, kind, n, capped in _free_of(p.faction, bool(p.counts.get("PI"))):
            if kind is None:  # gf-q, t3-k
                if not self._free_ok(p, fid, _cost, _gain):
                    continue
            elif (power if kind == "power" else res[kind]) < n:
                continue
            elif capped and self._capped(res, capped, as_ore):
                continue
            out.append(_CONVERT.get((seat, fid)) or Action(seat, "convert", (fid,)))
        if p.brainstone == 3:
            out += self._bundles(p)
        if p.bowls.bowl2 >= 2:
            out.append(plain_action(seat, "burn", None))
        return out

    @staticmethod
    def _capped(res: dict, gains: tuple, qic_as_ore: bool) -> bool:
        """Whether a gain of a free action is lost to its cap (``_free_ok``'s test)."""
        for k in gains:
            if k == "qic":
                if not qic_as_ore:
                    continue
                k = "ore"
            if res[k] >= _CAP[k]:
                return True
        return False

    @staticmethod
    def _bundles(p: Player) -> list[Action]:
        """Taklons with the brainstone in bowl III: ``convert N pw-c`` spends N power in one
        payment for N credits, so the brainstone pays 3 of them (Apêndice I; the anchor
        engine's bundled ``spend Npw for Nc``)."""
        top = min(p.spendable_power(), _CAP["credits"] - p.res["credits"])
        return [Action(p.seat, "convert", (n, "pw-c")) for n in range(2, top + 1)]

    def _free_ok(self, p: Player, fid: str, cost: dict, gain: dict) -> bool:
        if fid == "gf-q":
            placed = sum(1 for s in self.gf.values() if s == p.seat)
            return p.gaiaformers - placed - p.gf_gaia > 0
        if fid == "t3-k":
            return p.bowls.bowl3 > 0 and p.res["knowledge"] < 15
        if not can_pay(self, p.seat, cost):
            return False
        for k in gain:
            if k == "qic" and qic_as_ore(p):
                k = "ore"
            if k in _CAP and p.res[k] >= _CAP[k]:
                return False
        return True

    def do_free(self, seat: int, action: Action) -> None:
        p = self.pl[seat]
        if action.verb == "burn":
            burn(self, seat)
            self.emit("burn", seat, "free")
            return
        fid = action.args[-1]
        if fid == "pw-c":  # the Taklons' bundle: N power at once
            n = action.args[0]
            pay(self, seat, {"power": n}, "free")
            gain(self, seat, {"credits": n}, "free")
            self.emit("convert", seat, "free", paid={"power": n}, got={"credits": n})
            return
        cost, got, _, _ = FREE[fid]
        if fid == "gf-q":
            p.gf_gaia += 1
        elif fid == "t3-k":
            p.bowls.bowl3 -= 1
            p.bowls.gaia += 1
            self.flow(seat, "token", 1, "bowl3", "gaia_area")
        pay(self, seat, cost, "free")
        gain(self, seat, got, "free")
        # a Gaiaformer or a token, not a resource: named for the narration
        paid = {"gf": 1} if fid == "gf-q" else {"token3": 1} if fid == "t3-k" else dict(cost)
        self.emit("convert", seat, "free", paid=paid, got=dict(got))

    # ------------------------------------------------------------------ main actions
    def main_legal(self, seat: int) -> list[Action]:
        out: list[Action] = []
        for part in _PARTS.values():
            out += part(self, seat)
        return out

    def main_part(self, seat: int, verb: str) -> list[Action]:
        """The main actions of one verb, in ``main_legal``'s order (checking one action needs
        only its verb's part)."""
        part = _PARTS.get(verb)
        return part(self, seat) if part else []

    def _build_part(self, seat: int) -> list[Action]:
        acts = self._hex_actions(seat, "build")
        return [acts.get(h) or self._hex_action(seat, "build", h)
                for h, _, _ in self.mine_options(seat)]

    def _gaia_part(self, seat: int) -> list[Action]:
        acts = self._hex_actions(seat, "gaia")
        return [acts.get(h) or self._hex_action(seat, "gaia", h)
                for h, _, _ in self.gaia_options(seat)]

    def _upgrade_part(self, seat: int) -> list[Action]:
        return [Action(seat, "upgrade", (self.label(h), c)) for h, c, _ in
                self.upgrade_options(seat)]

    def _research_part(self, seat: int) -> list[Action]:
        return [plain_action(seat, "research", t) for t in research_options(self, seat)]

    def _action_part(self, seat: int) -> list[Action]:
        return [plain_action(seat, "action", a) for a in self.board_action_options(seat)]

    def _special_part(self, seat: int) -> list[Action]:
        return [plain_action(seat, "special", a) for a in self.special_options(seat)]

    def _federation_part(self, seat: int) -> list[Action]:
        options, custom = self.federation_part(seat)
        out = [Action(seat, "federation", (k,)) for k in options]
        if custom:
            out.append(plain_action(seat, "federation", "custom"))
        return out

    def _pass_part(self, seat: int) -> list[Action]:
        return [plain_action(seat, "pass", None)]

    def _hex_actions(self, seat: int, verb: str) -> dict:
        """``hex -> Action(seat, verb, (label,))`` made so far (actions are immutable; memo:
        the labels are the map's)."""
        memo = self.__dict__.get("_hexact_memo")
        if memo is None:
            memo = self._hexact_memo = {}
        got = memo.get((seat, verb))
        if got is None:
            got = memo[(seat, verb)] = {}
        return got

    def _hex_action(self, seat: int, verb: str, h) -> Action:
        act = self._hex_actions(seat, verb)[h] = Action(seat, verb, (self.label(h),))
        return act

    def turn_part(self, seat: int, verb: str) -> list[Action]:
        """The actions of a ``turn`` decision with this verb (free or main), in the order of
        its legal list: ``action in turn_part(seat, action.verb)`` is the same test as
        ``action in legal_actions(seat)`` (tested on random states)."""
        if verb in ("convert", "burn"):
            return self.free_legal(seat)
        return self.main_part(seat, verb)

    def board_action_options(self, seat: int) -> list[str]:
        p = self.pl[seat]
        out = []
        have = {"power": p.spendable_power(), "qic": p.res["qic"]}
        for aid, a, paid, n in _BOARD:
            if aid in self.taken or have[paid] < n:
                continue
            steps = a.gain.get("terraforming_steps", 0)
            if steps and not self._any_step_target(seat, steps):
                continue
            if self.options["refuse_wasted"] and self._all_capped(p, a.gain):
                continue
            if aid == "qic1" and not tech_options(self, seat):
                continue
            if aid == "qic2" and not p.fed_tokens:
                continue
            out.append(aid)
        return out

    @staticmethod
    def _all_capped(p: Player, gain: Mapping[str, int]) -> bool:
        """Every gain of a board action would be lost to the caps (option ``refuse_wasted``,
        the anchor engine's refusal; power_actions.json ``board_action_rules``)."""
        return bool(gain) and all(k in _CAP and p.res[k] >= _CAP[k] for k in gain)

    def step_targets(self, seat: int, steps: int) -> list:
        """Mine options for an action with ``steps`` free terraforming steps; with option
        ``refuse_wasted`` only planets that use at least one of them (the anchor engine forbids
        free steps on a planet needing none, Gaia planets included; terraforming.json)."""
        if self.options["refuse_wasted"]:
            return [o for o in self.mine_options(seat, steps) if o[2] > 0]
        return self.mine_options(seat, steps)

    def _any_step_target(self, seat: int, steps: int) -> bool:
        """``bool(step_targets(seat, steps))``, stopping at the first target."""
        if self.options["refuse_wasted"]:
            return bool(self.step_targets(seat, steps))
        return bool(self.mine_options(seat, steps, one=True))

    def special_options(self, seat: int) -> list[str]:
        p = self.pl[seat]
        out = []
        b = BOOSTERS.get(p.booster) if p.booster else None
        if b and b.action and p.booster not in p.used:
            if b.action == "step" and self._any_step_target(seat, 1):
                out.append(p.booster)
            elif b.action == "range+3" and self._with_range(seat, 3):
                out.append(p.booster)
        for t in p.active_tech():
            if TECH[t].kind == "action" and t not in p.used:
                out.append(t)
        if p.counts.get("ac2") and "ac2" not in p.used:
            out.append("ac2")
        if p.faction == "bescods" and "up-lowest" not in p.used and self._lowest(seat):
            out.append("up-lowest")
        if (p.faction == "ivits" and p.counts.get("PI") and "space-station" not in p.used
                and self.station_options(seat)):
            out.append("space-station")
        if (p.faction == "ambas" and p.counts.get("PI") and "swap-PI" not in p.used
                and p.counts.get("m")):
            out.append("swap-PI")
        if (p.faction == "firaks" and p.counts.get("PI") and "down-lab" not in p.used
                and p.counts.get("lab") and p.counts.get("ts", 0) < 4):
            out.append("down-lab")
        return out

    def _with_range(self, seat: int, bonus: int) -> bool:
        p = self.pl[seat]
        p.range_bonus = bonus
        try:
            return bool(self.mine_options(seat, one=True) or self.gaia_options(seat))
        finally:
            p.range_bonus = 0

    def _lowest(self, seat: int) -> list[str]:
        r = self.pl[seat].research
        low = min(r.values())
        return [t for t in TRACKS if r[t] == low and can_step(self, seat, t)]

    def station_options(self, seat: int) -> list:
        """Empty spaces within range for the QIC held, with no station or satellite."""
        origins = self.origins(seat)
        if not origins:
            return []
        p = self.pl[seat]
        # reach(h) <= QIC  <=>  distance <= range + 2 QIC (each QIC adds 2)
        limit = p.range() + 2 * p.res["qic"]
        sats = set().union(*(s.satellites for s in self.pl))
        spaces = self._empty_hexes()
        dist = self._space_distances(seat, origins, spaces)
        return [h for h in spaces if dist[h] <= limit and h not in self.stations
                and h not in sats]

    def _empty_hexes(self) -> tuple:
        """The map's empty spaces in hex order (memo: the map never changes)."""
        got = self.__dict__.get("_empty_memo")
        if got is None:
            got = self._empty_memo = tuple(h for h, t in sorted(self.space.planets.items())
                                           if t == "empty")
        return got

    # ------------------------------------------------------------------ doing them
    def do_main(self, seat: int, action: Action) -> None:
        verb, args = action.verb, action.args
        if verb == "build":
            h = self.hex_of(args[0])
            _, cost, steps = self.mine_option_at(seat, h)
            self.build_mine(seat, h, cost, steps)
        elif verb == "gaia":
            h = self.hex_of(args[0])
            _, q, n = next(o for o in self.gaia_options(seat) if o[0] == h)
            self.start_gaia(seat, h, q, n)
        elif verb == "upgrade":
            h = self.hex_of(args[0])
            _, code, cost = self.upgrade_option_at(seat, h, args[1])
            self.upgrade(seat, h, code, cost)
        elif verb == "research":
            pay(self, seat, {"knowledge": 4}, "research")
            research_step(self, seat, args[0])
        elif verb == "action":
            self.do_board_action(seat, args[0])
        elif verb == "special":
            self.do_special(seat, args[0])
        elif verb == "federation" and args[0] == "custom":
            self.ask_front(seat, "fedpick", {"sel": []})
        elif verb == "federation":
            self.form_federation(seat, args[0])

    def do_board_action(self, seat: int, aid: str) -> None:
        a = BOARD_ACTIONS[aid]
        self.taken.add(aid)
        pay(self, seat, a.cost, "board_action")
        self.emit("board_action", seat, "power_qic", action=aid)
        got = dict(a.gain)
        steps = got.pop("terraforming_steps", 0)
        got.pop("tech_tile", 0)
        got.pop("rescore_federation_token", 0)
        per = got.pop("vp_per_planet_type", 0)
        gain(self, seat, got, "board_action")
        if per:
            add_vp(self, seat, per * count_of(self, seat, "planet_type"), "board_action")
        if steps:
            self.ask_front(seat, "mine", {"steps": steps})
        elif aid == "qic1":
            self.ask_front(seat, "tech", {})
        elif aid == "qic2":
            self.ask_front(seat, "rescore", {})

    def do_special(self, seat: int, sid: str) -> None:
        p = self.pl[seat]
        p.used.add(sid)
        self.emit("special", seat, "special", action=sid)
        if sid in _GAIN_SPECIAL:
            gain(self, seat, _GAIN_SPECIAL[sid], "special")
        elif sid == "ac2":
            gain(self, seat, p.board.buildings["academy_qic"].action, "special")
        elif sid in BOOSTERS:
            act = BOOSTERS[sid].action
            self.ask_front(seat, "mine", {"steps": 1} if act == "step" else {"range": 3})
        elif sid == "up-lowest":
            self.ask_front(seat, "step", {"tracks": self._lowest(seat)})
        elif sid == "space-station":
            self.ask_front(seat, "station", {})
        elif sid == "down-lab":
            self.ask_front(seat, "downlab", {})
        elif sid == "swap-PI":
            self.ask_front(seat, "swap", {})


#: ``verb -> its part of a turn's legal list``, in ``MAIN_VERBS`` order
_PARTS = {"build": ActionRules._build_part, "gaia": ActionRules._gaia_part,
          "upgrade": ActionRules._upgrade_part, "research": ActionRules._research_part,
          "action": ActionRules._action_part, "special": ActionRules._special_part,
          "federation": ActionRules._federation_part, "pass": ActionRules._pass_part}
assert tuple(_PARTS) == MAIN_VERBS

#: actions of one word or none made so far (immutable; the words are the game's own ids,
#: a closed set)
_PLAIN: dict[tuple, Action] = {}


def plain_action(seat: int, verb: str, arg: str | None) -> Action:
    """``Action(seat, verb, (arg,))`` (``()`` for None), made once."""
    got = _PLAIN.get((seat, verb, arg))
    if got is None:
        got = _PLAIN[(seat, verb, arg)] = Action(seat, verb, () if arg is None else (arg,))
    return got
