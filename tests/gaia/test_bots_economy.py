"""The round-by-round economy of a Gaia game (``bot_economy``, issue 32): a real record's rows
agree with its final state and with the actions its lines name; a bot game gives a row a seat
and round."""

from __future__ import annotations

import re

from gamekit.games.gaia.bot_economy import METRICS, bots_economy, economy_table, real_economy
from gamekit.games.gaia.samples import load_sample, sample_data


def test_the_real_record_rows_match_its_end_and_its_lines() -> None:
    rows = real_economy()
    assert sorted((r["round"], r["seat"]) for r in rows) == [(r, s) for r in range(1, 7)
                                                              for s in range(4)]
    end = load_sample()
    for r in (r for r in rows if r["round"] == 6):
        p = end.pl[r["seat"]]
        assert r["federations"] == len(p.fed_tokens)
        assert r["structures"] == sum(p.counts.values())
        assert r["advanced tiles"] == len(p.advanced)
        assert r["VP"] + sum(v for k, v in p.vp_by.items() if k.startswith("end_")) == p.vp
        assert sum(x["leech VP"] for x in rows if x["seat"] == r["seat"]) == p.vp_by.get(
            "leech", 0)
    text = "\n".join(sample_data()["moves"])
    assert sum(r["power actions"] for r in rows) == len(re.findall(r"action power\d", text))
    assert sum(r["QIC actions"] for r in rows) == len(re.findall(r"action qic\d", text))


def test_a_bot_game_gives_a_row_a_seat_and_round_and_the_table_prints_them() -> None:
    rows = bots_economy(1, 1000, ("greedy",))
    assert len(rows) == 24 and {r["seed"] for r in rows} == {1000}
    feds = [r["federations"] for r in rows if r["seat"] == 0]
    assert feds == sorted(feds)  # tokens are never lost
    table = economy_table(real_economy(), rows)
    assert table.count("\n") == len(METRICS) + 1 and "| structures |" in table


def test_bots_can_play_the_real_record_set_up() -> None:
    """``on_record``: the bots play voyager-6's own map, tiles and factions (the record up to
    its faction lines); the final VP each row carries is the seat's score."""
    rows = bots_economy(1, 7, ("greedy",), on_record=True)
    by_seat = {r["seat"]: r["faction"] for r in rows}
    assert by_seat == dict(enumerate(sample_data()["factions"]))
    last = [r for r in rows if r["round"] == 6]
    assert len(last) == 4 and all(r["final"] >= r["VP"] for r in last)
