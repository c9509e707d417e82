"""The seam between games and the rest of gamekit: ``register``, entry-point discovery, the
registered renderer in ``_repr_html_``, presets, labels, lesson support and broken packages."""

from __future__ import annotations

import html
import re
import sys
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest
import seam_toy  # tests/conftest.py puts tests/core on the path
import toy  # noqa: F401  (registers "toy" with the old call form: state, agents, players)

import gamekit
from gamekit.core import CATALOG, OptionError, registry
from gamekit.core.registry import BROKEN, ENTRY_POINTS, GameInfo, Presets, register

ROOT = Path(__file__).resolve().parents[2]

#: "seamtoy" is registered while this module's tests run (never during collection)
_seamtoy = pytest.fixture(scope="module", autouse=True)(seam_toy.registered)


@pytest.fixture
def entry_points(monkeypatch):
    """Add entry points to the ``gamekit.games`` group; the registry is restored after."""
    games, broken = dict(registry._GAMES), dict(BROKEN)
    extra: list[EntryPoint] = []
    real = registry.entry_points

    def fake(group: str):
        return [*real(group=group), *extra] if group == ENTRY_POINTS else real(group=group)

    monkeypatch.setattr(registry, "entry_points", fake)
    registry._DECLARED.clear()  # read the group again, with the extra entry points
    yield extra
    registry._DECLARED.clear()
    registry._GAMES.clear()
    registry._GAMES.update(games)
    BROKEN.clear()
    BROKEN.update(broken)
    for name in ("seam_plugin_game", "seam_broken_game", "seam_silent_game"):
        sys.modules.pop(name, None)


def test_bundled_games_are_declared_entry_points():
    declared = set(registry._declared())
    assert {"wonderful", "race", "bluemoon", "gaia"} <= declared
    assert {"wonderful", "race", "bluemoon"} <= set(gamekit.available())


def test_pyproject_declares_exactly_the_bundled_fallback():
    """``BUNDLED`` (used only without installed metadata) is read from pyproject's entry points."""
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    section = text.split('[project.entry-points."gamekit.games"]', 1)[1].split("\n[", 1)[0]
    lines = dict(re.findall(r'^(\w+) = "([\w.]+)"$', section, re.M))
    assert lines == registry.BUNDLED


def test_toy_registered_through_the_seam_is_available():
    info = gamekit.get("seamtoy")
    assert "seamtoy" in gamekit.available() and "toy" in gamekit.available()
    assert info.render is seam_toy.board and info.default_players == 2
    assert info.presets == Presets(players=2, bots=("random",), choices={"rounds": [3, 2, 1]},
                                   fixes={"solo": {"players": 1}})
    assert info.presets.option_choices() == {"rounds": [3, 2, 1]}


def test_labels_exist_as_soon_as_the_game_is_imported():
    assert CATALOG.has("seamtoy", "act.bid")
    assert CATALOG.text("seamtoy", "act.bid", "pt", a0=7) == "oferecer o 7"


def test_board_renders_through_repr_html():
    state = gamekit.new("seamtoy", players=2, seed=1)
    out = state._repr_html_()
    assert out.startswith("<div class='gamekit-board seamtoy-board' data-round='1'>")
    assert "Seam toy table" in out


def test_game_without_renderer_shows_its_summary():
    state = gamekit.new("toy", players=2, seed=1)
    assert gamekit.get("toy").render is None
    assert state._repr_html_() == f"<pre class='gamekit-board'>{html.escape(repr(state))}</pre>"


def test_every_bundled_game_hands_its_renderer():
    for game in ("wonderful", "race", "bluemoon"):
        info = gamekit.get(game)
        state = gamekit.new(game, seed=1)
        assert callable(info.render)
        assert "gamekit-board" in info.render(state, "pt")
        assert info.lesson is not None and info.presets is not None


def test_old_call_form_still_registers():
    """``register(State, agents=..., default_players=...)``: everything new is optional."""
    info = register(toy.ToyState, agents={"mine": object}, default_players=3)
    try:
        assert isinstance(info, GameInfo) and info.agents == {"mine": object}
        assert info.render is None and info.lesson is None and info.presets == Presets()
    finally:
        register(toy.ToyState, default_players=3)


def test_lesson_factory_runs_once_on_first_use():
    before = len(seam_toy.LESSON_CALLS)
    info = gamekit.get("seamtoy")
    first = info.lesson
    assert info.lesson is first and "start" in first.CHAPTERS
    assert len(seam_toy.LESSON_CALLS) - before <= 1


def test_unknown_game_error_lists_the_available_ones():
    with pytest.raises(OptionError) as err:
        gamekit.get("chess")
    text = str(err.value)
    assert "unknown game 'chess'" in text
    for game in ("bluemoon", "race", "seamtoy", "toy", "wonderful"):
        assert game in text
    with pytest.raises(OptionError, match="unknown game"):
        gamekit.new("chess")


def test_a_game_found_only_through_its_entry_point(entry_points):
    entry_points.append(EntryPoint("plugintoy", "seam_plugin_game", ENTRY_POINTS))
    assert "seam_plugin_game" not in sys.modules
    state = gamekit.new("plugintoy", players=2, seed=3)
    assert state.game == "plugintoy" and "plugintoy" in gamekit.available()


def test_broken_package_is_reported_and_hides_no_other(entry_points):
    entry_points.append(EntryPoint("seambroken", "seam_broken_game", ENTRY_POINTS))
    entry_points.append(EntryPoint("seamsilent", "seam_silent_game", ENTRY_POINTS))
    games = gamekit.available()
    assert {"wonderful", "race", "bluemoon", "seamtoy"} <= set(games)
    assert "seambroken" not in games and "seamsilent" not in games
    assert BROKEN["seambroken"] == "RuntimeError: this game is broken on purpose"
    assert "seamsilent" not in BROKEN  # importing without registering is tolerated
    with pytest.raises(OptionError, match="cannot be loaded: RuntimeError: this game is broken"):
        gamekit.get("seambroken")
    with pytest.raises(OptionError, match="seam_silent_game did not register a game"):
        gamekit.get("seamsilent")
    assert gamekit.new("race", seed=1).game == "race"


def test_rescan_finds_a_game_installed_later(entry_points):
    assert "plugintoy" not in gamekit.available()
    entry_points.append(EntryPoint("plugintoy", "seam_plugin_game", ENTRY_POINTS))
    assert "plugintoy" not in gamekit.available()  # the group is read once...
    assert "plugintoy" in registry.rescan()  # ...until asked to read it again


def test_available_is_cheap_once_the_group_is_read():
    import time

    gamekit.available()
    start = time.perf_counter()
    for _ in range(200):
        gamekit.available()
    assert (time.perf_counter() - start) / 200 < 0.002  # no metadata scan per call


def test_cli_list_names_the_broken_package(entry_points, capsys):
    from gamekit.cli import main

    entry_points.append(EntryPoint("seambroken", "seam_broken_game", ENTRY_POINTS))
    assert main(["list"]) == 1
    out = capsys.readouterr()
    assert "seambroken" in out.out + out.err and "race" in out.out


def test_labels_need_both_languages_and_a_refused_game_is_not_registered():
    class HalfToy(toy.ToyState):
        game = "halftoy"

    with pytest.raises(ValueError, match=r"halftoy.act.bid lacks language\(s\) \['pt'\]"):
        register(HalfToy, labels={"act.bid": {"en": "bid {a0}"}})
    with pytest.raises(OptionError, match="unknown game 'halftoy'"):
        gamekit.get("halftoy")
