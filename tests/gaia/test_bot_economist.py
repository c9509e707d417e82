"""The Gaia economist (a variant of the completer, session 22, issue 32; not registered): its
rounds 1–5 value the planetary institute, bowl III power and the stock power actions the
economy's way; it decides from the seat's view alone, the same choice for the same seed
(figures: docs/bots.md, "Session 22")."""

from __future__ import annotations

from gaia_helpers import completer_game, edited, play_from_views, twin_game_against_greedy

from gamekit.games.gaia.bot_economist import EconomistAgent, economy_value
from gamekit.games.gaia.bot_eval import SCHOLAR, position_value
from gamekit.games.gaia.bot_finisher import CompleterAgent
from gamekit.games.gaia.bot_study import selfplay_state


def test_the_pi_counts_a_worth_each_round_left_and_bowl_iii_less() -> None:
    state = completer_game(5, 2)
    seat = next(s for s, p in enumerate(state.pl) if not p.counts.get("PI") and p.counts.get("m"))
    assert economy_value(state, seat, SCHOLAR, pi_round=3.0) == position_value(state, seat,
                                                                               SCHOLAR)

    def pi(data: dict) -> None:  # a mine of the seat becomes its planetary institute
        b = data["players"][seat]["buildings"]
        b[[kind for _, kind in b].index("m")][1] = "PI"

    def power(data: dict) -> None:  # 4 tokens more in bowl III
        data["players"][seat]["bowls"][2] += 4

    with_pi = edited(state, pi)
    assert economy_value(with_pi, seat, SCHOLAR, pi_round=3.0) == position_value(
        with_pi, seat, SCHOLAR) + 3.0 * (6 - state.round)
    agent = EconomistAgent(1, bowl3=0.05)
    more = agent.rounds(edited(state, power), seat) - agent.rounds(state, seat)
    assert abs(more - 4 * 0.05) < 1e-9


def test_it_decides_from_the_view_the_same_for_the_same_seed() -> None:
    """Four economists play the first rounds: a choice leaves the view as it was and is the
    one a twin of the same seed makes."""
    state, agents = play_from_views(EconomistAgent, 7, 60)
    assert state.round >= 1


def test_a_stock_power_action_taken_in_the_look_ahead_counts_its_bonus() -> None:
    state = selfplay_state(5)
    agents = [CompleterAgent(k) for k in range(4)]
    while state.round < 1 or state.decision(state.to_move()[0]).kind != "turn":
        seat = state.to_move()[0]
        state.apply(agents[seat].choose(state.agent_view(seat), state.decision(seat)))
    seat = state.to_move()[0]
    agent = EconomistAgent(1, act_bonus=1.5)
    agent.choose(state.agent_view(seat), state.decision(seat))
    base = agent.rounds(state, seat)
    # power7 makes tokens, not stock: no bonus
    later = edited(state, lambda data: data["taken"].extend(("power3", "power7")))
    assert agent.rounds(later, seat) == base + 1.5


def test_it_plays_a_full_game_the_same_for_the_same_seed() -> None:
    """A 2-player game against the greedy bot to its end: each of the economist's choices is
    legal, the one a twin of the same seed makes on the same view, and it outscores the greedy
    bot."""
    assert isinstance(EconomistAgent(110), CompleterAgent)
    state = twin_game_against_greedy(EconomistAgent)
    assert state.round == 6 and state.pl[0].vp > state.pl[1].vp
