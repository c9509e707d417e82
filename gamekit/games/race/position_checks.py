"""What a position of Race for the Galaxy must satisfy beyond its schema: the round's flow (the
step belongs to the phase, the phases left follow the revealed action cards: "Como jogar"), each
pending step in its phase and in its seat's turn ("Quem joga primeiro?"), the hand limit ("Fim
da rodada"), the VP pool, the resolution order and ``to_move``; then the engine's own
invariants. Every failure is a ``PositionError`` naming the field."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gamekit.core.positions import PositionError

from .cardmoves import pending
from .cards import DATA
from .choose import plan
from .common import _CT, HAND_LIMIT, TABLEAU_END

if TYPE_CHECKING:
    from .state import RaceState

__all__ = ["check"]

#: which pending steps each phase may ask
_ASKS = {
    "setup": {"discard0"}, "choose": {"choose"}, "explore": {"keep"},
    "develop": {"dev_pick", "pay"}, "settle": {"set_pick", "pay", "method"},
    "consume": {"trade", "sell", "consume", "good", "hand"}, "produce": {"windfall"},
    "round_end": {"limit"}, "end": set(),
}
_STEP_NUMBERS = {"explore": (1,), "develop": (1, 2), "settle": (1, 2), "consume": (1,),
                 "produce": (1,)}


def _fail(field: str, message: str) -> PositionError:
    return PositionError(f"position field {field}: {message}")


def _ended(state: RaceState) -> bool:
    return any(len(seat.tableau) >= TABLEAU_END for seat in state.seats) or state.pool <= 0


def _check_flow(state: RaceState) -> None:
    """Phase, step, round, the end of the game, the action cards and the phases left."""
    phase, (name, k) = state.phase, state.phase_step
    if name != phase:
        raise _fail("step", f"{[name, k]} is not a step of phase {phase}")
    ks = _STEP_NUMBERS.get(phase, (0,))
    if not state.advanced:
        ks = ks[:1]
    if k not in ks:
        raise _fail("step", f"phase {phase} has step number(s) {list(ks)}, not {k}")
    if (phase == "setup") != (state.round == 0):
        raise _fail("round", f"round {state.round} in phase {phase}: round 0 is the setup")
    if state.over != (phase == "end"):
        raise _fail("over", "the game is over exactly in phase end")
    if state.over and not _ended(state):
        raise _fail("over", "the game ends only with a 12-card tableau or an empty VP pool")
    if phase == "choose" and state.round > 1 and _ended(state):
        raise _fail("phase", "the game should have ended: a tableau has 12 cards or the VP "
                    "pool is empty")
    picks_by_seat = [seat.action_picks for seat in state.seats]
    for s, picks in enumerate(picks_by_seat):
        n = len(picks)
        if (phase == "setup" and n) or (phase not in ("setup", "choose") and n != state.npicks):
            raise _fail(f"seats[{s}].actions", f"{n} action card(s) in phase {phase}; each "
                        f"player chooses {state.npicks} a round (none before the first)")
    tail = [state.phase_step, *state.queue]
    if phase in _STEP_NUMBERS:
        planned = plan(picks_by_seat)
        if planned[-len(tail):] != tail:
            raise _fail("phases_left", f"{[list(x) for x in tail]} do not follow the chosen "
                        f"action cards, which call for {[list(x) for x in planned]}")
    elif phase == "choose" and state.paused is not None and state.queue:
        # paused after the choice: the revealed cards' phases are planned
        if state.queue != plan(picks_by_seat):
            raise _fail("phases_left", f"{[list(x) for x in state.queue]} do not follow the "
                        "chosen action cards")
    elif state.queue:
        raise _fail("phases_left", f"no phase is left to play in phase {phase}")


def _check_hand(state: RaceState, s: int, kind: str | None) -> None:
    """Hand sizes where the rules bound them: the deal and the hand limit."""
    phase, n = state.phase, len(state.seats[s].hand)
    where = f"seats[{s}]"
    if phase == "round_end":
        if kind == "limit" and pending(state, s)[1] != n - HAND_LIMIT:
            raise _fail(f"{where}.pending", f"with {n} cards the seat discards "
                        f"{n - HAND_LIMIT} to the limit of {HAND_LIMIT}, not {pending(state, s)[1]}")
        if kind is None and n > HAND_LIMIT:
            raise _fail(f"{where}.hand", f"{n} cards at the end of the round; the hand limit is "
                        f"{HAND_LIMIT}")
    if n > HAND_LIMIT and (phase == "end" or (phase == "choose" and state.round > 1)):
        raise _fail(f"{where}.hand", f"{n} cards after a round end; the hand limit is "
                    f"{HAND_LIMIT}")
    if phase == "setup" and state.options["hands"] is None and n > DATA["deal"]:
        raise _fail(f"{where}.hand", f"{n} cards in the setup, which deals {DATA['deal']}")
    if kind == "discard0" and pending(state, s)[1] > n:
        raise _fail(f"{where}.pending", f"discard {pending(state, s)[1]} from {n} cards")


def _check_pending(state: RaceState, s: int, p: tuple) -> None:
    """The pending step's own data against the seat's cards."""
    kind = p[0]
    where = f"seats[{s}].pending"
    tab_ids = {_CT[c].id for c in state.seats[s].tableau}
    if kind in ("pay", "method") and p[1] not in state.seats[s].hand:
        raise _fail(where, f"{_CT[p[1]].id} is placed from the hand, and it is not there")
    if kind == "pay" and p[2] > len(state.seats[s].hand) - 1:
        raise _fail(where, f"{p[2]} cards to pay with {len(state.seats[s].hand) - 1} in hand")
    if kind in ("good", "hand") and p[1] not in tab_ids:
        raise _fail(where, f"{p[1]} is not in the seat's tableau")
    if kind == "windfall" and state.seats[s].windfall_queue[:1] != [p[1]]:
        raise _fail(where, "the windfall asked is not the first of seats"
                    f"[{s}].windfall_queue")
    if kind == "choose" and len(state.seats[s].action_picks) >= state.npicks:
        raise _fail(where, "the seat has chosen its action cards already")
    if kind == "keep" and not 0 < state.seats[s].keep_left < len(state.seats[s].explored):
        raise _fail(f"seats[{s}].keep", f"keep {state.seats[s].keep_left} of {len(state.seats[s].explored)} "
                    "explored cards is no choice")


def _check_seat(state: RaceState, s: int) -> None:
    """Seat ``s``: its pending step fits the phase; step bookkeeping only where it lives."""
    phase = state.phase
    p = pending(state, s)
    kind = p[0] if p is not None else None
    where = f"seats[{s}]"
    if kind is not None:
        if kind not in _ASKS[phase]:
            raise _fail(f"{where}.pending", f"a {kind} step is not asked in phase {phase}")
        _check_pending(state, s, p)
    if phase == "choose" and kind is None and len(state.seats[s].action_picks) < state.npicks:
        raise _fail(f"{where}.pending", "the seat has action cards left to choose")
    if state.seats[s].explored and kind != "keep":
        raise _fail(f"{where}.explore", "explored cards wait only while the seat keeps some")
    if state.seats[s].keep_left and kind != "keep":
        raise _fail(f"{where}.keep", "a number to keep only while keeping")
    if state.seats[s].temp_military and phase != "settle":
        raise _fail(f"{where}.temp_military", "temporary military lasts one Settle phase")
    if phase not in ("develop", "settle"):
        if any(c in state.placed_this_phase for c in state.seats[s].tableau):
            raise _fail(f"{where}.placed_this_phase", "cards are placed in Develop and Settle")
        if state.seats[s].chosen is not None:
            raise _fail(f"{where}.chosen", "a card is picked only in Develop and Settle")
    if state.seats[s].windfall_queue and (phase != "produce" or s != state.resolving):
        raise _fail(f"{where}.windfall_queue", "windfalls wait only for the producing seat")
    _check_hand(state, s, kind)


def _check_turns(state: RaceState) -> None:
    """Who is resolving now (``at``) and who comes next (``sequence``) in the seat-by-seat
    steps; nobody else decides there."""
    phase, seq, at, order = state.phase, state.sequence, state.resolving, state.order
    picking = any(p is not None and p[0] in ("dev_pick", "set_pick") for p in (pending(state, s) for s in range(state.players)))
    if phase in ("develop", "settle") and picking:
        for s in range(state.players):
            if (pending(state, s) is None) == (state.seats[s].chosen is None):
                raise _fail(f"seats[{s}].chosen", "a seat has a chosen card exactly once it "
                            "has picked")
        turn: list[int] = []
    elif state.paused is not None and at is None and not seq:
        return  # paused between two steps: the picks are in, or every seat has resolved
    elif phase in ("develop", "settle", "consume", "produce"):
        if phase in ("develop", "settle"):
            bad = [s for s in range(state.players) if state.seats[s].chosen is None]
            if bad:
                raise _fail(f"seats[{bad[0]}].chosen", "every seat has picked (or passed) "
                            "once placements start")
            turn = [s for s in order if state.seats[s].chosen >= 0]
        else:
            turn = list(order)
        if at not in turn:
            raise _fail("at", f"seat {at} is not one of the seats resolving now {turn}")
        later = turn[turn.index(at) + (0 if phase == "produce" else 1):]
        if seq != later:
            raise _fail("sequence", f"{seq} given; after seat {at} come {later}")
        other = [s for s in state._tm if s != at]
        if other:
            raise _fail(f"seats[{other[0]}].pending", f"only seat {at} decides now")
        return
    else:
        turn = []
    if seq or at is not None:
        raise _fail("sequence", f"nobody resolves seat by seat in phase {phase}"
                    + (" (every seat is still picking)" if turn == [] and picking else ""))


def _check_totals(state: RaceState, data: dict[str, Any]) -> None:
    """``to_move``, the VP chips and the resolution order."""
    tm = list(state._tm)
    if tm != list(data["to_move"]):
        raise _fail("to_move", f"{data['to_move']} given, but the seats with a pending step "
                    f"are {tm}")
    if not tm and not state.over and state.paused is None:
        raise _fail("to_move", "nobody decides, but the game is not over")
    o = state.options
    start = o["vp_pool"] if o["vp_pool"] is not None else DATA["vp_chips_per_player"] * len(
        state.seats)
    want = start + sum(o["chips"] or [0])
    chips = sum(seat.chips for seat in state.seats)
    have = chips + state.pool
    if have != want:
        raise _fail("vp_pool", f"{state.pool} in the pool and {chips} in front of "
                    f"the players make {have}; the game has {want} VP chips")
    n = state.players
    first = min(range(n), key=lambda s: _CT[state.seats[s].start].start)
    order = [(first + i) % n for i in range(n)]
    if order != state.order:
        raise _fail("order", f"{state.order} given; the start worlds make it {order}")


def check(state: RaceState, data: dict[str, Any]) -> None:
    """Every check of a loaded position (``PositionError`` names the field), then the
    engine's invariants."""
    _check_flow(state)
    for s in range(state.players):
        _check_seat(state, s)
    _check_turns(state)
    _check_totals(state, data)
    for s in state._tm:
        try:
            legal = state._legal(s)
        except (AssertionError, LookupError, ValueError, TypeError) as exc:
            raise _fail(f"seats[{s}].pending", f"not a step the rules can ask ({exc})") from None
        if not legal and not state.unknown.held[s]:  # unknown cards wait for a reveal
            raise _fail(f"seats[{s}].pending", "the seat has no legal action in this step")
    state._legal_cache = {}
    try:
        state.check_invariants()
    except AssertionError as exc:
        raise PositionError(f"position breaks a rule: {exc}") from None
