"""The Markdown lesson prose reader (widgets/lessons/prose.py)."""

import pytest

from gamekit_widgets.lessons import prose


def test_sections_are_split_by_marker_and_rendered():
    parsed = prose.parse("<!-- key: goal -->\n### Goal\n\nYou **win**.\n<!-- key: cap -->\nA *label*\n")
    assert parsed == {"goal": "### Goal\n\nYou **win**.", "cap": "A *label*"}
    assert prose._html(parsed["goal"]) == "<h3>Goal</h3>\n<p>You <strong>win</strong>.</p>"
    assert prose._html(parsed["cap"]) == "A <em>label</em>"  # one paragraph stays inline


@pytest.mark.parametrize("text, problem", [
    ("stray\n<!-- key: a -->\nx", "before the first"),
    ("<!-- key: a -->\nx\n<!-- key: a -->\ny", "appears twice"),
])
def test_malformed_prose_names_the_problem(text, problem):
    with pytest.raises(prose.ProseError, match=problem):
        prose.parse(text, "demo.en.md")


def test_a_key_missing_in_one_language_is_refused(tmp_path, monkeypatch):
    monkeypatch.setattr(prose, "TEXT_DIR", tmp_path)
    (tmp_path / "demo.en.md").write_text("<!-- key: a -->\nA\n<!-- key: b -->\nB\n")
    (tmp_path / "demo.pt.md").write_text("<!-- key: a -->\nA\n")
    prose.load.cache_clear()
    with pytest.raises(prose.ProseError, match="keys missing in 'pt': b"):
        prose.load("demo")
    with pytest.raises(prose.ProseError, match="nogame.en.md is missing"):
        prose.load("nogame")
    prose.load.cache_clear()


def test_every_shipped_prose_file_loads_in_both_languages():
    games = {p.name.split(".")[0] for p in prose.TEXT_DIR.glob("*.md")}
    for game in sorted(games):
        texts = prose.load(game)
        assert texts and all(set(v) == {"en", "pt"} and all(v.values()) for v in texts.values())
