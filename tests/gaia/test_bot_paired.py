"""Paired measurements against stored self-play rows (session 26): the same agent reproduces
the stored games, a faction's seat is the only one played by the variant, and the comparison's
arithmetic (docs/bots.md, "Session 26")."""

from __future__ import annotations

import io
import json
import math

import pytest

from gamekit.games.gaia.bot_paired import (
    compare,
    faction_seats,
    main,
    play,
    report,
    spread,
    spread_report,
)
from gamekit.games.gaia.bot_study import selfplay_game


@pytest.fixture(scope="module")
def base() -> list[dict]:
    """Two stored games of four greedy bots (seeds 5 and 6)."""
    return [r for seed in (5, 6) for r in selfplay_game(seed, 4, ("greedy",))]


def test_the_stored_agent_replays_the_stored_games(base) -> None:
    rows = play(base, "greedy", games=2)
    c = compare(rows, base)
    assert c["n"] == 2 and c["mean"] == 0 and c["sources"] == {}
    assert [r["score"] for r in rows] == [r["score"] for r in base]


def test_only_the_faction_seat_is_the_variant(base) -> None:
    faction = base[0]["faction"]
    seats = faction_seats(base, faction)
    assert seats[0] == (5, 0)
    out = io.StringIO()
    rows = play(base, "planner", faction=faction, games=1, out=out)
    assert [r["agent"] for r in rows] == ["variant", "greedy", "greedy", "greedy"]
    assert [json.loads(line) for line in out.getvalue().splitlines()] == rows
    c = compare(rows, base, faction)
    assert c["n"] == 1 and c["mean"] == rows[0]["score"] - base[0]["score"]
    others = [rows[k]["score"] - base[k]["score"] for k in (1, 2, 3)]
    assert c["others"] == pytest.approx(sum(others) / 3)
    assert "the other seats" in report(c, faction)


def test_the_arithmetic_of_a_comparison() -> None:
    def row(seed, seat, score, faction="itars", agent="variant", **by):
        return {"seed": seed, "seat": seat, "score": score, "faction": faction, "agent": agent,
                "breakdown": by, "agent_cpu_per_decision": 0.1}

    base = [row(1, k, 100) for k in range(4)] + [row(2, k, 90) for k in range(4)]
    rows = [row(1, k, 104, round=4) for k in range(4)] + [row(2, k, 92, round=2)
                                                          for k in range(4)]
    c = compare(rows, base)
    assert c["mean"] == 3 and c["se"] == pytest.approx(1.0) and c["n"] == 2
    assert c["sources"] == {"round": 3.0}
    assert math.isclose(c["base"], 95)


def test_bad_requests_are_named(base, capsys) -> None:
    with pytest.raises(ValueError, match="no stored game seats the faction 'nobody'"):
        play(base, "greedy", faction="nobody")
    with pytest.raises(ValueError, match="no game of the rows"):
        compare([], base)


def test_the_command_compares_rows_already_played(base, tmp_path, capsys) -> None:
    f = tmp_path / "base.jsonl"
    f.write_text("".join(json.dumps(r) + "\n" for r in base))
    main(["--base", str(f), "--compare", str(f)])
    assert "2 games: +0.00 ± 0.00 VP a player" in capsys.readouterr().out


def test_spread_replays_draw_zero_and_moves_with_the_seeds() -> None:
    """Draw 0 is bot_study's own game; another draw of the same set-up differs only by the
    seats' seeds, and the scholar's 1e-6 tie noise is enough to change the game."""
    draws = spread(5, "scholar", 2)
    assert draws[0] == [r["score"] for r in selfplay_game(5, 4, ("scholar",))]
    assert len(draws) == 2 and len(draws[1]) == 4
    assert draws[0] != draws[1]


def test_spread_report_arithmetic() -> None:
    text = spread_report({1: [[10, 20], [14, 24]]})
    assert "seed 1: table means 15.0, 19.0" in text
    assert "a table's mean sd 2.8 VP, a seat's sd 2.8 VP" in text


def test_spread_from_the_command_line(capsys) -> None:
    main(["--spread", "2", "--agent", "scholar", "--seed", "5", "--games", "1"])
    assert "seed 5: table means" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["--agent", "scholar", "--base", "no-such-rows.jsonl"])
    assert "no stored rows at no-such-rows.jsonl" in capsys.readouterr().err
