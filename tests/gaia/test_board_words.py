"""The faction board's income reads as written ("1 Minério", "2 Minérios"): names after a
count take their singular form after exactly one (``CATALOG.name(..., count=)``)."""

import gamekit
from gamekit.core import CATALOG
from gamekit.games.gaia import svg_boards


def test_names_after_a_count_agree_with_it():
    gamekit.get("gaia")
    assert CATALOG.name("gaia", "ore", "pt", count=1) == "Minério"
    assert CATALOG.name("gaia", "ore", "pt", count=2) == "Minérios"
    assert CATALOG.name("gaia", "ore", "pt") == "Minérios"
    assert CATALOG.name("gaia", "no_such_thing", "pt", count=1) == "no_such_thing"


def test_income_on_the_faction_board_uses_the_singular_after_one(monkeypatch):
    s = gamekit.new("gaia", players=2, seed=1, factions=["terrans", "xenos"])
    while s.pl[0].board is None or s.round == 0:
        s.apply(s.legal_actions(s.to_move()[0])[0])
    monkeypatch.setattr(svg_boards, "income_of", lambda st, seat: ({"ore": 1, "credits": 3}, [], []))
    text = svg_boards._income_text(s, 0, "pt")
    assert text.startswith("1 Minério, 3 Créditos"), text
