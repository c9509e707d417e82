"""Every position that loads is playable: a small seeded share of the position fuzz
(``gamekit.core.fuzz``; the full sweep runs in ``make soak``). Each mutated position is refused
with ``PositionError`` or loads into a state that plays 200 random moves cleanly within 1 s of
CPU and saves a position that loads again."""

from __future__ import annotations

import json

import pytest

from gamekit.core.fuzz import check_position, fuzz, mutations, random_mutations, sample_positions

#: every game (Gaia's share passes here too: 437 positions, 0 faults when it joined)
GAMES = [("wonderful", 1), ("wonderful", 3), ("race", 2), ("race", 4), ("bluemoon", 3),
         ("gaia", 2)]


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_a_seeded_share_of_the_fuzz_finds_nothing(game, players):
    found = fuzz(game, players, seed=11, positions=1, share=0.03, random_count=12)
    assert found["faults"] == [], found["faults"][:5]
    assert found["checked"] == found["refused"] + found["played"]
    assert found["refused"] > 0 and found["played"] > 0  # both outcomes are exercised


def test_mutations_cover_every_field_with_every_kind_of_bad_value():
    doc = sample_positions("race", 2, seed=3, count=1)[0]
    changes = [change for change, _text in mutations(doc)]
    for kind in ("null", "wrong type", "out of range", "unknown id", "duplicate", "dropped",
                 "unknown key"):
        assert any(kind in c for c in changes), kind
    assert any(c.startswith("state.seats[1].pending") for c in changes)
    texts = [json.loads(text) for _c, text in mutations(doc)]
    assert sum(t != doc for t in texts[:50]) >= 45
    assert doc == sample_positions("race", 2, seed=3, count=1)[0]  # the original is untouched


def test_random_mutations_are_seeded():
    import random

    doc = sample_positions("bluemoon", 2, seed=4, count=1)[0]
    one = list(random_mutations(doc, random.Random(5), 8))
    assert one == list(random_mutations(doc, random.Random(5), 8))
    assert len({text for _c, text in one}) > 1


def test_the_check_reports_a_position_that_breaks_in_play(monkeypatch):
    """The harness itself can fail: a state whose move raises is a fault, not a pass."""
    from gamekit.core import fuzz as fz
    from gamekit.games.bluemoon.state import BlueMoonState

    doc = sample_positions("bluemoon", 2, seed=4, count=1)[0]
    assert check_position(doc, cpu_limit=60) in ("played",)

    def broken(self, action):
        raise KeyError("planted")

    monkeypatch.setattr(BlueMoonState, "_apply", broken)
    with pytest.raises(fz.FuzzFault, match="KeyError"):
        check_position(doc, cpu_limit=60)


def test_the_soak_runs_the_full_fuzz_and_counts_it():
    from gamekit.core.soak import soak, soak_table

    summary = soak(["wonderful"], count=0, processes=1, out=None, progress=False, fuzz=1,
                   fuzz_share=0.01)
    rows = {r["players"]: r for r in summary["configs"]}
    assert set(rows) == {1, 2, 3, 4, 5}
    assert all(r["fuzzed"] > 10 and r["games"] == 0 for r in rows.values())
    assert summary["total_faults"] == 0, [f for r in rows.values() for f in r["faults"]]
    assert "fuzzed positions" in soak_table(summary)
