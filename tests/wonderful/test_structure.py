"""The shape of the rules package (module and function sizes: tests/test_house.py, over every
package): the phase table the engine walks, the decision steps, quiet states, the shared memos,
and bots that read only public names."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import gamekit
from gamekit.games.wonderful import construction, decisions, phases
from gamekit.games.wonderful.seat import SeatState

PACKAGE = Path(gamekit.__file__).parent / "games" / "wonderful"


def test_bots_read_no_private_names():
    tree = ast.parse((PACKAGE / "bots.py").read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            if node.value.id in ("state", "view", "player"):
                assert not node.attr.startswith("_"), f"bots read {node.value.id}.{node.attr}"
        if isinstance(node, ast.ImportFrom):
            assert all(not a.name.startswith("_") for a in node.names), ast.dump(node)


def _course(players: int, seed: int) -> list[tuple]:
    """(round, phase, step) each time one of them changes, over a random game."""
    state = gamekit.new("wonderful", players=players, seed=seed)
    rng = random.Random(seed)
    seen = [(state.round, state.phase, state.step)]
    while not state.is_over():
        legal = state.legal_actions(state.to_move()[0])
        state.apply(legal[rng.randrange(len(legal))])
        now = (state.round, state.phase, state.step)
        if now != seen[-1]:
            seen.append(now)
    return seen


def _expected(players: int) -> list[tuple]:
    out = []
    for r in range(1, phases.ROUNDS + 1):
        phase = phases.first_phase_name(players)
        while phase is not None:
            if phase == "production":
                out.extend((r, phase, step) for step in range(5))
            else:
                out.append((r, phase, -1))
            phase = phases.PHASES[phase].next
    return out + [(phases.ROUNDS, "end", -1)]


def test_the_game_walks_the_phase_table():
    """Every round goes draft (solo: none) -> planning -> the five production steps, as the
    table says; the game ends after round 4. (A step passes unseen when nobody decides in it,
    so the course is a subsequence of the table's.)"""
    for players, seed in ((1, 3), (2, 4), (4, 5)):
        course, table = _course(players, seed), _expected(players)
        it = iter(table)
        assert all(any(x == y for y in it) for x in course), (players, course)
        assert course[0] == table[0] and course[-1] == table[-1]
        rounds = {r for r, phase, _ in course if phase == "planning"}
        assert rounds == {1, 2, 3, 4}


def test_decisions_are_the_declared_steps():
    state = gamekit.new("wonderful", players=3, seed=9)
    rng = random.Random(9)
    kinds = set()
    while not state.is_over():
        seat = state.to_move()[0]
        decision = state.decision(seat)
        step = decisions.STEPS[decision.kind]
        assert decision.stack[-len(step.stack):] == step.stack
        assert decisions.step_of(state, seat) is step
        assert all(a.verb in step.verbs and a.verb in decisions.APPLY for a in decision.legal)
        kinds.add(decision.kind)
        state.apply(decision.legal[rng.randrange(len(decision.legal))])
    assert {"draft", "plan", "place", "tokens"} <= kinds


def test_a_quiet_state_writes_no_events_or_flows_and_plays_the_same_game():
    loud = gamekit.new("wonderful", players=4, seed=12)
    quiet = loud.clone()
    quiet.quiet = True
    events, flows = len(quiet.events), len(quiet.flows)
    rng_a, rng_b = random.Random(1), random.Random(1)
    for state, rng in ((loud, rng_a), (quiet, rng_b)):
        while not state.is_over():
            legal = state.legal_actions(state.to_move()[0])
            state.apply(legal[rng.randrange(len(legal))])
    assert (len(quiet.events), len(quiet.flows)) == (events, flows)
    assert len(loud.events) > events and len(loud.flows) > flows
    assert quiet.to_dict() == loud.to_dict() and quiet.log == loud.log


def test_the_any_time_memo_never_changes_an_answer():
    """The memo is shared by all states: answers are the same with it cold, warm, or warmed by
    another state's seat of the same index."""
    seat = SeatState("noram_states", construction=[
        ("zeppelin", ("", "")), ("zeppelin", ("energy", "")), ("giant_tower", ("",) * 6)],
        krystallium=1, generals=1)
    other = SeatState("aztec_empire", construction=[("zeppelin", ("", ""))])

    def run(s):
        out: list = []
        construction.any_time(s, 0, out)
        return [str(a) for a in out]

    construction._ENTRY_MEMO[0].clear()
    cold = run(seat)
    assert run(seat) == cold
    assert run(other) == ["p1 discard zeppelin"]
    assert run(seat) == cold
    # one Krystallium placement per kind of empty space (no financier held), then the discards
    assert cold == [
        "p1 use krystallium zeppelin energy", "p1 use krystallium zeppelin.2 energy",
        "p1 use krystallium giant_tower materials", "p1 use krystallium giant_tower gold",
        "p1 discard zeppelin", "p1 discard zeppelin.2", "p1 discard giant_tower",
    ]


def test_amount_is_the_sum_of_the_sources():
    from gamekit.games.wonderful.production import amount, sources

    state = gamekit.new("wonderful", players=3, seed=21, empire_side="B")
    rng = random.Random(21)
    checked = 0
    while not state.is_over():
        if state.phase == "planning":
            for seat in state.seats:
                for r in range(5):
                    assert amount(seat, state.side, r) == sum(sources(seat, state.side, r)
                                                              .values())
                    checked += 1
        legal = state.legal_actions(state.to_move()[0])
        state.apply(legal[rng.randrange(len(legal))])
    assert checked > 100


def _positions(games: int = 12):
    """Every seat of every position of some checked random games (2-5 players)."""
    for g in range(games):
        state = gamekit.new("wonderful", players=2 + g % 4, seed=100 + g)
        state.quiet = True
        rng = random.Random(g)
        while not state.is_over():
            yield state
            legal = state.legal_actions(state.to_move()[0])
            state.apply(legal[rng.randrange(len(legal))])


def test_the_memoised_token_test_is_the_scan_it_replaces():
    """``settle`` answers a ``tokens`` step by ``placements.matters`` (the memo of each card
    under construction): the same answer as ``construction.usable`` or
    ``discard_completes`` on every seat of many positions, and ``placements.has_space`` the
    same as ``construction.has_space`` for every resource ("Construção", "Krystallium")."""
    from gamekit.games.wonderful import placements
    from gamekit.games.wonderful.data import RES

    seen = {True: 0, False: 0}
    for state in _positions():
        for seat in state.seats:
            want = construction.usable(seat) or construction.discard_completes(seat)
            assert placements.matters(seat) == want
            seen[want] += 1
            for r, res in enumerate(RES):
                assert placements.has_space(seat.construction, r) == construction.has_space(
                    seat, res)
    assert min(seen.values()) > 100, seen  # both answers came up often
