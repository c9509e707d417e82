"""Race for the Galaxy's card names take articles by gender in Portuguese; proper names none."""

from __future__ import annotations

from gamekit.core import CATALOG
from gamekit.games.race.cards import TYPE_BY_ID


def _render(template: str, **params) -> str:
    import gamekit.games.race.text  # noqa: F401  (loads race's catalog)

    CATALOG.messages["race._t"] = {"en": template, "pt": template}
    try:
        return CATALOG.text("race", "_t", "pt", **params)
    finally:
        del CATALOG.messages["race._t"]


def test_card_names_take_the_article_of_their_gender():
    assert _render("{w:no}", w="pre_sentient_race") == "na Raça Pré-Senciente"
    assert _render("{w:do}", w="mining_robots") == "dos Robôs Mineradores"
    assert _render("{w:o}", w="tourist_world") == "o Mundo Turístico"
    assert _render("{w:pelo}", w="public_works") == "pelas Obras Públicas"


def test_proper_names_go_without_article():
    assert _render("{w:no}", w="alpha_centauri") == "em Alpha Centauri"
    assert _render("{w:do}", w="old_earth") == "de Velha Terra"
    assert _render("{w:O} é um mundo", w="epsilon_eridani") == "Epsilon Eridani é um mundo"
    assert _render("{w:g:conquistá-lo/conquistá-la}", w="old_earth") == "conquistá-lo"


def test_every_card_name_has_a_known_gender():
    table = CATALOG.names["race"]
    for cid in TYPE_BY_ID:
        assert table[cid].get("pt_g", "m") in ("m", "f", "mp", "fp", "proper"), cid


def test_it_s_a_wonderful_worlds_cards_take_their_article_too():
    import gamekit.games.wonderful.text  # noqa: F401  (loads the game's catalog)

    table = CATALOG.names["wonderful"]
    assert table["zeppelin"].get("pt_g", "m") == "m"
    text = CATALOG.text("wonderful", "kept", "pt", who="Jogador 1", card="espionage_agency")
    assert text == "Jogador 1 guarda a Agência de Espionagem para Construção."
    text = CATALOG.text("wonderful", "kept", "pt", who="Jogador 1", card="roswell")
    assert text == "Jogador 1 guarda Roswell para Construção."
