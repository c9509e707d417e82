"""The course of a game (rulebook "Como jogar", "Final do jogo"), declared as a table that the
engine walks: four rounds, each a sequence of phases; each phase has its steps (the draft's
pick-and-pass turns, the five production steps) and a next phase. The walker moves on whenever
no seat has a decision; seats decide inside the steps (see ``decisions``).

==========  =======================================  ============================  ==========
phase       on entering                              steps                         next
==========  =======================================  ============================  ==========
draft       deal 7 cards (10 with 2 players)         pick, reveal and pass, until  planning
                                                     the hands are used up
planning    (solo: take a Development Project)       one: plan the selection area  production
production  --                                       materials, energy, science,   end of the
                                                     gold, exploration             round
==========  =======================================  ============================  ==========

A round starts with the draft (solo: with planning); after round 4 the game ends.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamekit.core.course import Course, Phase

from . import draft, planning, production
from .scoring import rating, scenario_outcome

if TYPE_CHECKING:
    from .state import WonderfulState

__all__ = [
    "PHASES", "COURSE", "ROUNDS", "first_phase", "first_phase_name", "start_round", "advance",
]

ROUNDS = 4


def _next_production_step(state: WonderfulState) -> bool:
    if state.step < 4:
        production.start_step(state, state.step + 1)
        return True
    return False


def _enter_production(state: WonderfulState) -> None:
    production.start_step(state, 0)


PHASES: dict[str, Phase] = {
    "draft": Phase("draft", "fase_de_seleccao", draft.deal, draft.reveal, "planning"),
    "planning": Phase("planning", "fase_de_planeamento", planning.start, None, "production"),
    "production": Phase("production", "fase_de_producao", _enter_production,
                        _next_production_step, None),
}
#: the solo round has no draft: planning opens it with a Development Project
SOLO_PLANNING = PHASES["planning"]._replace(enter=planning.start_solo)


def first_phase_name(players: int) -> str:
    """The phase a round opens with: the draft (solo: planning)."""
    return "planning" if players == 1 else "draft"


def first_phase(state: WonderfulState) -> Phase:
    return SOLO_PLANNING if state.players == 1 else PHASES[first_phase_name(state.players)]


def start_round(state: WonderfulState) -> None:
    """A new round: its first phase begins."""
    state.round += 1
    state.step = -1
    for seat in state.seats:
        seat.produced = [0] * 5
    if not state.quiet:
        state.emit("round_start", rule="como_jogar", n=state.round)
    first_phase(state).enter(state)


def _end_round(state: WonderfulState) -> bool:
    """After the last production step: whether another round follows."""
    state.step = -1
    if not state.quiet:
        state.emit("round_end", rule="como_jogar", n=state.round)
    return state.round < ROUNDS


def _end_game(state: WonderfulState) -> None:
    state.phase = "end"
    state.stack = ()
    if state.quiet:
        return
    scores = [state.score(s) for s in range(state.players)]
    state.emit("game_end", rule="final_do_jogo", scores=scores)
    if state.players == 1:
        rate = rating(state)
        state.emit("solo_rating", 0, rule="modo_a_solo", vp=rate["vp"], band=rate["band"])
        if state.scenario:
            out = scenario_outcome(state)
            state.emit(
                "scenario_result", 0, rule="cenarios_a_solo", scenario=state.scenario,
                medal=out["medal"] or "none", built="yes" if out["built_all"] else "no",
            )


#: the phase table and its walker (core ``Course``)
COURSE = Course(PHASES, start_round=start_round, end_round=_end_round, end_game=_end_game)


def advance(state: WonderfulState) -> bool:
    """No seat has a decision: walk the table to the next step, phase or round (one move);
    ``False`` when the state pauses at one of its stopping points."""
    return COURSE.advance(state)
