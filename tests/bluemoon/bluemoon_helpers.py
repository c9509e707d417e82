"""Small helpers shared by the Blue Moon City tests."""

from __future__ import annotations

import gamekit


def legal(state) -> set[str]:
    """Text forms of the legal actions of the seat whose turn it is."""
    return {str(a) for a in state.legal_actions(state.turn_seat)}


def play(state, *moves):
    """Apply the moves (text forms) in order; returns the state."""
    for m in moves:
        state.apply(m)
    return state


def markers_on_buildings(state, seat: int, n: int, spare=()) -> dict[str, list]:
    """An ``arrange(markers=...)`` value putting ``n`` of ``seat``'s markers on free spaces of
    the buildings (read from the public ``to_dict``), leaving each a free space; the tiles in
    ``spare`` and the Royal Palace (whose wild spaces would need a colour) are left alone."""
    out = {}
    for tid, tile in state.to_dict()["tiles"].items():
        if n == 0:
            break
        if tid in spare or tid == "royal_palace" or tile["built"]:
            continue
        free = [i for i, m in enumerate(tile["markers"]) if m is None]
        use = min(n, len(free) - 1)
        if use > 0:
            out[tid] = [seat if i in free[:use] else None for i in range(len(tile["markers"]))]
            n -= use
    assert n == 0, "not enough free spaces for the markers"
    return out


def each(state, field: str) -> list:
    """One field of every seat (``BlueMoonSeat``), in seat order: ``each(s, "scales")``."""
    return [getattr(player, field) for player in state.seats]


def deck_to_discard(state):
    """A NEW state: ``state.position()`` with the whole draw pile moved to the discard pile,
    read back through ``gamekit.position`` (issue 10: no white-box edits in tests)."""
    saved = state.position()
    data = saved["state"]
    data["discard"] = data["discard"] + data["deck"]
    data["deck"] = []
    return gamekit.position(saved, "bluemoon")
