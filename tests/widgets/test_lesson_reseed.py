"""``lessons.reseed``: a lesson's content read on its recorded game and on another seed/options
side by side (issue 28: Blue Moon City's recorded game on the rulebook's default rules)."""

from __future__ import annotations

import pytest

from gamekit_widgets.lessons import reseed


@pytest.fixture(scope="module")
def rows():
    # seed 17 with the default Royal Palace (one colour for all its spaces): the lesson's seed
    return {(r.part, r.key): r for r in reseed.compare("bluemoon", 17)}


def test_the_content_reads_its_whole_recorded_game(rows):
    assert not [k for k, r in rows.items() if r.recorded.startswith("error")]
    assert {p for p, _k in rows} == {"chapter", "fact", "quiz", "scenario"}


def test_the_set_up_is_the_same_and_the_story_diverges(rows):
    for key in ("obelisk_costs", "markers", "start_cards", "pal_v1", "p1_r1_scales"):
        assert not rows["fact", key].changed, key
    # with one colour for the whole palace, Player 3 pays 2 spaces in round 1, not 3 ...
    assert (rows["fact", "pal_paid"].recorded, rows["fact", "pal_paid"].candidate) == ("3", "2")
    # ... and the game that follows has no Pillar offering: what the lesson shows of it breaks
    broken = {k for k, r in rows.items() if r.broken}
    assert {("quiz", "q_pillar_decide"), ("fact", "pillar_x"), ("quiz", "q_palace_colour")} \
        <= broken
    assert rows["fact", "final_scores"].candidate == str({"en": "3, 5 and 3", "pt": "3, 5 e 3"})


def test_a_row_breaks_only_where_the_recorded_game_had_a_value():
    made = reseed.Row("fact", "a", "1", "error: LookupError no Pillar offering")
    lacking = reseed.Row("fact", "b", "error: LookupError", "error: LookupError")
    assert made.broken and made.changed and not lacking.broken and not lacking.changed
