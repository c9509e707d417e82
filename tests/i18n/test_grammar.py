"""Narration that reads as written by a person (issue 14, grammar pass): every distinct line of
seeded games of every game, player count and word-adding setup (``narration_lines``), public and
per seat, in both languages, shows no mark of a filled template, no raw id and no
European-Portuguese form; and the catalog features that make it so."""

from __future__ import annotations

import pytest
from i18n_samples import games, raw_ids
from narration_lines import BAD_SHAPES, bad_shapes, lines, setups, shape
from pt_markers import european

import gamekit
from gamekit.core import CATALOG, t

GAMES = games()


@pytest.mark.parametrize("game", GAMES)
def test_no_narration_line_reads_like_a_filled_template(game):
    found = lines(game)
    assert len(found["pt"]) > 30 and len(found["en"]) > 30, len(found["pt"])
    bad = sorted((bad_shapes(line), line) for line in found["pt"].values() if bad_shapes(line))
    assert not bad, bad[:10]
    bad = sorted((lang, line) for lang in ("en", "pt") for line in found[lang].values()
                 if raw_ids(line) or "  " in line or line.rstrip().endswith(".."))
    assert not bad, bad[:10]
    assert not [line for line in found["pt"].values() if european(line)]


@pytest.mark.parametrize("line, name", [
    ("O Templo da Água foi reconstruído(a)!", "(s)-style plural"),
    ("1 dragão(ões) dá 1 escama(s) ao Jogador 1.", "(s)-style plural"),
    ("Jogador 1 ganha 2 cristal(is).", "(s)-style plural"),
    ("Jogador 1 se move de o Palácio Real.", "de + article"),
    ("Jogador 1 contribui em a Torre.", "de + article"),
    ("2 dragões dão 2 escamas a o Jogador 1.", "a + o"),
    ("Vez de Jogador 3.", "de Jogador"),
    ("2 dragões dão 2 escamas a Jogador 1.", "de Jogador"),
    ("Jogador 1  compra 2 cartas.", "double space"),
    ("Jogador 1 paga paga 3.", "repeated word"),
    ("Jogador 1 descarta a carta de .", "blank name"),
    ("Jogador 1 constrói uma Mina em 5A0 (Terra, 0 passos de terraformação).", "a count of nothing"),
    ("Jogador 1 carrega 1 de Poder por 0 PVs.", "a count of nothing"),
])
def test_the_bad_shapes_are_caught(line, name):
    assert name in bad_shapes(line)


@pytest.mark.parametrize("line", [
    "É a vez do Jogador 1.", "2 dragões no Palácio Real dão 2 escamas douradas ao Jogador 3.",
    "O Cristal Cerebral do Jogador 2 vai para a área II.", "Jogador 1 joga com os Itars.",
    "Mostre em que área de pesquisa avançar.",
])
def test_good_lines_are_not_flagged(line):
    assert not bad_shapes(line)


def test_every_player_count_of_every_game_is_played():
    for game in GAMES:
        cls = gamekit.core.registry.get(game).state
        counts = {n for n, _ in setups(game)}
        assert set(range(cls.min_players, cls.max_players + 1)) <= counts, game


def test_shapes_write_numbers_and_names_once():
    assert shape("Jogador 1 compra 3 cartas.") == "Jogador # compra # cartas."
    assert shape("Jogador 2 se move para o Palácio Real.", "bluemoon") == \
        "N se move para o N."  # the seat is a name of Blue Moon City too
    assert set(BAD_SHAPES) >= {"(s)-style plural", "de + article", "a + o", "double space",
                               "de Jogador"}


# --- the catalog's features used by the narration ------------------------------------------------
def test_optional_text_shows_only_around_a_value():
    CATALOG.add("test_grammar", {"built": {"en": "{who} builds{bonus:opt: (bonus: %)}.",
                                           "pt": "{who} constrói{bonus:opt: (bônus: %)}."}})
    assert t("test_grammar", "built", "en", who="A", bonus={}) == "A builds."
    assert t("test_grammar", "built", "pt", who="A", bonus={"x": 2}) == "A constrói (bônus: 2 x)."
    assert t("test_grammar", "built", "en", who="A", bonus=[]) == "A builds."


