"""Gaia Project's words: all from the .po catalogs, the pt-BR rulebook's terms, real plurals
(amounts read "1 Crédito", "2 Créditos"; conversions "1 de Conhecimento → 1 Crédito")."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import gamekit.games.gaia.text as text
from gamekit.core import CATALOG, new, t
from gamekit.core.agents import random_playout

LOCALE = Path(text.__file__).with_name("locale")
#: an amount of exactly one with a plural noun (the grammar the catalogs must not produce)
ONE_PLURAL = re.compile(r"(?<![\d.])1 (?:Créditos|Minérios|Marcadores|cargas|credits|power tokens"
                        r"|power charges|passos|steps|Satélites|satellites)\b")
#: words the pt-BR rulebook does not use for these components
NOT_RULEBOOK = ("Federação", "Planeta Perdido", "Marcador de Bônus", "Ficha de", "Cristal "
                "Cerebral de ninguém")


def test_what_a_game_narrates_and_asks_comes_from_the_po_files():
    """Every event, decision question and action label of a played game is a ``.po`` entry
    (the board's own labels, in render.py and svg_*.py, are the board's)."""
    assert (LOCALE / "en.po").is_file() and (LOCALE / "pt_BR.po").is_file()
    assert LOCALE in CATALOG.loaded
    state = new("gaia", players=3, seed=2)
    random_playout(state, random.Random(2))
    keys = {e.kind for e in state.events}
    keys |= {"ask." + k for k in ("faction", "place", "booster", "turn", "after", "leech")}
    keys |= {"act." + v for v in ("build", "upgrade", "pass", "booster", "research", "leech")}
    for key in keys:
        assert f"gaia.{key}" in CATALOG._from_po, key
    names = {e.data.get(k) for e in state.events for k in ("faction", "planet", "booster", "tile")}
    for ident in names - {None}:
        assert f"gaia.names.{ident}" in CATALOG._from_po, ident


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_amounts_agree_with_their_count(lang):
    one = t("gaia", "convert", lang, who="P", paid={"credits": 1}, got={"qic": 1, "ore": 1})
    many = t("gaia", "convert", lang, who="P", paid={"credits": 3}, got={"ore": 2})
    if lang == "pt":
        assert one == "P converte 1 Crédito em 1 C.I.Q. e 1 Minério."
        assert many == "P converte 3 Créditos em 2 Minérios."
    else:
        assert one == "P converts 1 credit into 1 QIC and 1 ore."
        assert many == "P converts 3 credits into 2 ore."
    assert "1 passo de" in t("gaia", "build_mine", "pt", who="P", hex="3A7", planet="terra",
                             steps=1)
    assert "2 terraforming steps" in t("gaia", "build_mine", "en", who="P", hex="3A7",
                                       planet="terra", steps=2)


def test_no_name_or_message_says_one_with_a_plural_noun():
    for ident in text.NAMES:
        for lang in ("en", "pt"):
            assert not ONE_PLURAL.search(CATALOG.name("gaia", ident, lang)), (ident, lang)
    assert CATALOG.name("gaia", "k-c", "pt") == "1 de Conhecimento → 1 Crédito"
    assert CATALOG.name("gaia", "4c-q", "en") == "4 credits → 1 QIC"


def _po_keys() -> set[str]:
    from gamekit.core.i18n_po import read_file

    return {m.id[0] if isinstance(m.id, tuple) else m.id
            for m in read_file(LOCALE / "en.po") if m.id and m.context == "gaia"}


def test_portuguese_uses_the_rulebooks_terms():
    for key in _po_keys():
        langs = text.MESSAGES[key]
        forms = langs["pt"] if isinstance(langs["pt"], tuple) else (langs["pt"],)
        for form in forms:
            assert not any(w in form for w in NOT_RULEBOOK), (key, form)
    assert CATALOG.name("gaia", "lost", "pt") == "Planeta Escuro"
    assert "Aliança" in t("gaia", "act.federation", "pt", a0="x")
    assert "Bônus de Rodada" in t("gaia", "ask.booster", "pt")


def test_upgrades_name_the_buildings_with_their_articles():
    line = t("gaia", "upgrade", "pt", who="Jogador 1", old="m", hex="3A7", new="ts")
    assert line == "Jogador 1 melhora a Mina em 3A7 para uma Estação de Comércio."
    line = t("gaia", "upgrade", "pt", who="Jogador 1", old="lab", hex="3A7", new="PI")
    assert line == "Jogador 1 melhora o Laboratório de Pesquisa em 3A7 para um Instituto Planetário."


def test_every_vp_source_of_a_played_game_is_named():
    state = new("gaia", players=3, seed=5)
    random_playout(state, random.Random(5))
    for seat in range(state.players):
        for key in state.score_breakdown(seat):
            for lang in ("en", "pt"):
                shown = CATALOG.name("gaia", key, lang)
                assert shown != key and "_" not in shown, (key, lang, shown)


def test_narration_of_a_played_game_has_no_one_with_a_plural_noun():
    state = new("gaia", players=2, seed=3)
    random_playout(state, random.Random(3))
    for lang in ("en", "pt"):
        for line in state.narration(lang, None):
            assert not ONE_PLURAL.search(line), line
