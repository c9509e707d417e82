"""The analyse notebook's tables name their columns for people (issue "Words"): no snake_case
column and every VP source named in both languages."""

from __future__ import annotations

import re

import pytest

from gamekit.games.gaia.survey import named, survey, vp_sources


@pytest.fixture(scope="module")
def frame():
    return survey(n=2, players=2, seed=3)


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_tables_have_no_raw_ids(frame, lang):
    shown = [*named(frame, lang).columns, *vp_sources(frame, "agent", lang).index]
    raw = [c for c in shown if re.search(r"[a-z]_[a-z]|^vp$|^level", str(c))]
    assert not raw, raw
    table = vp_sources(frame, "agent", lang)
    means = frame.groupby("agent")["score"].mean()
    assert all(abs(table[a].sum() - means[a]) < 1 for a in means.index)  # every VP has a row
    assert ("Peças de Pontuação da Rodada" if lang == "pt" else "round scoring tiles") in table.index
