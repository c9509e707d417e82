"""Reconstructed values are marked where players look: the people cards' 1/2/3 split (≈)."""

from __future__ import annotations

import gamekit
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
