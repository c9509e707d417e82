"""Blue Moon City's ``horizon`` bot (paired rollouts cut at a horizon, valued by ``win_chance``):
never reads hidden cards, same seed same game, its rollouts stop at the horizon, its estimate is
a share of the win, and it is built by name."""

from __future__ import annotations

import random

from gamekit.core import make_agent, new, play
from gamekit.games.bluemoon.bot_search import (
    SEARCHED,
    HorizonAgent,
    horizon_rollout,
    seat_features,
    win_chance,
)


def _played(players: int, seed: int, limit: int):
    state = new("bluemoon", players=players, seed=seed)
    play(state, [make_agent("bluemoon", "heuristic", s) for s in range(players)], limit=limit)
    return state


def _real_choice(state):
    """Play the heuristic on until a searched decision with more than one option."""
    heuristic = make_agent("bluemoon", "heuristic", 9)
    while True:
        seat = state.to_move()[0]
        decision = state.decision(seat)
        if len(decision.legal) > 1 and state.step in SEARCHED:
            return seat
        state.apply(heuristic.choose(state.agent_view(seat), decision))


def test_it_never_reads_hidden_cards():
    real = _played(2, 5, 60)
    seat = _real_choice(real)
    twin = real.agent_view(seat).determinize(random.Random(5))
    assert twin.fingerprint() != real.fingerprint()
    assert twin.agent_view(seat).to_dict() == real.agent_view(seat).to_dict()
    picks = [HorizonAgent(seed=2, rounds=4).choose(s.agent_view(seat), s.decision(seat))
             for s in (real, twin)]
    assert picks[0] == picks[1]


def test_same_seed_same_game():
    def game() -> list[str]:
        state = new("bluemoon", players=2, seed=9)
        play(state, [HorizonAgent(3, rounds=4), make_agent("bluemoon", "heuristic", 4)], limit=40)
        return state.record().moves

    assert game() == game()


def test_a_rollout_stops_when_the_horizon_turn_begins():
    state = _played(3, 2, 30)
    seat = _real_choice(state)
    action = state.decision(seat).legal[0]
    for turns in (1, 2):
        out = horizon_rollout(state, action, 1, 2, turns)
        assert not out.is_over()
        assert out.turn_seat == (state.turn_seat + turns) % 3
        assert out.step == "move" and out.steps_left == 2  # the turn has just begun
    assert state.decisions_made() < out.decisions_made()


def test_the_estimate_is_a_share_of_the_win():
    for players in (2, 3, 4):
        state = _played(players, players, 80)
        chances = [win_chance(state, s) for s in range(players)]
        assert abs(sum(chances) - 1) < 1e-9 and all(0 < c < 1 for c in chances)
        assert len(seat_features(state, 0)) == 11
    over = _played(2, 1, 5000)
    assert over.is_over()
    assert [win_chance(over, s) for s in (0, 1)] in ([1.0, 0.0], [0.0, 1.0], [0.5, 0.5])


def test_paying_keeps_the_heuristic_choice():
    state = _played(2, 3, 0)
    heuristic = make_agent("bluemoon", "heuristic", 0)
    for _ in range(400):
        seat = state.to_move()[0]
        decision = state.decision(seat)
        if state.step == "pay" and len(decision.legal) > 1:
            break
        state.apply(heuristic.choose(state.agent_view(seat), decision))
    assert state.step == "pay"
    view = state.agent_view(seat)  # the heuristic draws nothing at random: any seed is it
    assert HorizonAgent(seed=0).choose(view, decision) == heuristic.choose(view, decision)


def test_it_is_built_by_name():
    agent = make_agent("bluemoon", "horizon:16", 1)
    assert isinstance(agent, HorizonAgent) and agent.rounds == 16
    assert make_agent("bluemoon", "horizon").turns is None  # as many turns as seats


def test_it_is_blue_moon_city_s_top_rung():
    from gamekit.analysis.labels import value_label
    from gamekit.analysis.ladder import ladder_bots

    assert ladder_bots("bluemoon") == ("random", "heuristic", "horizon")
    assert ladder_bots("race") == ("random", "heuristic", "rollouts")
    assert value_label("bluemoon", "horizon", "en", "agent") == "horizon bot"
    assert value_label("bluemoon", "horizon", "pt", "agent") == "bot de horizonte"


def test_the_play_app_names_it_in_words():
    from gamekit_widgets.app import App, agent_names

    assert "horizon" in agent_names("bluemoon")
    assert App._agent_label("horizon", "en") == "horizon bot (tries each option two turns ahead)"
    assert App._agent_label("horizon", "pt") == "bot que testa cada opção dois turnos à frente"


def test_it_searches_while_another_seat_can_still_play():
    from gamekit.games.bluemoon.bot_search import only_offerings_left

    state = _played(2, 4, 20)  # markers everywhere, the city not rebuilt: the search decides
    assert not only_offerings_left(state.agent_view(0), 0)
    assert not only_offerings_left(state.agent_view(1), 1)


def _stalled():
    """The 2-player ladder game of seed 58 with the heuristic in seat 1 and horizon in seat 2
    (``ladder_step("bluemoon", "horizon", "heuristic", 2, 15, 45)``'s 14th game) at its 838th
    decision: every building rebuilt, both seats 4 offerings and 6 markers, seat 1 with 10
    crystals (the next offering costs 11), seat 2 at the Central Square with 22."""
    import json
    from pathlib import Path

    import gamekit

    path = Path(__file__).with_name("fixtures") / "stalled_seed58.json"
    return gamekit.position(json.loads(path.read_text(encoding="utf-8")))


def test_the_rebuilt_city_leaves_only_offerings():
    from gamekit.games.bluemoon.bot_search import only_offerings_left

    state = _stalled()
    assert state.buildings_built == state.building_count and not state.is_over()
    assert only_offerings_left(state.agent_view(1), 1)


def test_the_seed_58_game_now_ends():
    """It once went on past 2,500 decisions: horizon, able to make the two offerings that win,
    kept its crystals turn after turn (the estimate prices 11 crystals above an offering) and the
    other seat could not afford one (rulebook "Fim do jogo": the game goes on while a seat can
    offer). Now it offers at once: its second turn from here wins."""
    state = _stalled()
    agents = [make_agent("bluemoon", "heuristic", 58 * 7919), HorizonAgent(58 * 7919 + 1)]
    made = play(state, agents, limit=100)
    assert state.is_over() and made <= 30
    assert state.result().winners == [1] and state.seats[1].offerings == state.target


def test_the_stored_ladder_has_every_rung():
    """random < heuristic < horizon, 2 players and the full table, all in the stored ladder
    (``gamekit ladder bluemoon --store`` merges rows: a run of one step keeps the others)."""
    from gamekit.analysis.ladder import stored_ladder

    steps = {(r["players"], r["weak"], r["strong"]) for r in stored_ladder("bluemoon")["rows"]}
    assert {(n, weak, strong) for n in (2, 4)
            for weak, strong in (("random", "heuristic"), ("heuristic", "horizon"))} <= steps
