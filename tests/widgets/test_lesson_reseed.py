"""``lessons.reseed``: a lesson's content read on its recorded game and on another seed/options
side by side (issue 28: Blue Moon City's recorded game moved onto the rulebook's default rules)."""

from __future__ import annotations

import pytest

from gamekit_widgets.lessons import reseed


@pytest.fixture(scope="module")
def rows():
    # the lesson's former game: seed 17 with the 2006 reading of the Royal Palace
    return {(r.part, r.key): r for r in reseed.compare("bluemoon", 17,
                                                        palace_colour_per_space=True)}


def test_the_content_reads_its_whole_recorded_game(rows):
    assert not [k for k, r in rows.items() if r.recorded.startswith("error")]
    assert {p for p, _k in rows} == {"chapter", "fact", "quiz", "scenario"}


def test_the_set_up_is_the_same_and_the_story_differs(rows):
    for key in ("obelisk_costs", "markers", "start_cards", "pal_v1", "p1_r1_scales"):
        assert not rows["fact", key].changed, key
    # a colour per palace space: Player 3 paid 3 spaces in round 1 there, 2 here
    assert (rows["fact", "pal_paid"].recorded, rows["fact", "pal_paid"].candidate) == ("2", "3")
    # the former game ended 5, 1 and 3, and had no Water Temple in round 1: what the lesson
    # shows of it breaks
    assert rows["fact", "final_scores"].candidate == str({"en": "5, 1 and 3", "pt": "5, 1 e 3"})
    broken = {k for k, r in rows.items() if r.broken}
    assert {("quiz", "q_khind_pay"), ("fact", "wt_v1"), ("fact", "cv_scales")} <= broken


def test_a_row_breaks_only_where_the_recorded_game_had_a_value():
    made = reseed.Row("fact", "a", "1", "error: LookupError no Pillar offering")
    lacking = reseed.Row("fact", "b", "error: LookupError", "error: LookupError")
    assert made.broken and made.changed and not lacking.broken and not lacking.changed
