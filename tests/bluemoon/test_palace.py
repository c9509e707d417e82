"""Royal Palace: one colour for all its spaces (rulebook 2019, "Fase de Contribuição": "podem ser
feitas com qualquer cor, desde que use apenas uma cor para todos os espaços"), or a colour per
space with ``palace_colour_per_space=True`` (the 2006 English rules)."""

from __future__ import annotations

import random

import pytest
from bluemoon_helpers import legal, play

import gamekit
from gamekit.core import OptionError
from gamekit.core.invariants import assert_illegal_unchanged, check_random_game, check_state
from gamekit.games.bluemoon.bots import HeuristicAgent, _free_spaces
from gamekit.games.bluemoon.data import BLACK, WILD

HAND = ["vulca_3", "vulca_2", "aqua_3", "aqua_2", "terrah_3", "terrah_1"]


def _palace_contributions(s):
    return {a for a in legal(s) if a.startswith("p1 contribute")}


def _at_the_palace(bm, **opts):
    s = bm.new({(2, 1): "royal_palace"}, **opts)
    s = bm.arrange(s, hands={0: HAND, 1: ["aqua_3", "aqua_2", "vulca_3", "vulca_2"]},
               positions={0: (2, 1), 1: (2, 1)})
    play(s, "p1 done")
    return s


def test_first_contribution_fixes_the_colour_of_every_palace_space(bm):
    s = _at_the_palace(bm)
    assert s.options["palace_colour_per_space"] is False  # the rulebook is the default
    first = _palace_contributions(s)
    assert {"p1 contribute 0 black", "p1 contribute 0 blue", "p1 contribute 1 red"} <= first
    play(s, "p1 contribute 0 black", "p1 pay vulca_3", "p1 pay vulca_2", "p1 done")
    # the other spaces now take black only: blue and red are refused, naming the colour
    assert _palace_contributions(s) == set()  # no black left in hand
    exc = assert_illegal_unchanged(s, "p1 contribute 1 blue")
    assert "one colour" in str(exc) and "black" in str(exc)
    assert s.to_dict()["tiles"]["royal_palace"]["wild_colour"] == "black"
    assert s.space_colour(11, 1) == BLACK  # cell (2, 1) = 11
    # the next player is bound by the same colour
    play(s, "p1 done", "p1 done")
    play(s, "p2 done")
    assert {a for a in legal(s) if "contribute" in a} == {"p2 contribute 1 black",
                                                          "p2 contribute 2 black",
                                                          "p2 contribute 3 black"}
    assert_illegal_unchanged(s, "p2 contribute 1 blue")
    check_state(s, random.Random(0))


def test_colour_per_space_option_keeps_the_2006_reading(bm):
    s = _at_the_palace(bm, palace_colour_per_space=True)
    play(s, "p1 contribute 0 black", "p1 pay vulca_3", "p1 pay vulca_2", "p1 done")
    assert {"p1 contribute 1 blue", "p1 contribute 1 red"} <= _palace_contributions(s)
    play(s, "p1 contribute 1 blue", "p1 pay aqua_3", "p1 pay aqua_2", "p1 done")
    assert s.marks[11] == [0, 0, -1, -1]
    assert "wild_colour" not in s.to_dict()["tiles"]["royal_palace"]
    assert s.space_colour(11, 2) == WILD
    check_state(s, random.Random(0))


def test_the_fixed_colour_ends_with_the_rebuilt_palace(bm):
    s = bm.new({(2, 1): "royal_palace"})
    s = bm.arrange(s, hands={0: ["vulca_3", "vulca_2"]}, positions={0: (2, 1)},
               markers={"royal_palace": [1, 1, 2, None]}, wild_colours={"royal_palace": "black"})
    play(s, "p1 done")
    # the colour the first contribution fixed pays the last space
    assert {"p1 contribute 3 black"} == _palace_contributions(s)
    play(s, "p1 contribute 3 black", "p1 pay vulca_3", "p1 done")
    assert s.built[11] and s.wild_colours == {}
    check_state(s, random.Random(0))


def test_the_option_is_a_boolean():
    with pytest.raises(OptionError, match="palace_colour_per_space"):
        gamekit.new("bluemoon", players=2, palace_colour_per_space="yes")


def test_the_bot_plans_the_palace_in_its_fixed_colour(bm):
    s = _at_the_palace(bm)
    play(s, "p1 contribute 0 black", "p1 pay vulca_3", "p1 pay vulca_2", "p1 done")
    v = s.view(0)
    assert _free_spaces(v, 11) == [(BLACK, 4), (BLACK, 4), (BLACK, 3)]
    decision = s.decision(0)
    assert HeuristicAgent(0).choose(v, decision) in decision.legal


@pytest.mark.parametrize("per_space", [False, True])
def test_random_games_with_either_reading_keep_every_invariant(per_space):
    check_random_game("bluemoon", 3, 5, {"palace_colour_per_space": per_space}, every=40)
