"""The exact fewest-satellites search (``linking.fewest_links``, rulebook "4) Forjando
Alianças": use the fewest satellites possible to connect the planets)."""

from __future__ import annotations

from gamekit.games.gaia.linking import MAX_GROUPS, fewest_links
from gamekit.kit.hexgrid import Hex, distance, neighbours


def _open(h):
    return distance(h, Hex(0, 0)) <= 6


def test_two_groups_need_the_empty_spaces_between_them():
    a, b = frozenset({Hex(0, 0)}), frozenset({Hex(3, 0)})
    best = fewest_links([a, b], frozenset(), _open, neighbours, 10)
    assert best == {1: 0, 2: 0, 3: 2}


def test_three_groups_share_a_middle_space():
    """Three structures two steps from a common space: the middle space and one space
    towards each (4 satellites); any two of them: a chain of 3."""
    c = Hex(0, 0)
    ends = [frozenset({Hex(2, 0)}), frozenset({Hex(-2, 2)}), frozenset({Hex(0, -2)})]
    assert all(distance(next(iter(e)), c) == 2 for e in ends)
    best = fewest_links(ends, frozenset(), _open, neighbours, 10)
    assert best[0b111] == 4
    assert best[0b011] == 3  # two of them: a chain of 3 empty spaces (distance 4)


def test_a_structure_on_the_way_links_for_free():
    a, b = frozenset({Hex(0, 0)}), frozenset({Hex(4, 0)})
    without = fewest_links([a, b], frozenset(), _open, neighbours, 10)[3]
    with_mine = fewest_links([a, b], frozenset({Hex(2, 0)}), _open, neighbours, 10)[3]
    assert (without, with_mine) == (3, 2)


def test_blocked_and_bounded():
    a, b = frozenset({Hex(0, 0)}), frozenset({Hex(3, 0)})
    walled = fewest_links([a, b], frozenset(), lambda h: False, neighbours, 10)
    assert walled[3] == 10  # no empty space: the limit stands for "not within reach"
    assert fewest_links([a, b], frozenset(), _open, neighbours, 2)[3] == 2  # capped
    many = [frozenset({Hex(2 * i, 0)}) for i in range(MAX_GROUPS + 1)]
    assert fewest_links(many, frozenset(), _open, neighbours, 5) == {}
