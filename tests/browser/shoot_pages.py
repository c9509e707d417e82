"""README screenshots of the pages around the play apps, at 1280x720 (issue 27): the front
door, Race's analyse page, the flows' "All rounds" of It's a Wonderful World's play app and
Gaia Project's replay, in ``docs/screenshots/``. Run by hand (a minute or two):
``.venv/bin/python tests/browser/shoot_pages.py`` (each shot waits for what it shows)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from appserver import app_server, page_pool_filled  # noqa: E402
from browserkit import LAUNCH_ARGS, ROOT, chromium_path, open_flows  # noqa: E402
from playwright.sync_api import expect, sync_playwright  # noqa: E402

OUT = ROOT / "docs" / "screenshots"
WAIT = 300_000
PAGES = ("race/analyse.ipynb", "gaia/replay.ipynb")


def shoot(browser, url: str, name: str, ready, lang: str = "en") -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    page.goto(url, wait_until="commit", timeout=WAIT)
    ready(page)
    page.wait_for_timeout(1500)  # plotly's transitions settle before the picture
    page.screenshot(path=str(OUT / f"{name}-1280x720.png"))
    print("wrote", OUT / f"{name}-1280x720.png")
    context.close()


def analyse(page) -> None:
    expect(page.locator(".gamekit-language").first).to_be_visible(timeout=WAIT)
    expect(page.locator(".gamekit-figure .js-plotly-plot")).to_have_count(3, timeout=WAIT)
    page.locator(".gamekit-figure").first.scroll_into_view_if_needed()
    page.mouse.wheel(0, -260)


def replay(page) -> None:
    expect(page.locator(".gamekit-next").first).to_be_visible(timeout=WAIT)
    for _ in range(40):
        page.locator(".gamekit-next").first.click()
    expect(page.locator(".gamekit-board")).not_to_have_attribute("data-round", "0",
                                                                 timeout=WAIT)


def flows(page) -> None:
    expect(page.locator(".gamekit-decision").first).to_be_visible(timeout=WAIT)
    board = page.locator(".gamekit-board")
    for _ in range(2):  # two rounds played: "All rounds" has three
        start = board.get_attribute("data-round")
        while board.get_attribute("data-round") == start:
            page.locator(".gamekit-decision").first.click(timeout=WAIT)
            page.wait_for_timeout(150)
    open_flows(page)
    expect(page.locator(".gamekit-flows .sankey-node").first).to_be_attached(timeout=WAIT)
    page.locator(".gamekit-flows select").nth(1).select_option(label="All rounds")
    page.wait_for_timeout(2000)
    page.locator(".gamekit-flows").scroll_into_view_if_needed()


def main() -> None:
    server = app_server("voila-shots", pool=0, pages=1, only=PAGES)
    try:
        for path in PAGES:
            page_pool_filled(server, path, timeout=600)
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium_path(), args=LAUNCH_ARGS)
            base = f"{server.base}/voila/render"
            shoot(browser, f"{base}/index.ipynb", "home", lambda p: expect(
                p.locator(".gk-in-en .gk-game")).to_have_count(4, timeout=WAIT))
            shoot(browser, f"{base}/race/analyse.ipynb", "race-analyse", analyse)
            shoot(browser, f"{base}/gaia/replay.ipynb", "gaia-replay", replay)
            shoot(browser, f"{base}/wonderful/play.ipynb", "wonderful-flows-all-rounds", flows)
            browser.close()
    finally:
        server.stop()


if __name__ == "__main__":
    main()
