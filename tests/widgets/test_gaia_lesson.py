"""The Gaia Project lesson: the recorded first game replays, every number its prose states is
filled from that game, the chapters stop where their text says, the quizzes, scenarios and the
fork run, and the play form offers factions per seat and the map through the game's presets."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

import gamekit
from gamekit.core import CATALOG, GameRecord
from gamekit_widgets.lesson import Lesson
from gamekit_widgets.lessons import gaia, prose
from gamekit_widgets.presets import SeatChoices, play_app

_spec = importlib.util.spec_from_file_location(
    "pt_markers", Path(__file__).parents[1] / "i18n" / "pt_markers.py")
_markers = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_markers)
european = _markers.european


@pytest.fixture(scope="module")
def lesson():
    return Lesson("gaia")


def test_record_is_the_rulebooks_first_two_player_game():
    record = GameRecord.load(gaia.RECORD)
    assert record.game == "gaia" and record.players == 2 and record.seed == gaia.SEED
    assert record.options["factions"] == ["hadsch-hallas", "xenos"]  # "A Primeira Partida"
    assert record.options["layout"] == "first_game"


def test_make_record_plays_the_lesson_game_with_todays_bots(tmp_path):
    """(The shipped record stays the lesson's game when the bots change; ``make_record``
    rebuilds it with the same set-up, and ``facts`` follows whatever game it holds.)"""
    again = GameRecord.load(gaia.make_record(path=tmp_path / "again.json"))
    shipped = GameRecord.load(gaia.RECORD)
    assert again.moves and (again.players, again.seed) == (shipped.players, shipped.seed)
    # the same set-up: options added to the game since the record was made keep their defaults
    defaults = {n: o.default for n, o in gamekit.get("gaia").state.options_spec.items()}
    effective = {**defaults, **shipped.options}
    assert {**defaults, **again.options} == effective


def test_facts_are_the_lesson_games_own(lesson):
    final = lesson.final()
    f = gaia.facts(final)
    assert f == gaia.facts()  # the catalog was filled from the same game
    res = final.result()
    assert [f["vp_a"], f["vp_b"]] == res.scores and f["winner_seat"] == res.winners[0] + 1
    leeches = [e for e in final.events if e.kind == "leech"]
    assert f["leech_count"] == len(leeches)
    assert f["leech_paid_a"] + f["leech_paid_b"] == sum(e.data["vp"] for e in leeches)
    first = leeches[0]
    assert first.data["vp"] == first.data["n"] - 1 == f["leech_vp"]  # 9) Ganhando Poder
    assert f["gaia_phase_round"] == f["gaia_round"] + 1  # Fase II: Gaia of the next round
    assert f["start_mines_b"] == f["start_mines_a"] + 1  # the Xenos' third mine


def test_every_number_in_the_prose_is_a_fact_or_a_rule_number():
    values = gaia.facts()
    for lang in prose.LANGS:
        text = prose.path_of("gaia", lang).read_text(encoding="utf-8")
        used = gaia.placeholders(text)
        assert used <= set(values) | {"n", "who", "faction", "vp", "source"}, lang
        assert set(values) <= used, f"facts never stated in {lang}: {set(values) - used}"
        bare = re.findall(r"\d+", re.sub(r"\{[a-z0-9_]+\}|<!--.*?-->", "", text))
        assert set(bare) <= gaia.RULE_NUMBERS, f"{lang}: numbers not from the game: {bare}"


def test_both_languages_state_the_same_facts_per_paragraph():
    en = prose.parse(prose.path_of("gaia", "en").read_text(encoding="utf-8"))
    pt = prose.parse(prose.path_of("gaia", "pt").read_text(encoding="utf-8"))
    for key in en:
        assert gaia.placeholders(en[key]) == gaia.placeholders(pt[key]), key


def test_rendered_texts_are_filled_and_brazilian():
    for key in prose.load("gaia"):
        for lang in ("en", "pt"):
            text = CATALOG.text("lesson.gaia", key, lang, n=1, who="x", faction="y", vp=3,
                                source="z")
            assert "{" not in text, (key, lang)
            if lang == "pt":
                assert not european(text), (key, european(text))
    leech = CATALOG.text("lesson.gaia", "r3_leech", "pt")
    f = gaia.facts()
    assert f"recebeu {f['leech_n']} de Poder por {f['leech_vp']} PV" in leech


def test_chapters_stop_at_the_moment_they_explain(lesson):
    box = lesson.chapter("setup")
    assert lesson.state.round == 0 and "gamekit-board" in box.children[1].value
    q = lesson.quiz("q_income")
    assert q.answer() == gaia.facts()["r1_credits"]
    lesson.chapter("r1_income")
    assert lesson.state.round == 1 and lesson.events("income")
    lesson.chapter("r1_lab")
    assert lesson.events("tech") and lesson.events("research")
    assert lesson.quiz("q_next_first").answer() == ("seat", gaia.facts()["first_pass_seat"] - 1)
    lesson.chapter("r1_pass")
    assert lesson.state.round == 2
    flows = lesson.round_flows(1)
    assert flows.value.count("<svg") == 2 and lesson.figures[1][0]["value"]
    for key, kind in (("r2_power", "board_action"), ("r3_terraform", "build_mine"),
                      ("r3_leech", "leech"), ("r4_special", "special"),
                      ("r4_federation", "fed_token"), ("r5_gaia", "gaia_project"),
                      ("r6_gaia_phase", "gaia_planet")):
        lesson.chapter(key)
        assert lesson.state.events[-1].kind == kind or lesson.events(kind), key
    assert lesson.state.round == gaia.facts()["gaia_phase_round"]
    lesson.chapter("game_end")
    assert lesson.state.is_over()


def test_quizzes_scoring_scenarios_and_fork_run_in_both_languages(lesson):
    q = lesson.quiz("q_leech")
    q.pick(gaia.facts()["leech_vp"])
    assert "Right!" in q.children[2].value
    assert lesson.quiz("q_gaia_tokens").answer() == gaia.facts()["gaia_tokens"]
    scores = lesson.scoring()
    text = scores.children[1].value
    assert f"{gaia.facts()['winner_vp']} VP" in text and "round scoring tiles" in text
    lesson.set_lang("pt")
    assert "Peças de Pontuação da Rodada" in scores.children[1].value
    for key in gaia.SCENARIOS:
        box = lesson.scenario(key)
        assert len(box.children) == 2, key  # it happened in the game: the board is shown
    fork = lesson.try_it(playouts=3)
    taken, recorded = lesson.fork_outcomes["taken"]
    assert taken.seat == 0 and recorded.scores == lesson.final().result().scores
    assert "gamekit-fork" in fork.value and "Jogador 1" in fork.value
    lesson.set_lang("en")


def test_play_form_offers_the_map_and_a_faction_per_seat():
    app = play_app("gaia", human=0, seed=1, flows=False)
    assert app.players.value == 2
    layout = app.option_widgets["layout"]
    assert [v for _label, v in layout.options] == ["first_game", "random"]
    seats = app.option_widgets["factions"]
    assert isinstance(seats, SeatChoices) and len(seats.seats) == 2 and seats.value is None
    app.players.value = 3
    assert len(seats.seats) == 3
    seats.value = ["terrans", "taklons", "geodens"]  # the rulebook's 3-player first game
    layout.value = "random"
    assert app.start()
    assert [p.faction for p in app.state.pl] == ["terrans", "taklons", "geodens"]
    app.set_lang("pt")
    assert seats.seats[0].description == "Jogador 1" and "Facções" in seats.description
    seats.value = ["terrans", None, "geodens"]
    before = app.state
    assert not app.start() and "Facções" in app.form_message.value  # the form's label, in pt
    assert "factions" not in app.form_message.value and "option" not in app.form_message.value
    app.set_lang("en")  # the refusal is told again in the page's new language
    assert "Factions" in app.form_message.value and "Cannot start" in app.form_message.value
    app.set_lang("pt")
    assert app.state is before  # a refused set-up loses nothing
    seats.value = None
    assert app.start() and app.state.stack[-1].kind == "faction"  # chosen in play


def test_power_cycle_extra_shows_both_players_at_a_fixed_moment(lesson):
    first = lesson.extra("power_cycle").value
    assert first.count("class='gaia-power-cycle'") == 2 and "<svg" in first
    lesson.finish()
    assert lesson.extra("power_cycle").value == first  # not the lesson's current moment


def test_form_choices_follow_the_language():
    app = play_app("gaia", human=0, seed=1, flows=False)
    layout = app.option_widgets["layout"]
    assert layout.options[0][0] == "first game"
    app.view.language.value = "pt"
    assert layout.options[0] == ("primeira partida", "first_game")
    assert app.option_widgets["factions"].seats[1].description == "Jogador 2"


def test_the_step_buttons_drive_a_session_loaded_later():
    """The replay notebook (and the play app's Load game) swap the session under the same
    widgets: the buttons must step the game shown, not the first one."""
    from gamekit.core import make_agent, new, play
    from gamekit_widgets import GameWidget, Session

    first = new("gaia", players=2, seed=1, factions=["terrans", "xenos"])
    view = GameWidget(Session.from_record(first.record(), human=None, goto_end=False), "en",
                      flows=False)
    later = new("gaia", players=2, seed=4, factions=["terrans", "xenos"])
    play(later, [make_agent("gaia", "greedy", s) for s in range(2)])
    view.set_session(Session.from_record(later.record(), human=None, goto_end=False))
    view.controls.round_button.click()
    assert view.session.state.round == 1 and view.session.index > 0
    view.controls.back_button.click()
    view.controls.next_button.click()
    assert view.session.state.round == 1


def test_what_would_you_do_questions_state_true_premises():
    """Each "what would you do here?" question is asked on the board of its moment, and what
    its text claims is true of that position (and its answer follows from the rules there)."""
    from gamekit_widgets.lessons.gaia import POWER_PICK, QUIZZES

    decide = [k for k, s in QUIZZES.items() if s["kind"] == "decide"]
    assert len(decide) == 5 and 2 * len(decide) >= len(QUIZZES)
    # the power question is a rule one (7 credits are not legal there), still on the board
    assert "q_power_pick" not in decide and QUIZZES["q_power_pick"]["kind"] == "rule"
    lesson = Lesson("gaia")
    f = gaia.facts()
    shown = {}
    for key in [k for k in QUIZZES if k in decide or k == "q_power_pick"]:  # game order
        box = lesson.quiz(key)
        assert "gamekit-board" in box.children[1].value, key  # the board of the moment
        shown[key] = (lesson.state, box.answer())
        shown[key + "_index"] = lesson.session.index
    # Player 2 upgraded near Player 1, who may take 1 power: it costs 1 - 1 = 0 VP
    st, answer = shown["q_leech_free"]
    built = [e for e in st.events if e.kind in ("upgrade", "build_mine")]
    assert built[-1].seat == 1 and built[-1].kind == "upgrade"
    offer = [a for a in st.decision(0).legal if a.verb == "leech"]
    assert st.round == f["leech_free_round"] and [a.args[0] for a in offer] == [1]
    assert answer == "take_power"
    # bowl III holds 3 (< 4, the 7-credit action's cost) and bowl II is empty: nothing to burn
    st, answer = shown["q_power_pick"]
    bowls = st.pl[0].bowls
    assert (st.round, bowls.bowl3, bowls.bowl2) == (f["power_pick_round"], f["power_pick_bowl3"],
                                                    0)
    legal = {a.args[0] for a in st.decision(0).legal if a.verb == "action"}
    assert POWER_PICK[0] not in legal and POWER_PICK[1] in legal and answer == POWER_PICK[1]
    assert not any(a.verb == "burn" for a in st.decision(0).legal)
    # the last round; Player 1's own Gaia project is a Gaia planet; a mine there and an academy
    # are both possible; this game's final scoring counts colonised Gaia planets
    st, answer = shown["q_gaia_mine"]
    planet = next(e for e in lesson.final().events if e.kind == "gaia_planet" and e.seat == 0)
    verbs = {(a.verb, a.args[0]) for a in st.decision(0).legal if a.args}
    assert st.round == 6 and ("build", planet.data["hex"]) in verbs
    assert any(a.verb == "upgrade" and a.args[1].startswith("ac") for a in st.decision(0).legal)
    assert "gaia" in st.to_dict()["final_tiles"] and answer == "gaia_mine"
    assert shown["q_gaia_mine_index"] == gaia.fork_index(lesson)  # "Try it yourself"'s fork
    # round 3, Player 1 passes: three boosters free; two labs, no academy or institute yet
    st, answer = shown["q_booster"]
    counts = st.pl[0].counts
    assert st.round == 3 and st.decision(0).kind == "booster"
    assert sorted(a.args[0] for a in st.decision(0).legal) == list(gaia.BOOSTER_PASS_VP)
    assert (counts["lab"], counts.get("ac", 0), counts.get("pi", 0)) == (2, 0, 0)
    assert "two research labs" not in lesson.text("q_booster", "en")  # the board shows them
    assert st.round == f["booster_round"] and answer == "booster8"  # playouts: ranked first
    assert "two research labs" in lesson.text("q_booster_why", "en")
    # the last round: 2 power offered for 1 VP, bowls II and III empty; declining is right
    st, answer = shown["q_leech_late"]
    bowls = st.pl[0].bowls
    offer = [a.args[0] for a in st.decision(0).legal if a.verb == "leech"]
    assert st.round == 6 and offer == [f["leech_late_n"]] and f["leech_late_vp"] == offer[0] - 1
    assert (bowls.bowl2, bowls.bowl3) == (0, 0) and answer == "decline"
    # the last round, Player 2 has passed, a Gaia project is possible — and the one the bot
    # started there never became a Gaia planet
    st, answer = shown["q_late_project"]
    assert st.round == 6 and any(e.kind == "pass" and e.seat == 1 and e.round == 6
                                 for e in st.events)
    late = next(e for e in lesson.final().events if e.kind == "gaia_project" and e.round == 6)
    assert not any(e.kind == "gaia_planet" and e.data["hex"] == late.data["hex"]
                   for e in lesson.final().events)
    assert answer == "pass"


def test_each_flow_chart_carries_a_finding_of_its_round(lesson):
    """Rounds 1 and 3 have their own caption, its numbers read from that round's ledger (the
    flows the chart draws); round 1's upgrades were trading stations and labs, paid mostly from
    the set-up's stock."""
    final = lesson.final()
    f = gaia.facts()

    def moved(rnd, resource, source, target):
        return sum(x.amount for x in final.flows if x.round == rnd and x.resource == resource
                   and x.source.startswith(source) and x.target.startswith(target))

    assert f["r1_upgrade_credits"] == moved(1, "credits", "stock", "upgrade") > 0
    assert f["r1_upgrade_credits"] > f["r1_income_credits"] == moved(1, "credits", "income",
                                                                     "stock")
    assert {e.data["new"] for e in final.events if e.kind == "upgrade" and e.round == 1} == {
        "ts", "lab"}
    assert (f["r3_charged"], f["r3_to_bowl3"], f["r3_spent"]) == (
        moved(3, "token", "bowl1", "bowl2"), moved(3, "token", "bowl2", "bowl3"),
        moved(3, "token", "bowl3", "bowl1"))
    for rnd, numbers in ((1, ("r1_upgrade_credits", "r1_upgrade_ore", "r1_income_credits")),
                         (3, ("r3_charged", "r3_to_bowl3", "r3_spent"))):
        for lang in prose.LANGS:
            lesson.set_lang(lang)
            caption = lesson.round_flows(rnd).value.split("<svg")[0]
            assert all(f"{f[k]} " in caption for k in numbers), (rnd, lang)
    lesson.set_lang("en")


