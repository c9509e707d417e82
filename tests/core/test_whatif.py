"""The what-if race: paired rollouts to the end of the game on the seat's view, a ranking only
when the best option separates, else "close call" with the reason; deterministic per seed;
never reading hidden cards; the answer in words in both languages."""

from __future__ import annotations

import random

import pytest
import toy  # noqa: F401  (registers the toy game)
from pandas.testing import assert_frame_equal

from gamekit.analysis import what_if
from gamekit.analysis.whatif_words import method_note, verdict
from gamekit.core import new


def _bids(hand0: list[int], hand1: list[int]):
    """A one-round toy game of 2: seat 0 holds ``hand0``, seat 1 ``hand1`` (hidden from 0)."""
    rest = [c for c in range(1, 11) if c not in hand0 + hand1]
    return new("toy", players=2, seed=1, rounds=1, deck=hand0 + hand1 + rest)


def test_a_dominant_option_is_ranked_first_and_separated():
    # seat 0 holds 1, 2 and 10; every card seat 0 cannot see is 3..9: only the 10 can win
    state = _bids([1, 2, 10], [7, 8, 9])
    table = what_if(state, 0, rollouts=60, seed=3, seconds=None)
    assert table.attrs["verdict"] == "ranked" and table.attrs["reason"] == "separated"
    assert str(table["option"].iloc[0]).endswith("10")
    assert table["win_rate"].iloc[0] == 1.0 and table["win_rate"].iloc[1] == 0.0
    assert list(table["in_race"]) == [True, False, False]
    assert list(table["rank"]) == [1, 2, 3]
    assert table.attrs["rollouts"] < 60  # it stopped as soon as the 10 pulled clear
    words = verdict(table, "en")
    assert words.startswith(str(table["option"].iloc[0]) + ": wins 100 %")
    assert "against 0 % for the next best" in words
    pt = verdict(table, "pt")
    assert "vence 100 %" in pt and "contra 0 %" in pt


def test_a_symmetric_case_is_a_close_call_not_a_ranking():
    # seat 0 holds 1, 2, 3 and can never win the bid: every option plays out alike
    state = _bids([1, 2, 3], [7, 8, 9])
    table = what_if(state, 0, rollouts=30, seed=3, seconds=None)
    assert table.attrs["verdict"] == "close" and table.attrs["reason"] == "alike"
    assert table["in_race"].all() and table.attrs["rollouts"] == 30
    assert verdict(table, "en").startswith("Close call between 3 options: after 30 rollouts")
    assert verdict(table, "pt").startswith("Decisão apertada entre 3 opções")


def test_the_time_budget_ends_an_undecided_race_as_a_close_call():
    state = _bids([1, 2, 3], [7, 8, 9])
    table = what_if(state, 0, rollouts=10_000, seed=3, seconds=1e-6)
    # the first rollout always runs; the next would pass the budget (even in the first round)
    assert table.attrs["verdict"] == "close" and table.attrs["reason"] == "partial"
    assert table.attrs["rollouts"] == 0 and sorted(table["rollouts"]) == [0, 0, 1]
    assert "Not enough time" in verdict(table, "en") and "Não deu tempo" in verdict(table, "pt")
    assert "rollouts per option, played to the end of the game" in method_note(table, "en")


def test_progress_hears_every_round_and_the_end_even_when_no_round_fit():
    heard: list[tuple[float, int, int]] = []
    state = _bids([1, 2, 3], [7, 8, 9])
    what_if(state, 0, rollouts=10_000, seed=3, seconds=1e-6,
            progress=lambda *a: heard.append(a))
    assert heard == [(1.0, 0, 3)]  # no round fit the budget: only the end is reported
    heard.clear()
    what_if(state, 0, rollouts=12, seed=3, seconds=None, progress=lambda *a: heard.append(a))
    assert [rounds for _, rounds, _ in heard] == [*range(1, 13), 12]
    fractions = [f for f, _, _ in heard]
    assert fractions == sorted(fractions) and fractions[-1] == 1.0 and 0 < fractions[0] < 1


def test_the_same_seed_gives_the_same_table_and_another_seed_may_not():
    state = new("race", players=2, seed=4)
    a = what_if(state, 0, rollouts=6, seed=11, seconds=None, min_rollouts=100)
    b = what_if(state, 0, rollouts=6, seed=11, seconds=None, min_rollouts=100)
    assert_frame_equal(a, b)
    c = what_if(state, 0, rollouts=6, seed=12, seconds=None, min_rollouts=100)
    assert not a[["wins", "margin"]].equals(c[["wins", "margin"]])


def test_rollouts_never_read_hidden_cards():
    """Permuting what seat 0 cannot see (the other hand, the deck) changes nothing."""
    real = new("race", players=2, seed=4)
    twin = real.agent_view(0).determinize(random.Random(99))
    assert twin.seats[1].hand != real.seats[1].hand or twin.deck != real.deck
    assert twin.agent_view(0).to_dict() == real.agent_view(0).to_dict()
    a = what_if(real, 0, rollouts=5, seed=2, seconds=None, min_rollouts=100)
    b = what_if(twin, 0, rollouts=5, seed=2, seconds=None, min_rollouts=100)
    assert_frame_equal(a, b)
    assert_frame_equal(a, what_if(real.agent_view(0), 0, rollouts=5, seed=2, seconds=None,
                                  min_rollouts=100))


def test_rollouts_play_to_the_end_of_the_game():
    state = _bids([1, 2, 10], [7, 8, 9])
    table = what_if(state, 0, rollouts=8, seed=1, seconds=None, min_rollouts=100)
    assert table.attrs["horizon"] is None
    # a finished one-round game: every rollout of the 10 won and scored the prize
    assert table["wins"].iloc[0] == 8
    assert sum(table["vp"].iloc[0].values()) >= 1


def test_only_one_option_says_so():
    state = _bids([1, 2, 10], [7, 8, 9])
    state.apply(state.decision(0).legal[0])
    seat = state.to_move()[0]
    legal = state.decision(seat).legal
    assert len(legal) == 3  # seat 1 still has three cards: not a single option
    table = what_if(state, seat, rollouts=3, seed=0, seconds=None, max_options=1)
    assert table.attrs["verdict"] == "only" and table.attrs["skipped"] == 2
    assert verdict(table, "en").startswith("Only one option")


def test_bad_seats_are_refused_and_the_state_is_unchanged():
    state = _bids([1, 2, 10], [7, 8, 9])
    before = state.fingerprint()
    with pytest.raises(ValueError, match="not of seat"):
        what_if(state.agent_view(1), 0, seconds=None, rollouts=1)
    what_if(state, 0, rollouts=4, seed=0, seconds=None)
    assert state.fingerprint() == before


def test_the_reason_names_the_vp_source_that_grew_most():
    from gamekit.analysis.whatif_words import _why

    best = {"vp": {"tableau": 12.0, "chips": 4.0}}
    second = {"vp": {"tableau": 8.0, "chips": 5.0}}
    assert _why(best, second, "race", "en") == ", mainly from 4.0 more VP from cards in the tableau"
    assert _why(best, second, "race", "pt").endswith("4,0 PV a mais de cartas na área de jogo")
    shown = _why({"vp": {"per_type:structure": 3.0}}, {"vp": {}}, "wonderful", "pt")
    assert "per_type" not in shown and "Estrutura" in shown
    assert _why({"vp": {"chips": 1.2}}, {"vp": {"chips": 1.0}}, "race", "en") == ""  # too small
