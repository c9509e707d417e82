"""What a click sends to the page (issue 13, a classroom on one server): each widget that
changed sends its new state once, a decision button that shows the same action again sends
nothing, and the banner with the seats' panels is one message."""

from __future__ import annotations

from collections import Counter

import comm
import pytest
from comm.base_comm import BaseComm

from gamekit_widgets.click_cost import measure
from gamekit_widgets.presets import play_app


class Recorded(BaseComm):
    """A comm that keeps (widget id, message kind, state keys) of what it would send."""

    log: list[tuple[str, str, tuple]] = []

    def publish_msg(self, msg_type, data=None, metadata=None, buffers=None, **keys):
        state = (data or {}).get("state", {}) if isinstance(data, dict) else {}
        Recorded.log.append((self.comm_id, msg_type, tuple(sorted(state))))


@pytest.fixture
def app(monkeypatch):
    monkeypatch.setattr(comm, "create_comm", Recorded)
    return play_app("wonderful", human=0, seed=0, flows="on_request")


def _click(app, i: int = 0) -> list[tuple[str, str, tuple]]:
    Recorded.log = []
    app.view.decision.visible_buttons[i].click()
    return list(Recorded.log)


def test_each_changed_widget_sends_its_state_once_per_click(app):
    for _ in range(6):
        sent = _click(app)
        updates = Counter(widget for widget, kind, _keys in sent if kind == "comm_msg")
        assert updates and max(updates.values()) == 1, sent
        assert not [s for s in sent if s[1] == "comm_open" and "description" in s[2]
                    and "tooltip" not in s[2]], "a new button is born without its words"


def test_a_button_showing_the_same_action_again_sends_nothing(app):
    """Buttons follow their action, not their position: an action still offered after a click
    (a card of the hand passed on, a building still reachable) keeps its button and words, and
    nothing is sent for that button; each button still clicks its own action."""
    decision = app.view.decision
    kept_total = 0
    for _ in range(6):
        before = {a: (b.model_id, b.description) for a, b in
                  zip(decision.actions, decision.visible_buttons)}
        sent = _click(app, len(before) // 2)
        after = dict(zip(decision.actions, decision.visible_buttons))
        kept = [a for a in after if a in before]
        kept_total += len(kept)
        for a in kept:
            assert (after[a].model_id, after[a].description) == before[a], a
            assert not [s for s in sent if s[0] == after[a].model_id], a
    assert kept_total, "no action was offered twice in a row: pick another game or seed"
    target, start = decision.actions[-1], app.session.index
    decision.visible_buttons[-1].click()
    assert app.session.actions[start] == target


def test_banner_and_seat_panels_are_one_widget(app):
    banner = app.view.banner.value
    assert "gamekit-banner" in banner and "gamekit-players" in banner and "<style" not in banner
    sent = _click(app)
    assert sum(1 for s in sent if s[0] == app.view.banner.model_id) == 1


def test_click_cost_reports_figures_per_click():
    figures = measure("race", clicks=5)
    assert figures["clicks"] == 5 and figures["messages_median"] >= 3
    assert figures["bytes_median"] > 1000 and figures["cpu_ms_median"] > 0
