"""Issue 32's measure kept in the repository (session 30): the technologist's rows of the 200
standard 4-player self-play games (seeds 1000–1199), the default base of ``bot_paired``. They are
whole and well-formed, their mean is the figure the README and docs/bots.md give, and the
registered bot plays a stored game again move for move (one game in make test, five with
``GAMEKIT_SOAK=1``)."""

from __future__ import annotations

import json
import os
import re
import statistics
from pathlib import Path

import pytest

from gamekit.games.gaia.bot_paired import STANDARD_ROWS, main
from gamekit.games.gaia.bot_study import read_rows, selfplay_game
from gamekit.games.gaia.components import FACTIONS

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def rows() -> list[dict]:
    return read_rows(str(STANDARD_ROWS))


def test_every_seat_of_the_200_games_once(rows) -> None:
    assert sorted((r["seed"], r["seat"]) for r in rows) == [
        (seed, seat) for seed in range(1000, 1200) for seat in range(4)]
    assert {r["agent"] for r in rows} == {"technologist"}
    by_seed: dict[int, list[dict]] = {}
    for r in rows:
        by_seed.setdefault(r["seed"], []).append(r)
        assert r["faction"] in FACTIONS
        assert sum(r["breakdown"].values()) == r["score"], r  # the score is its sources
    for game in by_seed.values():
        assert len({r["faction"] for r in game}) == 4
        top = max(r["score"] for r in game)
        assert [r["winner"] for r in game] == [r["score"] == top for r in game]


def test_the_documented_figure_is_the_rows_mean(rows) -> None:
    mean = f"{statistics.mean(r['score'] for r in rows):.1f}"
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    said = re.search(r"\*\*technologist\*\*[^|]*?(\d+\.\d) VP a player over 200", readme)
    assert said is not None and said.group(1) == mean
    assert f"**{mean} VP a player**" in (ROOT / "docs" / "bots.md").read_text(encoding="utf-8")


def test_paired_measures_default_to_these_rows(rows, tmp_path, capsys) -> None:
    better = [{**r, "score": r["score"] + 2} for r in rows if r["seed"] < 1010]
    f = tmp_path / "variant.jsonl"
    f.write_text("".join(json.dumps(r) + "\n" for r in better), encoding="utf-8")
    main(["--compare", str(f)])
    assert capsys.readouterr().out.startswith("10 games: +2.00 ± 0.00 VP a player")


#: stored games played again: one of the cheapest (seed 1143, about 6 CPU-s), four more (up to
#: 90 s each) in make soak-tests
REPLAYED = (1143,) + ((1000, 1100, 1150, 1199) if os.environ.get("GAMEKIT_SOAK") == "1" else ())


@pytest.mark.parametrize("seed", REPLAYED)
def test_the_registered_technologist_plays_a_stored_game_again(rows, seed) -> None:
    fresh = selfplay_game(seed, 4, ("technologist",))
    stored = sorted((r for r in rows if r["seed"] == seed), key=lambda r: r["seat"])
    keys = ("faction", "score", "breakdown", "federations", "gaia_planets", "advanced", "pi")
    assert [{k: r[k] for k in keys} for r in fresh] == [{k: r[k] for k in keys} for r in stored]
