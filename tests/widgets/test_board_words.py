"""Words on the boards a first-time visitor reads (issue 27): Race's six-cost developments
say how they score (never "? VP"), in both languages."""

from __future__ import annotations

import re

import pytest

from gamekit.core import get

get("race")  # the game's words loaded

from gamekit.games.race.cards import SIX_DEV  # noqa: E402
from gamekit.games.race.render import card_html  # noqa: E402
from gamekit.games.race.six_words import six_lines  # noqa: E402


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_six_cost_developments_say_how_they_score(lang):
    assert len(SIX_DEV) == 12
    for cid, entries in SIX_DEV.items():
        lines = six_lines(cid, lang)
        assert len(lines) == len(entries) and all(re.match(r"\+\d ", t) for t in lines), lines
        html = card_html(cid, lang)
        vp_box = re.search(r"class='rftg-vp'>([^<]*)<", html).group(1)
        assert "?" not in vp_box and vp_box == ("PV bônus" if lang == "pt" else "bonus VP")
        assert html.count("rftg-six") == len(entries)
        if lang == "pt":  # no English word, no raw id
            text = " ".join(lines)
            assert not re.search(r"\b(per|for|world|development|card)\b|_", text), text


def test_the_numbers_are_the_cards_own():
    assert six_lines("galactic_federation") == ("+2 per 6-cost development",
                                                "+1 per development")
    assert six_lines("galactic_renaissance", "pt")[0] == "+1 a cada 3 fichas de PV"
    assert six_lines("new_galactic_order") == ("+1 per point of military",)
    assert six_lines("contact_specialist") == ()  # not a six-cost development
