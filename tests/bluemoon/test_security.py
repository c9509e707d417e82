"""Options and records never make the engine read a path, and errors quote no file content.

A record may come from an upload (the Voila app): its options must not name server files. Box
values come in as JSON data (``tiles=`` / ``cards=``), bounded in size and depth.
"""

from __future__ import annotations

import json

import pytest

import gamekit
from gamekit.core import OptionError
from gamekit.core.records import GameRecord, RecordError, replay

SECRET = "TOP-SECRET-7f3a9"


@pytest.fixture
def secret_file(tmp_path):
    """A JSON file that looks like tile data and holds a secret."""
    p = tmp_path / "box.json"
    p.write_text(json.dumps({"tiles": [{"id": "mill", "name": SECRET}], "note": SECRET}))
    return p


def _refused(**opts) -> str:
    with pytest.raises(OptionError) as err:
        gamekit.new("bluemoon", players=3, seed=1, **opts)
    return str(err.value)


def _paths(secret_file):
    """Existing and missing files, absolute and relative."""
    return [str(secret_file), "/etc/passwd", "/no/such/file.json", "../../etc/passwd",
            "tiles.json", str(secret_file.parent / "missing.json")]


@pytest.mark.parametrize("name", ["tiles_file", "cards_file"])
def test_removed_file_options_are_refused_without_reading(name, secret_file):
    messages = []
    for path in _paths(secret_file):
        msg = _refused(**{name: path})
        assert "was removed" in msg and name in msg
        assert SECRET not in msg and "root:" not in msg and path not in msg
        messages.append(msg)
    # the same words whether the file exists or not: nothing reveals existence
    assert len(set(messages)) == 1


@pytest.mark.parametrize("name", ["tiles", "cards"])
def test_data_options_given_a_path_refuse_it_without_reading(name, secret_file):
    messages = []
    for path in _paths(secret_file):
        msg = _refused(**{name: path})
        assert f"'{name}'" in msg and "not text" in msg and "file names are not read" in msg
        assert SECRET not in msg and "root:" not in msg and path not in msg
        messages.append(msg)
    assert len(set(messages)) == 1


def test_a_record_naming_a_file_is_refused(secret_file):
    s = gamekit.new("bluemoon", players=3, seed=4)
    for opts in ({"tiles_file": str(secret_file)}, {"tiles": str(secret_file)},
                 {"cards_file": "/etc/passwd"}, {"cards": "../../etc/passwd"}):
        data = json.loads(s.record().to_json())
        data["options"].update(opts)
        text = json.dumps(data)
        with pytest.raises((OptionError, RecordError)) as err:
            replay(GameRecord.from_json(text))
        msg = str(err.value)
        assert SECRET not in msg and "root:" not in msg
        assert str(secret_file) not in msg and "/etc/passwd" not in msg


def test_old_records_with_null_file_options_still_replay():
    s = gamekit.new("bluemoon", players=2, seed=3)
    for _ in range(30):
        s.apply(s.legal_actions(s.turn_seat)[-1])
    data = json.loads(s.record().to_json())
    data["options"].update({"tiles_file": None, "cards_file": None})
    again = replay(GameRecord.from_json(json.dumps(data)))
    assert again.to_dict() == s.to_dict()
    assert "tiles_file" not in again.options and "cards_file" not in again.options


def test_content_options_still_work(secret_file):
    tiles = [{"id": "mill", "spaces": [{"colour": "red", "value": 5}]}]
    cards = {"vulca": {"1": 4, "2": 4, "3": 2}}
    s = gamekit.new("bluemoon", players=3, seed=1, tiles=tiles, cards=cards)
    mill = next(t for t in s.tiles if t.id == "mill")
    assert mill.spaces == ((1, 5),) and s.composition[0:3] == (4, 4, 2)
    assert gamekit.replay(s.record().to_json()).to_dict() == s.to_dict()


@pytest.mark.parametrize("name,bad,words", [
    ("tiles", [{"id": "mill", "spaces": [{"colour": "red", "value": "big"}]}],
     ["tile 'mill' space 0", "value"]),
    ("tiles", [{"id": ["mill"]}], ["tile entry 0", "unknown tile id"]),
    ("tiles", [{"id": "mill", "spaces": [{"colour": ["red"], "value": 3}]}], ["colour"]),
    ("tiles", 3.5, ["tile data must be an object or a list"]),
    ("cards", [{"id": 7, "values": {}}], ["people entry 0", "'id'"]),
    ("cards", {"vulca": [1, 2, 3]}, ["vulca", "values must be an object"]),
    ("cards", True, ["card data must be an object or a list"]),
])
def test_malformed_content_names_the_field(name, bad, words):
    msg = _refused(**{name: bad})
    assert f"option '{name}'" in msg
    for w in words:
        assert w in msg


def test_content_is_bounded_in_size_and_depth():
    huge = [{"id": "mill", "note": "x"} for _ in range(5000)]
    assert "too large" in _refused(tiles=huge)
    deep: list = []
    for _ in range(50):
        deep = [deep]
    assert "nested too deeply" in _refused(tiles=deep)
    assert "longer than" in _refused(tiles=[{"id": "mill", "note": "x" * 10_000}])
    assert "JSON does not have" in _refused(cards={"vulca": {"1": object()}})


def test_random_junk_gives_option_errors_only():
    import random

    rng = random.Random(5)
    leaves = [None, True, 0, -3, 7, 2.5, "", "red", "mill", "wild", "1", [], {}]

    def junk(depth=0):
        r = rng.random()
        if depth > 3 or r < 0.4:
            return rng.choice(leaves)
        if r < 0.7:
            return [junk(depth + 1) for _ in range(rng.randrange(4))]
        keys = ["id", "spaces", "colour", "value", "majority", "crystals", "peoples", "values",
                "vulca", "1", "tiles"]
        return {rng.choice(keys): junk(depth + 1) for _ in range(rng.randrange(4))}

    for _ in range(400):
        for name in ("tiles", "cards"):
            try:
                gamekit.new("bluemoon", players=2, seed=0, **{name: junk()})
            except OptionError:
                pass
