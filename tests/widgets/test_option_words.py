"""The set-up form's refusals and every upload refusal in the page's language (issue 30): the
engine's English ``OptionError`` / ``RecordError`` text never reaches a Portuguese page."""

from __future__ import annotations

import re

import ipywidgets as W
import pytest

from gamekit.core import OptionError, RecordError, new
from gamekit_widgets.option_words import option_error_text
from gamekit_widgets.presets import play_app
from gamekit_widgets.upload import load_error_text


def _refusal(game: str, players: int = 2, **options) -> OptionError:
    with pytest.raises(OptionError) as err:
        new(game, players=players, **options)
    return err.value


def test_players_out_of_range_in_both_languages():
    exc = _refusal("race", players=9)
    assert option_error_text(exc, "race", "pt") == \
        "Não é possível começar: este jogo é para 2 a 4 jogadores."
    assert "2 to 4 players" in option_error_text(exc, "race", "en")


def test_an_option_is_named_by_the_form_s_label_never_its_id():
    exc = _refusal("gaia", factions=["terrans", "terrans"])
    pt = option_error_text(exc, "gaia", "pt")
    assert "Facções" in pt and "factions" not in pt and "option" not in pt, pt
    assert "Factions" in option_error_text(exc, "gaia", "en")


def test_anything_else_gets_a_general_line():
    pt = option_error_text(ValueError("something deep in the engine"), "race", "pt")
    assert pt.startswith("Não é possível começar:") and "engine" not in pt


def test_the_form_tells_its_refusal_and_tells_it_again_in_the_other_language():
    app = play_app("gaia", human=0, seed=1, flows=False)
    app.option_widgets["factions"].value = ["terrans", None]  # one seat chosen, not both
    before = app.state
    assert not app.start() and app.state is before
    app.set_lang("pt")
    assert "Não é possível começar" in app.form_message.value
    assert "Facções" in app.form_message.value and "factions" not in app.form_message.value
    app.set_lang("en")
    assert "Cannot start" in app.form_message.value


@pytest.mark.parametrize("text,field,pt", [
    ("line 12: 'x': cannot be replayed", None, "a linha 12 do registro"),
    ("setup lacks scoring tiles", "setup", "a preparação do registro"),
    ("has no map: give 'map'", None, "a preparação do registro"),
    ("moves[4]: illegal", "moves[4]", "o lance 5 do registro"),
])
def test_importer_refusals_are_told_by_line_and_part(text, field, pt):
    told = load_error_text(RecordError(text, source="upload", field=field), "pt")
    assert told.startswith("Não foi possível carregar:") and pt in told, told
    assert "cannot" not in told and "setup" not in told and "'x'" not in told


def test_an_importer_s_own_json_and_size_refusals_are_told_as_such():
    from gamekit.games.gaia.samples import load_upload

    with pytest.raises(RecordError) as err:
        load_upload(b"/etc/passwd")
    told = load_error_text(err.value, "pt")
    assert told == "Não foi possível carregar: o arquivo não é JSON; carregue um arquivo salvo " \
                   "por este aplicativo."
    big = RecordError("too big", source="upload", kind="too_big")
    assert "maior do que um registro" in load_error_text(big, "pt")


RAW_ID = re.compile(r"^[a-z0-9]+([_-][a-z0-9]+)+$")


def _form_words(app) -> list[tuple[str, str]]:
    """(where, text) for every word of the set-up form: each option's label, help and choices."""
    words = []
    for name, w in app.option_widgets.items():
        words.append((f"{name} label", re.sub("<[^>]+>", "", w.description)))
        words.append((f"{name} help", getattr(w, "help_target", w).tooltip or ""))
        for label, _value in getattr(w, "options", ()):
            words.append((f"{name} choice", label))
    return words


@pytest.mark.parametrize("game", ["wonderful", "race", "bluemoon", "gaia"])
def test_every_word_of_the_set_up_form_is_in_the_page_s_language(game):
    """No option shows its id (``faction_variant``, ``choose-bid``) or its English help on a
    Portuguese page (issue 27): label, hover help and choices all come from the catalogs."""
    app = play_app(game, human=0, seed=0, flows=False)
    english = dict(_form_words(app))
    app.set_lang("pt")
    pt = _form_words(app)
    for where, text in pt:
        assert text and not RAW_ID.match(text), (game, where, text)
        if where.endswith(("label", "help")):
            assert text != english[where], (game, where, text)
    # a row of dropdowns (a box) shows its help on its label: a box's own tooltip breaks the
    # browser's widget view ("Error setting state": a box has no description)
    for w in app.option_widgets.values():
        assert not isinstance(w, W.Box) or not w.tooltip, w
    # no dropdown shows an empty box: "no choice" is its "—" (ipywidgets selects nothing for
    # None), in a new form and after a choice is taken back
    dropdowns = [d for w in app.option_widgets.values()
                 for d in (getattr(w, "seats", None) or [w]) if isinstance(d, W.Dropdown)]
    for d in dropdowns:
        assert d.index is not None, (game, d.options)
        if any(v is None for _l, v in d.options):
            d.index = len(d.options) - 1
            d.value = None
            assert d.options[d.index][0] == "—", (game, d.options)
