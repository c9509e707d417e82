"""Generic property checks every game's tests run over many random games.

``check_random_game`` plays one seeded random game and, along the way, checks: the ledger
balances (flows fold to ``holdings``), the score equals its breakdown, an illegal action is
rejected with the state unchanged, views are consistent and hide what they must (a view equals
the view of any determinization of itself), the game's own ``check_invariants`` hook (stocks,
conservation) and, at the end, ``agent_view`` against ``view``, replay determinism and JSON
round-trip of the record. A game that does not end within its ``max_decisions`` fails.
"""

from __future__ import annotations

import random
from typing import Any

from .actions import Action, IllegalAction
from .events import fold_flows
from .records import GameRecord, replay
from .registry import get
from .state import GameState

__all__ = [
    "assert_illegal_unchanged", "check_agent_views", "check_pausing_changes_nothing",
    "check_random_game", "check_state", "reloaded", "same_future",
]


def _snapshot(state: GameState) -> tuple:
    """The state's fingerprint without its history, plus the history's lengths and last
    entries (history is append-only): the cost does not grow with the game's length."""
    tails = tuple((len(h), h[-3:]) for h in (state.log, state.events, state.flows))
    with state.without_history():
        return state.fingerprint(), tails


def assert_illegal_unchanged(state: GameState, action: Action | str) -> IllegalAction:
    """Assert that ``action`` raises ``IllegalAction`` and leaves ``state`` exactly as it was."""
    before = _snapshot(state)
    try:
        state.apply(action)
    except IllegalAction as exc:
        after = _snapshot(state)
        assert before == after, f"illegal {action} changed the state"
        assert str(exc), "IllegalAction without a message"
        return exc
    raise AssertionError(f"{action} was accepted but should be illegal")


def _bogus_action(state: GameState, rng: random.Random) -> Action:
    seats = state.to_move()
    waiting = [s for s in range(state.players) if s not in seats]
    kind = rng.randrange(3)
    if kind == 0 and waiting:
        legal = state.legal_actions(seats[0])
        return Action(rng.choice(waiting), legal[0].verb, legal[0].args)
    if kind == 1:
        legal = state.legal_actions(seats[0])
        a = rng.choice(legal)
        return Action(a.seat, a.verb, a.args + ("no_such_thing",))
    return Action(seats[0], "no_such_verb", ())


def check_state(state: GameState, rng: random.Random, views: bool = True) -> None:
    """Check the per-step invariants on ``state``."""
    hook = getattr(state, "check_invariants", None)
    if hook:
        hook()
    for seat in range(state.players):
        b = state.score_breakdown(seat)
        assert all(isinstance(v, int) for v in b.values()), f"non-integer VP in {b}"
        assert state.score(seat) == sum(b.values())
        if state.ledger_places:
            folded = fold_flows(state.flows, seat, state.ledger_places)
            held = {k: v for k, v in state.holdings(seat).items() if v}
            assert dict(folded) == held, (
                f"ledger of seat {seat} does not balance:\n flows {dict(folded)}\n held {held}"
            )
    if views:
        for seat in [None, *range(state.players)]:
            v = state.view(seat)
            assert v.viewer == seat
            assert v.log == [], "a view must not carry the move log (it holds chance outcomes)"
            assert all(e.seen_by(seat) for e in v.events), "a view holds hidden events"
            if seat is not None:
                with v.without_history():  # the position alone: no cost per past move
                    full = v.determinize(rng)
                assert full.viewer is None
                again = full.view(seat).to_dict()
                assert again == v.to_dict(), (
                    f"view of seat {seat} differs after re-sampling hidden parts: it leaks them "
                    "or determinize is inconsistent"
                )


def check_agent_views(state: GameState) -> None:
    """``agent_view(seat)`` is ``view(seat)`` without the history, for every seat."""
    for seat in [None, *range(state.players)]:
        agent = state.agent_view(seat)
        assert not (agent.log or agent.events or agent.flows), "agent_view keeps history"
        assert agent.viewer == seat
        assert agent.to_dict() == state.view(seat).to_dict(), "agent_view differs from view"


