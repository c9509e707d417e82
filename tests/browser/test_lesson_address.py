"""The guided game's hand-over in Chromium (issue 28): the play app served as ``make app``
serves it (pre-heated kernels, ``config/voila.py``) reads its set-up from its address. Race's
play app opened at ``play.ipynb?players=3&seed=17&seat=2&first_game=true`` shows that game's
form (3 players, seed 17) and board; a wrong address keeps the form's defaults and says which
part was not used. Every check waits for what it expects (Playwright ``expect``)."""

from __future__ import annotations

import pytest
from appserver import app_server, pool_ready
from browserkit import ARTIFACTS
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.timeout(900)]

WAIT = 120_000
PLAY = "/voila/render/race/play.ipynb"


@pytest.fixture(scope="module")
def server():
    srv = app_server("voila-address", pool=1, game="race", fill_delay=2)
    pool_ready(srv, "race", 1)
    yield srv
    srv.stop()


def _numbers(page):
    """The form's number fields: players, then seed."""
    return page.locator(".gamekit-play input[type='number']")


def test_the_play_app_takes_its_set_up_from_the_address(server, browser):
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        page.goto(f"{server.base}{PLAY}?players=3&seed=17&seat=2&first_game=true",
                  wait_until="commit", timeout=WAIT)
        numbers = _numbers(page)
        expect(numbers.nth(0)).to_have_value("3", timeout=WAIT)
        expect(numbers.nth(1)).to_have_value("17", timeout=WAIT)
        expect(page.locator(".gamekit-play")).to_contain_text("Player 3", timeout=WAIT)
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "play-address-race-1280x720.png"))
        assert not errors, errors
    finally:
        context.close()


def test_a_wrong_address_keeps_the_defaults_and_says_so(server, browser):
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    try:
        page.goto(f"{server.base}{PLAY}?players=99&colour=%3Cb%3Ered",
                  wait_until="commit", timeout=WAIT)
        play = page.locator(".gamekit-play")
        expect(play).to_contain_text("not a setting of this game", timeout=WAIT)
        expect(play).to_contain_text("players: a value the form does not offer", timeout=WAIT)
        expect(_numbers(page).nth(0)).to_have_value("2", timeout=WAIT)
        expect(play.locator("b", has_text="red")).to_have_count(0)  # the address is not HTML
    finally:
        context.close()
