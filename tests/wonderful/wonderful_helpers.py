"""Builders for hand-made situations, through the public API only (issue 10): each takes
``state.position()``, edits that JSON, and reads it back with ``gamekit.position`` — so the
loader checks every situation (150 cards once each, cost spaces, who decides) — and returns the
NEW state; the given state is unchanged. Phase changes go through a paused position and
``resume()`` (docs/positions.md, "Stopping points"), so the engine itself starts the planning or
the production step."""

from __future__ import annotations

import copy
import random
from typing import Any

import gamekit
from gamekit.games.wonderful.data import CARDS, RES
from gamekit.games.wonderful.position import derived_to_move
from gamekit.games.wonderful.state import WonderfulState

EMPIRES5 = ["aztec_empire", "federation_of_asia", "noram_states", "panafrican_union",
            "republic_of_europe"]


def new(players: int = 3, side: str | None = "B", empires=None, **opts) -> WonderfulState:
    if empires is None:
        empires = EMPIRES5[:players]
    if side is not None:
        opts["empire_side"] = side
    return WonderfulState.new(players, 0, empires=empires, **opts)


def _take(data: dict[str, Any], cid: str) -> None:
    """Take a free copy of ``cid`` out of the deck, the discard, a hand or a solo pile."""
    solo = data["solo"] or {}
    zones = [data["deck"], data["discard"], *(seat["hand"] for seat in data["seats"]),
             *solo.get("projects", [])]
    for zone in zones:
        if cid in zone:
            zone.remove(cid)
            return
    raise ValueError(f"no free copy of {cid}")


def _read(saved: dict[str, Any]) -> WonderfulState:
    """``saved`` read back; its decision stack derived again from the seats' fields as the
    rules give it (``position.derive_stack``, as for a position saved before the stack) and,
    unless paused, ``to_move`` set to the seats that decide (found on the same position read
    paused, where nobody decides yet)."""
    data = saved["state"]
    data.pop("stack", None)
    if "paused" not in saved and data["phase"] != "end":
        probe = copy.deepcopy(saved)
        probe["paused"] = "step"
        probe["state"]["to_move"] = []
        held = gamekit.position(probe, "wonderful")
        data["to_move"] = derived_to_move(held, data)
    return gamekit.position(saved, "wonderful")  # type: ignore[return-value]


def give(st, seat, built=(), constr=(), drafted=(), kryst=0, fin=0, gen=0, cubes=None):
    """``st`` with built cards, cards under construction (``(cid, {kind: filled})``), drafted
    cards, tokens and Empire cubes added to ``seat`` (a new state)."""
    saved = st.position()
    data = saved["state"]
    mine = data["seats"][seat]
    for cid in built:
        _take(data, cid)
        mine["built"].append(cid)
    for item in constr:
        cid, filled = (item, {}) if isinstance(item, str) else item
        _take(data, cid)
        left = dict(filled)
        spaces = []
        for kind in CARDS[cid].spaces:
            by = None
            if left.get(kind):
                left[kind] -= 1
                by = kind
            spaces.append({"kind": kind, "filled_by": by})
        assert not any(left.values()), f"{cid} has no room for {filled}"
        mine["construction"].append({"card": cid, "spaces": spaces})
    for cid in drafted:
        _take(data, cid)
        mine["drafted"].append(cid)
    mine["krystallium"] += kryst
    mine["financier"] += fin
    mine["general"] += gen
    for res, k in (cubes or {}).items():
        mine["empire_cubes"][res] += k
    return _read(saved)


def _supremacy(data: dict[str, Any]) -> None:
    """One supremacy entry per production step played before the position (a position checks
    it): the entries kept, the steps skipped to as won by nobody."""
    r = RES.index(data["step"]) + 1 if data["step"] is not None else 0
    done = 5 * data["round"] if data["phase"] == "end" else 5 * (data["round"] - 1) + r
    sup = data["supremacy"][:done]
    players = len(data["seats"])
    sup += [{"round": i // 5 + 1, "step": RES[i % 5], "seat": None, "token": None,
             "production": [0] * players} for i in range(len(sup), done)]
    data["supremacy"] = sup


