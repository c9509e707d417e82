"""The analyse pages' stored studies are read from their files (issue 24: nothing lists games
by hand): each file's head names the study that played it, every shipped game has one, a
file named for another study is refused and other data (a ladder) is not a study."""

from __future__ import annotations

import json
from dataclasses import asdict

import pytest

from gamekit.analysis import stored
from gamekit.core.registry import declared


def test_every_shipped_game_has_a_stored_study_named_by_its_file():
    assert {game for game, _name in stored.STUDIES} == set(declared())
    for (game, name), study in stored.STUDIES.items():
        assert study.path.name == f"{game}.{name}.json" and study.path.is_file()
        assert isinstance(study.agents, tuple) and study.n > 0


def test_a_study_is_read_from_the_head_of_its_file(tmp_path, monkeypatch):
    monkeypatch.setattr(stored, "_DATA", tmp_path)
    study = stored.Study("race", "probe", 3, 2, ("heuristic", "random"), 7,
                         {"x": {"advanced": True}})
    meta = {**asdict(study), "agents": list(study.agents)}
    rows = [{"game": "race", "score": k} for k in range(500)]  # the rows are not read
    (tmp_path / "race.probe.json").write_text(json.dumps({"study": meta, "rows": rows}))
    (tmp_path / "race.ladder.json").write_text(json.dumps({"game": "race", "rungs": []}))
    assert stored._stored() == (study,)


def test_a_file_naming_another_study_is_refused(tmp_path, monkeypatch):
    monkeypatch.setattr(stored, "_DATA", tmp_path)
    meta = {**asdict(stored.STUDIES["race", "mirror"]), "agents": ["heuristic"] * 2}
    (tmp_path / "race.other.json").write_text(json.dumps({"study": meta, "rows": []}))
    with pytest.raises(ValueError, match="race.other.json stores the study race.mirror"):
        stored._stored()
