"""The agreement study (issue 32, docs/bots.md "Session 29"): voyager-6's real main turns of
rounds 1–5 ranked by a bot's own one-action look."""

from __future__ import annotations

import pytest

from gamekit.core import Action
from gamekit.games.gaia.bot_agree import (
    KINDS,
    action_key,
    agreement_table,
    kind_of,
    line_key,
    main,
    rank_turns,
    real_turns,
)


@pytest.mark.parametrize(("text", "key"), [
    ("terrans build m 1B2.", ("build", "1B2")),
    ("itars burn 4. action power4.", ("action", "power4")),
    ("gleens spend 1pw for 1c. special step. build m 7A11.", ("special",)),
    ("ivits build lab 10B4. tech terra. up terra.", ("upgrade", "10B4", "lab")),
    ("terrans build gf 8A7.", ("gaia", "8A7")),
    ("terrans up nav.", ("research", "nav")),
    ("ivits special space-station. build sp 1A6.", ("special",)),
    ("itars federation 10A5,10A6,3A11,3B0,5A2 fed5.",
     ("federation", ("10A5", "10A6", "3A11", "3B0", "5A2"))),
    ("gleens pass booster4", ("pass",)),
])
def test_a_record_lines_main_action_is_read_past_its_free_actions(text, key) -> None:
    assert line_key(text) == key


def test_a_line_of_free_actions_only_has_no_main_action() -> None:
    assert line_key("itars burn 2. spend 1pw for 1c.") is None


def test_the_engines_actions_have_the_same_keys_and_kinds() -> None:
    assert action_key(Action(1, "build", ("1B2",))) == line_key("terrans build m 1B2.")
    assert action_key(Action(1, "upgrade", ("1B2", "PI"))) == line_key("terrans build PI 1B2.")
    assert action_key(Action(2, "federation", ("5A2+3A11+10A6",))) == (
        "federation", ("10A6", "3A11", "5A2"))
    assert [kind_of(k) for k in (("upgrade", "1B2", "ac2"), ("action", "qic3"), ("pass",))] == [
        "academy", "QIC action", "pass"]


def test_the_real_turns_are_each_seats_main_turns() -> None:
    turns = real_turns()
    assert len(turns) > 200
    assert {t.seat for t in turns} == {0, 1, 2, 3} and {t.round for t in turns} == set(range(1, 7))
    first = turns[0]
    assert first.before.stack[-1].kind == "turn" and first.before.stack[-1].seat == first.seat
    assert first.text.startswith("gleens")


def test_the_technologist_ranks_the_real_players_moves() -> None:
    rows = rank_turns("technologist")
    matched = [r for r in rows if r["rank"] is not None]
    assert len(rows) == 170 and len(matched) >= 150
    assert all(1 <= r["rank"] <= r["options"] and r["gap"] >= 0 for r in matched)
    assert all(r["gap"] == 0 for r in matched if r["rank"] == 1)
    # the Terrans' planetary institute of round 1 stands below the bot's research lab
    pi = next(r for r in rows if r["text"] == "terrans build PI 1B2.")
    assert (pi["kind"], pi["round"], pi["bot_kind"]) == ("planetary institute", 1, "research lab")
    assert pi["rank"] > 1 and pi["gap"] > 5
    table = agreement_table(rows)
    assert table.startswith("| the player's action | turns | the bot's first choice")
    assert "| **all** | " + str(len(matched)) + " |" in table
    assert all(k in KINDS for k in {r["kind"] for r in matched})
    assert rows == rank_turns("technologist")  # deterministic


def test_an_agent_that_does_not_rank_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="'random'"):
        rank_turns("random", last=1)


def test_the_command_prints_the_table(capsys) -> None:
    main(["--agent", "scholar", "--last", "1"])
    out = capsys.readouterr().out
    assert "| mine |" in out and "Unmatched turns" in out


def test_a_variant_made_by_the_caller_ranks_as_the_registered_bot_it_copies() -> None:
    from gamekit.games.gaia.bot_scholar import ScholarAgent

    assert rank_turns(make=ScholarAgent, last=1) == rank_turns("scholar", last=1)
