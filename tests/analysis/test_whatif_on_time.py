"""What-if keeps its time budget in every round, the first included (a loaded machine): a
rollout that would pass the budget is not begun; a first round cut short is kept and said in
words ("not enough time to try every option"), a later one is dropped so the rounds stay
paired. The clock is a fake one: each rollout takes one second of it."""

from __future__ import annotations

import pytest
import toy  # noqa: F401  (registers the toy game)

from gamekit.analysis import whatif
from gamekit.analysis.whatif_words import verdict
from gamekit.core import new


@pytest.fixture
def clock(monkeypatch):
    """A wall clock that moves one second per rollout (and not otherwise)."""
    now = [0.0]
    real = whatif.paired_rollout

    def rollout(*args, **kwargs):
        now[0] += 1.0
        return real(*args, **kwargs)

    monkeypatch.setattr(whatif, "paired_rollout", rollout)
    monkeypatch.setattr(whatif.time, "perf_counter", lambda: now[0])
    return now


def _state():
    # seat 0 holds 1, 2, 3 against 8, 9, 10: three options, alike (it never wins)
    return new("toy", players=2, seed=1, rounds=1, deck=[1, 2, 3, 8, 9, 10, 4, 5, 6, 7])


def test_the_first_round_stops_at_the_budget(clock):
    table = whatif.what_if(_state(), 0, seed=3, seconds=2.5)
    assert clock[0] <= 2.5, "no rollout was begun that would pass the budget"
    assert table.attrs["reason"] == "partial" and table.attrs["verdict"] == "close"
    assert table.attrs["rollouts"] == 0
    assert sorted(table["rollouts"]) == [0, 1, 1], "two of three options played once"
    assert table["rollouts"].iloc[0] == 1, "an option that was played comes first"
    assert verdict(table, "en") == ("Not enough time to try every option: 2 of 3 were played "
                                    "out once in the 2.5 s budget. Ask again with more thinking "
                                    "time.")
    assert verdict(table, "pt").startswith("Não deu tempo de testar todas as opções: 2 de 3")
    assert "2,5 s" in verdict(table, "pt")


def test_a_later_round_that_would_not_end_in_time_is_not_begun(clock):
    table = whatif.what_if(_state(), 0, seed=3, seconds=7.5)
    assert clock[0] == 6.0, "two whole rounds of three, the third not begun"
    assert table.attrs["reason"] == "time" and table.attrs["rollouts"] == 2
    assert list(table["rollouts"]) == [2, 2, 2], "the rounds stay paired"
    assert "after 2 rollouts per option" in verdict(table, "en")


def test_the_first_rollout_always_runs(clock):
    table = whatif.what_if(_state(), 0, seed=3, seconds=0.001)
    assert clock[0] == 1.0 and sorted(table["rollouts"]) == [0, 0, 1]
    assert table.attrs["reason"] == "partial"


def test_without_a_budget_the_rounds_are_the_rollouts_asked(clock):
    table = whatif.what_if(_state(), 0, rollouts=4, seed=3, seconds=None)
    assert table.attrs["rollouts"] == 4 and list(table["rollouts"]) == [4, 4, 4]
