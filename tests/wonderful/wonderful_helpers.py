"""Builders for hand-made situations (white-box: they set the state's zones directly, moving
cards out of the deck and writing a ``test`` flow for each, so conservation and the ledger
still hold)."""

from __future__ import annotations

from gamekit.games.wonderful import planning, production
from gamekit.games.wonderful.data import CARDS, RES, RIDX
from gamekit.games.wonderful.decisions import needs
from gamekit.games.wonderful.state import WonderfulState

EMPIRES5 = ["aztec_empire", "federation_of_asia", "noram_states", "panafrican_union",
            "republic_of_europe"]


def new(players: int = 3, side: str | None = "B", empires=None, **opts) -> WonderfulState:
    if empires is None:
        empires = EMPIRES5[:players]
    if side is not None:
        opts["empire_side"] = side
    return WonderfulState.new(players, 0, empires=empires, **opts)


def _take(st: WonderfulState, cid: str) -> None:
    for zone in [st.deck, st.discard, *st.hands, *st.projects]:
        if cid in zone:
            zone.remove(cid)
            return
    raise ValueError(f"no free copy of {cid}")


def _put_back(st: WonderfulState, seat: int, zone: list, place: str) -> None:
    if zone:
        st.flow(seat, "card", len(zone), place, "test")
        st.deck.extend(zone)
        zone.clear()


def give(st, seat, built=(), constr=(), drafted=(), kryst=0, fin=0, gen=0, cubes=None):
    """Add built cards, cards under construction (``(cid, {kind: filled})``), drafted cards,
    tokens and Empire cubes to ``seat``."""
    for cid in built:
        _take(st, cid)
        st.built[seat].append(cid)
        st.flow(seat, "card", 1, "test", "built")
    for item in constr:
        cid, filled = (item, {}) if isinstance(item, str) else item
        _take(st, cid)
        left = dict(filled)
        fills = []
        for kind in CARDS[cid].spaces:
            if left.get(kind):
                left[kind] -= 1
                fills.append(kind)
                st.flow(seat, kind, 1, "test", "construction")
            else:
                fills.append("")
        assert not any(left.values()), f"{cid} has no room for {filled}"
        st.seats[seat].construction.append((cid, tuple(fills)))
        st.flow(seat, "card", 1, "test", "construction")
    for cid in drafted:
        _take(st, cid)
        st.drafted[seat].append(cid)
        st.flow(seat, "card", 1, "test", "drafted")
    for name, k in (("krystallium", kryst), ("financier", fin), ("general", gen)):
        if k:
            st.flow(seat, name, k, "test", "empire")
    st.seats[seat].krystallium += kryst
    st.seats[seat].financiers += fin
    st.seats[seat].generals += gen
    for res, k in (cubes or {}).items():
        st.seats[seat].empire_cubes[RIDX[res]] += k
        st.flow(seat, res, k, "test", "empire")
    decide_again(st)
    return st


def decide_again(st: WonderfulState) -> None:
    """After a hand-made change: which seats decide now (without moving the game on)."""
    for s, seat in enumerate(st.seats):
        seat.deciding = needs(st, s)
    st._to_move = tuple(s for s, seat in enumerate(st.seats) if seat.deciding)
    st._legal_cache = {}


def clear_draft(st: WonderfulState) -> None:
    """Put every hand back in the deck (the draft of this round is skipped)."""
    for s in range(st.players):
        _put_back(st, s, st.hands[s], "hand")
        st.seats[s].pick = None


def to_planning(st: WonderfulState, drafted: dict[int, list[str]] | None = None) -> None:
    """Skip the draft: each seat's selection area holds ``drafted[seat]`` (else nothing)."""
    clear_draft(st)
    for s in range(st.players):
        _put_back(st, s, st.drafted[s], "drafted")
    for s, cards in (drafted or {}).items():
        give(st, s, drafted=cards)
    st._legal_cache = {}
    planning.start(st)
    st._refresh()


def to_step(st: WonderfulState, res: str) -> None:
    """Skip to the production step of ``res`` (selection areas emptied)."""
    clear_draft(st)
    for s in range(st.players):
        _put_back(st, s, st.drafted[s], "drafted")
    st._legal_cache = {}
    production.start_step(st, RES.index(res))
    st._refresh()


def legal_text(st: WonderfulState, seat: int) -> list[str]:
    return [str(a) for a in st.legal_actions(seat)]


def play(st: WonderfulState, *moves: str) -> WonderfulState:
    for m in moves:
        st.apply(m)
    return st