def test_chapter_decisions_name_a_decision_of_the_game_with_true_premises():
    """The chapters with a "The decision:" sentence name a decision of the recorded game, and
    what the sentence claims is true of the position it was taken in."""
    lesson = Lesson("gaia")
    named = {k: s["decision"](lesson) for k, s in gaia.CHAPTERS.items() if "decision" in s}
    assert set(named) == {"r1_lab", "r3_terraform", "r5_gaia"}
    lesson.session.to_end()
    for key, (index, action) in named.items():
        assert lesson.session._actions[index] == action, key
        for lang, word in (("en", "The decision:"), ("pt", "A decisão:")):
            assert word in CATALOG.text("lesson.gaia", key, lang), (key, lang)
    final = lesson.final()
    # r1_lab: a mine and research were possible too; the lab brought a tech tile and a
    # terraforming step at once
    index, action = named["r1_lab"]
    legal = {a.verb for a in lesson.session.state_at(index).decision(0).legal}
    assert {"build", "research", "upgrade"} <= legal
    after = lesson.session.state_at(index + 3).events  # the lab, its tech tile, its step
    i = next(n for n, e in enumerate(after) if e.kind == "upgrade" and e.data["new"] == "lab")
    assert [(e.kind, e.seat) for e in after[i + 1:i + 3]] == [("tech", 0), ("research", 0)]
    assert after[i + 2].data["track"] == "track:terra"
    # r3_terraform: every planet a mine could go on was one step away; the round's tile pays
    # 2 VP a step, and paid them
    index, action = named["r3_terraform"]
    base = lesson.session.state_at(index)
    steps = set()
    for option in (a for a in base.decision(action.seat).legal if a.verb == "build"):
        st = base.clone()
        st.apply(option)
        steps |= {e.data["steps"] for e in st.events[len(base.events):] if e.kind == "build_mine"}
    f = gaia.facts()
    assert steps == {f["terra_steps"]} == {1}
    assert base.to_dict()["round_tiles"][base.round - 1] == "score1" and f["terra_round_vp"] == 2
    # r5_gaia: the Gaia project or passing, nothing else (free conversions aside)
    index, action = named["r5_gaia"]
    legal = {a.verb for a in lesson.session.state_at(index).decision(action.seat).legal}
    assert legal - {"convert", "burn"} == {"gaia", "pass"}
    assert final.result().scores == [74, 70]
