"""The last player sets up the board ("Montagem Variável do Tabuleiro", option
``board_setup``; the site's ``advancedRules`` and ``rotate`` lines): sectors turn in place
before the factions are chosen, never leaving two home planets of one type side by side."""

from __future__ import annotations

import pytest

from gamekit.core import IllegalAction
from gamekit.games.gaia.boardsetup import rotation_ok
from gamekit.games.gaia.importer import SITE_READINGS, import_game
from gamekit.games.gaia.setup import same_type_touch
from gamekit.games.gaia.state import GaiaState
from gamekit.games.gaia.writer import write_record


def _new(players=2, seed=4, **kw):
    return GaiaState.new(players, seed, layout="random", board_setup=True, **kw)


def test_the_last_player_turns_sectors_before_the_factions():
    s = _new(3)
    assert s.to_move() == (2,) and s.decision(2).kind == "rotate"
    before = dict(s.space.planets)
    legal = s.legal_actions(2)
    turn = next(a for a in legal if a.args[0] != "done")
    s.apply(turn)
    assert s.space.planets != before and not same_type_touch(s.space)
    assert s.events[-1].kind == "rotate"
    again = [a for a in s.legal_actions(2) if a.args[0] == turn.args[0]]
    assert not again  # each sector once
    s.apply("p3 rotate done")
    assert s.decision(s.to_move()[0]).kind == "faction"


def test_a_rotation_that_makes_two_planets_of_a_type_touch_is_refused_unchanged():
    s = _new()
    bad = [(int(n), k) for n in s.space.centres for k in range(1, 6)
           if not rotation_ok(s, int(n), k)]
    assert bad, "this map should have a rotation the rule forbids"
    n, k = bad[0]
    assert same_type_touch(s.space.rotated([(s.space.centres[str(n)], k)]))
    before = s.position()
    with pytest.raises(IllegalAction):
        s.apply(f"p2 rotate {n} {k}")
    assert s.position() == before


def test_without_the_option_there_is_no_board_set_up():
    s = GaiaState.new(2, 4, layout="random")
    assert s.decision(s.to_move()[0]).kind == "faction"


def test_a_set_up_board_is_written_as_one_rotate_line_and_read_back():
    s = _new(**SITE_READINGS)
    turns = [a for a in s.legal_actions(1) if a.args[0] != "done"]
    s.apply(turns[0])
    s.apply(next(a for a in s.legal_actions(1) if a.args[0] not in ("done", turns[0].args[0])))
    s.apply("p2 rotate done")
    site = write_record(s.record())
    assert site["engine_options"]["advancedRules"] is True
    rot = [m for m in site["moves"] if " rotate " in m]
    assert len(rot) == 1 and rot[0].startswith("p2 rotate ") and len(rot[0].split()) == 6
    again = import_game(site, site["setup"])
    assert again.space.planets == s.space.planets