def check_random_game(
    game: str,
    players: int,
    seed: int,
    options: dict[str, Any] | None = None,
    every: int = 1,
    views: bool = True,
) -> GameState:
    """Play a random game checking invariants every ``every`` decisions; returns the end state."""
    info = get(game)
    rng = random.Random(seed)
    state = info.state.new(players, seed, **(options or {}))
    step = 0
    while not state.is_over():
        if step % every == 0:
            check_state(state, rng, views)
            assert_illegal_unchanged(state, _bogus_action(state, rng))
        seats = state.to_move()
        assert seats, "a game that is not over must have someone to decide"
        seat = rng.choice(seats)
        legal = state.legal_actions(seat)
        assert legal, f"seat {seat} must decide but has no legal action"
        assert len(set(legal)) == len(legal), "duplicate legal actions"
        action = rng.choice(legal)
        if step % every == 0:
            text = str(action)
            assert Action.parse(text) == action, f"text form {text!r} does not parse back"
        state.apply(action)
        step += 1
        assert step <= state.max_decisions, (
            f"game does not end within its max_decisions ({state.max_decisions})"
        )
    check_state(state, rng, views)
    if views:
        check_agent_views(state)
    res = state.result()
    assert sorted(res.winners) == res.winners and res.winners
    # records: JSON round-trip and replay determinism
    text = state.record().to_json()
    again = replay(GameRecord.from_json(text))
    assert again.log == state.log, "replay does not reproduce the log"
    assert again.to_dict() == state.to_dict(), "replay does not reproduce the state"
    assert again.result().as_dict() == res.as_dict()
    clone = state.clone()
    assert clone.to_dict() == state.to_dict()
    return state


def reloaded(state: GameState) -> GameState:
    """``state`` saved as a JSON position and loaded back (``gamekit.position``)."""
    import json

    from .positions import position

    return position(json.loads(json.dumps(state.position())))


def same_future(a: GameState, b: GameState, seed: int) -> GameState:
    """Play the same seeded random actions on ``a`` and ``b`` to the end, asserting that both
    ask the same decisions and reach the same state at every step and the same result (e.g. a
    state and its position reloaded). Returns ``a``, played out."""
    ra, rb = random.Random(seed), random.Random(seed)
    while not a.is_over():
        assert a.to_move() == b.to_move()
        seat = a.to_move()[0]
        assert a.legal_actions(seat) == b.legal_actions(seat)
        a.apply(ra.choice(a.legal_actions(seat)))
        b.apply(rb.choice(b.legal_actions(seat)))
        assert a.to_dict() == b.to_dict()
    assert b.is_over()
    assert a.result().as_dict() == b.result().as_dict()
    return a


def check_pausing_changes_nothing(game: str, players: int, seed: int,
                                  options: dict[str, Any] | None = None) -> list[tuple]:
    """Play one seeded random game plainly and once more paused at every stopping point
    (``step``, ``phase``, ``round``; contract v2, docs/positions.md) and resumed each time,
    asserting that both are the same game: same log, scores and events, nobody to move and the
    game not over while paused, every kind of pause met, one ``round`` pause between rounds.
    Returns the pauses as ``(round, phase, kind)``."""
    info = get(game)
    plain = info.state.new(players, seed, **(options or {}))
    rng = random.Random(seed)
    while not plain.is_over():
        seat = plain.to_move()[0]
        plain.apply(rng.choice(plain.legal_actions(seat)))
    paused = info.state.new(players, seed, **(options or {}))
    paused.pause_at("step", "phase", "round")
    rng, pauses = random.Random(seed), []
    while not paused.is_over():
        if paused.paused:
            pauses.append((paused.round, paused.phase, paused.paused))
            assert paused.to_move() == () and not paused.is_over()
            paused.resume()
            continue
        seat = paused.to_move()[0]
        paused.apply(rng.choice(paused.legal_actions(seat)))
    assert paused.log == plain.log
    assert paused.scores() == plain.scores()
    assert [e.kind for e in paused.events] == [e.kind for e in plain.events]
    assert {p[2] for p in pauses} == {"step", "phase", "round"}
    assert sum(1 for p in pauses if p[2] == "round") == plain.round - 1
    return pauses
