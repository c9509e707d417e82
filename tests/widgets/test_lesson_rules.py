"""Rules taught by content (issue 28): every fact of every rulebook section is said in the
lesson the learner sees, in both languages, before the first decision that needs it
(``gamekit_widgets.lessons.rules``; data in ``docs/lessons/<game>-rules.json``)."""

from __future__ import annotations

import pytest

from gamekit_widgets.lessons import coverage, rules

#: games whose every rule section is checked by content (docs/lessons/rules.md)
CHECKED = ("gaia", "wonderful", "race", "bluemoon")


@pytest.mark.parametrize("game", CHECKED)
def test_every_rule_is_said_before_it_is_needed(game):
    assert rules.check(game) == []


#: the sections with no rule to teach (reviewed one by one; docs/lessons/rules.md says why)
NO_RULE = {
    "wonderful": {"VI Final do jogo > Exemplo de fim de jogo"},
    "race": {"Sobre as cartas", "Créditos"},
    "bluemoon": {"Preparação > Preparação alternativa", "Expansão > Construções especiais",
                 "Créditos"},
    "gaia": {"Créditos"},
}


@pytest.mark.parametrize("game", CHECKED)
def test_every_rulebook_section_has_an_entry_with_facts(game):
    listed = {e["section"] for e in rules.entries(game)}
    assert listed == set(coverage.sections(game))
    assert {e["section"] for e in rules.entries(game) if not e.get("facts")} == NO_RULE[game]
    taught, total = rules.rate(game)
    assert taught == total == len(coverage.sections(game)) - len(NO_RULE[game])


def test_gaia_rules_the_issue_lists_are_entries():
    """Issue 28's list for Gaia Project: each is a fact of some entry, in both languages."""
    facts = " | ".join(f["en"].lower() for e in rules.entries("gaia") for f in e.get("facts", []))
    for wanted in ("15 credits, 4 ore, 3 knowledge", "adds 2 to the range", "for its owner only",
                   "a third at level 4", "only 3 credits and 2 ore", "never take the same tile",
                   "level 4 or 5", "covers one of your basic tiles", "power value of 6",
                   "fewest satellites", "touch a federation of yours", "level 2 to level 3",
                   "only one player", "below 0 vp", "15 ore, 15 knowledge and 30 credits",
                   "share those vp", "neutral player", "counts 0 scores nothing", "lost planet"):
        assert wanted in facts, wanted


ORDER = ["intro", "q", "q_why", "chapter"]
SAID = {"intro": {"en": "a mine costs 2 credits", "pt": "uma mina custa 2 créditos"},
        "q": {"en": "how many?", "pt": "quantos?"},
        "q_why": {"en": "range 1 at level 0", "pt": "alcance 1 no nível 0"},
        "chapter": {"en": "the lost planet counts as a mine", "pt": "o planeta escuro conta"}}


def entry(by, en, pt, section="Componentes"):
    return {"section": section, "by": by, "facts": [{"en": en, "pt": pt}]}


def problems(*entries):
    return rules.check("gaia", rules=entries, order=ORDER, said=SAID, quizzes={"q"})


def test_a_fact_said_before_the_question_counts():
    out = problems(entry("q", "mine costs 2 credits", "mina custa 2 créditos"))
    assert not [p for p in out if "Componentes" in p]


def test_a_fact_said_only_after_the_question_is_reported():
    out = problems(entry("q", "range 1 at level 0", "alcance 1 no nível 0"))
    assert any("'range 1 at level 0' is not said before 'q'" in p for p in out)
    # a chapter's own text counts for the chapter
    out = problems(entry("chapter", "lost planet counts", "planeta escuro conta"))
    assert not [p for p in out if "Componentes" in p]


def test_a_fact_missing_in_one_language_is_reported():
    out = problems(entry("chapter", "mine costs 2 credits", "mina custa 3 créditos"))
    assert [p for p in out if "(pt)" in p and "custa 3" in p]
    assert not [p for p in out if "(en)" in p and "Componentes" in p]


def test_the_section_name_alone_is_no_fact():
    out = problems(entry(None, "componentes", "componentes"))
    assert any("is no fact, only a name" in p for p in out)


def test_a_decision_the_lesson_does_not_show_is_reported():
    out = problems(entry("q_nowhere", "a mine", "uma mina"))
    assert any("'q_nowhere' is not shown" in p for p in out)


def test_sections_without_an_entry_are_reported():
    out = problems(entry(None, "mine costs 2 credits", "mina custa 2 créditos"))
    assert any("'Créditos' has no entry" in p for p in out)


def test_a_malformed_rules_file_is_refused(tmp_path, monkeypatch):
    (tmp_path / "x-rules.json").write_text('[{"section": "A", "facts": [{"en": "a b"}]}]')
    monkeypatch.setattr(rules, "DATA", tmp_path)
    with pytest.raises(rules.RulesError, match="needs 'en' and 'pt'"):
        rules.entries.__wrapped__("x")
    (tmp_path / "x-rules.json").write_text('[{"section": "A", "why": 1}]')
    with pytest.raises(rules.RulesError, match="unknown keys"):
        rules.entries.__wrapped__("x")


def test_the_notebook_order_puts_a_quiz_answer_after_its_question():
    order = rules.shown("gaia")
    assert order.index("q_income") + 1 == order.index("q_income_why")
    assert order.index("rules_start") < order.index("game_intro") < order.index("q_income")
