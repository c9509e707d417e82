"""Gaia Project's lesson covers its rulebook (issue 16, "Lessons that teach"): every section of
the rulebook is taught by a paragraph of the lesson or explicitly left for the rulebook."""

from __future__ import annotations

from gamekit_widgets.lessons import coverage, prose


def test_coverage_table_is_complete():
    assert coverage.check("gaia") == []


def test_every_section_is_taught_or_left_with_a_reason():
    rows = {r.section: r for r in coverage.table("gaia")}
    assert set(rows) == set(coverage.sections("gaia"))
    assert len(rows) == len(coverage.table("gaia"))  # one row per section
    assert all(r.moment for r in rows.values())


def test_the_lesson_teaches_all_but_the_variants_and_reference_pages():
    left = {r.section for r in coverage.table("gaia") if r.key == coverage.RULEBOOK}
    assert left == {"Créditos"} | {s for s in coverage.sections("gaia")
                                   if s.startswith(("Configurações Avançadas", "Apêndice"))}
    assert len(left) == 11
    assert coverage.rate("gaia") == 1 - len(left) / len(coverage.sections("gaia"))


def test_free_actions_and_research_are_taught_in_both_languages():
    taught = {r.section: r.key for r in coverage.table("gaia")}
    assert taught["10) Ações Livres"] == "power_cycle"
    assert taught["5) Ação: Pesquisa e Tecnologias"] == "r1_lab"
    for lang, free, research in (("en", "free actions", "4 knowledge"),
                                 ("pt", "Ações Livres", "4 de Conhecimento")):
        path = prose.path_of("gaia", lang)
        keys = prose.parse(path.read_text(encoding="utf-8"), str(path))
        assert free in keys["power_cycle"], lang
        assert research in keys["r1_lab"], lang
