"""Honest tables of ``gamekit.analysis``: small groups are shown but not ranked, every rate has
its interval, and what a page shows is in words (English and Portuguese), never raw ids."""

from __future__ import annotations

import re
from pathlib import Path

import pandas as pd
import pytest

import gamekit
from gamekit.analysis import (
    card_table,
    column_label,
    games_needed_text,
    shown,
    value_label,
    win_table,
)
from gamekit.core.i18n_po import read_file

LOCALE = Path(gamekit.__file__).parent / "analysis" / "locale"
SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b|\bvp\b")


def _seat(score: int, winner: bool, cards: list[str]) -> dict:
    return {"score": score, "winner": winner, "cards": cards}


def test_a_card_built_three_times_is_listed_not_ranked():
    rows = [_seat(40, True, ["lucky"]) for _ in range(3)]
    rows += [_seat(30, i % 2 == 0, ["common"]) for i in range(40)]
    rows += [_seat(20, False, ["common", "common"])]  # one seat, one card, counted once
    table = card_table(pd.DataFrame(rows), min_games=30).set_index("card")
    assert table.loc["lucky", "built"] == 3 and table.loc["lucky", "win_rate"] == 1.0
    assert pd.isna(table.loc["lucky", "rank"])
    assert table.loc["common", "built"] == 41 and table.loc["common", "rank"] == 1
    assert table.loc["lucky", "win_low"] < 0.5  # three wins of three is far from proof


def test_win_table_intervals_contain_the_rate():
    frame = gamekit.simulate("race", ["heuristic", "random"], n=10, seed=0, progress=False)
    table = win_table(frame, "agent", min_games=5)
    assert ((table["win_low"] <= table["win_rate"]) & (table["win_rate"] <= table["win_high"])).all()
    assert ((table["vp_low"] <= table["vp_mean"]) & (table["vp_mean"] <= table["vp_high"])).all()


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_shown_tables_have_no_raw_ids(lang):
    frame = gamekit.simulate("race", ["heuristic", "random"], n=6, seed=0, progress=False)
    for table in (win_table(frame, "agent", 2), win_table(frame, "start_world", 2),
                  frame[[c for c in frame.columns if c.startswith("vp_")]].head()):
        out = shown(table, "race", lang)
        words = " ".join(map(str, out.columns)) + " " + " ".join(
            str(v) for col in out.select_dtypes(exclude="number").columns for v in out[col])
        assert not SNAKE.search(words), SNAKE.search(words)


def test_labels_in_both_languages():
    assert column_label("race", "vp_chips", "en") == "VP · VP chips"
    assert column_label("race", "vp_chips", "pt") == "PV · fichas de PV"
    assert column_label("race", "win_low", "pt") == "taxa de vitória, mín. (95 %)"
    assert value_label("race", "new_sparta", "pt") == "Nova Esparta"
    assert value_label("race", "lookahead:4", "en") == "look-ahead bot (4)"
    assert value_label("race", True, "pt") == "sim"


def test_games_needed_sentence():
    assert games_needed_text(0.05, lang="en").startswith("About 385 games")
    assert "±5 pontos" in games_needed_text(0.05, lang="pt")


def test_the_catalog_has_the_same_entries_in_both_languages():
    entries = {}
    for lang, locale in (("en", "en"), ("pt", "pt_BR")):
        cat = read_file(LOCALE / f"{locale}.po", locale)
        entries[lang] = {(m.context, m.id) for m in cat if m.id}
        assert all(m.string for m in cat if m.id), lang
    assert entries["en"] == entries["pt"] and len(entries["en"]) > 50


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_blue_moon_city_s_score_columns_say_offerings_not_vp(lang):
    """Blue Moon City scores offerings: its score sources read as offerings ("oferendas
    (Praça Central)"), never "VP · …" / "PV · …" (issue 27)."""
    frame = gamekit.simulate("bluemoon", ["heuristic", "random"], n=2, seed=0, progress=False)
    sources = [c for c in frame.columns if c.startswith("vp_")]
    assert sources
    labels = [column_label("bluemoon", c, lang) for c in sources]
    unit = "oferenda" if lang == "pt" else "offering"
    assert all(unit in label.lower() and "VP" not in label and "PV" not in label
               for label in labels), labels
