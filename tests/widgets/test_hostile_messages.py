"""The browser is untrusted (issue 30): hostile comm messages (huge, negative, wrong type,
unknown trait, unknown option value, huge texts and uploads, clicks on disabled buttons) sent
to every widget of every app, as the comm would deliver them (``Widget._handle_msg``). No
exception escapes, no handler fails, memory stays bounded, and the form's bounds hold."""

from __future__ import annotations

import json
import logging
import tracemalloc
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import ipywidgets as W
import pytest
from ipywidgets.widgets.widget import Widget, _instances

from gamekit.core import available, get
from gamekit.core.records import MAX_BYTES
from gamekit_widgets.guard import MAX_INT, MAX_TEXT, refusal, writable
from gamekit_widgets.presets import play_app

NOTEBOOKS_DIR = Path(__file__).resolve().parents[2] / "notebooks"
GAMES = [g for g in ("wonderful", "race", "bluemoon", "gaia") if g in available()]
HUGE_TEXT = "9" * (MAX_TEXT + 1)
HUGE_LIST = list(range(100_000))
BIG_FILE = memoryview(b"x" * (MAX_BYTES + 1))
DEEP: Any = 0
for _ in range(50):
    DEEP = [DEEP]
#: what handling every hostile message may take at its peak (an app's own work, e.g. a lesson
#: drawing a chart when a page opens its section; a 10**30-seat form would take all memory)
PEAK = 64 * 2**20
#: values no trait of a page may take
HOSTILE = [10**30, -(10**30), -1, 2**53 + 1, 1.5, float("nan"), float("inf"), "abc", HUGE_TEXT,
           None, True, HUGE_LIST, DEEP, {"a": 1}, ["not", "an", "index"], "unknown_option"]
#: every synced trait, and some that do not exist
EXTRA_TRAITS = ["no_such_trait", "__class__", "comm"]


def update(state: dict, buffers: list | None = None, paths: list | None = None) -> dict:
    data: dict[str, Any] = {"method": "update", "state": state}
    if paths is not None:
        data["buffer_paths"] = paths
    return {"content": {"data": data}, "buffers": buffers or []}


def custom(content: Any) -> dict:
    return {"content": {"data": {"method": "custom", "content": content}}, "buffers": []}


def messages(widget: Widget) -> Iterator[dict]:
    """Hostile messages for ``widget``."""
    allowed = writable(widget)
    for name in [*sorted(widget.keys), *EXTRA_TRAITS]:  # a trait no page sets: one is enough
        for value in HOSTILE if name in allowed else HOSTILE[:1]:
            yield update({name: value})
    yield update({"max": 10**30, "value": 10**30})
    yield update({"min": -(10**30), "value": -(10**30)})
    yield update({"options": HUGE_LIST, "index": 10**4})
    yield update({"value": [{"name": "x.json", "content": b"{}"}] * 3})
    yield update({"value": [{"name": "x.json", "type": "application/json", "size": 0,
                             "last_modified": 0, "content": None}]},
                 [BIG_FILE], [["value", 0, "content"]])
    yield update({"value": [{"name": "x.json", "type": "application/json", "size": 2,
                             "last_modified": 0, "content": None}]},
                 [memoryview(b"{}")], [["value", 5, "content"], ["nope"]])
    yield update("not a dict")  # type: ignore[arg-type]
    yield {"content": {"data": {"method": "bogus"}}, "buffers": []}
    yield {"content": None}
    yield {}
    yield custom({"event": "act", "action": "x" * 100_000})
    yield custom({"event": "act", "action": 12})
    yield custom({"event": "width", "width": 10**30})
    yield custom("click")
    yield custom([1] * 10_000)


def attack(widgets: list[Widget]) -> int:
    """Send every hostile message to every widget: no exception may escape."""
    sent = 0
    for widget in widgets:
        for msg in messages(widget):
            widget._handle_msg(msg)  # what the comm calls; raises nothing
            sent += 1
    return sent


def measured_attack(widgets: list[Widget]) -> tuple[int, int]:
    """``attack``, and the peak of memory it took (bytes)."""
    tracemalloc.start()
    try:
        sent = attack(widgets)
        _now, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return sent, peak


def built(make: Callable[[], Any]) -> tuple[Any, list[Widget]]:
    """``make()`` and every widget it created."""
    before = set(_instances)
    app = make()
    return app, [w for k, w in list(_instances.items()) if k not in before]


class Failures(logging.Handler):
    """Keeps what a handler raised (a logged traceback or error), not the refusals (warnings
    without a traceback, thousands here)."""

    def __init__(self):
        super().__init__(logging.WARNING)
        self.seen: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.exc_info or record.levelno >= logging.ERROR:
            self.seen.append(f"{record.name}: {record.getMessage()[:300]}")


@pytest.fixture
def failures():
    """What every handler of a page's message raised (none may)."""
    handler = Failures()
    root, guard = logging.getLogger(), logging.getLogger("gamekit.widgets.guard")
    own = (guard.handlers[:], guard.propagate)
    root.addHandler(handler)
    guard.handlers = [handler]  # thousands of refusals: not written to the server's log here
    guard.propagate = False
    try:
        yield lambda: handler.seen
    finally:
        guard.handlers, guard.propagate = own
        root.removeHandler(handler)


