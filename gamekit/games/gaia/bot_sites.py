"""The site scout for Gaia Project (session 23, issue 32; a variant, not registered): the
completer of :mod:`.bot_finisher` whose rounds 1–5 value the cheap mine sites in its range. A
mine needs a free planet within the seat's navigation range ("Navegação") and costs 1 ore more
the terraforming steps at the seat's ore a step ("Terraformação"); a Gaia planet the seat
gaia-formed costs no step ("Projeto Gaia"). The scholar's value gives a navigation or a
terraforming level a flat worth a round left, whatever planets it opens; here each free
planet in range whose mine costs at most ``ore`` ore (with Gaia planets not formed by another
seat) is a *site*, worth ``worth`` VP up to ``cap`` sites while three rounds or more are left
(less after), added to the scholar's value. Decides from ``agent_view``; deterministic for a
seed."""

from __future__ import annotations

from functools import partial

from .bot_eval import SCHOLAR, position_value, rounds_left
from .bot_finisher import CompleterAgent
from .components import terraform_steps
from .mines import seat_field

__all__ = ["SitesAgent", "site_costs", "sites", "sites_value"]


def site_costs(state, seat: int) -> list[int]:
    """The ore a mine costs on each free planet within the seat's range: 1 more the
    terraforming steps at the seat's ore a step, 1 on a Gaia planet not gaia-formed by another
    seat (its QIC apart); no Transdim planet; none with 8 mines built."""
    p = state.pl[seat]
    if p.counts.get("m", 0) >= 8:
        return []
    dist = seat_field(state, seat)[1]
    rng, home, step = p.range(), p.board.home, p.ore_per_step()
    ptype, gf, owner = state.ptype, state.gf, state.owner
    out = []
    for h in state.planet_hexes:
        k = ptype.get(h)
        if h in owner or k in ("empty", "lost", "transdim") or dist.get(h, rng + 1) > rng:
            continue
        if k == "gaia":
            if gf.get(h, seat) == seat:
                out.append(1)
        else:
            out.append(1 + terraform_steps(home, k) * step)
    return out


def sites(state, seat: int, ore: int = 4) -> int:
    """The :func:`site_costs` at most ``ore`` (``ore`` ≥ 1)."""
    return sum(1 for c in site_costs(state, seat) if c <= ore)


def sites_value(state, seat: int, worth: float = 1.0, cap: int = 4, ore: int = 4) -> float:
    """``position_value`` at the scholar's worth plus ``worth`` VP for each of the seat's
    :func:`sites` up to ``cap``, in full with three rounds left or more, in rounds 1–5."""
    v = position_value(state, seat, SCHOLAR)
    if state.over or state.pl[seat].board is None or not 1 <= state.round <= 5:
        return v
    return v + worth * min(cap, sites(state, seat, ore)) * min(1.0, rounds_left(state) / 3)


class SitesAgent(CompleterAgent):
    """The completer with the mine sites' worth of the module docstring in rounds 1–5."""

    name = "sites"

    def __init__(self, seed: int = 0, worth: float = 1.0, cap: int = 4, ore: int = 4,
                 **search) -> None:
        super().__init__(seed, **search)
        #: rounds 1–5 (and round 6's ties): the scholar's value and the sites' worth
        self.rounds = partial(sites_value, worth=worth, cap=cap, ore=ore)
