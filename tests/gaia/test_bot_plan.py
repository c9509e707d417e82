"""The Gaia round planner (a variant of the completer, session 24, issue 32; not registered):
its early main turns are chosen by the seat's own turns played to its pass; it decides from the
seat's view alone, the same choice for the same seed (figures: docs/bots.md, "Session 24")."""

from __future__ import annotations

from gaia_helpers import completer_game, play_from_views, with_seat

from gamekit.games.gaia.bot_finisher import CompleterAgent
from gamekit.games.gaia.bot_plan import RoundPlanAgent
from gamekit.games.gaia.bots import _MAIN, _custom


def _first_turn(rounds: int):
    """Seed 1001's completer game at the first main turn of round ``rounds``."""
    state = completer_game(1001, rounds)
    agents = [CompleterAgent(k) for k in range(4)]
    while state.decision(state.to_move()[0]).kind != "turn":
        seat = state.to_move()[0]
        state.apply(agents[seat].choose(state.agent_view(seat), state.decision(seat)))
    return state, state.to_move()[0]


def _steps(state, seat: int) -> int:
    """The seat's structures counted by the builds and upgrades each took ("Melhorando")."""
    rank = {"m": 1, "ts": 2, "lab": 3, "PI": 3, "ac1": 4, "ac2": 4}
    return sum(rank.get(code, 1) for code in state.pl[seat].built.values())


def test_it_decides_from_the_view_the_same_for_the_same_seed() -> None:
    """Four round planners play the set-up and round 1's first turns: a choice is legal, leaves
    the view as it was and is the one a twin of the same seed makes."""
    state, agents = play_from_views(RoundPlanAgent, 7, 45)
    assert state.round == 1 and isinstance(agents[0], CompleterAgent)


def test_a_playout_is_the_seats_own_turns_to_its_pass() -> None:
    state, seat = _first_turn(2)
    rich = with_seat(state, seat, resources={"ore": 15, "credits": 30, "knowledge": 4, "qic": 1})
    agent = RoundPlanAgent(3)
    pass_ = next(a for a in rich.legal_actions(seat) if a.verb == "pass")
    idle = agent.played(rich, seat, pass_)
    assert idle.pl[seat].passed and idle.pl[seat].built == rich.pl[seat].built
    build = next(a for a in rich.legal_actions(seat) if a.verb == "build")
    busy = agent.played(rich, seat, build)
    assert busy.pl[seat].passed and not rich.pl[seat].passed
    assert _steps(busy, seat) >= _steps(rich, seat) + 3  # more than the one mine
    assert all(busy.pl[k].res == rich.pl[k].res for k in range(4) if k != seat)  # frozen


def test_two_rounds_go_on_through_the_income_to_the_next_pass() -> None:
    state, seat = _first_turn(2)
    pass_ = next(a for a in state.legal_actions(seat) if a.verb == "pass")
    one = RoundPlanAgent(3).played(state, seat, pass_)
    two = RoundPlanAgent(3, rounds=2).played(state, seat, pass_)
    assert one.round == 2 and one.pl[seat].passed
    assert two.round == 3 and two.pl[seat].passed  # its turns of round 3 taken, then a pass
    assert not any(two.pl[k].passed for k in range(4) if k != seat)  # round 3: frozen
    assert _steps(two, seat) > _steps(one, seat) or two.pl[seat].research != one.pl[seat].research


def test_no_candidates_or_a_late_round_is_the_completers_choice() -> None:
    for rounds in (2, 5):
        state, seat = _first_turn(rounds)
        view, decision = state.agent_view(seat), state.decision(seat)
        want = CompleterAgent(5).choose(state.agent_view(seat), decision)
        assert RoundPlanAgent(5, k=0).choose(view, decision) == want
        if rounds == 5:
            assert RoundPlanAgent(5).choose(state.agent_view(seat), decision) == want


def test_the_choice_is_the_best_playout_among_the_candidates() -> None:
    state, seat = _first_turn(2)
    agent = RoundPlanAgent(5, k=3)
    legal = state.decision(seat).legal
    got = agent.choose(state.agent_view(seat), state.decision(seat))
    anchor = CompleterAgent(5).choose(state.agent_view(seat), state.decision(seat))
    probe = RoundPlanAgent(5, k=3)
    mains = probe._ranked(state, seat, [a for a in legal if a.verb in _MAIN and not _custom(a)])
    assert got in legal and (got == anchor or got in mains[:3])
    assert len(mains) > 3 and mains[:3] != [anchor] * 3