def test_a_number_agrees_with_its_noun_and_signs_and_roman_numerals():
    CATALOG.add("test_grammar", {
        "chips": {"en": "{n:n:chip/chips}", "pt": "{n:n:ficha/fichas}"},
        "mil": {"en": "{n:+d} military", "pt": "{n:+d} militar"},
        "bowl": {"en": "bowl {n:roman}", "pt": "área {n:roman}"},
    })
    assert [t("test_grammar", "chips", "pt", n=k) for k in (0, 1, 2)] == \
        ["0 fichas", "1 ficha", "2 fichas"]
    assert t("test_grammar", "mil", "pt", n=-1) == "-1 militar"
    assert t("test_grammar", "mil", "en", n=2) == "+2 military"
    assert [t("test_grammar", "bowl", "pt", n=k) for k in (1, 2, 3)] == \
        ["área I", "área II", "área III"]


def test_a_list_counts_its_items_for_the_plural():
    one = t("wonderful", "game_end", "pt", scores=[12])
    many = t("wonderful", "game_end", "pt", scores=[12, 9])
    assert one == "O jogo terminou com 12 PV." and "por jogador: 12, 9" in many


def test_a_name_ending_in_a_period_ends_the_sentence_once():
    line = t("gaia", "convert", "pt", who="Jogador 1", paid={"ore": 1}, got={"qic": 1})
    assert line == "Jogador 1 converte 1 Minério em 1 C.I.Q."


def test_amounts_take_the_rulebook_s_de():
    line = t("gaia", "convert", "pt", who="Jogador 1", paid={"power": 4},
             got={"knowledge": 1})
    assert line == "Jogador 1 converte 4 de Poder em 1 de Conhecimento."
    assert t("gaia", "convert", "en", who="P", paid={"power": 4}, got={"knowledge": 1}) == \
        "P converts 4 power into 1 knowledge."
    assert CATALOG.name("gaia", "knowledge", "pt") == "Conhecimento"  # the name alone: no "de"


# --- each game's words ---------------------------------------------------------------------------
def test_gaia_factions_take_their_plural_article():
    assert t("gaia", "faction", "pt", who="Jogador 1", faction="terrans") == \
        "Jogador 1 joga com os Terranos."
    assert t("gaia", "bid", "pt", who="Jogador 2", faction="ivits", n=3) == \
        "Jogador 2 oferece 3 PVs pelos Ivits."
    assert t("gaia", "bid", "pt", who="Jogador 2", faction="ivits", n=1) == \
        "Jogador 2 oferece 1 PV pelos Ivits."
    assert t("gaia", "brainstone", "pt", who="Jogador 2", bowl=3) == \
        "O Cristal Cerebral do Jogador 2 vai para a área III."
    assert t("gaia", "board.satellite", "pt", who="Jogador 2 · Terranos") == \
        "satélite do Jogador 2 · Terranos"


def test_race_negative_military_is_signed_once():
    from gamekit.games.race.render import powers_lines

    texts = [text for _ph, text in powers_lines("pan_galactic_league", "pt")]
    assert any("-1 militar" in x for x in texts) and not any("+-" in x for x in texts), texts


def test_race_vp_pool_is_never_negative_in_words():
    line = t("race", "vp", "pt", who="Jogador 1", n=3, why="consume", pool=-5)
    assert line.endswith("fichas de PV restantes na reserva: 0.") and "PVs" in line


def test_wonderful_completion_agrees_and_omits_an_empty_bonus():
    plain = t("wonderful", "built", "pt", who="Jogador 1", card="wind_turbines", bonus={})
    assert plain == "Jogador 1 conclui as Turbinas Eólicas, que se juntam ao Império.", plain
    with_bonus = t("wonderful", "built", "pt", who="Jogador 1", card="military_base",
                   bonus={"general": 1})
    assert with_bonus.endswith("que se junta ao Império (Bônus de Construção: 1 General)."), \
        with_bonus


@pytest.mark.parametrize("line", [
    "O baralho é baralhado.", "Jogador 1 está a jogar.", "Registar a jogada.", "Um prémio.",
    "O bónus económico.", "A carta actual.", "Acção do Jogador 1.", "Vais jogar connosco?",
])
def test_portuguese_of_portugal_is_caught(line):
    assert european(line), line


@pytest.mark.parametrize("line", [
    "O baralho é embaralhado.", "Jogador 1 fica com a carta.", "A carta atual.",
    "O bônus econômico.", "Jogador 1 carrega 2 de Poder por 1 PV.",
])
def test_brazilian_portuguese_passes(line):
    assert not european(line), european(line)


