"""What people read: no raw ids in narration, questions, options, boards and score places;
no European-Portuguese words in the Portuguese (Brazilian Portuguese throughout)."""

from __future__ import annotations

import random

import pytest
from i18n_samples import games, raw_ids, samples
from pt_markers import european

import gamekit
from gamekit.core import CATALOG
from gamekit.core.agents import random_playout

GAMES = games()


def test_the_samples_cover_every_playable_registered_game():
    assert {"wonderful", "race", "bluemoon"} <= set(GAMES)


@pytest.mark.parametrize("game", GAMES)
def test_no_raw_ids_in_what_a_game_shows(game):
    shown = samples(game)
    kinds = {where.split()[0] for _lang, where, _text in shown}
    assert {"narration", "question", "option"} <= kinds
    bad = sorted({(lang, where.split()[0], text[:160]) for lang, where, text in shown
                  if raw_ids(text)})
    assert not bad, bad[:10]


@pytest.mark.parametrize("game", GAMES)
def test_portuguese_is_brazilian_in_what_a_game_shows(game):
    bad = sorted({(where.split()[0], text[:160]) for lang, where, text in samples(game)
                  if lang == "pt" and european(text)})
    assert not bad, bad[:10]


@pytest.mark.parametrize("game", GAMES)
def test_narration_of_a_seat_differs_in_language_but_not_in_length(game):
    s = gamekit.new(game, seed=5)
    random_playout(s, random.Random(5))
    for seat in (None, 0):
        en, pt = s.narration("en", seat), s.narration("pt", seat)
        assert len(en) == len(pt) and en != pt


def test_no_european_portuguese_in_any_catalog_entry():
    bad = []
    for key, entry in CATALOG.messages.items():
        forms = entry["pt"] if isinstance(entry["pt"], tuple) else (entry["pt"],)
        bad += [(key, european(f)) for f in forms if european(f)]
    for namespace, table in CATALOG.names.items():
        bad += [(namespace, ident) for ident, e in table.items() if european(e.get("pt", ""))]
    assert not bad, bad


def test_no_placeholder_plurals_in_any_language():
    import re

    paren = re.compile(r"\w\((?:s|es|is|a|as|ões|ns|m)\)")
    bad = []
    for key, entry in CATALOG.messages.items():
        for lang in ("en", "pt"):
            forms = entry[lang] if isinstance(entry[lang], tuple) else (entry[lang],)
            bad += [(key, lang) for f in forms if paren.search(f)]
    assert not bad, bad


@pytest.mark.parametrize("game", GAMES)
def test_score_and_flow_places_are_named(game):
    from gamekit.plots import place_label

    s = gamekit.new(game, seed=2)
    random_playout(s, random.Random(2))
    places = {p for f in s.flows for p in (f.source, f.target, f.resource)}
    for breakdown in s.result().breakdown:
        places |= set(breakdown)
    bad = sorted((p, lang, place_label(game, p, lang)) for p in places for lang in ("en", "pt")
                 if raw_ids(place_label(game, p, lang)))
    assert not bad, bad
