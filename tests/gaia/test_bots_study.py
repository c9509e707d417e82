"""``bot_study``'s kept rows: self-play ``--out`` writes a JSON line a player as the games
finish (a run cut by a deadline still counts) and ``--rows`` reads those and the older JSON
lists alike (docs/bots.md, the Gaia measurements)."""

from __future__ import annotations

import json

from gamekit.games.gaia.bot_study import main, read_rows


def _row(seed: int, seat: int, score: int) -> dict:
    return {"seed": seed, "seat": seat, "faction": "ivits", "score": score, "winner": seat == 0,
            "breakdown": {"start": 10, "round": score - 10}, "top_research": 4,
            "federations": seat % 3, "gaia_planets": 1, "advanced": 0, "power_actions": 1,
            "qic_actions": 0, "specials": 2, "pi": True, "cpu_per_decision": 0.01}


def test_rows_are_read_from_json_lines_and_from_a_json_list(tmp_path) -> None:
    rows = [_row(7, s, 100 + s) for s in range(4)]
    lines = tmp_path / "a.jsonl"
    lines.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    listed = tmp_path / "b.json"
    listed.write_text(json.dumps(rows), encoding="utf-8")
    assert read_rows(str(lines)) == rows == read_rows(str(listed))


def test_rows_of_a_cut_run_print_their_tables(tmp_path, capsys) -> None:
    path = tmp_path / "cut.jsonl"  # two games written, the third never finished
    path.write_text("".join(json.dumps(_row(g, s, 90 + 10 * g + s)) + "\n"
                            for g in range(2) for s in range(4)), encoding="utf-8")
    main(["--rows", str(path)])
    out = capsys.readouterr().out
    assert out.startswith("2 games, 8 players")
    assert "| **total** | 96.5 |" in out
    assert "| two federations or more | 25% |" in out
