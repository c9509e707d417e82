"""Gaia Project's "pieces first" and rules checklist: the annotated pieces before the game state
facts of the pieces drawn (read from the game data, not written out), the one-page checklist after
the game cites every rulebook section a first game needs, both languages have every key, and no
raw id reaches the page."""

from __future__ import annotations

import json
import re

import pytest

from gamekit.core import CATALOG, get
from gamekit_widgets.lesson import Lesson
from gamekit_widgets.lessons import coverage, gaia, gaia_pieces, prose

K = get("gaia").lesson
C = K.components
NOTEBOOK = coverage.ROOT / "notebooks" / "gaia" / "learn.ipynb"
PIECE_KEYS = ("anatomy", "anat_faction_title", "anat_faction", "anat_wheel_title", "anat_home",
              "anat_wheel", "anat_tech_title", "anat_tech", "anat_booster_title", "anat_booster",
              "checklist")


@pytest.fixture(scope="module")
def lesson():
    return Lesson("gaia")


def plain(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<style.*?</style>|<title>.*?</title>|<[^>]+>", " ",
                                      html, flags=re.S))


def notebook_calls() -> list[str]:
    cells = json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]
    return ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]


def test_pieces_before_the_game_and_checklist_after_in_the_notebook():
    calls = notebook_calls()
    first_chapter = calls.index('lesson.chapter("setup")')
    assert calls.index('lesson.say("anatomy")') < calls.index('lesson.extra("anatomy")')
    assert calls.index('lesson.extra("anatomy")') < first_chapter
    assert calls.index('lesson.say("checklist")') > calls.index("lesson.scoring()")


def test_piece_facts_are_the_drawn_pieces_own():
    st = gaia.pieces_state()
    p = st.pl[gaia_pieces.SEAT]
    f = gaia.facts()
    board = C.FACTIONS[p.faction].buildings
    assert f["pc_mines"] == board["mine"].count and f["pc_labs"] == board["research_lab"].count
    assert (f["pc_mine_credits"], f["pc_mine_ore"]) == (board["mine"].cost["credits"],
                                                        board["mine"].cost["ore"])
    assert (f["pc_bowl1"], f["pc_bowl2"], f["pc_bowl3"]) == tuple(C.FACTIONS[p.faction].bowls)
    steps = sorted(C.terraform_steps(p.board.home, k) for k in C.HOME_PLANETS)
    assert steps[0] == 0 and f["pc_near_steps"] == steps[1] and f["pc_far_steps"] == steps[-1]
    tile = C.TECH[st.tech_at["terra"]]
    assert f["pc_tech_ore"] + f["pc_tech_qic"] == sum(tile.gain.values()) > 0
    booster = C.BOOSTERS[p.booster]
    assert f["pc_boost_credits"] + f["pc_boost_qic"] == sum(booster.income.values()) > 0


@pytest.mark.parametrize("lang", prose.LANGS)
def test_the_drawing_shows_what_the_callouts_state(lesson, lang):
    lesson.set_lang(lang)
    html = lesson.extra("anatomy").value
    st = gaia.pieces_state()
    p = st.pl[gaia_pieces.SEAT]
    words = plain(html)
    f = gaia.facts()
    for key in ("anat_faction", "anat_wheel", "anat_tech", "anat_booster"):
        callout = plain(lesson.text(key, lang)).strip()
        assert callout in words, (lang, key)
        assert "{" not in callout
    # the faction board drawn is Player 1's, with the mines the callout counts still to build
    assert CATALOG.name("gaia", p.faction, lang) in words
    assert f"×{f['pc_mines'] - p.counts.get('m', 0)}" in words
    # the wheel: every home type once, the home at 0 steps, the farthest as the callout says
    marks = dict(re.findall(r"data-planet='(\w+)' data-steps='(\d+)'", html))
    assert set(marks) == set(C.HOME_PLANETS) and marks[p.board.home] == "0"
    assert max(map(int, marks.values())) == f["pc_far_steps"]
    assert CATALOG.name("gaia", p.board.home, lang) in words
    # the tech tile and the booster drawn are the game's
    assert CATALOG.name("gaia", st.tech_at["terra"], lang) in words
    assert CATALOG.name("gaia", p.booster, lang) in words
    assert not re.search(r"\b[a-z]+_[a-z_]+\b|\bp[1-4]\b|\b[a-z]+:[a-z]+\b|\bbooster\d|\btech\d",
                         words), lang


def test_checklist_cites_every_section_a_first_game_needs():
    pt = plain(CATALOG.text("lesson.gaia", "checklist", "pt"))
    en = plain(CATALOG.text("lesson.gaia", "checklist", "en"))
    needed = [r.section.split(" > ")[-1] for r in coverage.needed("gaia")]
    assert len(needed) > 20
    missing = [s for s in needed if s not in pt]
    assert not missing, missing
    # the same items, each pointing at the rulebook, in both languages
    for text in (CATALOG.text("lesson.gaia", "checklist", "pt"),
                 CATALOG.text("lesson.gaia", "checklist", "en")):
        assert text.count("<li>") == CATALOG.text("lesson.gaia", "checklist", "pt").count("<li>")
        # every item cites its section(s); the actions' heading holds the numbered list
        assert all("<small>" in item or "<ol>" in item for item in text.split("<li>")[1:])
    for topic in ("8 actions", "Free actions", "Power cycle", "federation", "Research",
                  "Game end"):
        assert topic.lower() in en.lower(), topic


def test_both_languages_have_every_key_and_differ():
    texts = prose.load("gaia")
    for key in PIECE_KEYS:
        assert texts[key]["en"] and texts[key]["pt"] and texts[key]["en"] != texts[key]["pt"], key
