"""The course of a round of Race for the Galaxy as a table core walks (contract v2,
``gamekit.core.course``).

A round ("Como jogar") opens with the secret action choice (``choose``); its last step reveals
the cards and plans the phases they call for, in order: explore, develop (twice in the
advanced 2-player game when a seat chose both Develop cards), settle (likewise), consume,
produce; then the round ends with the hand limit ("Fim da rodada") and the game ends when a
tableau holds 12 cards or the VP pool is empty ("Fim do jogo"). Setup ("Preparação") is a
phase of its own (the initial discard) followed by the first round.

Develop and Settle have two steps: the secret pick, then the picked cards revealed and placed
one seat at a time in the rulebook's order ("Quem vai primeiro?"). Consume and Produce run one
seat at a time inside their one step. Stopping points: ``step`` (after the choice, before the
reveal; after the picks, before they are revealed and placed), ``phase`` (before the next
phase's draws and production) and ``round`` (after the hand limit, before the next round).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamekit.core.course import Course, Phase

from . import build, choose, consume, explore, produce, round_end

if TYPE_CHECKING:
    from .state import RaceState

__all__ = ["COURSE"]


#: the opening of each phase an action card calls for (a closed table: a phase name read from
#: a position selects an entry, never a method by name)
_BEGIN = {"explore": explore.begin_explore, "develop": build.begin_develop,
          "settle": build.begin_settle, "consume": consume.begin_consume,
          "produce": produce.begin_produce}


def _enter_chosen(state: RaceState) -> None:
    """Open the next phase the revealed action cards call for."""
    state.placed_this_phase = set()
    name, k = state.queue.pop(0)
    state.phase_step = (name, k)
    state.phase = name
    state.emit("phase", rule="two_player" if k == 2 else name, name="phase:" + name, k=k)
    _BEGIN[name](state, k)


def _enter_round_end(state: RaceState) -> None:
    state.placed_this_phase = set()
    round_end.round_end(state)


def _following(state: RaceState) -> str:
    """The phase after this one: the next chosen phase, else the end of the round."""
    queue = state.queue
    return queue[0][0] if queue else "round_end"


def _reveal(state: RaceState) -> bool:
    """Close the choice: reveal the action cards (the phase is then over)."""
    choose.reveal_actions(state)
    return False


def _place_picks(state: RaceState) -> bool:
    """Close the secret pick of Develop or Settle: reveal the picks and place them one seat at
    a time (``True``); once placed, the phase is over (``False``)."""
    if any(seat.chosen is None for seat in state.seats):
        return False
    build.reveal_picks(state)
    return True


COURSE = Course(
    {
        "setup": Phase("setup", "setup", lambda st: None, None, "choose"),
        "choose": Phase("choose", "how_to_play", choose.start_round, _reveal,
                        _following),
        "explore": Phase("explore", "explore", _enter_chosen, None, _following),
        "develop": Phase("develop", "develop", _enter_chosen, _place_picks, _following),
        "settle": Phase("settle", "settle", _enter_chosen, _place_picks, _following),
        "consume": Phase("consume", "consume", _enter_chosen, None, _following),
        "produce": Phase("produce", "produce", _enter_chosen, None, _following),
        "round_end": Phase("round_end", "round_end", _enter_round_end, None, None),
    },
    start_round=choose.start_round,
    end_round=round_end.continues,
    end_game=round_end.end_game,
)
