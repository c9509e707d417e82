"""Race for the Galaxy's lesson covers its rulebook (issue "Lessons that teach"): every section
of the rulebook is taught by a paragraph of the lesson or explicitly left for the rulebook."""

from __future__ import annotations

from gamekit_widgets.lessons import coverage


def test_coverage_table_is_complete():
    assert coverage.check("race") == []


def test_the_lesson_teaches_all_but_the_reference_pages():
    left = {r.section for r in coverage.table("race") if r.key == coverage.RULEBOOK}
    assert left == {"Sobre as cartas", "Créditos"}
    assert coverage.rate("race") == 1 - len(left) / len(coverage.sections("race"))


def test_sections_missing_before_are_taught():
    taught = {r.section: r.key for r in coverage.table("race")}
    for section in ("Quem joga primeiro?", "Partida de 2 jogadores (para jogadores experientes)",
                    "IV: Consumo > Ordem e uso integral das habilidades",
                    "Cartas, fichas e fim da rodada"):
        assert taught[section] != coverage.RULEBOOK, section