@pytest.mark.parametrize("lang, zero, more", [
    ("pt", "Jogador 1 constrói uma Mina em 5A0 (Terra, sem terraformação).",
     "Jogador 1 constrói uma Mina em 5A0 (Terra, 2 passos de terraformação)."),
    ("en", "Jogador 1 builds a mine on 5A0 (Terra, no terraforming needed).",
     "Jogador 1 builds a mine on 5A0 (Terra, 2 terraforming steps)."),
])
def test_a_zero_form_words_a_count_of_nothing(lang, zero, more):
    """A plural message flagged ``zero:<key>`` is worded by ``<key>`` when its count is 0."""
    gamekit.new("gaia", 2)  # the Gaia catalog is loaded with its game
    words = {"who": "Jogador 1", "hex": "5A0", "planet": "terra"}
    assert t("gaia", "build_mine", lang, steps=0, **words) == zero
    assert t("gaia", "build_mine", lang, steps=2, **words) == more
    assert CATALOG.zeros["gaia.build_mine"] == "build_mine_home"
    assert "0" not in t("gaia", "leech", lang, who="Jogador 1", n=1, vp=0)


def test_every_zero_form_names_a_message_of_both_languages():
    for full, key in CATALOG.zeros.items():
        namespace = full.rsplit(".", 1)[0]
        assert all(CATALOG.messages[f"{namespace}.{key}"].get(lang) for lang in ("en", "pt")), full


@pytest.mark.parametrize("lang, shown", [
    ("pt", "pagando com Vulca 1≈, Aqua 2≈ e Lux 3≈."),
    ("en", "paying with Vulca 1≈, Aqua 2≈ and Lux 3≈."),
])
def test_text_after_and_follows_every_item_of_the_list(lang, shown):
    """``{cards:and{split}}``: Blue Moon City's ≈ (a reconstructed split) marks every card paid,
    not only the last one; without the mark the list reads as before."""
    gamekit.new("bluemoon", 2)
    words = {"who": "Jogador 1", "tile": "royal_palace", "value": 5,
             "cards": ["vulca_1", "aqua_2", "lux_3"]}
    assert t("bluemoon", "contribute", lang, split="≈", **words).endswith(shown)
    assert t("bluemoon", "contribute", lang, split="", **words).endswith(shown.replace("≈", ""))
    assert t("bluemoon", "contribute", lang, split="≈", **{**words, "cards": ["vulca_1"]}
             ).endswith(("com Vulca 1≈.", "with Vulca 1≈."))


@pytest.mark.parametrize("lang, shown", [
    ("pt", "Jogador 1 compra 2 cartas (bônus de proximidade do Palácio Real)."),
    ("en", "Jogador 1 draws 2 cards (neighbourhood bonus of the Royal Palace)."),
])
def test_an_optional_name_takes_its_article(lang, shown):
    """``{tile:opt: %do}``: a building's bonus names the building with its contraction; a draw
    without a building (the refill) names none."""
    gamekit.new("bluemoon", 2)
    words = {"who": "Jogador 1", "n": 2, "why": "neighbourhood", "at": ""}
    assert t("bluemoon", "draw", lang, tile="royal_palace", **words) == shown
    assert t("bluemoon", "draw", lang, tile="", **{**words, "why": "refill"}).endswith(
        ("(reposição).", "(refill)."))


def test_a_neighbourhood_bonus_is_told_once_by_what_it_gives():
    """One event per fact: a rebuilt building's neighbourhood bonus is told by the lines of what
    it gives, each naming the neighbour, and by no separate "gets the bonus" line."""
    from gamekit.core import RandomAgent, play

    given: list = []
    for seed in range(60):
        state = gamekit.new("bluemoon", 3, seed=seed)
        play(state, [RandomAgent(seed + k) for k in range(3)], until=lambda s: False)  # narrated
        given = [e for e in state.events
                 if e.data.get("source", e.data.get("why")) == "neighbourhood"]
        if given:
            break
    assert given, "no neighbourhood bonus in 60 random games"
    assert not [e for e in state.events if e.kind == "neighbourhood"]
    for e in given:
        assert e.data["at"] and e.data["tile"] != e.data["at"]  # the neighbour, not the rebuilt
        assert "bônus de proximidade" in e.text("pt"), e.text("pt")
        assert "neighbourhood bonus of the" in e.text("en"), e.text("en")
