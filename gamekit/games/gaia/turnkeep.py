"""A turn's legal list after a free conversion ("10) Ações Livres"): the parts of the list
made just before it are kept and reused when what they read of the seat is unchanged.

A conversion only changes the converting seat's stock, power bowls, brainstone and
gaiaformers spent as QIC (``actions.do_free``); each reusable part of ``main_legal`` reads
those through a few numbers (``reusable``), and everything else it reads (the map,
buildings, research, tiles) is the same. So ``main_legal`` remembers its parts with a
``snapshot`` of those numbers and the log they were made at; ``_do_turn`` carries that entry
over a conversion answering that very list (the log one action longer, the same seat), and
the next ``main_legal`` reuses each part whose numbers compare alike (``reusable``).
Anything else that happens (another action, an arrangement, a new log) leaves the entry
stale and the list is made anew. The same lists: ``tests/gaia/test_incremental_turnlists.py``.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Mapping
from typing import TYPE_CHECKING

from .mines import GAIA_COST, MINE_COST

if TYPE_CHECKING:
    from .state import GaiaState

__all__ = ["snapshot", "reusable", "kept_parts", "keep_parts", "carry_over"]


def snapshot(st: GaiaState, seat: int) -> tuple:
    """What a conversion may change that a reusable part reads: ``(credits, ore, QIC,
    knowledge, tokens in the bowls, gaiaformers spent as QIC, tokens in bowl III, the
    brainstone's bowl)``."""
    p = st.pl[seat]
    res, b = p.res, p.bowls
    return (res["credits"], res["ore"], res["qic"], res["knowledge"],
            b.bowl1 + b.bowl2 + b.bowl3, p.gf_gaia, b.bowl3, p.brainstone)


_COSTS: dict[int, tuple] = {}


def _upgrade_prices(board: Mapping) -> tuple | None:
    """The credits and the ore the buildings of a board cost, each sorted (an upgrade is
    payable by comparisons with these), or None when one costs anything else."""
    got = _COSTS.get(id(board))
    if got is None or got[0] is not board:
        costs = [c for b in board.values() for c in (b.cost, b.cost_alone) if c]
        plain = all(k in ("credits", "ore") for c in costs for k in c)
        got = _COSTS[id(board)] = (board, (
            sorted({c.get("credits", 0) for c in costs}),
            sorted({c.get("ore", 0) for c in costs})) if plain else None)
    return got[1]


def _same_upgrades(st: GaiaState, seat: int, old: tuple, new: tuple) -> bool:
    """Whether credits and ore compare alike with every building price of the seat's board."""
    prices = _upgrade_prices(st.pl[seat].board.buildings)
    if prices is None:
        return False
    credits, ore = prices
    return (bisect_right(credits, old[0]) == bisect_right(credits, new[0])
            and bisect_right(ore, old[1]) == bisect_right(ore, new[1]))


def reusable(st: GaiaState, seat: int, old: tuple, new: tuple) -> tuple[bool, ...]:
    """For each verb of ``MAIN_VERBS``: whether its part made at snapshot ``old`` is the
    part at ``new`` (everything else the same). What each reads of the snapshot: mines
    (``mines.mine_options``) ore and QIC by amount, credits only against a mine's price;
    Gaia projects (``build.gaia_options``) gaiaformers spent, tokens, QIC; upgrades
    (``build.upgrade_entries``) credits and ore against the board's prices; research
    (``research.research_options``) 4 knowledge or not; board actions (``actions.board_action_options``) power in bowl III
    and the mines of their free steps, and the caps of their gains (30 credits, 15
    knowledge); special actions (``actions.special_options``) the mines and Gaia projects
    of a booster's step or range, stations by QIC; federations
    (``federation.federation_part``) the satellites the seat can pay; passing nothing."""
    p = st.pl[seat]
    credits = MINE_COST["credits"] + p.board.extra.get("gaia_cost", GAIA_COST).get("credits", 0)
    build = (old[1] == new[1] and old[2] == new[2]  # credits alike up to a mine's price
             and (old[0] == new[0] or old[0] >= credits and new[0] >= credits))
    gaia = old[2] == new[2] and old[4] == new[4] and old[5] == new[5]
    upgrade = _same_upgrades(st, seat, old, new)
    research = (old[3] >= 4) == (new[3] >= 4)
    board = (build and old[6] == new[6] and (old[7] == 3) == (new[7] == 3)
             and (old[0] >= 30) == (new[0] >= 30) and (old[3] >= 15) == (new[3] >= 15))
    fed = old[2] == new[2] if p.faction == "ivits" else old[4] == new[4]
    return (build, gaia, upgrade, research, board, build and gaia, fed, True)


def kept_parts(st: GaiaState, seat: int) -> tuple | None:
    """``(snapshot, parts in MAIN_VERBS order)`` kept for this decision (carried over the
    conversion just made), or None."""
    kept = st.__dict__.get("_turnkeep_memo")
    if kept is None or kept[0] is not st.log or kept[1] != len(st.log) or kept[2] != seat:
        return None
    return kept[3]


def keep_parts(st: GaiaState, seat: int, snap: tuple, parts: list) -> None:
    """Remember the parts of the list just made, with the snapshot they were made at."""
    st._turnkeep_memo = (st.log, len(st.log), seat, (snap, parts))


def carry_over(st: GaiaState, seat: int) -> None:
    """A conversion answering the list last made (the log one action longer, same seat):
    its parts stay candidates for the turn's next list; otherwise they are dropped."""
    kept = st.__dict__.get("_turnkeep_memo")
    if kept is None:
        return
    if kept[0] is st.log and kept[1] == len(st.log) - 1 and kept[2] == seat:
        st._turnkeep_memo = (st.log, len(st.log), seat, kept[3])
    else:
        st._turnkeep_memo = None
