"""Per-line checks of an imported boardgamers.space record against gamekit's state, for
``gamekit replay --from boardgamers FILE --checkpoints``: the power summary the site writes at
the end of a line (``(I/II/III/Gaia ⇒ I/II/III/Gaia)``, ``,B`` the brainstone) against the
acting player's bowls, and, when the record carries them (the samples' ``checkpoints``), the
site's state after every line (VP, credits, ore, knowledge, QIC, bowls, brainstone) against every
player's. Each disagreement is one line of text; nothing here refuses a record."""

from __future__ import annotations

from typing import Any

from .notation import Move, power_after
from .state import GaiaState

__all__ = ["bowls_text", "differences", "disagreement", "seat_of_line", "site_checkpoints"]

#: a checkpoint row: [vp, credits, ore, knowledge, qic, area1, area2, area3, gaia, brainstone]
_ROW = ("VP", "credits", "ore", "knowledge", "QIC", "bowl I", "bowl II", "bowl III", "Gaia area",
        "brainstone")
_STONE = {1: "area1", 2: "area2", 3: "area3", 4: "gaia"}
#: phases where the site holds no resources yet (a faction is being chosen, the board set up)
_SETUP = ("setupFaction", "setupBoard", "setupAuction")


def bowls_text(bowls: tuple[int, ...], stone: int | None) -> str:
    """Bowls I/II/III/Gaia as the site writes them (``1/5,B/0/0``: the brainstone in II)."""
    return "/".join(f"{n},B" if i == stone else str(n) for i, n in enumerate(bowls, 1))


def disagreement(move: Move, state: GaiaState) -> str | None:
    """Where ``state`` (after ``move``) and the line's own power summary disagree: the acting
    player's bowls (tokens per bowl, and the brainstone's bowl); ``None`` when they agree or
    the line has no summary."""
    site = power_after(move)
    if site is None:
        return None
    seat = seat_of_line(state, move)
    if seat is None:
        return None
    row = _ours(state, seat)
    stone = state.pl[seat].brainstone
    mine = (tuple(row[5:9]), stone or None)
    if mine == site:
        return None
    return (f"line {move.line}: {move.player} bowls: the record says {bowls_text(*site)}, "
            f"gamekit has {bowls_text(*mine)}")


def seat_of_line(state: GaiaState, move: Move) -> int | None:
    """The seat that plays ``move`` (``pN``, or the seat holding the faction named)."""
    if move.seat is not None:
        return move.seat - 1
    return next((i for i, p in enumerate(state.pl) if p.faction == move.player), None)


def _ours(state: GaiaState, seat: int) -> list:
    """Seat ``seat``'s checkpoint row (the bowls count ordinary tokens: not the brainstone)."""
    p = state.pl[seat]
    b = p.bowls
    bowls = [b.bowl1, b.bowl2, b.bowl3, b.gaia]
    if p.brainstone:
        bowls[p.brainstone - 1] -= 1
    return [p.vp, p.res["credits"], p.res["ore"], p.res["knowledge"], p.res["qic"], *bowls,
            _STONE.get(p.brainstone)]


def site_checkpoints(value: Any) -> dict[int, list]:
    """The record's ``checkpoints`` by line number (``init`` is line 1); entries of another
    shape are left out (the list is the site's, not checked for the rules)."""
    out: dict[int, list] = {}
    if not isinstance(value, list):
        return out
    for cp in value[:20_000]:
        if (isinstance(cp, list) and len(cp) >= 5 and isinstance(cp[0], int)
                and cp[2] not in _SETUP and isinstance(cp[4], list)
                and all(isinstance(r, list) and len(r) >= 10 for r in cp[4])):
            out[cp[0] + 1] = cp[4]
    return out


def differences(move: Move, state: GaiaState, by_line: dict[int, list]) -> list[str]:
    """Where ``state`` after ``move`` differs from the record's checkpoint of that line."""
    rows = by_line.get(move.line)
    if rows is None or len(rows) != len(state.pl):
        return []
    out = []
    for seat, row in enumerate(rows):
        ours = _ours(state, seat)
        diff = [(name, want, got) for name, want, got in zip(_ROW, row[:10], ours, strict=True)
                if want != got]
        if diff:
            who = state.pl[seat].faction or f"p{seat + 1}"
            out.append(f"line {move.line}: {who}: the record says "
                       + ", ".join(f"{n} {w}" for n, w, _ in diff) + "; gamekit has "
                       + ", ".join(f"{n} {g}" for n, _, g in diff))
    return out
