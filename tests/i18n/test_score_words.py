"""The score breakdown table (``plots.score_frame``, shown by the lessons and the flow pages):
every row and column is words from the catalogs in both languages, never a raw id."""

from __future__ import annotations

import random

import pytest
from i18n_samples import LANGS, SETUPS, games, raw_ids

import gamekit
from gamekit import plots
from gamekit.plots.names import unnamed

GAMES = games()


def test_every_game_package_is_checked():
    assert {"wonderful", "race", "bluemoon"} <= set(GAMES)


def _finished(game: str, players, seed: int, opts: dict):
    rng = random.Random(seed)
    s = gamekit.new(game, players=players, seed=seed, **opts)
    steps = 0
    while not s.is_over() and steps < 4000:
        s.apply(rng.choice(s.decision(s.to_move()[0]).legal))
        steps += 1
    assert s.is_over(), f"{game} seed {seed} did not finish in 4000 moves"
    return s


@pytest.mark.parametrize("game", GAMES)
def test_the_score_table_of_a_finished_game_shows_no_raw_id(game):
    seen: set[str] = set()
    bad = []
    for k, (players, opts) in enumerate(SETUPS.get(game, [(None, {})])):
        s = _finished(game, players, k, opts)
        scores = s.scores()
        seen |= {key for b in scores.values() for key in b if key != "total"}
        for lang in LANGS:
            frame = plots.score_frame(scores, game, lang)
            labels = [str(x) for x in frame.index] + [str(c) for c in frame.columns]
            assert len(frame.index) == len({key for b in scores.values() for key in b
                                            if key != "total"}) + 1
            bad += [(k, lang, label) for label in labels if raw_ids(label) or "_" in label]
    assert seen, f"{game}: no score source at all"
    assert bad == []
    # every source (each part of ``head:detail``) has a catalog name in both languages
    assert sorted(key for key in seen if unnamed(game, key)) == []


def test_a_detailed_source_reads_as_head_and_detail_in_each_language():
    scores = {0: {"per_type:structure": 3, "cards": 2, "total": 5}, 1: {"cards": 1, "total": 1}}
    en = plots.score_frame(scores, "wonderful", "en")
    pt = plots.score_frame(scores, "wonderful", "pt")
    assert list(en.index)[0] == "per card type: structure"
    assert list(pt.index)[0] == "por tipo de carta: Estrutura"
    assert list(en.columns) == ["Player 1", "Player 2"]
    assert list(en.iloc[:, 1]) == [0, 1, 1]
