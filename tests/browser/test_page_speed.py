"""How fast the pages of ``make app`` open with the server's pre-heated kernels (issue 27):
the front door usable in at most 2 s (served as a finished page, no kernel: ``FrontDoor``),
an analyse page and a lesson in at most 5 s, a play app in at most 2 s (``config/voila.py``
keeps ``GAMEKIT_POOL_PAGES`` kernels that have already run each page; an analyse page's figures
are JSON, drawn after the page: ``figure_view.drawn_later``). "Usable": the template's waiting
notice has left and the page's language switch is painted (timed in the page, frame-exact);
every widget output is drawn (none lost: "model not found"). By default one page of each kind
(the front door; Race's analyse page, lesson and play app: one server, three page pools and
one play pool); ``GAMEKIT_PAGES_ALL=1`` measures every page. The flows section's opening is
timed by test_flows_view.py; every figure goes to test-artifacts/page-speed.json."""

from __future__ import annotations

import os
import re
import time

import pytest
from appserver import app_server, page_pool_filled, pool_ready
from browserkit import report_speed
from playwright.sync_api import expect

from gamekit.core.registry import declared

pytestmark = [pytest.mark.browser, pytest.mark.timeout(900)]

GAMES = tuple(declared())  # every shipped game (the registry)
#: seconds a page may take to be usable (issue 27's targets)
TARGET = {"index": 2.0, "play": 2.0, "analyse": 5.0, "learn": 5.0, "replay": 5.0}
DEFAULT = ("index.ipynb", "race/analyse.ipynb", "race/learn.ipynb")
EVERY = ("index.ipynb", *(f"{g}/{p}.ipynb" for p in ("analyse", "learn") for g in GAMES),
         "gaia/replay.ipynb")
WAIT = 120_000


def _measured() -> tuple[str, ...]:
    return EVERY if os.environ.get("GAMEKIT_PAGES_ALL") else DEFAULT


def _heated() -> tuple[str, ...]:
    return tuple(p for p in _measured() if p != "index.ipynb")


def _plays() -> tuple[str, ...]:
    return tuple(f"{g}/play.ipynb" for g in GAMES) if os.environ.get("GAMEKIT_PAGES_ALL") \
        else ("race/play.ipynb",)


@pytest.fixture(scope="module")
def heated():
    server = app_server("voila-speed", pool=1, pages=1, only=_heated(),
                        plays=tuple(p.split("/")[0] for p in _plays()))
    try:
        for path in _heated():
            page_pool_filled(server, path, timeout=600)
        for play in _plays():
            pool_ready(server, play.split("/")[0], 1, timeout=600)
        time.sleep(3)  # the pool's last kernel settles (its first messages are sent)
        yield server
    finally:
        server.stop()


#: in the page, from its first script: the time (ms from the navigation's start) of the first
#: frame in which the language switch is laid out on screen (a frame-exact figure: a check
#: from Playwright can come seconds late while the page draws its figures)
PAINTED = """(() => {
  const look = () => {
    const s = document.querySelector(".gamekit-language");
    const w = document.getElementById("gamekit-wait");
    if (s && s.getClientRects().length && s.offsetWidth > 0 && !w) {
      window.gamekitPainted = performance.now();
      return;
    }
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})();"""


def usable_in(page, url: str) -> tuple[float, float, int]:
    """Seconds from asking for ``url`` to a usable page (the waiting notice gone and the
    language switch on screen): as the page painted it and as Playwright saw it; and the
    bytes the kernel sent the page meanwhile."""
    received: list[int] = []
    page.on("websocket", lambda ws: ws.on(
        "framereceived", lambda f: received.append(len(f) if isinstance(f, (str, bytes)) else 0)))
    page.add_init_script(PAINTED)
    t0 = time.perf_counter()
    page.goto(url, wait_until="commit", timeout=WAIT)
    expect(page.locator("#gamekit-wait")).to_have_count(0, timeout=WAIT)
    expect(page.locator(".gamekit-language").first).to_be_visible(timeout=WAIT)
    seen = time.perf_counter() - t0
    page.wait_for_function("window.gamekitPainted !== undefined", timeout=WAIT)
    painted = page.evaluate("window.gamekitPainted") / 1000
    return painted, seen, sum(received)


@pytest.mark.parametrize("path", [*_measured(), *_plays()])
def test_the_pre_heated_page_opens_in_time(heated, page, path):
    kind = re.sub(r"^.*/", "", path).removesuffix(".ipynb")
    seconds, seen, sent = usable_in(page, f"{heated.base}/voila/render/{path}")
    load = os.getloadavg()[0]
    print(f"\n{path}: usable in {seconds:.2f} s (seen by Playwright at {seen:.2f} s), "
          f"{sent / 1e3:.0f} kB from the kernel (load {load:.1f})")
    # an analyse page's figures are JSON, not plotly's widget (5 MB of plotly.js each, before);
    # the other pages' payloads are reported (a Race lesson: 2.1 MB)
    assert kind != "analyse" or sent < 2_000_000, f"{path}: the kernel sent {sent / 1e6:.1f} MB"
    log = heated.log_path.read_text(errors="replace")
    if path == "index.ipynb":  # the front door: a finished page, no kernel started for it
        assert "for index.ipynb" not in log
        expect(page.locator(".gk-in-en .gk-game")).to_have_count(4)
    else:
        assert f"for {path}" in log  # a pre-heated kernel was handed to the page
        whole(page, path)
    # issue 27's targets are the figures reported (test-artifacts/page-speed.json, README),
    # measured on a quiet machine; what is asserted holds under CI's load: three times the
    # target, growing with the load per core
    _report(path, seconds, seen, sent, load)
    bound = 3 * TARGET[kind] * max(1.0, load / (os.cpu_count() or 2))
    assert seconds <= bound, f"{path}: usable in {seconds:.1f} s (load {load:.1f})"


def whole(page, path: str) -> None:
    """Every widget output of the page drawn: none still loading, none lost to the widget
    manager's 2 s lookup ("model not found": the template's ``mend`` draws it again)."""
    outputs = page.locator("#rendered_cells .jp-OutputArea-output")
    expect(outputs.filter(has_text="Loading widget")).to_have_count(0, timeout=WAIT)
    expect(outputs.filter(has_text="model not found")).to_have_count(0, timeout=30_000)
    assert page.locator("#rendered_cells .jupyter-widgets").count() > 10, path
    if "analyse" in path:  # its figures follow the page (``figure_view.drawn_later``)
        assert page.locator(".gamekit-figure").count() > 0, path
        expect(page.locator(".gamekit-figure:not(:has(.js-plotly-plot))")).to_have_count(
            0, timeout=WAIT)


def _report(path: str, seconds: float, seen: float, sent: int, load: float) -> None:
    kind = re.sub(r"^.*/", "", path).removesuffix(".ipynb")
    report_speed(path, seconds, TARGET[kind], load, seen=round(seen, 2), kB=round(sent / 1e3))
