"""Documented limits of positions and states (issue 30): a refusal is fast even for a document
just under the size cap, schemas are strict and bounded, null options are option errors, a view
of a seat out of range is refused, sizes are said in real units, and no walker runs forever."""

from __future__ import annotations

import json
import time

import pytest

import gamekit
from gamekit.core.course import Course
from gamekit.core.options import OptionError
from gamekit.core.positions import MAX_BYTES, PositionError, position, save_position, size
from gamekit.core.registry import get
from gamekit.core.schema import strict
from gamekit.core.state import StuckGame

GAMES = [("wonderful", 2), ("race", 2), ("bluemoon", 2)]


def _near_cap(game: str, players: int) -> list[str]:
    """Hostile positions of ``game`` just under the size cap."""
    base = save_position(gamekit.new(game, players=players, seed=1))
    out = []
    for change in (
        lambda d: d["state"].update(deck=["no_such_card"] * 99_000),
        lambda d: d["state"].update({f"k{i}": i for i in range(90_000)}),
        lambda d: d["state"].update(deck=[[[[1]]]] * 24_000),
        lambda d: d.update(options={f"o{i}": [i] for i in range(45_000)}),
        lambda d: d["state"].update(deck=[None] * (MAX_BYTES // 7)),
    ):
        doc = json.loads(json.dumps(base))
        change(doc)
        text = json.dumps(doc)
        assert len(text) <= MAX_BYTES
        out.append(text)
    return out


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_a_near_cap_hostile_position_is_refused_fast(game, players):
    position(save_position(gamekit.new(game, players=players, seed=1)))  # builds the validator
    for text in _near_cap(game, players):
        start = time.process_time()
        with pytest.raises(PositionError):
            position(text)
        assert time.process_time() - start < 5.0  # measured: under 0.25 s each


def _arrays_and_objects(schema, path="schema"):
    if isinstance(schema, dict):
        yield path, schema
        for k, v in schema.items():
            if k not in ("enum", "const"):
                yield from _arrays_and_objects(v, f"{path}.{k}")
    elif isinstance(schema, list):
        for i, v in enumerate(schema):
            yield from _arrays_and_objects(v, f"{path}[{i}]")


@pytest.mark.parametrize(("game", "players"), [*GAMES, ("wonderful", 1), ("race", 4)])
def test_position_schemas_bound_every_list_and_name_every_key(game, players):
    schema = strict(get(game).state.position_schema(players))
    for path, sub in _arrays_and_objects(schema):
        if sub.get("type") == "array" or "items" in sub or "prefixItems" in sub:
            assert "maxItems" in sub, f"{path}: a list without maxItems"
        if "properties" in sub:
            assert sub.get("additionalProperties") is False, f"{path}: unknown keys allowed"
        elif sub.get("type") == "object" and "additionalProperties" in sub:
            assert "propertyNames" in sub or "maxProperties" in sub, f"{path}: unbounded keys"


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_unknown_keys_are_refused_in_every_object(game, players):
    doc = save_position(gamekit.new(game, players=players, seed=2))
    with pytest.raises(PositionError, match="unknown key 'sneaky'"):
        position({**doc, "state": {**doc["state"], "sneaky": 1}})
    if game == "bluemoon":
        turn = {**doc["state"]["turn"], "sneaky": 1}
        with pytest.raises(PositionError, match=r"turn.*unknown key 'sneaky'"):
            position({**doc, "state": {**doc["state"], "turn": turn}})
        return
    seats = doc["state"]["seats"]
    with pytest.raises(PositionError, match=r"seats\[0\].*unknown key 'sneaky'"):
        position({**doc, "state": {**doc["state"], "seats": [{**seats[0], "sneaky": 1},
                                                             *seats[1:]]}})


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_null_options_are_option_errors(game, players):
    spec = get(game).state.options_spec
    for name, opt in spec.items():
        if opt.default is None:
            continue
        with pytest.raises(OptionError, match=f"{name}.*got null"):
            gamekit.new(game, players=players, seed=1, **{name: None})
        doc = save_position(gamekit.new(game, players=players, seed=1))
        doc["options"][name] = None
        with pytest.raises(PositionError, match=f"options.*{name}.*got null"):
            position(doc)


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_a_view_of_a_seat_out_of_range_is_refused(game, players):
    state = gamekit.new(game, players=players, seed=1)
    for seat in (-1, players, 10**9, True, 1.0, "0"):
        with pytest.raises(ValueError, match="view: no seat"):
            state.view(seat)
    assert state.view(None).viewer is None and state.view(players - 1).viewer == players - 1


def test_sizes_are_said_in_real_units():
    assert size(812) == "812 bytes"
    assert size(30 * 1024) == "30.0 KiB"
    assert size(3 * 2**20) == "3.0 MiB"
    with pytest.raises(PositionError, match=r"at most 2\.0 MiB, got 3\.0 MiB"):
        position(" " * (3 * 2**20))


def test_deep_or_huge_data_is_refused_before_any_schema():
    deep: list = []
    for _ in range(40):
        deep = [deep]
    doc = save_position(gamekit.new("race", players=2, seed=1))
    with pytest.raises(PositionError, match="nested more than 32 levels"):
        position({**doc, "state": {**doc["state"], "deck": deep}})
    with pytest.raises(PositionError, match="more than 100000 values"):
        position({**doc, "state": {**doc["state"], "deck": [0] * 100_001}})


@pytest.mark.parametrize(("game", "module"), [
    ("race", "gamekit.games.race.phases"), ("wonderful", "gamekit.games.wonderful.phases"),
    ("bluemoon", "gamekit.games.bluemoon.turn")])
def test_a_walk_without_decisions_stops_with_a_clear_error(monkeypatch, game, module):
    """A course that would move on forever (here: every advance leads nowhere) is stopped."""
    import importlib

    state = gamekit.new(game, players=2, seed=1)
    course = importlib.import_module(module)
    if game == "wonderful":
        monkeypatch.setattr(course, "advance", lambda st: True)
        state.stack = ()
        monkeypatch.setattr("gamekit.games.wonderful.state.settle", lambda st, s: False)
        with pytest.raises(StuckGame, match="without a decision"):
            state._progress()
    elif game == "race":
        monkeypatch.setattr(Course, "advance", lambda self, st: True)
        state._tm = ()
        with pytest.raises(StuckGame, match="without a decision"):
            state._walk()
    else:
        monkeypatch.setattr(Course, "advance", lambda self, st: True)
        state.stack = ()  # nobody decides (the core decision stack is empty)
        with pytest.raises(StuckGame, match="without a decision"):
            course.progress(state)
