"""The map set up by the last player ("Montagem Variável do Tabuleiro": the last player in
turn order sets up the board, to make up for choosing a faction last): with the option
``board_setup`` that player turns sectors in place before the factions are chosen, the
anchor engine's ``advancedRules`` with its ``rotate`` lines. Two planets of one home type
never touch afterwards ("ATENÇÃO: Dois planetas do mesmo tipo nunca podem estar adjacentes";
checked for the home types, as for a random map)."""

from __future__ import annotations

from gamekit.core import Action

from .setup import same_type_touch

__all__ = ["setup_entries", "rotation_ok", "legal_rotate", "do_rotate"]


def setup_entries(st) -> list:
    """The set-up decision in front of the others when the option is on."""
    return [(st.players - 1, "rotate", {"turned": []})] if st.options["board_setup"] else []


def rotation_ok(st, sector: int, steps: int) -> bool:
    """Whether turning ``sector`` (its number) by ``steps`` leaves no two home planets of a
    type side by side."""
    centre = st.space.centres.get(str(sector))
    if centre is None or not 1 <= steps <= 5:
        return False
    return not same_type_touch(st.space.rotated([(centre, steps)]))


def legal_rotate(st, seat: int, data: dict) -> list[Action]:
    """Decision ``rotate``: ``rotate <sector> <steps>`` (each sector once, steps 1-5 × 60°
    clockwise) or ``rotate done``."""
    turned = set(data["turned"])
    sectors = sorted(int(n) for n in st.space.centres if n.isdigit())
    out = [Action(seat, "rotate", (n, steps)) for n in sectors if n not in turned
           for steps in range(1, 6) if rotation_ok(st, n, steps)]
    return out + [Action(seat, "rotate", ("done",))]


def do_rotate(st, seat: int, action: Action, data: dict) -> None:
    if action.args[0] == "done":
        st.emit("board_set", seat, "setup")
        return
    sector, steps = action.args
    st.space = st.space.rotated([(st.space.centres[str(sector)], steps)])
    st.ptype = {h: t for h, t in st.space.planets.items() if t != "empty"}
    st.planet_hexes = tuple(sorted(st.ptype))
    for k in [k for k in st.__dict__ if k.endswith("_memo")]:
        st.__dict__[k] = None  # rebound, not cleared: clones share the old map's memos
    st.emit("rotate", seat, "setup", sector=sector, steps=steps)
    st.ask_front(seat, "rotate", {"turned": [*data["turned"], sector]})
