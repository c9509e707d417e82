"""The map set up by the last player ("Montagem Variável do Tabuleiro": the last player in
turn order sets up the board, to make up for choosing a faction last): with the option
``board_setup`` that player turns sectors in place before the factions are chosen, the
anchor engine's ``advancedRules`` with its ``rotate`` lines. Two planets of one home type
never touch afterwards ("ATENÇÃO: Dois planetas do mesmo tipo nunca podem estar adjacentes";
checked for the home types, as for a random map)."""

from __future__ import annotations

from gamekit.core import Action

from .setup import same_type_touch

__all__ = ["BoardSetup"]


class BoardSetup:
    """Mixin of :class:`GaiaState`: decision ``rotate`` (``rotate <sector> <steps>``, each
    sector once, steps 1-5 × 60° clockwise; ``rotate done``)."""

    def board_setup_queue(self) -> list:
        """The set-up decision in front of the others when the option is on."""
        return [(self.players - 1, "rotate", {"turned": []})] if self.options["board_setup"] \
            else []

    def rotation_ok(self, sector: int, steps: int) -> bool:
        """Whether turning ``sector`` (its number) by ``steps`` leaves no two home planets of
        a type side by side."""
        centre = self.space.centres.get(str(sector))
        if centre is None or not 1 <= steps <= 5:
            return False
        return not same_type_touch(self.space.rotated([(centre, steps)]))

    def _legal_rotate(self, seat, data):
        turned = set(data["turned"])
        sectors = sorted(int(n) for n in self.space.centres if n.isdigit())
        out = [Action(seat, "rotate", (n, steps)) for n in sectors if n not in turned
               for steps in range(1, 6) if self.rotation_ok(n, steps)]
        return out + [Action(seat, "rotate", ("done",))]

    def _do_rotate(self, seat, action, data):
        if action.args[0] == "done":
            self.emit("board_set", seat, "setup")
            return
        sector, steps = action.args
        self.space = self.space.rotated([(self.space.centres[str(sector)], steps)])
        self.ptype = {h: t for h, t in self.space.planets.items() if t != "empty"}
        self.planet_hexes = tuple(sorted(self.ptype))
        for k in [k for k in self.__dict__ if k.endswith("_memo")]:
            self.__dict__[k] = None  # rebound, not cleared: clones share the old map's memos
        self.emit("rotate", seat, "setup", sector=sector, steps=steps)
        self.ask_front(seat, "rotate", {"turned": [*data["turned"], sector]})