@pytest.mark.parametrize("game", GAMES)
def test_play_app_survives_hostile_messages(game, failures):
    app, widgets = built(lambda: play_app(game, human=0, seed=0, flows="on_request"))
    spec = get(game).state
    sent, peak = measured_attack(widgets)
    assert sent > 500
    assert peak < PEAK, f"{peak / 2**20:.1f} MiB while handling hostile messages"
    assert failures() == []
    assert (app.players.min, app.players.max) == (spec.min_players, spec.max_players)
    assert spec.min_players <= app.players.value <= spec.max_players
    assert abs(app.seed.value) <= MAX_INT
    # the form starts a game, or says why not (e.g. a scenario that needs the other side)
    assert app.start() or "gamekit-error" in app.form_message.value
    assert spec.min_players <= app.state.players <= spec.max_players


def run_notebook(path: Path) -> None:
    """Run the code of a notebook of ``notebooks/`` (its app is built, its checks hold)."""
    nb = json.loads(path.read_text())
    code = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code")
    exec(compile(code, str(path), "exec"), {"__name__": "__main__"})  # noqa: S102


#: the other apps: every lesson, Gaia's replay (with its upload), an analysis (the same
#: ``Analysis`` widgets for every game; the others take seconds of simulation each)
NOTEBOOKS = [*(f"{g}/learn.ipynb" for g in GAMES), "gaia/replay.ipynb", "wonderful/analyse.ipynb"]


@pytest.mark.parametrize("notebook", [n for n in NOTEBOOKS if (NOTEBOOKS_DIR / n).is_file()])
def test_notebook_apps_survive_hostile_messages(notebook, failures):
    _none, widgets = built(lambda: run_notebook(NOTEBOOKS_DIR / notebook))
    sent, peak = measured_attack(widgets)
    assert sent > 300
    assert peak < PEAK, f"{peak / 2**20:.1f} MiB"
    assert failures() == []


def test_valid_messages_still_work(failures):
    """What a page really sends gets through: a player count, a dropdown index, a click."""
    app = play_app("wonderful", players=3, human=0, seed=0, flows=False)
    app.players._handle_msg(update({"value": 4}))
    assert app.players.value == 4 and len(app.human.options) == 5
    app.players._handle_msg(update({"value": 10**6}))  # the form's bounds hold
    assert app.players.value == get("wonderful").state.max_players
    app.players._handle_msg(update({"value": 4}))
    app.human._handle_msg(update({"index": 2}))
    assert app.human.value == 2
    app.seed._handle_msg(update({"value": 7}))
    assert app.seed.value == 7
    app.start_button._handle_msg(custom({"event": "click"}))
    assert app.state.players == 4 and app.session.human == 2 and app.state.seed == 7
    app.view.controls.back_button.disabled = True
    before = app.session.index
    app.view.controls.next_button.disabled = True
    app.view.controls.next_button._handle_msg(custom({"event": "click"}))
    assert app.session.index == before, "a click on a disabled button was obeyed"
    assert failures() == []


@pytest.mark.parametrize(("widget", "state", "words"), [
    (lambda: W.BoundedIntText(value=3, min=1, max=5), {"max": 10**30}, "'max' is not set"),
    (lambda: W.BoundedIntText(value=3, min=1, max=5), {"value": 10**30}, "out of range"),
    (lambda: W.IntText(), {"value": "abc"}, "value: TraitError"),
    (lambda: W.Text(), {"value": HUGE_TEXT}, "characters"),
    (lambda: W.Dropdown(options=["a", "b"]), {"index": 7}, "index: TraitError"),
    (lambda: W.Dropdown(options=["a", "b"]), {"options": ["c"]}, "'options' is not set"),
    (lambda: W.HTML(), {"value": "<script>"}, "'value' is not set"),
    (lambda: W.Checkbox(disabled=True), {"value": True}, "disabled"),
    (lambda: W.IntSlider(), {"value": [1] * 2000}, "2000 items"),
])
def test_refusals_say_why(widget, state, words):
    reason = refusal(widget(), update(state))
    assert reason is not None and words in reason, reason


def test_a_page_cannot_create_widgets():
    from ipywidgets.comm import get_comm_manager

    from gamekit_widgets.guard import _refuse_open

    assert get_comm_manager().targets["jupyter.widget"] is _refuse_open


def test_changing_the_player_count_again_and_again_leaves_no_widgets(failures):
    """Gaia's form has a faction dropdown per seat: a page flipping the player count 300 times
    leaves as many widgets as it found."""
    app = play_app("gaia", human=0, seed=0, flows=False)
    spec = get("gaia").state
    app.players._handle_msg(update({"value": spec.min_players}))
    before = len(_instances)
    for n in range(300):
        app.players._handle_msg(update({"value": spec.max_players - n % 2}))
    app.players._handle_msg(update({"value": spec.min_players}))
    assert len(_instances) == before
    assert failures() == []


def test_a_refused_value_is_put_back_on_the_page(monkeypatch):
    """The page waits for the echo of what it sent (ignoring the kernel's updates of that trait
    until it comes): a refusal answers with the kernel's own value."""
    box = W.IntText(value=5)
    sent: list[dict] = []
    monkeypatch.setattr(box, "_send", lambda msg, buffers=None: sent.append(msg))
    box._handle_msg(update({"value": 10**30}))
    assert box.value == 5
    assert [m["method"] for m in sent] == ["echo_update", "update"]
    assert all(m["state"] == {"value": 5} for m in sent)
