"""Every page read in Portuguese: switched with its one language switch, the text on screen
holds no English sentence of the catalogs, no English word of a short list and no raw id
(snake_case, ``p1``): the front door and every game's learn, play and analyse page (issue 27;
3 min 12 s for the 14 pages at load 4-5, session 11: the lessons load since the test servers
serve gamekit's template and the kernel spec keeps a lesson under its memory limit)."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import expect

from gamekit.core import CATALOG, available, get
from gamekit.core.registry import declared

pytestmark = pytest.mark.browser

WAIT = 300_000
#: English words that must not show on a Portuguese page (a word each, matched whole)
ENGLISH = ("the", "and", "players", "Round", "Token", "VP", "win rate", "games", "Learn it",
           "Play it", "Analyse it", "seat", "heuristic", "random", "offerings", "pool")
RAW_ID = re.compile(r"\b[a-z]+_[a-z0-9_]+\b|\bp[1-6]\b")

EVERY = [f"{g}/{p}.ipynb" for g in declared()  # every shipped game (the registry)
         for p in ("learn", "play", "analyse")]


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


def _pages() -> list[str]:
    return ["index.ipynb", *EVERY]


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


def _open_sections(page) -> int:
    """Open every closed section of the page's apps (a play app's "Novo jogo" set-up form),
    so its words are read too; returns how many were opened."""
    closed = page.locator(".jupyter-widget-Accordion .lm-AccordionPanel-title"
                          "[aria-expanded='false'], .jupyter-widget-Accordion "
                          ".jupyter-widget-Collapse-header")
    count = closed.count()
    for i in range(count):
        header = closed.nth(0) if closed.count() == count - i else closed.nth(i)
        if header.is_visible():
            header.click()
    return count


def _hover_texts(page) -> str:
    """The texts shown on hover (``title`` attributes) of what is on screen (the front door
    keeps both languages' pictures, one of them hidden)."""
    return "\n".join(page.eval_on_selector_all(
        "#rendered_cells [title], .gamekit-front [title]",
        "els => els.filter(e => e.getClientRects().length).map(e => e.getAttribute('title'))"))


@pytest.mark.parametrize("path", _pages())
def test_the_page_reads_in_portuguese(voila_notebooks, page, path):
    t0 = time.perf_counter()
    page.goto(f"{voila_notebooks.base}/voila/render/{path}", wait_until="commit", timeout=WAIT)
    switch = page.locator(".gamekit-language").first
    expect(switch).to_be_visible(timeout=WAIT)
    seconds = time.perf_counter() - t0
    switch.get_by_text("Português").click()
    expect(page.locator("body")).to_contain_text(re.compile("partidas|jogadores|Aprenda|Rodada"),
                                                 timeout=60_000)
    catalog = _english_texts()
    opened = _open_sections(page)
    deadline = time.monotonic() + 90  # every widget re-drawn in the new language
    while True:
        text = page.inner_text("body") + "\n" + _hover_texts(page)
        found = english_on(text, catalog)
        if not found or time.monotonic() > deadline:
            break
        page.wait_for_timeout(1000)
    print(f"\n{path}: usable in {seconds:.1f} s")
    where = [text[max(0, i - 40):i + 40] for w in found[:8] if (i := text.find(w)) >= 0]
    assert not found, f"{path} in Portuguese shows: {found[:20]}, in {where}"
    if path.endswith("play.ipynb"):  # the set-up form was opened and read
        assert opened, f"{path}: no closed set-up section found to read"
