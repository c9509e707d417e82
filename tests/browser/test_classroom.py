"""The server holds a classroom (issue 13): a closed tab shuts its kernel (no 403 ``_xsrf``),
a kernel whose page vanished is culled, and ``make app`` runs exactly the configuration below.

The 20-person measurement is not a test yet: its target (20 of 20 usable within 15 s, clicks
< 100 ms while all play) is not reached on the 2-core development machine (0 of 20 usable within
120 s when the 20 browsers run on the same machine as the server). It runs by hand:
``python tests/browser/test_classroom.py`` (figures printed and written to
``test-artifacts/browser-figures.json``); README, "Running it for a class", has the figures.

How it measures: ``make app CLASS=wonderful POOL=22`` on 127.0.0.1,
20 people open the play app at once and play, then close their tabs.

Measured (printed with ``-s`` and written to ``test-artifacts/browser-figures.json``): seconds
until each person's app is usable (decision buttons on screen; target: 20 of 20, each within
15 s), the longest time any page stayed blank (never: Voilà's spinner, then the template's
notice, then the app), the click-to-screen latency while all 20 play (waves of one click per
person; target median < 100 ms), and the kernels shut when the tabs close. Every loop is
bounded. Also here: a closed tab shuts its kernel (no 403 ``_xsrf``), a kernel whose page
vanished is culled, and ``make app`` runs exactly this configuration.
"""

from __future__ import annotations

import json
import re
import statistics
import time
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from appserver import (
    app_args,
    app_server,
    log_text,
    makefile_app_recipe,
    pool_filled,
    wait_log,
)
from browserkit import ARTIFACTS, Server

pytestmark = [pytest.mark.browser, pytest.mark.timeout(1200)]

PLAY = "/voila/render/wonderful/play.ipynb"
PEOPLE = 20
POOL = PEOPLE + 2
WAVES = 5
USABLE_S = 15.0

#: JS: start a click on the first decision button; ``window.__gk_ms`` becomes the ms until the
#: board changed and the browser painted it (-1: no change within 20 s, -2: nothing to click)
CLICK_JS = """
() => {
  window.__gk_ms = null;
  const board = document.querySelector('.gamekit-board-panel')
    || (document.querySelector('.gamekit-board') || {}).parentElement;
  const buttons = document.querySelectorAll('.gamekit-decision');
  if (!board || !buttons.length) { window.__gk_ms = -2; return; }
  let done = false;
  const t0 = performance.now();
  const obs = new MutationObserver(() => {
    if (done) return;
    done = true; obs.disconnect();
    requestAnimationFrame(() => { window.__gk_ms = performance.now() - t0; });
  });
  obs.observe(board, {subtree: true, childList: true, characterData: true});
  buttons[0].click();
  setTimeout(() => { if (!done) { done = true; obs.disconnect(); window.__gk_ms = -1; } },
             20000);
}
"""

#: JS: what the page shows: "app", "wait" (spinner or notice), "text" (anything else), "" blank
SHOWS_JS = """
() => {
  if (document.querySelector('.gamekit-decision')) return 'app';
  const spin = document.getElementById('loading');
  if (document.getElementById('gamekit-wait')
      || (spin && getComputedStyle(spin).display !== 'none')) return 'wait';
  return document.body && document.body.innerText.trim() ? 'text' : '';
}
"""

#: JS: the kernel id the page talks to
KERNEL_JS = """
() => { const c = document.getElementById('jupyter-config-data');
        return c ? JSON.parse(c.textContent).kernelId : null }
"""


def save(figures: dict) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / "browser-figures.json"
    old = json.loads(path.read_text()) if path.exists() else {}
    old.update(figures)
    path.write_text(json.dumps(old, indent=1))


@contextmanager
def classroom() -> Iterator[tuple[Server, float]]:
    t0 = time.monotonic()
    server = app_server("voila-classroom", pool=POOL, game="wonderful")
    try:
        pool_filled(server, "wonderful", POOL, timeout=600)
        yield server, time.monotonic() - t0
    finally:
        server.stop()


def open_all(browser, base: str) -> tuple[list, list[float]]:
    """One browser context (own cookies) per person; every page requested at once."""
    pages, starts = [], []
    for _ in range(PEOPLE):
        context = browser.new_context(viewport={"width": 1400, "height": 1000})
        pages.append(context.new_page())
    for pg in pages:
        starts.append(time.monotonic())
        pg.goto(base + PLAY, wait_until="commit", timeout=60_000)
    return pages, starts


def watch_until_usable(pages: list, starts: list[float], limit: float = 120) -> tuple:
    """Poll every page (bounded by ``limit`` s): seconds to usable, longest blank stretch."""
    usable: dict[int, float] = {}
    blank_since: dict[int, float] = {}
    longest_blank = 0.0
    deadline = time.monotonic() + limit
    while len(usable) < len(pages) and time.monotonic() < deadline:
        for i, pg in enumerate(pages):
            if i in usable:
                continue
            try:
                shows = pg.evaluate(SHOWS_JS)
            except Exception:  # noqa: BLE001  (the document is being replaced: not blank yet)
                shows = "wait"
            now = time.monotonic()
            if shows == "app":
                usable[i] = now - starts[i]
            elif shows == "":
                since = blank_since.setdefault(i, now)
                longest_blank = max(longest_blank, now - since)
            else:
                blank_since.pop(i, None)
        time.sleep(0.2)
    return usable, longest_blank


