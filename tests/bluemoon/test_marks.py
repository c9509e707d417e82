"""Reconstructed values are marked where players look: the people cards' 1/2/3 split (≈)."""

from __future__ import annotations

import json
import random
import re

import gamekit
from gamekit.cli import main
from gamekit.core import CATALOG
from gamekit.games.bluemoon import data as D
from gamekit.games.bluemoon.render import html


def test_cards_of_the_reconstructed_split_carry_the_mark_in_both_languages():
    s = gamekit.new("bluemoon", players=2, seed=1)
    for lang, word in (("en", "reconstructed"), ("pt", "reconstrução")):
        board = html(s, lang)
        cards = board.count("class='bm-card'")
        assert cards >= 8 and board.count("class='bm-approx'") == cards
        assert word in board


def test_a_box_of_your_own_values_is_not_marked():
    own = {p: {"1": 4, "2": 3, "3": 3} for p in D.PEOPLES}
    s = gamekit.new("bluemoon", players=2, seed=1, cards=own)
    board = html(s, "en")
    assert "class='bm-card'" in board and "bm-approx" not in board


CARD_EVENTS = ("discard", "play_power", "pay", "recolour", "contribute")


def _played(**options):
    s = gamekit.new("bluemoon", players=2, seed=3, **options)
    rng = random.Random(3)
    for _ in range(400):
        if s.is_over():
            break
        s.apply(rng.choice(s.decision(s.to_move()[0]).legal))
    return s


def test_card_names_in_the_narration_carry_the_mark_in_both_languages():
    s = _played()
    events = [e for e in s.events if e.kind in CARD_EVENTS]
    assert {e.kind for e in events} >= {"discard", "pay", "contribute"}
    for lang in ("en", "pt"):
        for e in events:
            cards = e.data["cards"] if e.kind == "contribute" else [e.data["card"]]
            last = CATALOG.name("bluemoon", cards[-1], lang)
            assert last + "≈" in e.text(lang), (lang, e.text(lang))


def test_the_cli_narration_marks_the_cards_and_only_them(capsys):
    assert main(["play", "bluemoon", "--seed", "1", "--lang", "pt"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert json.loads(lines[-1])["finished"] is True  # the result line (result(final=True))
    marked = [ln for ln in lines if "≈" in ln]
    assert any(ln.startswith("Jogador") and "descarta" in ln for ln in marked)
    for ln in marked:  # each ≈ follows a card: a people's name and its value 1, 2 or 3
        assert ln.count("≈") == len(re.findall(r"\b[A-Z][a-z]+ [123]≈", ln)), ln


def test_a_box_of_your_own_values_leaves_the_narration_unmarked():
    own = {p: {"1": 4, "2": 3, "3": 3} for p in D.PEOPLES}
    s = _played(cards=own)
    texts = [e.text(lang) for e in s.events if e.kind in CARD_EVENTS for lang in ("en", "pt")]
    assert texts and not any("≈" in t for t in texts)
