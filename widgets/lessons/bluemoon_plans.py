"""The whole-turn plans Blue Moon City's offering questions compare (issue 28: a question on a
whole turn is decided by playing out whole turns, not one action; ``lessons.verdicts``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gamekit.core import Action

__all__ = ["khind_actions", "khind_pay", "offer_or_wait", "palace_actions", "palace_second",
           "recorded", "turn_index", "turn_plans", "walk_and_offer"]


def turn_index(lesson: Any, at: Callable[[Any], bool]) -> int:
    """The history index of the moment ``at`` (a predicate of the state) in the lesson's
    game; the lesson stays where it is."""
    here = lesson.session.index
    try:
        lesson.session.goto(0)
        return lesson.session.until(at)
    finally:
        lesson.session.goto(here)


def walk_and_offer(state: Any, seat: int = 0) -> tuple[Action, ...]:
    """``seat``'s shortest legal walk from the start of its turn in ``state`` to the Central
    Square (at most the movement phase's two steps; none if it stands there), the end of its
    movement and an offering (Movement phase; Crystals & the obelisk); ``LookupError`` if the
    square is out of reach."""
    if _on_square(state, seat):
        return _offer_there((), state.clone(), seat)
    paths: list[tuple[tuple[Action, ...], Any]] = [((), state)]
    for _step in range(2):
        nxt = []
        for line, st in paths:
            for a in st.decision(seat).legal:
                if a.verb != "move":
                    continue
                after = st.clone()
                after.apply(a)
                if _on_square(after, seat):
                    return _offer_there(line + (a,), after, seat)
                nxt.append((line + (a,), after))
        paths = nxt
    raise LookupError("the Central Square is out of reach this turn")


def _on_square(state: Any, seat: int) -> bool:
    return state.tiles[state.board[state.seats[seat].figure]].id == "central_square"


def _offer_there(line: tuple[Action, ...], state: Any, seat: int) -> tuple[Action, ...]:
    done = Action(seat, "done", ())
    state.apply(done)
    offer = next(a for a in state.decision(seat).legal if a.verb == "offer")
    return line + (done, offer)


def turn_plans(at: Callable[[Any], bool]) -> Callable[[Any], dict[str, Any]]:
    """Player 1's whole-turn plans from the start of its turn ``at`` (of the lesson):
    ``offer``, walk to the Central Square, end the movement, offer (``walk_and_offer``);
    ``wait``, no walk: the figure stays where it is and the crystals are kept."""
    def plans(lesson: Any) -> dict[str, Any]:
        start = lesson.session.state_at(turn_index(lesson, at))
        return {"offer": walk_and_offer(start), "wait": Action(0, "done", ())}
    return plans


def offer_or_wait(at: Callable[[Any], bool]) -> Callable[[Any], dict[str, Any]]:
    """Player 1's plans from the start of its turn ``at`` (of the lesson), on the Central
    Square: ``offer`` (``walk_and_offer``), or ``wait``: end the movement and the contribution
    phase without an offering, keeping the crystals."""
    def plans(lesson: Any) -> dict[str, Any]:
        offer = walk_and_offer(lesson.session.state_at(turn_index(lesson, at)))
        return {"offer": offer, "wait": offer[:-1] + (Action(0, "done", ()),)}
    return plans


def recorded(lesson: Any, pred: Any, what: str) -> tuple[int, list[Any]]:
    """The history index of the first action ``pred`` accepts and the recorded actions of its
    seat from there to its ``done`` (the whole step, e.g. a payment card by card)."""
    index, first = lesson.first_action(pred, what)
    here = lesson.session.index
    lesson.session.to_end()
    try:
        line = []
        for a in lesson.session.history()[index:]:
            if a.seat == first.seat:
                line.append(a)
                if a.verb == "done":
                    return index, line
        return index, line
    finally:
        lesson.session.goto(here)


def palace_second(lesson: Any) -> tuple[int, list[Any]]:
    """Player 3's second palace contribution in round 1, card by card to its ``done``."""
    here = lesson.session.index
    lesson.session.to_end()
    history = lesson.session.history()
    lesson.session.goto(here)
    i = [i for i, a in enumerate(history) if a.seat == 2 and a.verb == "contribute"][1]
    return recorded(lesson, lambda x: x is history[i], "second palace contribution")


def palace_actions(lesson: Any) -> dict[str, Any]:
    """``q_palace_colour``'s choices: pay the next red space (the recorded line) or stop."""
    return {"pay": tuple(palace_second(lesson)[1]), "keep": Action(2, "done", ())}


def khind_pay(lesson: Any) -> tuple[int, list[Any]]:
    """Player 1's payment of the Water Temple in round 1, card by card (the Khind first)."""
    return recorded(lesson, lambda a: a.seat == 0 and a.verb == "pay"
                     and a.args[0].startswith("khind"), "payment with the Khind")


def khind_actions(lesson: Any) -> dict[str, Any]:
    """The recorded payment (Khind, Lux, both Mimix) and the same without the Khind, as lines."""
    _, line = khind_pay(lesson)
    return {"all_three": tuple(line), "mimixes": tuple(line[1:])}
