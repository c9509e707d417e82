"""The message catalogs: .po files parse, both languages agree, the API keeps working."""

from __future__ import annotations

import string
from pathlib import Path

import pytest

import gamekit
from gamekit.core import CATALOG, LANGUAGES
from gamekit.core.i18n import LOCALES, Catalog
from gamekit.core.i18n_po import NAMES_SUFFIX, read_file

ROOT = Path(gamekit.__file__).resolve().parent
WIDGETS = ROOT.parent / "widgets"
FOLDERS = sorted(
    [p for p in (ROOT / "core" / "locale", WIDGETS / "locale") if p.is_dir()]
    + list((ROOT / "games").glob("*/locale"))
)


def _load_everything() -> None:
    import gamekit.plots  # noqa: F401
    from gamekit.core.registry import available

    for game in available():
        try:
            __import__(f"gamekit.games.{game}.render")
        except ModuleNotFoundError:
            pass
    import gamekit_widgets.app  # noqa: F401
    import gamekit_widgets.lessons.bluemoon  # noqa: F401
    import gamekit_widgets.lessons.race  # noqa: F401
    import gamekit_widgets.lessons.wonderful  # noqa: F401


_load_everything()


def _fields(template) -> set[str]:
    forms = template if isinstance(template, tuple) else (template,)
    out = set()
    for form in forms:
        out |= {name for _lit, name, _spec, _conv in string.Formatter().parse(form) if name}
    return out


def test_there_is_a_catalog_folder_per_domain():
    names = {p.parent.name for p in FOLDERS}
    assert {"core", "wonderful", "race", "bluemoon", "gaia"} <= names
    assert WIDGETS / "locale" in FOLDERS


@pytest.mark.parametrize("folder", FOLDERS, ids=lambda p: p.parent.name)
def test_po_files_parse_and_hold_the_same_entries(folder):
    entries = {}
    for lang, locale in LOCALES.items():
        cat = read_file(folder / f"{locale}.po", locale)
        assert cat.num_plurals == 2 and cat.plural_expr == "(n != 1)"
        entries[lang] = {(m.context, m.id): m for m in cat if m.id}
        assert entries[lang], folder
        for m in entries[lang].values():
            assert m.context, f"{folder}: {m.id} has no msgctxt"
            if isinstance(m.id, tuple):
                assert len(m.string) == 2 and all(m.string), f"{folder}: {m.id} plural incomplete"
                assert any(f.startswith("count:") for f in m.flags), m.id
            else:
                assert m.string, f"{folder}: {m.context} {m.id} untranslated in {lang}"
    assert set(entries["en"]) == set(entries["pt"]), folder
    for key, m in entries["en"].items():
        if not key[0].endswith(NAMES_SUFFIX):
            assert _fields(_pair(m.string)) == _fields(_pair(entries["pt"][key].string)), key


def _pair(value):
    return tuple(value) if isinstance(value, (list, tuple)) else value


def test_a_malformed_po_file_is_refused_with_its_name(tmp_path):
    bad = tmp_path / "en.po"
    bad.write_text('msgctxt "x"\nmsgid "a"\nmsgstr "b"\ngarbage here\n', encoding="utf-8")
    with pytest.raises(ValueError, match="en.po"):
        read_file(bad)


def test_every_message_has_both_languages_and_the_same_placeholders():
    assert CATALOG.missing() == []
    for key, entry in CATALOG.messages.items():
        assert set(LANGUAGES) <= set(entry), key
        en, pt = entry["en"], entry["pt"]
        assert isinstance(en, tuple) == isinstance(pt, tuple), key
        if isinstance(en, tuple):
            assert len(en) == len(pt) == 2 and all(en) and all(pt), key
            assert CATALOG.counts[key] in _fields(en) | {"n"}, key
        assert _fields(en) == _fields(pt), key


def test_every_component_name_has_english_and_portuguese():
    for namespace, table in CATALOG.names.items():
        for ident, entry in table.items():
            assert entry.get("en") and entry.get("pt"), (namespace, ident)


def test_plural_forms_choose_by_the_count():
    assert CATALOG.text("bluemoon", "draw", "pt", n=1, why="x").startswith("{who} compra 1 carta ")
    assert "compra 3 cartas" in CATALOG.text("bluemoon", "draw", "pt", n=3, why="x")
    assert "0 cartas" in CATALOG.text("bluemoon", "draw", "pt", n=0, why="x")
    assert "draws 1 card " in CATALOG.text("bluemoon", "draw", "en", n=1, why="x")


def test_articles_and_contractions_agree_with_the_name():
    text = CATALOG.text("bluemoon", "majority", "pt", who="Jogador 1", tile="royal_palace", n=2)
    assert text == "Jogador 1 tem a maioria no Palácio Real (2 marcadores)."
    text = CATALOG.text("bluemoon", "majority", "pt", who="Jogador 1", tile="library", n=1)
    assert text == "Jogador 1 tem a maioria na Biblioteca (1 marcador)."
    text = CATALOG.text("bluemoon", "building_complete", "pt", tile="thermae",
                        contributors=["p1", "p2", "p3"], n=3)
    assert text == "As Termas foram reconstruídas! Contribuíram: Jogador 1, Jogador 2 e Jogador 3."
    text = CATALOG.text("bluemoon", "building_complete", "pt", tile="thermae",
                        contributors=["p2"], n=1)
    assert text == "As Termas foram reconstruídas! Contribuiu: Jogador 2."
    text = CATALOG.text("bluemoon", "building_complete", "en", tile="thermae",
                        contributors=["p1", "p2"], n=2)
    assert text.endswith("Contributors: Player 1 and Player 2.")
    assert CATALOG.text("bluemoon", "turn", "pt", who="Jogador 3") == "É a vez do Jogador 3."


def test_spaces_count_from_one():
    text = CATALOG.text("bluemoon", "ask.pay", "en", tile="aqueduct", space=0, colour="blue",
                        value=4, paid=0)
    assert "space 1 of the Aqueduct" in text


def test_python_messages_still_work_and_po_entries_win():
    cat = Catalog()
    cat.add("toy", {"hello": {"en": "Hello {who}", "pt": "Olá {who}"},
                    "cards": {"en": ("{n} card", "{n} cards"), "pt": ("{n} carta", "{n} cartas"),
                              "count": "n"}})
    cat.add_names("toy", {"red": {"en": "red", "pt": "vermelho"}})
    assert cat.text("toy", "hello", "pt", who="red") == "Olá vermelho"
    assert cat.text("toy", "cards", "pt", n=2) == "2 cartas"
    with pytest.raises(ValueError, match="lacks"):
        cat.add("toy", {"bad": {"en": "only English"}})
    # the shared catalog: a .po key is not overridden from Python
    before = CATALOG.text("core", "round", "pt", n=2)
    CATALOG.add("core", {"round": {"en": "Round {n}", "pt": "Ronda {n}"}})
    assert CATALOG.text("core", "round", "pt", n=2) == before == "Rodada 2"


def test_loading_a_folder_twice_reads_it_once():
    folder = ROOT / "core" / "locale"
    count = len(CATALOG.loaded)
    CATALOG.load(folder)
    assert len(CATALOG.loaded) == count
