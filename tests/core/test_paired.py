"""The rollouts bot (the heuristic improved by paired rollouts on the seat's view): finds a
dominant move, keeps the heuristic's choice when nothing clearly beats it, same seed same game,
never reads hidden cards, built by name, each decision bounded in rollouts."""

from __future__ import annotations

import random

import toy  # noqa: F401  (registers the toy game)

from gamekit.core import make_agent, new, play
from gamekit.core.paired import PairedAgent, _paired_z


def test_it_finds_the_only_winning_bid():
    # seat 0 holds 1, 2, 10; it cannot see 7, 8, 9: only the 10 wins the bid
    state = new("toy", players=2, seed=1, rounds=1, deck=[1, 2, 10, 7, 8, 9, 3, 4, 5, 6])
    action = PairedAgent(seed=4, rounds=8).choose(state.agent_view(0), state.decision(0))
    assert str(action) == "p1 bid 10"


def test_alike_options_keep_the_first_choice():
    # seat 0 holds 1, 2, 3 and can never win: no option beats the anchor (the first legal)
    state = new("toy", players=2, seed=1, rounds=1, deck=[1, 2, 3, 7, 8, 9, 4, 5, 6, 10])
    decision = state.decision(0)
    action = PairedAgent(seed=4, rounds=8).choose(state.agent_view(0), decision)
    assert action == decision.legal[0]


def test_the_paired_difference_needs_to_be_clear():
    assert _paired_z([1.0, 1.0, 1.0], [0.0, 0.0, 0.0]) == float("inf")
    assert _paired_z([1.0, 0.0, 1.0, 0.0], [0.0, 1.0, 0.0, 1.0]) == 0.0
    assert 0 < _paired_z([1.0, 0.0, 1.0, 0.0], [0.0, 0.0, 0.0, 1.0]) < 1.5
    assert _paired_z([1.0], [0.0]) == 0.0  # one round proves nothing


def test_it_keeps_the_heuristic_choice_unless_clearly_beaten():
    # with a difference no rollout count can reach, it is the heuristic bot itself
    state = new("race", players=2, seed=3)
    heuristic = make_agent("race", "heuristic", 0)
    picky = PairedAgent(seed=0, rounds=2, z=1e9, max_actions=3)
    for _ in range(6):
        seat = state.to_move()[0]
        view, decision = state.agent_view(seat), state.decision(seat)
        assert picky.choose(view, decision) == heuristic.choose(view, decision)
        state.apply(heuristic.choose(view, decision))


def test_same_seed_same_game():
    def game() -> list[str]:
        state = new("race", players=2, seed=9)
        play(state, [PairedAgent(3, rounds=2, max_actions=3), make_agent("race", "heuristic", 4)],
             limit=16)
        return state.record().moves

    assert game() == game()


def test_it_never_reads_hidden_cards():
    for game, seed in (("race", 4), ("wonderful", 2), ("bluemoon", 5)):
        real = new(game, players=2, seed=seed)  # late in the game: short rollouts
        play(real, [make_agent(game, "heuristic", s) for s in (0, 1)], limit=60)
        seat = real.to_move()[0]
        twin = real.agent_view(seat).determinize(random.Random(5))
        assert twin.fingerprint() != real.fingerprint()
        assert twin.agent_view(seat).to_dict() == real.agent_view(seat).to_dict()
        picks = [PairedAgent(seed=2, rounds=2, max_actions=3).choose(s.agent_view(seat), s.decision(seat))
                 for s in (real, twin)]
        assert picks[0] == picks[1], game


def test_it_is_built_by_name():
    agent = make_agent("wonderful", "rollouts:16", 1)
    assert isinstance(agent, PairedAgent) and agent.rounds == 16
    assert make_agent("bluemoon", "rollouts").rounds == 12


def test_a_decision_stays_within_its_budget_of_simulated_decisions():
    state = new("bluemoon", players=2, seed=7)
    seat = state.to_move()[0]
    view, decision = state.agent_view(seat), state.decision(seat)
    spent = []
    agent = PairedAgent(seed=1, rounds=12, budget=1500)
    real_round = agent._round

    def counted(*args):
        spent.append(real_round(*args))
        return spent[-1]

    agent._round = counted
    agent.choose(view, decision)
    # a round is begun only when the last one's cost still fits (at least one is played)
    assert 1 <= len(spent) < 12
    assert sum(spent[:-1]) <= 1500
