"""The analyse pages' widgets: a widget progress bar while games run (no text bar), tables
labelled in the page's language, cards ranked only past the minimum count."""

from __future__ import annotations

import ipywidgets as W

from gamekit_widgets.analysis import Analysis, ProgressBar, summary


def test_a_widget_bar_follows_the_games_and_no_text_bar_is_printed(capsys):
    an = Analysis("race", n=6, players=2, agents=["heuristic", "random"], seed=0, lang="pt",
                  variants={"a": {}, "b": {}})
    assert isinstance(an.progress, ProgressBar) and isinstance(an.progress.bar, W.IntProgress)
    assert an.progress.bar.value == an.progress.bar.max == 12
    assert an.progress.caption.value == "12 partidas simuladas"
    captured = capsys.readouterr()
    assert "it/s" not in captured.err + captured.out and "%|" not in captured.err + captured.out


def test_tables_speak_the_page_language():
    an = Analysis("race", n=6, players=2, agents=["heuristic", "random"], seed=0, lang="pt",
                  progress=False)
    table = an.table("agent", min_games=2)
    assert list(table.columns)[:4] == ["bot", "partidas", "vitórias", "taxa de vitória"]
    assert set(table["bot"]) == {"bot heurístico", "bot aleatório"}
    seats = an.seats()
    assert list(seats.iloc[:, 0]) == ["posição 1", "posição 2"]
    assert "diferença de PV" in an.difference("agent", "heuristic", "random").columns


def test_cards_are_ranked_only_past_the_minimum():
    an = Analysis("wonderful", n=4, players=2, agents=["heuristic", "random"], seed=0,
                  progress=False)
    assert "cards" in an.frame and an.frame["cards"].map(len).sum() > 0
    assert an.cards(min_built=1000).empty
    few = an.cards(min_built=2)
    assert len(few) and few.iloc[:, 0].map(lambda s: "_" not in s).all()


def test_summary_keeps_its_columns_and_adds_intervals():
    an = Analysis("race", n=4, players=2, agents=["heuristic", "random"], seed=0, progress=False)
    table = summary(an.frame, "agent")
    assert {"seats", "win_rate", "win_low", "win_high", "vp_mean"} <= set(table.columns)
    assert (table["win_low"] <= table["win_rate"]).all()


def test_tables_read_as_people_expect():
    """Rates as "41 % (35–47 %)", a decimal comma in Portuguese, games beside every figure,
    no index column, no True/False/NaN, and a sentence saying whether a difference is real."""
    import re

    an = Analysis("race", n=30, players=2, agents=["heuristic", "random"], seed=0, lang="pt",
                  progress=False)
    table = an.table("agent")
    assert table["taxa de vitória"].map(
        lambda s: re.fullmatch(r"\d+ % \(\d+–\d+ %\)", s) is not None).all()
    assert table["PV médios"].str.contains(",").all() and "partidas" in table.columns
    assert "a diferença é real" in table.note  # 30 games against random bots tell them apart
    page = table._repr_html_()
    assert "<th></th>" not in page and "True" not in page and "NaN" not in page
    assert table.note in page
    diff = an.difference("agent", "heuristic", "random")
    assert diff.note.startswith("Bot heurístico faz em média") and "é real" in diff.note
    assert list(diff.columns)[2:] == ["partidas (bot heurístico)", "partidas (bot aleatório)"]
    seats = an.seats()
    assert "não mostram efeito da ordem" in seats.note or "efeito real" in seats.note


def test_small_groups_are_not_ranked_and_the_note_says_so():
    an = Analysis("race", n=6, players=2, agents=["heuristic", "random"], seed=0,
                  progress=False)
    table = an.table("agent")
    assert set(table["rank"]) == {"—"}
    assert "nothing is compared" in table.note
    ranked = an.table("agent", min_games=5)
    assert set(ranked["rank"]) == {"1", "2"}


def test_blue_moon_city_counts_offerings_not_vp():
    an = Analysis("bluemoon", n=4, players=3, agents=["heuristic", "random", "random"],
                  seed=0, lang="pt", progress=False)
    table = an.table("agent", min_games=2)
    assert "média de oferendas" in table.columns and "PV" not in " ".join(table.columns)
    assert "oferendas" in an.difference("agent", "heuristic", "random").note
