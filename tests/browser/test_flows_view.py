"""Flows a person can read (issue 13), in the play app served as ``make app`` serves it: the
Sankey is as wide as the page, shows the current round with a colour legend, names every node
in the page's language, and no two node labels overlap and no node leaves the drawing in the
default view; the browser console has no plotly "RangeError: Invalid array length"; the charts
over time have axis titles with units; the tabs show their whole labels."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from appserver import app_server
from browserkit import Server, open_flows, report_speed
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.timeout(600)]

PLAY = "/voila/render/wonderful/play.ipynb"
WAIT = 90_000

#: JS: node label boxes of the Sankey in ``root`` and the pairs that intersect; nodes (or
#: labels) outside the drawing; the drawing's width against the page's
GEOMETRY_JS = """
(root) => {
  const el = document.querySelector(root);
  const svg = el.querySelector('.main-svg').getBoundingClientRect();
  const nodes = Array.from(el.querySelectorAll('.sankey-node')).map(n => {
    const t = n.querySelector('text'), r = n.querySelector('rect');
    const b = t.getBoundingClientRect(), rb = r.getBoundingClientRect();
    return {text: t.textContent, b: [b.x, b.y, b.width, b.height],
            r: [rb.x, rb.y, rb.width, rb.height]};
  });
  const hits = [];
  for (let i = 0; i < nodes.length; i++) for (let j = i + 1; j < nodes.length; j++) {
    const [ax, ay, aw, ah] = nodes[i].b, [bx, by, bw, bh] = nodes[j].b;
    if (aw && bw && ax < bx + bw && bx < ax + aw && ay < by + bh && by < ay + ah)
      hits.push([nodes[i].text, nodes[j].text]);
  }
  const inside = ([x, y, w, h]) => x >= svg.x - 0.5 && y >= svg.y - 0.5
    && x + w <= svg.right + 0.5 && y + h <= svg.bottom + 0.5;
  const outside = nodes.filter(n => !inside(n.r) || (n.b[2] && !inside(n.b))).map(n => n.text);
  return {labels: nodes.map(n => n.text), overlaps: hits, outside: outside,
          width: svg.width, page: document.querySelector('.gamekit-flows').clientWidth};
}
"""


@pytest.fixture(scope="module")
def app() -> Iterator[Server]:
    server = app_server("voila-flows", pool=1, game="wonderful")
    yield server
    server.stop()


def console_errors(page) -> list[str]:
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    return errors


def sankey_geometry(page) -> dict:
    page.wait_for_selector(".gamekit-flows .sankey-node text", timeout=WAIT)
    page.wait_for_timeout(800)  # plotly's node transition
    return page.evaluate(GEOMETRY_JS, ".gamekit-flows")


def check_readable(geo: dict) -> None:
    assert geo["labels"], "no Sankey nodes"
    assert not geo["overlaps"], f"node labels overlap: {geo['overlaps']}"
    assert not geo["outside"], f"nodes outside the drawing: {geo['outside']}"
    assert not [t for t in geo["labels"] if re.search(r"\w_\w|\(R\d+\)", t)], geo["labels"]
    assert geo["width"] >= 0.95 * geo["page"] - 30, geo  # as wide as the panel


def play_round(page, max_clicks: int = 80) -> None:
    start = page.get_attribute(".gamekit-board", "data-round")
    for _ in range(max_clicks):
        if page.get_attribute(".gamekit-board", "data-round") != start:
            return
        page.locator(".gamekit-decision").first.click(timeout=WAIT)
        page.wait_for_timeout(150)
    pytest.fail(f"round {start} did not end after {max_clicks} clicks")


def test_sankey_is_readable_and_the_console_clean(app, page):
    errors = console_errors(page)
    page.goto(app.base + PLAY, wait_until="commit")
    expect(page.locator(".gamekit-decision").first).to_be_visible(timeout=WAIT)
    open_flows(page)  # the play app builds its flows when the person opens them
    check_readable(sankey_geometry(page))
    expect(page.locator(".gamekit-legend-item").first).to_be_visible(timeout=WAIT)
    round_filter = page.locator(".gamekit-flows select").nth(1)
    chosen = round_filter.evaluate("s => s.options[s.selectedIndex].text")
    assert chosen.replace("\xa0", " ") == "Current round"
    play_round(page)  # round 2: the Sankey follows the game, still readable
    expect(page.locator(".gamekit-board")).to_have_attribute("data-round", "2", timeout=WAIT)
    page.wait_for_timeout(2500)  # the Sankey is redrawn once the person pauses
    geo = sankey_geometry(page)
    check_readable(geo)
    legend = page.locator(".gamekit-legend").inner_text()
    assert "cards" in legend and "Colours" in legend
    # in Portuguese every node is named in Portuguese
    page.locator(".gamekit-language button", has_text="Português").first.click()
    expect(page.locator(".gamekit-legend")).to_contain_text("Cores", timeout=WAIT)
    page.wait_for_timeout(1000)
    pt = sankey_geometry(page)
    check_readable(pt)
    assert set(pt["labels"]) != set(geo["labels"])
    assert not set(pt["labels"]) & {"hand", "deck", "supply", "production"}, pt["labels"]
    assert not [e for e in errors if "Invalid array length" in e], errors


def test_over_time_has_axis_titles_and_tabs_whole_labels(app, page):
    errors = console_errors(page)
    page.goto(app.base + PLAY, wait_until="commit")
    expect(page.locator(".gamekit-decision").first).to_be_visible(timeout=WAIT)
    open_flows(page)  # the play app builds its flows when the person opens them
    tabs = page.locator(".gamekit-flows .lm-TabBar-tab")
    expect(tabs).to_have_count(3, timeout=WAIT)
    for i in range(3):  # no tab label is cut (an ellipsis would make it wider than its box)
        cut = tabs.nth(i).evaluate(
            "t => { const l = t.querySelector('.lm-TabBar-tabLabel') || t;"
            " return l.scrollWidth > l.clientWidth + 1 }")
        assert not cut, tabs.nth(i).inner_text()
    play_round(page)
    page.locator(".gamekit-flows .lm-TabBar-tab", has_text="Over time").click()
    titles = ("() => Array.from(document.querySelectorAll('.gamekit-flows .g-xtitle,"
              " .gamekit-flows .g-ytitle')).map(t => t.textContent.trim()).filter(t => t)")
    # x and y of both charts over time
    page.wait_for_function(f"() => ({titles})().length >= 4", timeout=WAIT)
    words = " | ".join(page.evaluate(titles))
    assert "Round · phase" in words and "Amount held (units)" in words, words
    assert "victory points, VP" in words, words
    assert not [e for e in errors if "Invalid array length" in e], errors


#: JS: how far the page and the Sankey's own box scroll sideways
SCROLL_JS = """() => {
  const view = document.querySelector('.gamekit-sankey-view');
  const boxes = [view, ...view.querySelectorAll('.jp-OutputArea-output')];
  return {page: document.documentElement.scrollWidth - window.innerWidth,
          view: Math.max(...boxes.map(b => b.scrollWidth - b.clientWidth)),
          box: view.clientWidth};
}"""


def test_flows_open_at_once_and_all_rounds_scroll_inside_the_chart(app, page):
    """Opening the flows section draws the Sankey within 2 s (its JSON, not plotly's widget;
    the bound grows with the machine's load, the figure is printed); "All rounds" is wider
    than the page and scrolls sideways inside its own box, the page never does, and no node
    leaves the drawing."""
    import os
    import time

    page.set_viewport_size({"width": 1280, "height": 720})
    errors = console_errors(page)
    page.goto(app.base + PLAY, wait_until="commit")
    expect(page.locator(".gamekit-decision").first).to_be_visible(timeout=WAIT)
    play_round(page)
    play_round(page)  # three rounds of flows
    t0 = time.perf_counter()
    open_flows(page)
    expect(page.locator(".gamekit-flows .sankey-node").first).to_be_attached(timeout=WAIT)
    seconds = time.perf_counter() - t0
    load = os.getloadavg()[0]
    print(f"\nflows section drawn in {seconds:.2f} s (load {load:.1f})")
    report_speed("wonderful/play.ipynb: flows opened", seconds, 2.0, load)
    assert seconds <= 2.0 * max(1.0, load / (os.cpu_count() or 2)), (seconds, load)
    page.wait_for_timeout(800)  # plotly's node transition
    current = page.evaluate(GEOMETRY_JS, ".gamekit-flows")["labels"]
    page.locator(".gamekit-flows select").nth(1).select_option(label="All rounds")
    # every round's places: more nodes than the current round's (labels end in the round)
    page.wait_for_function(f"() => document.querySelectorAll('.gamekit-flows .sankey-node')"
                           f".length > {len(current)}", timeout=WAIT)
    page.wait_for_timeout(800)
    geo = page.evaluate(GEOMETRY_JS, ".gamekit-flows")
    scroll = page.evaluate(SCROLL_JS)
    print(f"all rounds: {len(geo['labels'])} nodes, {geo['width']:.0f} px in a "
          f"{scroll['box']} px box")
    assert scroll["page"] <= 1, scroll  # the page itself does not scroll sideways
    if geo["width"] > scroll["box"] + 1:  # wider than the page: it scrolls inside its box
        assert scroll["view"] >= geo["width"] - scroll["box"] - 2, (scroll, geo["width"])
    assert geo["labels"] and not geo["outside"], geo["outside"]
    assert not geo["overlaps"], geo["overlaps"]
    assert not [e for e in errors if "Invalid array length" in e or "model not found" in e], \
        errors
