"""The server holds a classroom (issue 13): 20 people open the play app at once and play;
a closed tab shuts its kernel (no 403 ``_xsrf``), a kernel whose page vanished is culled, and
``make app`` runs exactly the configuration below.

How it measures (``make app CLASS=wonderful POOL=22`` on 127.0.0.1): in a class each person's
browser runs on their own computer, so 20 Chromiums on the 2-core test machine would measure
the browsers, not the server. ``REAL`` people are real headless Chromium pages; the others are
``remote_people.RemotePerson``s, which speak the page's protocol over the same sockets (the
page's GET, the kernel websocket, the widgets' state, a click = the button's comm message) and
cost almost nothing. All 20 open the page at once, wait until everyone can play, then play
``CLICKS`` clicks each, a random 1-3 s apart (people read the board), then close their tabs.

Asserted (every loop bounded): 20 of 20 usable; each remote person within 15 s (the widgets'
state received, which the page draws at once: the server's part of the wait), each Chromium page
(decision buttons on screen) within ``CHROMIUM_S``, as its browser shares the server's 2 cores
here; a Chromium page is never blank for 2 s (Voilà's spinner, then the template's notice);
every click answered; the median click round trip while all 20 play below ``CLICK_MS`` and
the server's CPU per click (kernels in use + Voilà, measured with psutil: independent of the
other work on the machine) below ``CPU_MS``; the kernels shut when the tabs close. Figures are
printed (``-s``) and written to ``test-artifacts/browser-figures.json``; README, "Running it for
a class", has them. By hand: ``python tests/browser/test_classroom.py``.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import statistics
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import psutil
import pytest
from appserver import (
    app_args,
    app_server,
    log_text,
    makefile_app_recipe,
    pool_filled,
    pool_ready,
    wait_log,
)
from browserkit import ARTIFACTS, Server
from remote_people import RemotePerson, run_people

from gamekit.core.registry import declared

pytestmark = [pytest.mark.browser, pytest.mark.timeout(1500)]

#: the play app each class opens (issue 26: Gaia's is served like the others): Gaia's, the
#: heaviest, in make test; It's a Wonderful World's too in ``make soak`` (GAMEKIT_SOAK=1: two
#: minutes more of CI's time for the same server paths)
CLASSES = ("wonderful", "gaia") if os.environ.get("GAMEKIT_SOAK") == "1" else ("gaia",)


def play_path(game: str) -> str:
    return f"/voila/render/{game}/play.ipynb"


PLAY = play_path("wonderful")
PEOPLE = 20
REAL = 3  # real Chromium pages among the 20 (the others: remote people)
POOL = PEOPLE + 2
CLICKS = 6
THINK = (1.0, 3.0)
USABLE_S = 15.0
#: the Chromium pages here boot Voilà's JupyterLab front-end on the server's 2 cores: 11-17 s
#: measured (load average 12-21); on a person's own computer that is their computer's work
CHROMIUM_S = 30.0
#: the median click round trip asserted while all 20 play: issue 13's target, 100 ms. Since the
#: click path was made leaner (fewer messages, no pickle per action, Voilà forwarding without
#: hashing every message) it measured 38-58 ms at load average 4-16 on the 2 development cores
#: shared with other work (before: 250-350 ms at load 8-15, most of it waiting for a core)
CLICK_MS = 100.0
#: server CPU (kernels in use + Voilà) per click, ms
CPU_MS = 100.0

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
def classroom(game: str = "wonderful") -> Iterator[tuple[Server, float]]:
    """``make app CLASS=<game> POOL=22``, once every pre-heated kernel of the class's play app
    has built its app (and one of each other play app)."""
    t0 = time.monotonic()
    server = app_server(f"voila-classroom-{game}", pool=POOL, game=game)
    try:
        for other, size in ((g, POOL if g == game else 1)
                            for g in declared()):
            pool_ready(server, other, size, timeout=900)
        yield server, time.monotonic() - t0
    finally:
        server.stop()


class CpuMeter:
    """CPU seconds used by the server and by chosen kernels between ``start`` and ``stop``
    (kernel processes are found by the connection file Voilà gives them: ``kernel-<id>.json``)."""

    def __init__(self, server: Server):
        self.server = psutil.Process(server.proc.pid)
        self.before: dict[str, float] = {}

    def _kernels(self) -> dict[str, psutil.Process]:
        found = {}
        for child in self.server.children(recursive=True):
            try:
                kernel = re.search(r"kernel-([0-9a-f-]{36})\.json", " ".join(child.cmdline()))
            except psutil.Error:
                continue
            if kernel:
                found[kernel.group(1)] = child
        return found

    def _sample(self) -> dict[str, float]:
        times = {"server": _cpu(self.server)}
        for kernel, process in self._kernels().items():
            try:
                times[kernel] = _cpu(process)
            except psutil.Error:
                continue
        return times

    def memory_mb(self, kernels: list[str]) -> float | None:
        """The median resident memory of ``kernels``, MB."""
        found = self._kernels()
        rss = []
        for kernel in kernels:
            try:
                rss.append(found[kernel].memory_info().rss / 2**20)
            except (KeyError, psutil.Error):
                continue
        return _median(rss, 0)

    def start(self) -> None:
        self.before = self._sample()

    def stop(self, kernels: list[str]) -> tuple[float, float]:
        """CPU seconds since ``start``: (Voilà's process, the ``kernels`` together)."""
        after = self._sample()
        used = {k: after[k] - self.before.get(k, 0.0) for k in ["server", *kernels] if k in after}
        return used.pop("server", 0.0), sum(used.values())


def _cpu(process: psutil.Process) -> float:
    t = process.cpu_times()
    return t.user + t.system


def open_all(browser, base: str, count: int, play: str = PLAY) -> tuple[list, list[float]]:
    """One browser context (own cookies) per person; every page requested at once."""
    pages, starts = [], []
    for _ in range(count):
        context = browser.new_context(viewport={"width": 1400, "height": 1000})
        pages.append(context.new_page())
    for pg in pages:
        starts.append(time.monotonic())
        pg.goto(base + play, wait_until="commit", timeout=60_000)
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


def play_pages(pages: list) -> list[float]:
    """``CLICKS`` times: every Chromium page clicks once; click to screen (ms) of each."""
    latencies: list[float] = []
    for _ in range(CLICKS):
        for pg in pages:
            pg.evaluate(CLICK_JS)
        for pg in pages:
            pg.wait_for_function("() => window.__gk_ms !== null", timeout=30_000)
            ms = pg.evaluate("() => window.__gk_ms")
            assert ms != -1, "a click got no answer on screen within 20 s"
            if ms >= 0:
                latencies.append(ms)
        time.sleep(sum(THINK) / 2)  # people read the board between clicks
    return latencies


def measure_class(browser, game: str = "wonderful") -> dict:
    """Open, play and close the class's pages of ``game``'s play app at once; return the
    figures (asserting nothing but that the measurement itself ran)."""
    with classroom(game) as (server, pool_s):
        return _measure(server, pool_s, browser, game)


def _median(values: list[float], digits: int = 1) -> float | None:
    return round(statistics.median(values), digits) if values else None


def _p90(values: list[float]) -> float | None:
    return round(sorted(values)[int(0.9 * (len(values) - 1))], 1) if values else None


def _in_thread(run, timeout: float = 300):
    """``run()`` in a thread of its own (Playwright's sync API keeps an event loop running in
    this one, and ``asyncio.run`` needs none)."""
    out: list = []
    thread = threading.Thread(target=lambda: out.append(run()), daemon=True)
    thread.start()
    thread.join(timeout)
    if not out:
        raise TimeoutError(f"no result after {timeout} s")
    return out[0]


async def _leave(crowd: list[RemotePerson]) -> None:
    """The remote people close their tabs (the shutdown request each page sends)."""
    await asyncio.gather(*(p.leave() for p in crowd))


def _per_click(seconds: float, *clicks: list[float]) -> float:
    return round(1000 * seconds / max(1, sum(len(c) for c in clicks)), 1)


def _measure(server: Server, pool_s: float, browser, game: str = "wonderful") -> dict:
    play = play_path(game)
    all_open, out = threading.Event(), {}
    # the remote people close their tabs only once their kernels' CPU was read (a kernel shut
    # down takes its CPU time with it: only the 3 Chromium pages' kernels were counted)
    remote = threading.Thread(target=lambda: out.setdefault("crowd", asyncio.run(run_people(
        server.base, play, PEOPLE - REAL, clicks=CLICKS, think=THINK, timeout=60,
        all_open=all_open, leave=False))), daemon=True)
    remote.start()
    meter = CpuMeter(server)
    pages, starts = open_all(browser, server.base, REAL, play)
    try:
        usable, longest_blank = watch_until_usable(pages, starts, limit=60)
        kernels = [pg.evaluate(KERNEL_JS) for pg in pages]
        meter.start()
        all_open.set()
        page_ms = play_pages(pages) if len(usable) == REAL else []
        remote.join(timeout=60 + CLICKS * 60)
        crowd: list[RemotePerson] = out.get("crowd", [])
        clicks = [m for p in crowd for m in p.clicks_ms]
        server_s, kernels_s = meter.stop([*kernels, *(p.kernel for p in crowd)])
        memory = meter.memory_mb([*kernels, *(p.kernel for p in crowd)])
    finally:
        for pg in pages:
            pg.close(run_before_unload=True)
        _in_thread(lambda: asyncio.run(_leave(out.get("crowd", []))))
    times = sorted([*usable.values(), *(p.usable_s for p in crowd if p.usable_s is not None)])
    figures = {
        "classroom_people": PEOPLE, "classroom_chromium_pages": REAL,
        "classroom_pool_ready_s": round(pool_s, 1),
        "classroom_usable": len(times),
        "classroom_usable_s_median": _median(times, 2),
        "classroom_usable_s_max": round(max(times), 2) if times else None,
        "classroom_remote_usable_s_max": max((round(p.usable_s, 2) for p in crowd
                                              if p.usable_s is not None), default=None),
        "classroom_chromium_usable_s": sorted(round(t, 1) for t in usable.values()),
        "classroom_longest_blank_s": round(longest_blank, 2),
        "classroom_clicks": len(clicks) + len(page_ms),
        "classroom_click_ms_median": _median(clicks),
        "classroom_click_ms_p90": _p90(clicks),
        "classroom_chromium_click_to_screen_ms_median": _median(page_ms),
        "classroom_server_cpu_ms_per_click": _per_click(server_s + kernels_s, clicks, page_ms),
        "classroom_kernel_cpu_ms_per_click": _per_click(kernels_s, clicks, page_ms),
        "classroom_kernel_memory_mb_median": memory,
        "classroom_load_average": round(psutil.getloadavg()[0], 1),
        "classroom_errors": [p.error for p in crowd if p.error],
    }
    # closing the tabs shut their kernels (Voilà's beforeunload request is accepted)
    shut = [k for k in [*kernels, *(p.kernel for p in crowd)] if k]
    seconds = wait_log(server, "Kernel shutdown: (" + "|".join(shut) + ")", 120, len(shut))
    figures["classroom_kernels_shut_after_close_s"] = round(seconds, 1)
    figures["classroom_xsrf_refusals"] = log_text(server).count("'_xsrf' argument missing")
    # the same clicks by one person alone on the same machine, just after: what the class adds
    alone = _in_thread(lambda: asyncio.run(run_people(server.base, play, 1, clicks=CLICKS,
                                                      think=(0.5, 1.0))))[0]
    figures["classroom_alone_click_ms_median"] = _median(alone.clicks_ms)
    if game != "wonderful":  # the figures of another game's class, under their own names
        figures = {k.replace("classroom_", f"classroom_{game}_", 1): v for k, v in figures.items()}
    save(figures)
    print(f"\nclassroom ({game}):", json.dumps(figures))
    return {k.replace(f"classroom_{game}_", "classroom_", 1): v for k, v in figures.items()}


@pytest.mark.parametrize("game", CLASSES)
def test_twenty_people_open_the_play_app_at_once_and_play(browser, game):
    """Issue 13's target (issue 26's for Gaia's play app): 20 of 20 usable, each within 15 s,
    never a blank page, clicks answered quickly while all 20 play (``CLICK_MS``, ``CPU_MS``);
    the tabs' kernels shut when they close."""
    f = measure_class(browser, game)
    assert not f["classroom_errors"], f
    assert f["classroom_usable"] == PEOPLE, f
    # the server's side of "usable" (the people's browsers run on their own computers) ...
    assert f["classroom_remote_usable_s_max"] <= USABLE_S, f
    # ... and the Chromium pages, whose browsers share the 2 cores with the server here
    assert max(f["classroom_chromium_usable_s"]) <= CHROMIUM_S, f
    assert f["classroom_longest_blank_s"] < 2.0, f
    assert f["classroom_clicks"] == PEOPLE * CLICKS, f
    assert f["classroom_server_cpu_ms_per_click"] < CPU_MS, f
    assert f["classroom_click_ms_median"] < CLICK_MS, f
    assert f["classroom_xsrf_refusals"] == 0, f


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


if __name__ == "__main__":  # the class measurement, by hand (see the module docstring)
    from browserkit import LAUNCH_ARGS, chromium_path
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=chromium_path(), args=LAUNCH_ARGS,
                                      headless=True)
        try:
            print(json.dumps(measure_class(chromium), indent=1))
        finally:
            chromium.close()
