"""The analyse pages' widgets: a widget progress bar while games run (no text bar), tables
labelled in the page's language, cards ranked only past the minimum count."""

from __future__ import annotations

import os
import re

import ipywidgets as W
import pytest

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


def _first_games(frame, games: int) -> list[dict]:
    from gamekit.analysis import stored

    part = frame[frame["game_index"] < games].reset_index(drop=True)
    unscored = [c for c in part if c.startswith("vp_") and (part[c].fillna(0) == 0).all()]
    return stored.records(part.drop(columns=unscored))  # sources of other games only


#: bots whose self-play costs tens of CPU-seconds a game (four technologists: about 25 s a
#: 4-player game): a study played by them alone is replayed in ``make soak-tests`` only
SLOW_SELF_PLAY = {"completer", "technologist"}
SOAK = os.environ.get("GAMEKIT_SOAK") == "1"


def test_stored_games_are_the_first_games_of_a_fresh_run():
    """The seeded games the analyse pages open with (package data) are what a fresh run of
    the same study plays (first games of each; the slow studies one game, a study of slow
    bots alone only with GAMEKIT_SOAK=1), and each file states its seed and bots."""
    import json

    from gamekit.analysis import stored

    replayed = 0
    for (game, name), study in stored.STUDIES.items():
        meta = json.loads(study.path.read_text(encoding="utf-8"))["study"]
        assert (meta["seed"], tuple(meta["agents"]), meta["n"]) == (
            study.seed, study.agents, study.n), (game, name)
        frame = stored.load(game, name)
        assert frame["game_index"].nunique() == study.n
        assert len(frame) == study.n * study.players * len(study.variants)
        if set(study.agents) <= SLOW_SELF_PLAY and not SOAK:
            continue
        games = 1 if study.survey or "lookahead" in study.agents else 2
        fresh = stored.run(study, n=games)
        assert _first_games(fresh, games) == _first_games(frame, games), (game, name)
        replayed += 1
    assert replayed >= len(stored.STUDIES) - 1  # one study at most waits for the soak


def test_the_gaia_studies_are_played_by_the_technologist():
    """Issue 32: the Gaia analyse page's studies are the strongest Gaia bot's (the technologist,
    session 28; the survey beside the random bot, faction strength four technologists, every
    faction)."""
    from gamekit.analysis import stored

    survey, strength = stored.STUDIES["gaia", "survey"], stored.STUDIES["gaia", "factions"]
    assert survey.agents == ("technologist", "random") and survey.players == 3
    assert strength.agents == ("technologist",) and strength.players == 4 and strength.n == 28
    frame = stored.load("gaia", "factions")
    assert set(frame["agent"]) == {"technologist"} and frame["faction"].nunique() == 14


def _gaia_page(lang: str):
    """The Gaia analyse page's studies and the prose naming their bots, as the notebook
    builds them (the strength section's text said by the strength study)."""
    an = Analysis("gaia", study="survey", lang=lang)
    strength = Analysis("gaia", study="factions", lang=lang)
    an.link(strength)
    boxes = [an.say("intro"), an.say("factions_text"), an.note(), strength.say("strength_text")]
    return an, boxes


_RAW_ID = re.compile(r"\b(technologist|completer|random|planner)\b(?! bot)")


@pytest.mark.parametrize("start, other", [("en", "pt"), ("pt", "en")])
def test_the_gaia_page_names_the_bot_that_played_each_study(start, other):
    """The prose says which bot played each study, from the study's stored head, by the
    bot's name in the page's language (never its id), and follows the language switch."""
    names = {"en": ("technologist bot and random bot", "Only the technologist bot's seats",
                    "The technologist bot in all four seats (28 games"),
             "pt": ("bot tecnólogo e bot aleatório", "Só as posições do bot tecnólogo",
                    "O bot tecnólogo nas quatro posições (28 partidas")}
    an, boxes = _gaia_page(start)
    seats = an.derive(lambda frame: frame[frame["agent"] == "technologist"])
    boxes.append(seats.say("factions_text"))  # a part of the games names the same bot
    for lang in (start, other):
        an.set_lang(lang)
        both, survey_seats, strength = names[lang]
        text = " ".join(box.value for box in boxes).replace("&#x27;", "'")
        assert text.count(both) == 2 and text.count(survey_seats) == 2 and strength in text, text
        assert not _RAW_ID.search(text), text


def test_the_strength_text_follows_the_agents_of_the_study():
    """Another bot's games are named by that bot: the words come from the agents."""
    from gamekit.analysis import stored

    frame = stored.load("gaia", "factions")
    for lang, shown in (("en", "The planning bot in all four seats (28 games"),
                        ("pt", "O bot planejador nas quatro posições (28 partidas")):
        other = Analysis("gaia", agents=("planner",), frame=frame, seed=100, lang=lang)
        assert shown in other.say("strength_text").value


def test_a_page_opens_on_stored_games_and_plays_more_on_demand():
    from gamekit.analysis import stored

    an = Analysis("race", study="mirror", lang="pt")
    assert an.progress is None and len(an.frame) == 200  # nothing simulated on open
    assert "100 partidas" in an.note().value and "semente 0" in an.note().value
    more = an.more(2)
    button = more.children[0]
    assert button.description == "Jogar mais 2 partidas"
    shown = an.show(lambda: an.table("agent", min_games=0))
    before = shown.children[0].value
    button.click()
    assert len(an.frame) == 204 and sorted(an.frame["game_index"].unique())[-2:] == [100, 101]
    study = stored.STUDIES[("race", "mirror")]
    extra = an.frame[an.frame["game_index"] >= 100]
    fresh = stored.run(study, n=2, first=100)
    assert _first_games(extra, 102) == _first_games(fresh, 102)
    assert shown.children[0].value != before  # the tables are drawn again with the new games
    an.set_lang("en")
    assert button.description == "Play 2 more games"
