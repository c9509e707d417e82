"""Blue Moon City's lesson covers its rulebook (issue "Lessons that teach"): every section of
the rulebook is taught by a paragraph of the lesson or explicitly left for the rulebook."""

from __future__ import annotations

from gamekit_widgets.lessons import coverage


def test_coverage_table_is_complete():
    assert coverage.check("bluemoon") == []


def test_only_the_variant_the_expansion_and_the_credits_are_left_for_the_rulebook():
    left = {r.section for r in coverage.table("bluemoon") if r.key == coverage.RULEBOOK}
    assert left == {"Preparação > Preparação alternativa",
                    "Expansão > Preparação adicional das construções",
                    "Expansão > Construções especiais", "Créditos"}


def test_sections_missing_before_are_taught():
    taught = {r.section: r.key for r in coverage.table("bluemoon")}
    for section in ("Fase de reposição", "Pontuação das construções > Empate no bônus majoritário",
                    "Cristais & obelisco > Sem escama por oferenda",
                    "Fim do jogo > Todos sem marcadores"):
        assert taught[section] != coverage.RULEBOOK, section
