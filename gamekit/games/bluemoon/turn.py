"""The course of a turn (rulebook "Sequência do turno"; "Fase de Reposição"; "Fim do jogo"),
declared as a table that the engine walks (contract v2, ``gamekit.core.course``).

=============  ==========================================  ================  =============
phase          on entering                                 decision steps    next
=============  ==========================================  ================  =============
move           2 movement steps, the turn's counters       move, teleport,   contribute
                                                           dragon_place,
                                                           dragon_step
contribute     (nothing possible there: the phase closes)  act, pay          refill
refill         --                                          refill            end of turn
=============  ==========================================  ================  =============

The unit of the course is a player's turn: the course's "round" boundary is the end of each
turn (after the refill draw and the face-down cards taken in hand, before the next player's
turn), the "phase" boundary the end of each phase. ``state.round`` still counts table rounds
(it grows when the first player's turn comes round). The turn's steps are the core decision
stack (``state.stack``, ``gamekit.core.stack``): a phase opens with its step alone on it, a
sub-decision (teleport, dragon, pay) is pushed above the step that asked it and answered back
to it; a step that closes its phase empties the stack (nobody decides) and the walker moves on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamekit.core.course import Course, Phase
from gamekit.core.stack import only
from gamekit.core.state import WALK_LIMIT, StuckGame

from . import contribution

if TYPE_CHECKING:
    from .state import BlueMoonState

__all__ = ["COURSE", "PHASES", "PHASE_CLOSED", "anyone_can_offer", "finish", "progress",
           "start_turn"]

#: ``state.step`` while no seat decides (the stack is empty: the walker moves on)
PHASE_CLOSED = ""


def start_turn(state: BlueMoonState, seat: int) -> None:
    """``seat``'s turn begins with its movement phase (rulebook "Fase de Movimento")."""
    state.turn_seat = seat
    state._to_move = SEATS[seat]
    state.phase = "move"
    state.stack = only("move", seat)
    state.steps_left = 2
    state.turn_contributions = 0
    state.offered = False
    state.pillar_open = False
    state.discarded = 0
    state.dragon_moving = -1
    state.dragon_reach = 0
    state.pay_cell = -1
    state.emit("turn", seat, rule="turn")


def _enter_contribute(state: BlueMoonState) -> None:
    """The contribution phase; with nothing to do there but end it, it closes at once."""
    state.phase = "contribute"
    seat = state.turn_seat
    state.stack = only("act", seat)
    legal = contribution.legal_act(state, seat)
    if len(legal) == 1:  # only "done": straight on to the refill
        state.stack = ()
    else:
        state._legal_cache[seat] = legal


def _enter_refill(state: BlueMoonState) -> None:
    state.phase = "refill"
    state.stack = only("refill", state.turn_seat)


def _enter_move(state: BlueMoonState) -> None:  # a turn opens through ``start_turn``
    start_turn(state, state.turn_seat)


def _end_turn(state: BlueMoonState) -> bool:
    """Refill phase, its draw: 2 cards plus one per discard, then the cards won face down this
    turn go to the hand. Whether the game goes on (rulebook "Fim do jogo": every building
    rebuilt and no offering possible ends it)."""
    seat = state.turn_seat
    state.draw(seat, 2 + state.discarded, "refill", to_hand=True)
    player = state.seats[seat]
    got = player.pending
    if got:
        state.take_in_hand(seat, got)
        state.flow(seat, "card", len(got), "pending", "hand")
        state.emit("pending_to_hand", seat, visible=[seat], rule="rewards", n=len(got))
        player.pending = []
    return not (state.buildings_built == state.building_count and not anyone_can_offer(state))


def _next_turn(state: BlueMoonState) -> None:
    following = (state.turn_seat + 1) % state.players
    if following == state.first:
        state.round += 1
    start_turn(state, following)


def anyone_can_offer(state: BlueMoonState) -> bool:
    """Whether a seat has a free marker and the crystals for the next offering."""
    if len(state.obelisk) >= len(state.costs):
        return False
    cost = state.costs[len(state.obelisk)]
    return any(p.markers and p.crystals >= cost for p in state.seats)


def finish(state: BlueMoonState, reason: str) -> None:
    """The game ends (rulebook "Fim do jogo"): ``offerings`` (a seat made enough), ``draw``
    (every marker in play), ``all_built`` (the city rebuilt, no offering possible)."""
    state.over = True
    state._to_move = ()
    state.stack = ()
    state.phase = "end"
    state.end_reason = reason
    if reason == "draw":
        state.drawn_game = True
        state.emit("game_draw", rule="end")
    elif reason == "offerings":
        state.emit("game_won", state.winner, rule="end", n=state.seats[state.winner].offerings)
    else:
        state.emit("game_end_built", rule="end", offers=[p.offerings for p in state.seats])


PHASES: dict[str, Phase] = {
    "move": Phase("move", "movement", _enter_move, None, "contribute"),
    "contribute": Phase("contribute", "contribution", _enter_contribute, None, "refill"),
    "refill": Phase("refill", "refill", _enter_refill, None, None),
}
COURSE = Course(PHASES, start_round=_next_turn, end_round=_end_turn,
                end_game=lambda state: finish(state, "all_built"))


def progress(state: BlueMoonState) -> None:
    """Walk the course while nobody decides (a closed phase), up to a decision or a pause."""
    advance = COURSE.advance
    for _ in range(WALK_LIMIT):
        if state.stack or state.over:
            break
        if not advance(state):
            state._to_move = ()
            return
    else:
        raise StuckGame(state.game, f"round {state.round}")
    if state.paused is None and not state.over:
        state._to_move = SEATS[state.turn_seat]


#: the one-seat ``to_move`` tuples (shared: no allocation on the hot path)
SEATS = tuple((seat,) for seat in range(8))
