"""The ladder as stored and shown: ``store`` merges runs by player count and step,
``ladder_shown`` reads in both languages with no raw bot id, and the stored ladders of the card
games say something for every step they hold."""

from __future__ import annotations

import json

import pandas as pd
import pytest

from gamekit.analysis import ladder as ladder_mod
from gamekit.analysis.ladder import ladder_shown, store, stored_ladder


def _row(players, weak, strong, wins, games=10, low=0.6, high=0.9):
    return {"game": "race", "players": players, "step": f"{weak} < {strong}", "strong": strong,
            "weak": weak, "games": games, "strong_wins": wins, "win_rate": wins / games,
            "low": low, "high": high, "holds": low > 0.5, "cpu_s": 1.0}


def test_store_merges_by_player_count_and_step(tmp_path, monkeypatch):
    monkeypatch.setattr(ladder_mod, "DATA", tmp_path)
    store("race", pd.DataFrame([_row(2, "random", "heuristic", 9)]), {"random": 90.0})
    store("race", pd.DataFrame([_row(2, "heuristic", "rollouts", 4, low=0.2, high=0.7),
                                _row(2, "random", "heuristic", 10, low=0.7, high=1.0)]),
          {"heuristic": 40.0})
    data = json.loads((tmp_path / "race.ladder.json").read_text())
    assert [(r["weak"], r["strong"], r["games"]) for r in data["rows"]] == [
        ("random", "heuristic", 10), ("heuristic", "rollouts", 10)]
    assert data["speeds"] == {"random": 90.0, "heuristic": 40.0}
    assert stored_ladder("race") == data


def test_the_shown_ladder_reads_in_both_languages(tmp_path, monkeypatch):
    monkeypatch.setattr(ladder_mod, "DATA", tmp_path)
    store("race", pd.DataFrame([_row(2, "random", "heuristic", 9),
                                _row(4, "heuristic", "rollouts", 5, low=0.2, high=0.8)]),
          {"heuristic": 41.25})
    en, pt = ladder_shown("race", "en"), ladder_shown("race", "pt")
    assert list(en.iloc[0])[:3] == [2, "random bot < heuristic bot", 10]
    assert en.iloc[0, 3] == "90 % (60–90 %)" and en.iloc[0, 4] == "yes"
    assert en.iloc[1, 4] == "not shown yet" and en.iloc[0, 5] == "41"
    assert "1 of 2 steps hold" in en.note
    assert pt.iloc[0, 1] == "bot aleatório < bot heurístico"
    assert pt.iloc[1, 1] == "bot heurístico < bot de simulações"
    assert pt.iloc[0, 4] == "sim" and "1 de 2 degraus" in pt.note
    assert "Jogadores" in pt.columns
    html = pt._repr_html_()
    for raw in ("rollouts", "heuristic", "random", "_"):
        assert raw not in html.split("</style>")[-1], raw


def test_no_stored_ladder_says_so(tmp_path, monkeypatch):
    monkeypatch.setattr(ladder_mod, "DATA", tmp_path)
    assert ladder_shown("bluemoon", "pt").note.startswith("Ainda não há escada")


def test_only_a_registered_game_names_a_file():
    with pytest.raises(Exception, match="unknown"):
        stored_ladder("../../etc/passwd")


@pytest.mark.parametrize("game", ["race", "wonderful", "bluemoon"])
def test_the_card_games_have_a_stored_ladder(game):
    rows = stored_ladder(game)["rows"]
    steps = {(r["players"], r["weak"], r["strong"]) for r in rows}
    assert {(2, "random", "heuristic")} <= steps
    for r in rows:
        assert 0 <= r["low"] <= r["win_rate"] <= r["high"] <= 1
        assert r["holds"] == (r["low"] > 0.5)
