"""Options for the anchor engine's readings named in the reference's deviations table
(``refuse_wasted``, ``lantids_guest_mines``, ``final_conversion``; the importer switches
them on, ``importer.SITE_READINGS``): each changes what it names and nothing else."""

from __future__ import annotations

import random

import pytest
from gaia_helpers import with_seat

from gamekit.core import Action
from gamekit.games.gaia.importer import SITE_READINGS
from gamekit.games.gaia.mines import mine_options
from gamekit.games.gaia.scoring import resource_vp
from gamekit.games.gaia.state import GaiaState


def _turn(seed=2, **kw) -> GaiaState:
    """A 2-player game at its first main-action turn, the mover with 8 power in bowl III."""
    s = GaiaState.new(2, seed, factions=["terrans", "xenos"], **kw)
    rng = random.Random(seed)
    while s.stack[-1].kind != "turn":
        s.apply(rng.choice(s.legal_actions(s.to_move()[0])))
    seat = s.to_move()[0]
    b1, b2, b3, gaia = s.position()["state"]["players"][seat]["bowls"]
    move = min(b1 + b2, 8 - b3)
    from1 = min(move, b1)
    return with_seat(s, seat, bowls=[b1 - from1, b2 - (move - from1), b3 + move, gaia])


def test_site_readings_hold_the_new_options():
    assert SITE_READINGS["refuse_wasted"] is True
    assert SITE_READINGS["lantids_guest_mines"] == "engine"
    assert SITE_READINGS["final_conversion"] == "engine"
    defaults = GaiaState.new(2, 1).options
    assert (defaults["refuse_wasted"], defaults["lantids_guest_mines"],
            defaults["final_conversion"]) == (False, "rulebook", "best")


@pytest.mark.parametrize("refuse", [False, True])
def test_a_board_action_whose_gain_is_all_capped(refuse):
    s = _turn(refuse_wasted=refuse)
    seat = s.to_move()[0]
    assert Action(seat, "action", ("power5",)) in s.legal_actions(seat)
    s = with_seat(s, seat, resources={"knowledge": 15})  # power5's 2 knowledge: all capped
    offered = Action(seat, "action", ("power5",)) in s.legal_actions(seat)
    assert offered is not refuse
    assert Action(seat, "action", ("power4",)) in s.legal_actions(seat)  # credits: room left


@pytest.mark.parametrize("refuse", [False, True])
def test_free_terraforming_steps_on_a_planet_needing_none(refuse):
    s = _turn(1, refuse_wasted=refuse)
    seat = s.to_move()[0]
    zero = [h for h, _, n in mine_options(s, seat, 1) if n == 0]
    s.apply(Action(seat, "action", ("power6",)))
    assert s.stack[-1].kind == "mine"
    targets = {a.args[0] for a in s.legal_actions(seat) if a.verb == "build"}
    steps = {s.label(h): n for h, _, n in mine_options(s, seat, 1)}
    assert zero, "this position should have a planet needing no step in range"
    if refuse:
        assert targets and all(steps[t] > 0 for t in targets)
        assert not targets & {s.label(h) for h in zero}
    else:
        assert {s.label(h) for h in zero} <= targets


def test_end_conversions_rulebook_best_against_the_engine_fixed():
    """Credits at the cap and 9 power in bowl III: the engine's fixed conversion (power to
    credits) loses the power; the best free conversions make it 3 ore (+1 VP)."""
    vps = {}
    for reading in ("best", "engine"):
        s = _turn(final_conversion=reading)
        # 9 tokens, all in bowl III (by hand this test once left bowl I at -1: refused now)
        s = with_seat(s, 0, resources={"credits": 30, "ore": 0, "knowledge": 0, "qic": 0},
                      bowls=[0, 0, 9, s.pl[0].bowls.gaia])
        p = s.pl[0]
        vps[reading] = resource_vp(s, 0)
        assert p.res["credits"] <= 30 and p.res["ore"] <= 15
    assert vps == {"best": 11, "engine": 10}


def test_end_conversions_move_ore_to_credits_to_make_room_for_qic():
    s = _turn()
    tokens = sum(s.position()["state"]["players"][0]["bowls"][:3])
    s = with_seat(s, 0, resources={"credits": 20, "ore": 15, "knowledge": 3, "qic": 4},
                  bowls=[tokens, 0, 0, s.pl[0].bowls.gaia])
    p = s.pl[0]
    assert resource_vp(s, 0) == (24 + 15 + 3) // 3 and p.res["qic"] == 0
