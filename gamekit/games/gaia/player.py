"""One player's holdings in Gaia Project: resources, power bowls, research levels, tiles.

Plain mutable attributes with a cheap ``copy`` (the state's ``clone`` copies each player).
Power uses :class:`gamekit.kit.bowls.PowerBowls` (rulebook "Poder").
"""

from __future__ import annotations

from typing import Any

from gamekit.kit.bowls import PowerBowls

from .components import TRACKS, Faction

__all__ = ["Player", "RES"]

#: stock resources and their caps (rulebook "Componentes": the board tracks end at 30/15/15)
RES = ("credits", "ore", "knowledge", "qic")
CAPS = {"credits": 30, "ore": 15, "knowledge": 15, "qic": 10**6}


class Player:
    """A seat's faction board and everything it holds."""

    __hash__ = None  # type: ignore[assignment]  (mutable: compared by content)

    def __eq__(self, other: object) -> bool:
        return type(other) is Player and vars(self) == vars(other)

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.faction: str | None = None
        self.board: Faction | None = None
        self.res = {r: 0 for r in RES}
        self.vp = 0
        self.vp_by: dict[str, int] = {}
        self.bowls = PowerBowls(0, 0, 0)
        self.brainstone: int | None = None  # bowl 1..3 or 4 (Gaia area); Taklons only
        self.research = {t: 0 for t in TRACKS}
        self.gaiaformers = 0  # unlocked
        self.gf_gaia = 0  # gaiaformers parked in the Gaia area (Bal T'aks)
        self.booster: str | None = None
        self.tech: list[str] = []  # basic tiles held (incl. covered)
        self.covered: set[str] = set()
        self.advanced: list[str] = []
        self.fed_tokens: list[list[Any]] = []  # [token id, green?]
        self.feds: list[set] = []  # hexes (structures and satellites) of each federation
        self.satellites: set = set()
        self.fed_forms = 0  # federations formed with the action
        self.bid = 0  # VP bid in the auction (paid at the end)
        self.built: dict[tuple[int, int], str] = {}  # hex -> building code on the map
        self.counts: dict[str, int] = {}  # building code -> pieces on the map
        self.guest: set = set()  # Lantids: mines on planets an opponent colonised
        self.used: set[str] = set()  # special actions used this round
        self.passed = False
        self.range_bonus = 0  # extra range of the current action (booster)

    def copy(self) -> Player:
        p = Player.__new__(Player)
        d = self.__dict__.copy()
        p.__dict__ = d
        d["res"] = dict(self.res)
        d["vp_by"] = dict(self.vp_by)
        b = self.bowls
        nb = PowerBowls(b.bowl1, b.bowl2, b.bowl3, b.gaia)
        nb.added, nb.removed = b.added, b.removed
        d["bowls"] = nb
        d["research"] = dict(self.research)
        d["tech"] = list(self.tech)
        d["covered"] = set(self.covered)
        d["advanced"] = list(self.advanced)
        d["fed_tokens"] = [list(t) for t in self.fed_tokens]
        d["feds"] = [set(f) for f in self.feds]
        d["satellites"] = set(self.satellites)
        d["used"] = set(self.used)
        d["built"] = dict(self.built)
        d["counts"] = dict(self.counts)
        d["guest"] = set(self.guest)
        return p

    # ------------------------------------------------------------------ queries
    def range(self) -> int:
        """Navigation range (rulebook "Navegação") plus a booster's +3 this action."""
        return TRACKS["nav"].levels[self.research["nav"]].range + self.range_bonus

    def ore_per_step(self) -> int:
        return TRACKS["terra"].levels[self.research["terra"]].ore_per_step

    def active_tech(self) -> list[str]:
        """Tech tiles whose effect works ("5) Pesquisa e Tecnologias"): uncovered basic
        tiles, then advanced tiles; a new list (read on the hot path: special actions,
        income, federations), made by one concatenation while no basic tile is covered."""
        covered = self.covered
        if covered:  # an advanced tile covers a basic one
            return [t for t in self.tech if t not in covered] + self.advanced
        return self.tech + self.advanced

    def green_tokens(self) -> int:
        return sum(1 for t in self.fed_tokens if t[1])

    def spendable_power(self) -> int:
        """Power in bowl III (the brainstone there counts 3)."""
        extra = 2 if self.brainstone == 3 else 0  # bowl III counts it as one token
        return self.bowls.bowl3 * self.token_power() + extra

    def token_power(self) -> int:
        """Power one bowl-III token pays: 2 for the Nevlas with their PI (Apêndice I)."""
        return 2 if self.faction == "nevlas" and self.counts.get("PI") else 1

    def to_dict(self) -> dict[str, Any]:
        b = self.bowls
        return {
            "faction": self.faction, "resources": dict(self.res), "vp": self.vp,
            "vp_by": dict(sorted(self.vp_by.items())),
            "bowls": [b.bowl1, b.bowl2, b.bowl3, b.gaia], "brainstone": self.brainstone,
            "research": dict(self.research), "gaiaformers": self.gaiaformers,
            "gaiaformers_in_gaia_area": self.gf_gaia, "booster": self.booster,
            "tech": list(self.tech), "covered": sorted(self.covered),
            "advanced": list(self.advanced),
            "federation_tokens": [list(t) for t in self.fed_tokens],
            "federations": [sorted(map(list, f)) for f in self.feds],
            "satellites": sorted(map(list, self.satellites)), "federations_formed": self.fed_forms,
            "bid": self.bid, "used": sorted(self.used),
            "passed": self.passed,
            "buildings": [[list(h), c] for h, c in self.built.items()],
            "guest_mines": sorted(map(list, self.guest)),
        }
