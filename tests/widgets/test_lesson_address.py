"""The play app reads its set-up from its address (issue 28: the guided game's hand-over):
``gamekit_widgets.address``. Values are checked against closed tables; anything else is
ignored with a note and the default kept (no error, no name looked up)."""

from __future__ import annotations

import pytest

from gamekit.core import get
from gamekit_widgets import address
from gamekit_widgets.lessons import bluemoon, gaia, race, wonderful
from gamekit_widgets.presets import play_app


def test_a_valid_address_sets_the_form_and_the_options():
    found = address.parse("race", "players=3&seed=17&seat=2&bot=heuristic&first_game=true")
    assert found.form == {"players": 3, "seed": 17, "human": 1, "bot": "heuristic"}
    assert found.options == {"first_game": True} and not found.ignored
    assert address.parse("race", "seat=0").form == {"human": -1}  # 0: watch the bots


@pytest.mark.parametrize(("query", "ignored"), [
    ("players=9", [("players", "value")]),
    ("players=two", [("players", "value")]),
    ("seed=-1&seed=99999999999", [("?", "repeated"), ("seed", "value")]),
    ("seat=3", [("seat", "value")]),  # 2 players by default
    ("bot=os.system", [("bot", "value")]),
    ("__class__=x&deck=a,b", [("__class__", "unknown"), ("deck", "unknown")]),
    ("first_game=maybe", [("first_game", "value")]),
    ("vp_pool=5", [("vp_pool", "unknown")]),  # an int without a closed list of values
])
def test_anything_else_is_ignored_with_its_reason(query, ignored):
    found = address.parse("race", query)
    assert found.ignored == ignored and not found.form and not found.options
    assert found.note("en").startswith("From this page's address, not used")
    assert found.note("pt").startswith("Do endereço desta página, não foi usado")


def test_bounds_and_escaping():
    assert address.parse("race", "seed=" + "1" * 3000).ignored == [("?", "too_long")]
    assert address.parse("race", "").form == {} and not address.parse("race", None)
    note = address.parse("race", "%3Cscript%3E=1").note("en")
    assert "<script>" not in note and "&lt;script&gt;" in note


def test_per_seat_options_take_one_closed_value_a_seat():
    ok = address.parse("gaia", "players=2&factions=hadsch-hallas,xenos&layout=first_game")
    assert ok.options == {"factions": ["hadsch-hallas", "xenos"], "layout": "first_game"}
    for bad in ("factions=hadsch-hallas", "factions=xenos,../etc", "layout=/etc/passwd"):
        assert not address.parse("gaia", f"players=2&{bad}").options, bad


@pytest.mark.parametrize("content", [wonderful, race, bluemoon, gaia])
def test_the_guided_game_s_link_reads_back_as_its_set_up(content):
    game = content.G
    sp = content.GUIDED
    options = dict(sp.options(get(game).lesson))
    link = address.link(game, sp.players, sp.seed, options, seat=sp.seat + 1)
    assert link.startswith("play.ipynb?")
    found = address.parse(game, link.split("?", 1)[1])
    assert found.form == {"players": sp.players, "seed": sp.seed, "human": sp.seat,
                          "bot": "heuristic"}
    assert found.options == options and not found.ignored


def test_the_play_app_follows_its_address(monkeypatch):
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    monkeypatch.setenv("QUERY_STRING", "players=3&seed=17&seat=2&first_game=true")
    app = play_app("race", players=2, human=0, seed=0)
    st = app.session.state
    assert (st.players, st.seed, app.session.human) == (3, 17, 1)
    assert st.options["first_game"] is True and app.form_message.value == ""
    assert app.players.value == 3 and app.seed.value == 17


def test_a_wrong_address_keeps_the_default_game_and_says_so(monkeypatch):
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    monkeypatch.setenv("QUERY_STRING", "players=99&colour=red")
    app = play_app("race", players=2, human=0, seed=0)
    assert (app.session.state.players, app.session.state.seed) == (2, 0)
    assert "players: a value the form does not offer" in app.form_message.value
    assert "colour: not a setting of this game" in app.form_message.value
    app.view.language.value = "pt"
    assert "colour: não é uma escolha deste jogo" in app.form_message.value


def test_a_pre_heated_app_applies_the_address_once_drawn(monkeypatch):
    """A pre-heated kernel built the app before anyone asked: the address arrives with the
    person (Voilà's ``wait_for_request``) and is applied once the browser has drawn the app."""
    import threading

    import voila.utils

    from gamekit_widgets.ready import Shown

    monkeypatch.setenv("VOILA_PREHEAT", "True")
    arrived = threading.Event()

    def request() -> None:
        arrived.wait(10)
        monkeypatch.setenv("QUERY_STRING", "players=3&seed=17")

    monkeypatch.setattr(voila.utils, "wait_for_request", request)
    app = play_app("race", players=2, human=0, seed=0)
    shown = next(w for w in app.children if isinstance(w, Shown))
    shown._message(shown, {"event": "shown"}, [])  # drawn before the address came
    assert app.session.state.players == 2
    arrived.set()
    for t in threading.enumerate():
        if t.name == "gamekit-address":
            t.join(30)
    assert (app.session.state.players, app.session.state.seed) == (3, 17)


def test_a_pre_heated_app_whose_server_cannot_answer_stays_as_built(monkeypatch):
    import threading

    import voila.utils

    def unreachable() -> None:
        raise OSError("no route to the server")

    from gamekit_widgets.ready import Shown

    crashed: list = []
    monkeypatch.setattr(threading, "excepthook", crashed.append)  # a traceback on the page
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.setenv("QUERY_STRING", "players=3")
    monkeypatch.setattr(voila.utils, "wait_for_request", unreachable)
    app = play_app("race", players=2, human=0, seed=0)
    shown = next(w for w in app.children if isinstance(w, Shown))
    shown._message(shown, {"event": "shown"}, [])
    for t in threading.enumerate():
        if t.name == "gamekit-address":
            t.join(30)
    assert not crashed
    assert app.session.state.players == 2 and app.form_message.value == ""
