"""The It's a Wonderful World lesson teaches (issue "Lessons that teach"): every rulebook section
is covered, the recorded game replays exactly, every number the prose states is computed from
that game and checked here against the replayed states, each chapter names a decision of the game
with its board, the mistake scenarios show what they claim, the quizzes ask only about rules
already taught (at least half "what would you do here?" on the board)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from test_lesson_facts import literal_numbers

from gamekit.core import GameRecord
from gamekit.core.records import replay
from gamekit_widgets.lesson import Lesson
from gamekit_widgets.lessons import prose
from gamekit_widgets.lessons import wonderful as content
from gamekit_widgets.lessons import wonderful_facts as F

NOTEBOOK = Path(__file__).resolve().parents[2] / "notebooks" / "wonderful" / "learn.ipynb"
FLOW_KEYS = ("flows_r1", "flows_r2", "flows_r3", "flows_r4")


@pytest.fixture(scope="module")
def lesson():
    return Lesson("wonderful")


@pytest.fixture(scope="module")
def game():
    """The recorded game replayed by the engine alone (not by the lesson)."""
    return replay(GameRecord.load(content.RECORD))


def seat_at(lesson, index, seat=0):
    return lesson.session.state_at(index).to_dict()["seats"][seat]


def notebook_calls() -> list[str]:
    cells = json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]
    return ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]


def plain(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<style.*?</style>|<[^>]+>", " ", html, flags=re.S))


def widget_text(w) -> str:
    parts = [w.value] if isinstance(getattr(w, "value", None), str) else []
    parts += [widget_text(c) for c in getattr(w, "children", ())]
    return " ".join(parts)


# --------------------------------------------------------------------------- the recorded line
def test_the_recorded_line_replays_exactly(lesson, game):
    assert game.is_over() and game.result().scores == [50, 50, 36]
    assert game.result().winners == [1]
    assert lesson.final().result().scores == game.result().scores
    assert lesson.final().to_dict() == game.to_dict()


def game_keys() -> set[str]:
    keys = set(content.CHAPTERS) | set(content.SCENARIOS) | {"try_intro", *FLOW_KEYS}
    for q in content.QUIZZES:
        keys |= {q, q + "_why"}
    return keys


def test_the_prose_of_the_game_states_no_literal_number():
    bad = []
    for lang in prose.LANGS:
        sections = prose.parse(prose.path_of("wonderful", lang).read_text(encoding="utf-8"))
        for key in sorted(game_keys()):
            bad += [(lang, key, n) for n in literal_numbers(sections[key],
                                                             content.RULE_NUMBERS[lang])]
            for hole in re.findall(r"\{([a-z_0-9]+)\}", sections[key]):
                assert hole in content.FACTS or hole in ("round", "n"), (lang, key, hole)
    assert not bad, bad


def test_every_number_stated_matches_the_replayed_game(lesson, game):
    facts = lesson.facts()
    sup = {(x["round"], x["step"]): x for x in game.to_dict()["supremacy"]}
    deal = next(e for e in game.events if e.kind == "deal")
    assert facts["hand"] == deal.data["size"] == 7 and facts["passed"] == 6
    assert facts["deck"] == 150 and facts["players"] == 3 and facts["rounds"] == 4
    # round 1: gold comes only from recycling
    assert facts["r1_gold_made"] == sum(sup[(1, "gold")]["production"]) == 0
    gold = [f for f in game.flows if f.round == 1 and f.resource == "gold"
            and f.source.startswith("recycle:")]
    assert facts["r1_gold_recycled"] == sum(f.amount for f in gold) == 5
    assert facts["r1_gold_n"] == len([f for f in gold if f.seat == 0]) == 2
    assert facts["r1_kept"] + facts["r1_recycled"] == facts["hand"]
    # the Wind Turbines example: built in the materials step, producing in the energy step
    i = lesson.session.index
    lesson.reach(round=1, phase="production")
    before = lesson.state.to_dict()["seats"][1]
    lesson.goto(content.CHAPTERS["r1_production"]["at"])
    after = lesson.state.to_dict()["seats"][1]
    lesson.session.goto(i)
    assert "wind_turbines" not in before["built"] and "wind_turbines" in after["built"]
    assert before["production"]["energy"] == 0
    assert after["production"]["energy"] == facts["wt_seat_energy"] == facts["wt_energy"] == 1
    wt = next(e for e in before["construction"] if e["card"] == "wind_turbines")
    assert len(wt["spaces"]) == facts["wt_cost"] == 2  # one space left for the materials step
    assert [sp["filled_by"] for sp in wt["spaces"]] == ["materials", None]
    assert sup[(1, "materials")]["production"][1] >= 1
    # round 2: generals kept from round 1, Underwater City built in planning
    assert facts["r2_generals"] == 2 == sum(1 for x in sup.values()
                                            if x["round"] == 1 and x["seat"] == 0)
    assert sup[(2, "exploration")]["production"][0] == facts["r2_expl_me"] == 4
    # round 3 and 4
    assert sup[(3, "exploration")]["production"][0] == facts["r3_expl_me"] == 7
    assert facts["r3_expl_cards"] == 6 and facts["r3_left"] == 2
    assert facts["r4_recycled"] == 7 and not F.events(lesson, "kept", round=4, seat=0)
    assert facts["kryst_end"] == game.to_dict()["seats"][0]["krystallium"] == 5
    assert facts["kryst_made_r4"] == sum(1 for e in game.events
                                         if e.kind == "krystallium_made" and e.round == 4)
    assert facts["r4_need"] == facts["r4_prod"] == 7


# --------------------------------------------------------------------------- chapters
def test_each_chapter_names_a_decision_of_the_game_with_its_board(lesson):
    boards = set()
    for key, spec in content.CHAPTERS.items():
        box = lesson.chapter(key)
        if spec.get("board", True):
            assert len(box.children) == 2 and "gkw-board" in box.children[1].value, key
            boards.add(lesson.state.round)
        if key == "setup":
            continue
        index, action = spec["decision"](lesson)
        assert lesson.session.action_at(index) == action
        cards = [a for a in action.args if a in F.CARDS]
        card = cards[0] if cards else None
        if card is None:  # a placement: the card it goes on
            card = action.args[-1]
        for lang in prose.LANGS:
            text = plain(lesson.text(key, lang, round=lesson.state.round))
            assert F.name(card)[lang] in text, (key, lang, card)
    assert boards == {1, 2, 3, 4}


def test_the_wind_turbines_decision_is_the_materials_placement(lesson):
    index, action = content.CHAPTERS["r1_production"]["decision"](lesson)
    st = lesson.session.state_at(index)
    assert st.round == 1 and st.to_dict()["step"] == "materials"
    assert action.seat == 1 and action.args == ("materials", "wind_turbines")
    after = lesson.session.state_at(index + 1).to_dict()["seats"][1]
    assert "wind_turbines" in after["built"]  # this cube completed it


# --------------------------------------------------------------------------- quizzes
def test_quizzes_ask_only_about_rules_already_taught():
    calls = notebook_calls()
    where = {c: i for i, c in enumerate(calls)}
    for key, spec in content.QUIZZES.items():
        quiz = where[f'lesson.quiz("{key}")']
        taught = [i for c, i in where.items() if f'"{spec["taught_by"]}"' in c]
        assert taught and min(taught) < quiz, key


def test_at_least_half_the_quizzes_are_decisions_on_the_board():
    lesson = Lesson("wonderful")  # a quiz plays on to its moment: start from the beginning
    decide = [k for k, s in content.QUIZZES.items() if s["kind"] == "decide"]
    assert 2 * len(decide) >= len(content.QUIZZES)
    for key in decide:
        box = lesson.quiz(key)
        assert "gkw-board" in box.children[1].value, key
        choices = content.QUIZZES[key]["choices"](lesson)
        answer = box.answer()
        assert answer in choices, key
        box.reveal()
        for lang in prose.LANGS:
            lesson.set_lang(lang)
            shown = plain(widget_text(box))
            assert lesson.text(key + "_why", lang).split()[0] in shown
            assert "_" not in shown.replace("gkw", ""), (key, lang)
        lesson.set_lang("en")


def test_decision_quiz_answers_are_what_the_game_did(lesson):
    facts = lesson.facts()
    assert content.QUIZZES["q_gold"]["answer"](lesson) == "recycle"
    assert content.QUIZZES["q_science"]["answer"](lesson) == "university"
    assert content.QUIZZES["q_generals"]["answer"](lesson) == "place_now"
    assert content.QUIZZES["q_last"]["answer"](lesson) == "recycle"
    # premise of q_science: Underwater City lacks exactly one science cube, and only one
    # drafted card recycles into science
    i, _ = content._decision(lesson, 2, lambda a: a.seat == 0 and a.verb in ("keep", "recycle"))
    me = seat_at(lesson, i)
    uc = next(e for e in me["construction"] if e["card"] == "underwater_city")
    assert [sp["kind"] for sp in uc["spaces"] if not sp["filled_by"]] == ["science"]
    assert [c for c in me["drafted"] if F.CARDS[c].recycle == "science"] == ["university"]
    assert facts["r2_built"]["en"] == "Underwater City"


# --------------------------------------------------------------------------- scenarios
def test_mistake_scenarios_show_what_they_claim(lesson):
    facts = lesson.facts()
    final = lesson.final()
    # m_tie: a tie for the highest production, nobody gets the bonus
    i = content.SCENARIOS["m_tie"]["find"](lesson, final)
    st = lesson.session.state_at(i)
    x = next(x for x in st.to_dict()["supremacy"] if x["round"] == facts["tie_round"]
             and x["step"] == "materials")
    assert x["seat"] is None and sorted(x["production"])[-2:] == [facts["tie_amount"]] * 2
    # m_krystallium: 5 cubes became one Krystallium
    e = F.kryst_made(lesson)
    assert facts["k_cubes"] == sum(e.data["cubes"].values()) == 5
    # m_planning_build: built during planning, and it produces in that round's production
    i = content.SCENARIOS["m_planning_build"]["find"](lesson, final)
    built = next(e for e in final.events if e.kind == "built" and e.phase == "planning")
    assert built.data["card"] in lesson.session.state_at(i).to_dict()["seats"][0]["built"]
    sup = {(x["round"], x["step"]): x for x in final.to_dict()["supremacy"]}
    assert sup[(built.round, "exploration")]["production"][0] >= facts["r2_built_expl"]
    # m_wait: generals held at the start of a round, used later that round
    i = content.SCENARIOS["m_wait"]["find"](lesson, final)
    me = seat_at(lesson, i)
    assert me["general"] == facts["r2_generals"] > 0
    assert lesson.session.state_at(i).round == facts["gen_round"]
    # m_discard (on a copy): the card is gone, its cubes with it, its recycling bonus on the
    # Empire card; the lesson's own game is untouched
    i, action, cubes = content._discard(lesson)
    before = seat_at(lesson, i)
    after = content.SCENARIOS["m_discard"]["find"](lesson, final).to_dict()["seats"][0]
    card = action.args[0]
    assert cubes == facts["disc_cubes"] == 7
    assert card in [e["label"] for e in before["construction"]]
    assert card not in [e["label"] for e in after["construction"]]
    res = F.CARDS[card].recycle
    assert after["empire_cubes"][res] == before["empire_cubes"][res] + 1
    assert card in final.to_dict()["seats"][0]["built"]  # the game itself built it
    # m_kryst_end: Krystallium at the end, and no VP for it in the breakdown
    assert facts["kryst_end"] > 0 and not any("kryst" in k for k in final.result().breakdown[0])


# --------------------------------------------------------------------------- flows, fork, words
def test_each_round_flow_carries_its_own_finding(lesson):
    texts = []
    for rnd in (1, 2, 3, 4):
        out = lesson.round_flows(rnd)
        caption = plain(out.value).split("Where resources went")[0]
        texts.append(caption)
    assert len(set(texts)) == 4
    facts = lesson.facts()
    assert str(facts["r1_gold_recycled"]) in texts[0]
    assert str(facts["r2_built_me"]) in texts[1]
    assert str(facts["r3_expl_me"]) in texts[2]
    assert str(facts["kryst_made_r4"]) in texts[3]


def test_try_it_yourself_replays_the_game_and_compares_the_choices(lesson):
    out = lesson.try_it(playouts=3)
    fork = lesson.fork_table
    assert list(fork.recorded.scores) == [50, 50, 36]
    assert {b.action.verb for b in fork.branches} == {"keep", "recycle"}
    assert {b.action.args for b in fork.branches} == {("atlantis",)}
    lesson.set_lang("pt")
    shown = plain(out.value)
    lesson.set_lang("en")
    assert "Jogador 1: 50, Jogador 2: 50, Jogador 3: 36" in shown
    assert "guardar" in shown and "reciclar" in shown and "_" not in shown


def test_no_engine_commands_and_both_languages():
    for lang in prose.LANGS:
        text = prose.path_of("wonderful", lang).read_text(encoding="utf-8")
        assert not re.search(r"\bp\d \w+", text), lang
        assert "`" not in text, lang
    texts = prose.load("wonderful")
    for key in ("anatomy", "modes", "checklist", *game_keys()):
        assert texts[key]["en"] and texts[key]["pt"] and texts[key]["en"] != texts[key]["pt"]


def test_annotated_card_before_the_game_and_checklist_after(lesson):
    calls = notebook_calls()
    first_chapter = calls.index('lesson.chapter("setup")')
    assert calls.index('lesson.extra("anatomy")') < first_chapter
    assert calls.index('lesson.say("checklist")') > calls.index("lesson.scoring()")
    for lang in prose.LANGS:
        lesson.set_lang(lang)
        html = plain(lesson.extra("anatomy").value)
        for part in ("anat_name", "anat_cost", "anat_prod", "anat_vp", "anat_bonus",
                     "anat_recycle"):
            assert plain(lesson.text(part, lang)).strip() in html, (lang, part)
        assert F.name("treasure_of_the_templars")[lang] in html
    lesson.set_lang("en")
    checklist = plain(lesson.text("checklist", "en"))
    for rule in ("Draft", "Planning", "Production", "Krystallium", "Discarding", "End"):
        assert rule in checklist


def test_the_drawings_name_every_piece_in_words(lesson):
    for lang in prose.LANGS:
        lesson.set_lang(lang)
        for name in ("pieces", "anatomy", "round_shape"):
            shown = plain(lesson.extra(name).value)
            assert not re.search(r"\b[a-z]+_[a-z_]+\b", shown), (lang, name)
            for res in ("materials", "exploration", "krystallium", "general"):
                assert f" {res} " not in f" {shown} " or lang == "en", (lang, name, res)
    lesson.set_lang("en")
