"""The narration panel is the game log of the whole game (issue 26 "Narration keeps a scrolling
game log"), for every game: every event a person may see since the start, the latest first in
view, those of the last command marked, a heading per round; a step back or a fork shows the
log of that point; a fresh panel draws the same log as one that followed every click."""

from __future__ import annotations

import html as _html
import random
import re

import pytest

from gamekit.core.events import narrated
from gamekit_widgets import App, NarrationPanel

ITEM = re.compile(r"<li( class='(gk-[a-z]+)')?>(.*?)</li>")


def items(panel: NarrationPanel) -> list[tuple[str, str]]:
    """``(class, text)`` of each line of the log as drawn, top first (rule notes left out)."""
    out = []
    for _c, cls, body in ITEM.findall(panel.body.value):
        out.append((cls, _html.unescape(re.sub(r"<span class='gk-rule'>.*?</span>", "", body))))
    return out


def play(app: App, clicks: int, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(clicks):
        if app.session.over() or not app.view.decision.actions:
            break
        app.session.apply(rng.choice(app.view.decision.actions))


@pytest.mark.parametrize("game, players", [
    ("wonderful", 3), ("race", 2), ("bluemoon", 3), ("gaia", 2)])
def test_the_log_holds_the_whole_game_latest_first(game, players):
    app = App(game, players=players, human=0, seed=3, flows=False)
    play(app, 40, 3)
    s = app.session
    panel = app.view.narration
    seen = [e.text("en") for e in narrated(s.state.events, 0, s.state.twins)]
    assert panel.lines == seen  # every event the person may see, from the first one
    assert len(seen) > 20
    drawn = items(panel)
    events = [(c, t) for c, t in drawn if c != "gk-round"]
    assert [t for _c, t in events] == seen[::-1]  # the latest first
    assert events[0][0] == "gk-latest"
    new = panel.new_lines
    assert new and new == seen[len(seen) - len(new):]
    marked = [t for c, t in events if c in ("gk-latest", "gk-new")]
    assert marked == new[::-1]  # the last command's events, and only those, are marked
    rounds = [t for c, t in drawn if c == "gk-round"]
    assert rounds and rounds[0] == f"Round {s.state.round or 1}" or s.state.round == 0
    # a panel made now draws the same log as the one that followed every click
    assert NarrationPanel(s, "en").body.value == panel.body.value


def test_a_step_back_shows_the_log_of_that_point_and_a_fork_drops_the_rest():
    app = App("race", players=2, human=0, seed=5, flows=False)
    play(app, 30, 5)
    s = app.session
    panel = app.view.narration
    everything = panel.lines
    s.goto(s.index // 2)
    back = panel.lines
    assert back == [e.text("en") for e in narrated(s.state.events, 0, s.state.twins)]
    assert len(back) < len(everything) and everything[:len(back)] == back
    play(app, 3, 99)  # a fork: another future
    assert panel.lines[:len(back)] == back
    assert NarrationPanel(s, "en").body.value == panel.body.value


def test_the_log_speaks_the_panel_language_and_keeps_secrets():
    app = App("wonderful", players=3, human=0, seed=2, flows=False)
    play(app, 12, 2)
    app.view.set_lang("pt")
    panel = app.view.narration
    assert "Rodada 1" in panel.body.value and "Round 1" not in panel.body.value
    text = " ".join(panel.lines)
    assert "Jogador 1" in text and "Player 1" not in text
    s = app.session  # what another seat drafted in secret stays out of the person's log
    assert panel.lines == [e.text("pt") for e in narrated(s.state.events, 0, s.state.twins)]
    assert len(panel.lines) < len(s.state.events)
