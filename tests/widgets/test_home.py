"""The front door: a card per game with its board, players, length and the steps in order,
one language for the whole page."""

from __future__ import annotations

import re

from gamekit.core import CATALOG, available, get
from gamekit_widgets.home import games, page


def test_every_game_has_a_card_with_its_board_and_steps_in_order():
    box = page("en")
    html = box.children[1].value
    assert len(re.findall(r"class='gk-game'", html)) == len(available()) == len(games())
    drawn = [g for g in available() if get(g).render is not None]
    assert len(drawn) >= 4 and html.count("class='gamekit-board") >= len(drawn)  # boards
    for row in games():
        steps = re.findall(rf"href='{row['id']}/(\w+)\.ipynb'", html)
        assert steps[:3] == ["learn", "play", "analyse"], row["id"]
    assert "Learn it" in html and "mybinder.org" in html


def test_the_switch_turns_the_whole_page_portuguese():
    box = page("en")
    switch, body = box.children
    switch.value = "pt"
    html = body.value
    words = re.sub(r"<style.*?</style>|<[^>]+>", " ", html, flags=re.S)  # what a person reads
    assert "Aprenda" in words and "Learn it" not in words and "players" not in words
    assert "É um Maravilhoso Mundo" in html and "jogadores" in html
    english = {CATALOG.text("ui", k, "en") for k in ("home.intro", "home.order", "home.binder")}
    assert not [e for e in english if e in html]


def test_the_front_door_is_plain_html_with_both_languages():
    """``front()``: one output, no widget; both languages drawn, the Portuguese hidden until
    its radio button is checked (a CSS switch: usable before any kernel round trip)."""
    from gamekit_widgets.home import front

    html = front("en").data
    en, pt = html.split("class='gk-in-en'")[1], html.split("class='gk-in-pt'")[1]
    assert "Learn it" in en.split("gk-in-pt")[0] and "Aprenda" in pt and "Learn it" not in pt
    assert "id='gk-lang-en' checked" in html and "id='gk-lang-pt' checked" not in html
    assert "#gk-lang-pt:checked~.gk-in-en{display:none}" in html
    assert "id='gk-lang-pt' checked" in front("pt").data
