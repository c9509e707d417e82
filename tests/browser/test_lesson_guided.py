"""The guided first game of a lesson in Chromium (issue 28): the first decisions of Race for
the Galaxy's guided game played by clicking, with the hint, the feedback, "Take back" and the
language switch; every check waits for what it expects (Playwright ``expect``).

The page is a two-cell notebook holding the lesson's guided game (the learn page's own calls,
``Lesson("race")`` and ``lesson.guided()``), served by Voila: the whole learn page would spend
a minute on the chapters before the guided game. A screenshot at 1280×720 of each language
goes to ``test-artifacts/``.
"""

from __future__ import annotations

import re

import nbformat
import pytest
from browserkit import ARTIFACTS, voila
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.timeout(600)]

WAIT = 120_000


@pytest.fixture(scope="module")
def guided_page(tmp_path_factory):
    root = tmp_path_factory.mktemp("guided")
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(
                    'from gamekit_widgets.lesson import Lesson\n'
                    'lesson = Lesson("race")\nlesson.language()'),
                nbformat.v4.new_code_cell('lesson.say("guided_intro")'),
                nbformat.v4.new_code_cell("lesson.guided()")]
    nbformat.write(nb, root / "guided.ipynb")
    server = voila(root, "voila-guided")
    yield f"{server.base}/voila/render/guided.ipynb"
    server.stop()


def test_a_learner_plays_the_first_guided_decisions(guided_page, browser):
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        page.goto(guided_page, wait_until="commit", timeout=WAIT)
        guided = page.locator(".gamekit-guided")
        expect(guided).to_be_visible(timeout=WAIT)
        progress = guided.get_by_text(re.compile(r"your decisions so far: \d+"))
        expect(progress).to_contain_text("so far: 0", timeout=WAIT)
        expect(guided.locator(".gamekit-guided-hint")).to_contain_text("Suggested:",
                                                                        timeout=WAIT)
        for n in (1, 2, 3):  # the first choice offered, three times
            guided.locator(".gamekit-guided-choices button").first.click()
            expect(progress).to_contain_text(f"so far: {n}", timeout=WAIT)
            expect(guided.locator(".gamekit-guided-feedback")).to_contain_text(
                re.compile("Good:|A fair choice|A weaker choice"), timeout=WAIT)
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "lesson-guided-race-en-1280x720.png"))
        guided.locator(".gamekit-guided-back").click()
        expect(progress).to_contain_text("so far: 2", timeout=WAIT)
        page.locator(".gamekit-language").first.get_by_text("Português").click()
        expect(guided).to_contain_text("suas decisões até agora: 2", timeout=WAIT)
        expect(guided.locator(".gamekit-guided-hint")).to_contain_text("Sugestão:",
                                                                        timeout=WAIT)
        expect(page.locator("body")).to_contain_text("Sua primeira partida, com ajuda",
                                                     timeout=WAIT)
        page.screenshot(path=str(ARTIFACTS / "lesson-guided-race-pt-1280x720.png"))
        assert not errors, errors
    except Exception:
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "lesson-guided-failed.png"), full_page=True)
        raise
    finally:
        context.close()
