"""The handover study (issue 32, docs/bots.md "Session 25, second part"): voyager-6 played by
its players up to a round's income, then by bots to the end."""

from __future__ import annotations

import pytest

from gamekit.games.gaia.bot_handover import handover_game, handover_start, handover_table, main


def test_the_bots_take_over_at_the_rounds_income_with_the_players_position() -> None:
    first, last = handover_start(1), handover_start(6)
    assert [p.vp for p in first.pl] == [10, 10, 10, 10]  # the start's 10 VP each
    assert [p.faction for p in last.pl] == ["gleens", "terrans", "itars", "ivits"]
    assert (first.round, last.round) == (1, 6) and not last.is_over()
    assert [p.vp for p in last.pl] == [62, 49, 50, 67]  # the record's VP at round 6's income
    assert sum(len(p.feds) for p in last.pl) > sum(len(p.feds) for p in first.pl)


def test_a_handover_game_is_played_to_the_end_by_the_bots() -> None:
    row = handover_game(6, 1, ("greedy",))
    assert row["vp_handover"] == [62, 49, 50, 67]
    assert all(v >= 0 for v in row["vp"]) and row["vp"] != row["vp_handover"]
    assert row == {**handover_game(6, 1, ("greedy",)), "cpu": row["cpu"]}  # deterministic
    table = handover_table([row])
    assert "| 6 | 1 |" in table and "| real | 1 | 159.0 | 132 | 171 | 194 | 139 |" in table


@pytest.mark.parametrize("round_", [0, 7])
def test_a_round_outside_the_record_is_refused_by_name(round_) -> None:
    with pytest.raises(ValueError, match=f"round {round_}"):
        handover_start(round_)


def test_the_command_prints_the_table(capsys) -> None:
    main(["--rounds", "6", "--seeds", "2", "--lineup", "greedy"])
    out = capsys.readouterr().out
    assert out.startswith("| bots from round | games | VP a player | gleens | terrans")
    assert "| 6 | 1 |" in out
