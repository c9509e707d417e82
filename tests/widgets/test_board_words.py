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


@pytest.mark.parametrize("lang,word,not_word", [("en", "offerings", "VP"),
                                                ("pt", "oferendas", "PV")])
def test_blue_moon_city_scores_offerings_wherever_its_score_shows(lang, word, not_word):
    from gamekit import plots
    from gamekit.core import new
    from gamekit_widgets import Session
    from gamekit_widgets.i18n import game_ui
    from gamekit_widgets.turn import players_html

    session = Session(new("bluemoon", players=2, seed=0))
    panels = players_html(session, lang)
    assert f"{word}: 0" in panels and not re.search(rf"\b{not_word}\b", panels)
    assert word in game_ui("winner", "bluemoon", lang, who="X", score=5)
    axis = plots.time_layout(lang, "vp", game="bluemoon")["yaxis"]["title"]["text"]
    assert word in axis.lower() and not_word not in axis
    # the other games keep their victory points
    assert not_word in plots.time_layout(lang, "vp", game="race")["yaxis"]["title"]["text"]
    assert not_word in players_html(Session(new("race", players=2, seed=0)), lang)


def test_gaia_faction_names_one_per_faction_as_the_pt_rulebook_writes_them():
    """One name per faction in each language; in Portuguese the rulebook's own spelling
    where it names the faction (Terranos, Hadsch Hallas, and its "Mad Androids" for the
    Bescods), so a name that differs from the English one is the rulebook's."""
    from pathlib import Path

    from gamekit.core import CATALOG
    from gamekit.games.gaia.components import FACTIONS

    get("gaia")
    rules = (Path(__file__).resolve().parents[2] / ".." / "shared" / "rules"
             / "gaia-project.pt-BR.txt").read_text()
    for lang in ("en", "pt"):
        names = [CATALOG.name("gaia", f, lang) for f in FACTIONS]
        assert len(set(names)) == len(FACTIONS) == 14, names
    found = 0
    for faction in FACTIONS:
        en, pt = CATALOG.name("gaia", faction, "en"), CATALOG.name("gaia", faction, "pt")
        if en != pt or re.search(rf"\b{re.escape(pt.rstrip('s'))}", rules):
            assert re.search(rf"\b{re.escape(pt.rstrip('s'))}", rules), (faction, pt)
            found += 1
    assert found >= 6  # Terranos, Hadsch Hallas, Xenos, Taklons, Geodens, Mad Androids...
    assert CATALOG.name("gaia", "bescods", "pt") == "Mad Androids"


@pytest.mark.parametrize("lang,words", [("en", ("Key", "a space still to fill")),
                                        ("pt", ("Legenda", "espaço ainda a preencher"))])
def test_wonderful_board_has_a_key_for_its_cubes(lang, words):
    from gamekit.core import CATALOG, new
    from gamekit.games.wonderful.data import RES

    get("wonderful")
    board = get("wonderful").render(new("wonderful", players=2, seed=0), lang=lang)
    key = re.search(r"<div class='gkw-key'.*?</div>", board, re.S).group(0)
    for word in words:
        assert word in key
    for res in RES:  # every resource's cube, by name
        assert f"data-kind='{res}'" in key and CATALOG.name("wonderful", res, lang) in key
    assert "gkw-empty" in key


def test_the_generic_plots_hold_no_game_of_their_own():
    """A game's colours and charts come from its package through ``register(...)`` (issue
    24): no game's resource ids or charts as literals in ``gamekit/plots``."""
    from pathlib import Path

    from gamekit import plots
    from gamekit.core import available

    source = "".join(p.read_text() for p in Path(plots.__file__).parent.glob("*.py"))
    assert "def power_cycle" not in source and "bowl1" not in source
    for game in available():
        for resource in get(game).palette.resources:
            if resource not in ("vp", "card", "cards"):
                assert f'"{resource}"' not in source and f"'{resource}'" not in source, \
                    (game, resource)


def test_blue_moon_city_draws_its_dragons_without_an_emoji_font():
    """Dragons are SVG figures in their colour with their name (the 🐉 emoji showed as an
    empty box on machines without a colour-emoji font)."""
    import random

    from gamekit.core import new
    from gamekit.games.bluemoon.render import html

    state, rng = new("bluemoon", players=2, seed=3), random.Random(0)
    for _ in range(400):
        board = html(state, "pt")
        if "bm-dragon" in board:
            break
        state.apply(rng.choice(state.legal_actions(state.to_move()[0])))
    assert "🐉" not in board and re.search(r"<svg class='bm-dragon' data-dragon='(red|green|"
                                           r"blue)'[^>]*aria-label='dragão'", board)


def test_the_set_up_is_named_once_in_the_status_line():
    from gamekit.core import new
    from gamekit_widgets import Session
    from gamekit_widgets.controls import where_text

    session = Session(new("gaia", players=2, seed=1))
    assert where_text(session, None, "pt") == "Preparação"
    assert where_text(session, None, "en").count("·") == 0
