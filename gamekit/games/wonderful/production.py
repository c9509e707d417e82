"""Production (rulebook "Fase de Produção" and "Bónus de Supremacia"): the five steps, in the
order materials, energy, science, gold, exploration; what each seat produces; the supremacy
bonus of each step and the science winner's choice of a character."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamekit.core.stack import Pending, seat_answer, seat_push

from .asks import open_step
from .construction import autoplace, gain_token, to_empire
from .data import CARDS, EMPIRES, RES, SOLO, SUPREMACY
from .placements import has_space
from .seat import SeatState

if TYPE_CHECKING:
    from .state import WonderfulState

__all__ = ["sources", "amount", "type_counts", "start_step", "choose_supremacy"]

_new = tuple.__new__  # a ``Pending`` without its keyword-handling constructor (hot path)


def type_counts(seat: SeatState) -> list[int]:
    """Built cards of each type (structure, vehicle, research, project, discovery)."""
    counts = [0] * 5
    for cid in seat.built:
        counts[CARDS[cid].tidx] += 1
    return counts


def sources(seat: SeatState, side: str, r: int) -> dict[str, int]:
    """What produces resource ``r`` for the seat now: the Empire card and built cards
    ("per type" production counts built cards of the type, the producing card included)."""
    out: dict[str, int] = {}
    emp = EMPIRES[seat.empire].sides[side].prod[r]
    if emp:
        out[seat.empire] = emp
    counts = None
    for cid in seat.built:
        c = CARDS[cid]
        k = c.prod_fixed[r]
        if c.prod_per:
            if counts is None:
                counts = type_counts(seat)
            for rr, t, a in c.prod_per:
                if rr == r:
                    k += a * counts[t]
        if k:
            out[cid] = out.get(cid, 0) + k
    return out


def amount(seat: SeatState, side: str, r: int) -> int:
    """How many cubes of resource ``r`` the seat produces in that step now (the sum of
    ``sources``, counted without naming them)."""
    total = EMPIRES[seat.empire].sides[side].prod[r]
    counts = None
    for cid in seat.built:
        c = CARDS[cid]
        total += c.prod_fixed[r]
        if c.prod_per:
            if counts is None:
                counts = type_counts(seat)
            for rr, t, a in c.prod_per:
                if rr == r:
                    total += a * counts[t]
    return total


def _supremacy_winner(totals: list[int]) -> int | None:
    """The single seat with strictly the most; solo: the player with at least the minimum."""
    if len(totals) == 1:
        return 0 if totals[0] >= SOLO["supremacy_min"] else None
    best = max(totals)
    return totals.index(best) if totals.count(best) == 1 else None


def start_step(state: WonderfulState, r: int) -> None:
    """Production step of resource ``r``: produce, supremacy, then cubes with only the Empire
    card to go to are placed there (the others wait for the seats' placement decisions; a
    quiet state places them at once: nothing is told, and where they go is the same)."""
    state.phase = "production"
    state.step = r
    res = RES[r]
    loud = not state.quiet
    totals = []
    open_step(state, plan=False)
    stacks = list(state.stacks)
    for s, seat in enumerate(state.seats):
        if loud:
            got = sources(seat, state.side, r)
            total = sum(got.values())
            for src, k in got.items():
                state.flow(s, res, k, "income:" + src, "pending")
        else:
            total = amount(seat, state.side, r)
        totals.append(total)
        seat.produced[r] = total
        if not total:
            continue
        if loud or has_space(seat.construction, r):
            stacks[s] += (_new(Pending, ("place", s, (res, total, "production"))),)
        else:  # ``autoplace``, quiet
            to_empire(state, s, r, total, "pending")
    state.stacks = tuple(stacks)
    if loud:
        state.emit("produce", rule="fase_de_producao", resource=res, amounts=totals)
    winner = _supremacy_winner(totals)
    token = SUPREMACY[r]
    state.supremacy.append(
        {"round": state.round, "step": res, "seat": winner,
         "token": None if winner is None else token, "production": totals}
    )
    if winner is None:
        if loud:
            state.emit("supremacy_none", rule="bonus_supremacia", resource=res)
    elif token == "choice":
        state.stacks = seat_push(state.stacks, "supremacy", winner)
        if loud:
            state.emit("supremacy_won", winner, rule="bonus_supremacia", resource=res,
                       token="choice")
    else:
        gain_token(state, winner, token, "supremacy:" + res)
        if loud:
            state.emit("supremacy_won", winner, rule="bonus_supremacia", resource=res,
                       token=token)
    if loud:
        for s in range(state.players):
            autoplace(state, s)


def choose_supremacy(state: WonderfulState, s: int, token: str) -> None:
    """Action ``supremacy``: the science winner takes a financier or a general."""
    state.stacks = seat_answer(state.stacks, s)
    gain_token(state, s, token, "supremacy:science")
    state.supremacy[-1]["token"] = token
    if not state.quiet:
        state.emit("supremacy_choice", s, rule="bonus_supremacia", token=token)
    autoplace(state, s)
