"""Gaia Project in a real browser (Voila, directory mode): the play app becomes interactive, a
decision click updates the board, the language switch turns the board into Portuguese, and the
replay notebook steps forward through the recorded game. Every assertion waits (``expect``)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect
from test_voila import WAIT, assert_no_error, open_app

pytestmark = [pytest.mark.browser, pytest.mark.timeout(600)]

PLAY = "gaia/play.ipynb"
REPLAY = "gaia/replay.ipynb"


def test_gaia_play_app_click_and_language(voila_notebooks, page):
    open_app(page, f"{voila_notebooks.base}/voila/render/{PLAY}")
    board = page.locator(".gamekit-board")
    expect(board).to_have_count(1, timeout=WAIT)
    expect(board.locator("svg.gaia-map")).to_have_count(1, timeout=WAIT)
    expect(board).to_contain_text("Research board", timeout=WAIT)
    # the first decision: your faction; its button names it
    button = page.locator(".gamekit-decision").first
    expect(button).to_be_visible(timeout=WAIT)
    faction = re.sub(r"^play\s+", "", button.inner_text().strip())  # "play Terrans"
    faction_board = board.locator(".gaia-faction[data-seat='0']")
    expect(faction_board).not_to_contain_text(faction, timeout=WAIT)
    button.click()
    expect(faction_board).to_contain_text(f"Player 1 · {faction}", timeout=WAIT)
    # the bots choose theirs; then the starting mine: its hexes are highlighted on the map
    expect(board.locator(".gamekit-target").first).to_be_attached(timeout=WAIT)
    target = board.locator(".gamekit-target").first.get_attribute("data-hex")
    assert re.fullmatch(r"-?\d+,-?\d+", target or "")
    page.locator(".gamekit-language button", has_text="Português").first.click()
    expect(board).to_contain_text("Tabuleiro de Pesquisa", timeout=WAIT)
    expect(faction_board).to_contain_text("Jogador 1", timeout=WAIT)
    expect(board).not_to_contain_text("Research board", timeout=WAIT)
    assert_no_error(page)


def test_gaia_replay_steps_forward(voila_notebooks, page):
    open_app(page, f"{voila_notebooks.base}/voila/render/{REPLAY}", selector=".gamekit-next")
    board = page.locator(".gamekit-board")
    expect(board).to_have_attribute("data-round", "0", timeout=WAIT)
    story = page.locator(".gaia-story-panel")
    expect(story.locator(".gaia-vp-race")).to_have_count(1, timeout=WAIT)
    expect(board.locator(".gaia-faction[data-seat='0']")).not_to_contain_text("Gleens",
                                                                              timeout=WAIT)
    page.locator(".gamekit-next").first.click()  # the record's first line: Gleens
    expect(board.locator(".gaia-faction[data-seat='0']")).to_contain_text("Gleens",
                                                                          timeout=WAIT)
    page.locator(".gamekit-next-round").first.click()
    expect(board).to_have_attribute("data-round", "1", timeout=WAIT)
    expect(story.locator(".gaia-power-cycle svg")).to_have_count(4, timeout=WAIT)
    page.locator(".gamekit-next-round").first.click()
    expect(board).to_have_attribute("data-round", "2", timeout=WAIT)
    page.locator(".gamekit-language button", has_text="Português").first.click()
    expect(story).to_contain_text("Ciclo de Poder", timeout=WAIT)
    expect(board).to_contain_text("Rodada 2", timeout=WAIT)
    assert_no_error(page)
