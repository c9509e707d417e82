"""Every page read in Portuguese (issue 27, "Words"): each notebook ``make app`` serves
(``notebooks/**.ipynb``: the front door, every game's lesson, play app and analyse page, Gaia's
replay) opened once from one server, switched with its one language
switch; the text on screen holds no English sentence of the catalogs, no English word of a
short list and no raw id (snake_case, ``p1``). ``GAMEKIT_PAGES_ALL=1`` also opens every
collapsed section of each page and reads it again (the deep walk, minutes)."""

from __future__ import annotations

import os
import re
import time

import pytest
from appserver import app_server
from browserkit import ROOT
from playwright.sync_api import expect

from gamekit.core import CATALOG, available, get

pytestmark = [pytest.mark.browser, pytest.mark.timeout(1200)]

WAIT = 300_000
#: English words that must not show on a Portuguese page (a word each, matched whole)
ENGLISH = ("the", "and", "players", "Round", "Token", "VP", "win rate", "games", "Learn it",
           "Play it", "Analyse it", "seat", "heuristic", "random", "offerings", "pool")
RAW_ID = re.compile(r"\b[a-z]+_[a-z0-9_]+\b|\bp[1-6]\b")
DEEP = bool(os.environ.get("GAMEKIT_PAGES_ALL"))
NOTEBOOKS = ROOT / "notebooks"
#: every notebook the app serves, the front door first
PAGES = sorted((p.relative_to(NOTEBOOKS).as_posix() for p in NOTEBOOKS.rglob("*.ipynb")
                if ".ipynb_checkpoints" not in p.parts), key=lambda p: (p != "index.ipynb", p))


def _english_texts() -> list[str]:
    """The catalogs' English texts that differ from their Portuguese and read as English
    (a sentence or several words without parameters)."""
    for game in available():  # every game's words loaded
        get(game)
    out = []
    for entry in CATALOG.messages.values():
        en, pt = entry.get("en"), entry.get("pt")
        if isinstance(en, str) and isinstance(pt, str) and en != pt and "{" not in en \
                and len(en) >= 12 and " " in en.strip():
            out.append(en)
    return out


def english_on(text: str, catalog: list[str]) -> list[str]:
    """What reads as English (or a raw id) in a page's text (the games' titles, names in both
    languages, left out)."""
    for game in available():
        for title in get(game).state.title.values():
            text = text.replace(title, "")
    found = [w for w in ENGLISH if re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", text)]
    found += sorted(set(RAW_ID.findall(text)))
    found += [e for e in catalog if e in text]
    return found


def test_the_checker_catches_english_and_raw_ids():
    catalog = _english_texts()
    assert english_on("Taxa de vitória: 41 % (35–47 %)", catalog) == []
    assert "faction_variant" in english_on("Facção: faction_variant", catalog)
    assert "Learn it" in english_on("Aprenda · Learn it", catalog)
    assert "p1" in english_on("vez de p1", catalog)


def test_the_sweep_opens_every_game_page():
    games = tuple(available())
    for kind in ("learn", "play", "analyse"):
        assert {f"{g}/{kind}.ipynb" for g in games} <= set(PAGES), kind
    assert PAGES[0] == "index.ipynb" and len(PAGES) == len(set(PAGES))


@pytest.fixture(scope="module")
def served():
    """``make app`` started once for the sweep, each page's kernel started when it is opened
    (no pool: a pool refills each kernel taken, twice the work for pages opened once)."""
    server = app_server("voila-pages-pt", pool=0, pages=0)
    yield server
    server.stop()


def _read(page, catalog: list[str], seconds: float) -> tuple[str, list[str]]:
    """The page's visible text and what reads as English in it, waiting up to ``seconds`` for
    every widget to be re-drawn in the new language."""
    deadline = time.monotonic() + seconds
    while True:
        text = page.inner_text("body")
        found = english_on(text, catalog)
        if not found or time.monotonic() > deadline:
            return text, found
        page.wait_for_timeout(1000)


def _open_sections(page) -> int:
    """Open every collapsed section (ipywidgets' Accordion and Collapse headers) once."""
    headers = page.locator(".jupyter-widget-Collapse-header:visible")
    n = headers.count()
    for i in range(n):
        headers.nth(i).click()
    return n


@pytest.mark.parametrize("path", PAGES)
def test_the_page_reads_in_portuguese(served, page, path):
    t0 = time.perf_counter()
    page.goto(f"{served.base}/voila/render/{path}", wait_until="commit", timeout=WAIT)
    expect(page.locator("#gamekit-wait")).to_have_count(0, timeout=WAIT)
    switch = page.locator(".gamekit-language").first
    expect(switch).to_be_visible(timeout=WAIT)
    seconds = time.perf_counter() - t0
    switch.get_by_text("Português").click()
    expect(page.locator("body")).to_contain_text(re.compile("partidas|jogadores|Aprenda|Rodada"),
                                                 timeout=60_000)
    catalog = _english_texts()
    text, found = _read(page, catalog, 60)
    if DEEP and not found:
        print(f"\n{path}: {_open_sections(page)} sections opened")
        text, found = _read(page, catalog, 60)
    print(f"\n{path}: usable in {seconds:.1f} s, read in {time.perf_counter() - t0:.1f} s")
    assert len(text) > 200, f"{path}: almost nothing on the page: {text!r}"
    where = [text[max(0, i - 40):i + 40] for w in found[:8] if (i := text.find(w)) >= 0]
    assert not found, f"{path} in Portuguese shows: {found[:20]}, in {where}"