def play_waves(pages: list) -> list[float]:
    """``WAVES`` times: every person clicks once (all 20 clicks in flight together)."""
    latencies: list[float] = []
    for _ in range(WAVES):
        for pg in pages:
            pg.evaluate(CLICK_JS)
        for pg in pages:
            pg.wait_for_function("() => window.__gk_ms !== null", timeout=30_000)
            ms = pg.evaluate("() => window.__gk_ms")
            assert ms != -1, "a click got no answer on screen within 20 s"
            if ms >= 0:
                latencies.append(ms)
        time.sleep(1.0)  # people read the board between clicks
    return latencies


def measure_twenty_people(browser) -> dict:
    """Open, play and close 20 pages at once; return the figures (asserting nothing)."""
    with classroom() as (server, pool_s):
        return _measure(server, pool_s, browser)


def _measure(server, pool_s: float, browser) -> dict:
    pages, starts = open_all(browser, server.base)
    try:
        usable, longest_blank = watch_until_usable(pages, starts)
        kernels = [pg.evaluate(KERNEL_JS) for pg in pages]
        latencies = play_waves(pages) if len(usable) == PEOPLE else []
    finally:
        for pg in pages:
            pg.close(run_before_unload=True)
    times = sorted(usable.values())
    figures = {
        "classroom_people": PEOPLE,
        "classroom_pool_filled_s": round(pool_s, 1),
        "classroom_usable": len(usable),
        "classroom_usable_s_median": round(statistics.median(times), 2) if times else None,
        "classroom_usable_s_max": round(max(times), 2) if times else None,
        "classroom_longest_blank_s": round(longest_blank, 2),
        "classroom_clicks": len(latencies),
        "classroom_click_ms_median": round(statistics.median(latencies), 1) if latencies else None,
        "classroom_click_ms_p90": round(sorted(latencies)[int(0.9 * (len(latencies) - 1))], 1)
        if latencies else None,
    }
    save(figures)
    print("\nclassroom:", json.dumps(figures))
    # closing the tabs shut their kernels (Voilà's beforeunload request is accepted)
    shut = [k for k in kernels if k]
    seconds = wait_log(server, "Kernel shutdown: (" + "|".join(shut) + ")", 120, len(shut))
    figures["classroom_kernels_shut_after_close_s"] = round(seconds, 1)
    figures["classroom_xsrf_refusals"] = log_text(server).count("'_xsrf' argument missing")
    figures["classroom_target_met"] = bool(
        len(usable) == PEOPLE and times and max(times) <= USABLE_S and longest_blank < 2.0
        and latencies and figures["classroom_click_ms_median"] < 100)
    save(figures)
    return figures


def test_closing_a_tab_shuts_its_kernel_and_idle_kernels_are_culled(browser):
    """One closed tab: its kernel is shut at once (no 403 for a missing ``_xsrf``). One tab
    that vanished without saying so (a crashed browser): its kernel is culled once idle."""
    server = app_server("voila-cull", pool=1, game="wonderful", cull=10, cull_interval=3)
    try:
        pool_filled(server, "wonderful", 1, timeout=300)
        ids = []
        for close_nicely in (True, False):
            context = browser.new_context(viewport={"width": 1400, "height": 1000})
            pg = context.new_page()
            pg.goto(server.base + PLAY, wait_until="commit", timeout=60_000)
            pg.wait_for_selector(".gamekit-decision", timeout=120_000)
            ids.append(pg.evaluate(KERNEL_JS))
            if close_nicely:
                pg.close(run_before_unload=True)
                wait_log(server, f"Kernel shutdown: {ids[0]}", 30)
            context.close()  # no beforeunload: the kernel is left behind, disconnected
        wait_log(server, rf"Culling .*{ids[1]}", 120)
        wait_log(server, f"Kernel shutdown: {ids[1]}", 60)
        log = log_text(server)
        assert "'_xsrf' argument missing" not in log
        assert not re.search(r"403 POST /voila/api/shutdown", log), log[-2000:]
    finally:
        server.stop()


def test_make_app_serves_this_configuration():
    """The Makefile's ``app`` target runs the command these tests start (config and template)."""
    recipe = makefile_app_recipe()
    assert "--Voila.config_file_paths=\"['$(CURDIR)/config']\"" in recipe
    assert 'JUPYTER_PATH="$(CURDIR)/config/jupyter"' in recipe
    for name in ("GAMEKIT_POOL=$(POOL)", "GAMEKIT_CLASS=$(CLASS)", "GAMEKIT_CULL=$(CULL)"):
        assert name in recipe
    assert any("config_file_paths" in a for a in app_args())


if __name__ == "__main__":  # the 20-person measurement, by hand (see the module docstring)
    from browserkit import LAUNCH_ARGS, chromium_path
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=chromium_path(), args=LAUNCH_ARGS,
                                      headless=True)
        try:
            print(json.dumps(measure_twenty_people(chromium), indent=1))
        finally:
            chromium.close()