def _clear(data: dict[str, Any]) -> None:
    """Every hand, pick and selection area back in the deck; nothing pending."""
    for seat in data["seats"]:
        data["deck"].extend(seat["hand"] + seat["drafted"])
        if seat["pick"] is not None:
            data["deck"].append(seat["pick"])
        seat.update(hand=[], drafted=[], pick=None, pending=None, choosing_supremacy=False)


def to_planning(st: WonderfulState, drafted: dict[int, list[str]] | None = None,
                round: int | None = None) -> WonderfulState:
    """Skip the draft: each seat's selection area holds ``drafted[seat]`` (else nothing); the
    planning begins (a new state, in ``round`` if given)."""
    saved = st.position()
    data = saved["state"]
    _clear(data)
    for s, cards in (drafted or {}).items():
        for cid in cards:
            _take(data, cid)
            data["seats"][s]["drafted"].append(cid)
    data.update(phase="draft", step=None, to_move=[], round=round or data["round"])
    saved["paused"] = "phase"  # after the draft, before planning
    _supremacy(data)
    return _read(saved).resume()  # type: ignore[return-value]


def to_step(st: WonderfulState, res: str, round: int | None = None) -> WonderfulState:
    """Skip to the production step of ``res`` (selection areas emptied; in ``round`` if
    given): a new state."""
    saved = st.position()
    data = saved["state"]
    _clear(data)
    r = RES.index(res)
    if r == 0:  # after planning, before production
        data.update(phase="planning", step=None)
        saved["paused"] = "phase"
    else:  # the step before placed, before this production
        data.update(phase="production", step=RES[r - 1])
        saved["paused"] = "step"
    data.update(to_move=[], round=round or data["round"])
    _supremacy(data)
    return _read(saved).resume()  # type: ignore[return-value]


def build_all(st: WonderfulState, seat: int) -> WonderfulState:
    """``st`` with every card ``seat`` has under construction built (a new state)."""
    saved = st.position()
    mine = saved["state"]["seats"][seat]
    mine["built"].extend(entry["card"] for entry in mine["construction"])
    mine["construction"] = []
    return _read(saved)


def set_tokens(st: WonderfulState, seat: int, **tokens: int) -> WonderfulState:
    """``st`` with ``seat`` holding exactly these tokens (``general=``, ``financier=``,
    ``krystallium=``): a new state."""
    saved = st.position()
    saved["state"]["seats"][seat].update(tokens)
    return _read(saved)


def set_side(st: WonderfulState, side: str) -> WonderfulState:
    """``st`` played with the Empire cards' side ``side`` ("A" or "B"): a new state."""
    saved = st.position()
    saved["state"]["side"] = side
    return _read(saved)


def thin_deck(st: WonderfulState, keep: int) -> WonderfulState:
    """``st`` with all but the last ``keep`` cards of the deck in the discard (a new state)."""
    saved = st.position()
    data = saved["state"]
    data["discard"].extend(data["deck"][:-keep])
    del data["deck"][:-keep]
    return _read(saved)


def finish(st: WonderfulState) -> WonderfulState:
    """``st`` as a finished game (phase ``end``, nobody to decide; hands and selection areas
    back in the deck): a new state."""
    saved = st.position()
    _clear(saved["state"])
    saved["state"].update(phase="end", to_move=[])
    _supremacy(saved["state"])
    return _read(saved)


def legal_text(st: WonderfulState, seat: int) -> list[str]:
    return [str(a) for a in st.legal_actions(seat)]


def play(st: WonderfulState, *moves: str) -> WonderfulState:
    for m in moves:
        st.apply(m)
    return st


def play_random_games(players: int, games: int, chunks: random.Random) -> None:
    """Quiet random games of seeds ``0 .. games-1``, each seat its own generator, played by
    ``play_random`` in chunks of 7, 30, 100 or 10,000 decisions (the walker stops and resumes
    at every size)."""
    for seed in range(games):
        state = gamekit.new("wonderful", players=players, seed=seed)
        state.quiet = True
        rngs = [random.Random(seed * 10 + s) for s in range(players)]
        while not state.is_over():
            state.play_random(rngs, chunks.choice((7, 30, 100, 10_000)))
