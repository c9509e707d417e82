"""Every worked example of the rulebook (pt-BR, CMON 2019) as a test."""

from __future__ import annotations

from bluemoon_helpers import each, play
from bluemoon_helpers import legal as legal_text

from gamekit.core.invariants import assert_illegal_unchanged, check_state


def test_natasha_moves_two_steps_and_pays_the_3_space(bm):
    # Natasha (p1) stands on the Hospice; the City Residence is 1 up and 1 left of it.
    s = bm.new({(3, 4): "hospice", (2, 4): "mill", (2, 3): "city_residence"})
    s = bm.arrange(s, hands={0: ["mimix_1", "mimix_2", "aqua_3"]}, positions={0: (3, 4)})
    assert "p1 contribute 0" not in legal_text(s)
    assert "p1 move 2 3" not in legal_text(s)  # no diagonal moves
    play(s, "p1 move 2 4", "p1 move 2 3")
    assert not any(a.startswith("p1 move") for a in legal_text(s))  # 2 steps used
    play(s, "p1 done")
    assert legal_text(s) >= {"p1 contribute 1", "p1 contribute 2"}
    assert "p1 contribute 0" not in legal_text(s)  # brown 4 cannot be paid with 1 + 2
    play(s, "p1 contribute 1", "p1 pay mimix_1", "p1 pay mimix_2")
    assert legal_text(s) == {"p1 done"}
    play(s, "p1 done")
    cell = s.to_dict()["tiles"]["city_residence"]
    assert cell["markers"] == [None, 1, None]
    check_state(s, __import__("random").Random(0))
    # the next player to end a move there has only the "2" and the "4" left
    s = bm.arrange(s, hands={1: ["mimix_3", "mimix_3", "mimix_3", "mimix_2"]}, positions={1: (2, 3)})
    play(s, "p1 done", "p1 done")
    assert s.turn_seat == 1
    play(s, "p2 done")
    assert {a for a in legal_text(s) if "contribute" in a} == {"p2 contribute 0", "p2 contribute 2"}


def test_miguel_two_contributions_on_the_earth_temple(bm):
    s = bm.new({(2, 3): "earth_temple"})
    s = bm.arrange(s, hands={0: ["terrah_3", "terrah_2", "terrah_2", "terrah_1"]}, positions={0: (2, 3)})
    play(s, "p1 done")
    assert legal_text(s) >= {"p1 contribute 0", "p1 contribute 1", "p1 contribute 2"}
    play(s, "p1 contribute 0", "p1 pay terrah_3", "p1 pay terrah_2", "p1 done")
    # left: 2 + 1 = 3 -> only the "3" space
    assert "p1 contribute 2" in legal_text(s)
    assert "p1 contribute 1" not in legal_text(s)
    play(s, "p1 contribute 2", "p1 pay terrah_2", "p1 pay terrah_1", "p1 done")
    assert s.to_dict()["tiles"]["earth_temple"]["markers"] == [1, None, 1]
    assert s.seats[0].hand_size == 0 and s.seats[0].markers == 8


def test_laura_university_one_contribution_then_draws_four(bm):
    s = bm.new({(2, 1): "university"})
    s = bm.arrange(s, hands={0: ["lux_3", "lux_3", "lux_1", "terrah_1", "terrah_2"]}, positions={0: (2, 1)})
    play(s, "p1 done", "p1 contribute 0", "p1 pay lux_3", "p1 pay lux_3", "p1 done")
    # 1 white left: the "2" space cannot be paid with it (the 1 left over from 3 + 3 = 6 does
    # not carry over); only the Lux 1 power (recolouring the red cards) could still pay it
    assert "p1 contribute 1" in legal_text(s)
    play(s, "p1 contribute 1")
    assert legal_text(s) == {"p1 recolour lux_1 red"}
    s2 = bm.new({(2, 1): "university"})
    s2 = bm.arrange(s2, hands={0: ["lux_3", "lux_3", "lux_1"]}, positions={0: (2, 1)})
    play(s2, "p1 done", "p1 contribute 0", "p1 pay lux_3", "p1 pay lux_3", "p1 done")
    assert "p1 contribute 1" not in legal_text(s2)
    # back to Laura: she ends the contribution phase without the second contribution
    s = bm.new({(2, 1): "university"})
    s = bm.arrange(s, hands={0: ["lux_3", "lux_3", "lux_1", "terrah_1", "terrah_2"]}, positions={0: (2, 1)})
    play(s, "p1 done", "p1 contribute 0", "p1 pay lux_3", "p1 pay lux_3", "p1 done", "p1 done")
    assert s.step == "refill"
    play(s, "p1 discard terrah_1", "p1 discard terrah_2")
    assert not any(a.startswith("p1 discard") for a in legal_text(s))  # at most 2
    before = s.seats[0].hand_size
    play(s, "p1 done")
    assert s.seats[0].hand_size == before + 4
    assert s.turn_seat == 1


def test_carol_and_miguel_water_temple_rewards(bm):
    # Water Temple with 4 neighbours: Citadel and Aqueduct rebuilt; Monastery Tower and
    # Trading House not. Carol (p1) has 2 markers, Miguel (p2) 1; Carol pays the last space.
    s = bm.new({(1, 1): "water_temple", (0, 1): "citadel", (1, 0): "aqueduct",
                (1, 2): "monastery_tower", (2, 1): "trading_house"})
    s = bm.arrange(s, hands={0: ["aqua_3"]}, positions={0: (1, 1)}, built=["citadel", "aqueduct"],
               markers={"water_temple": [0, 1, None]})
    play(s, "p1 done", "p1 contribute 2", "p1 pay aqua_3", "p1 done")
    assert s.seats[0].crystals == 7  # 2 majority + 3 construction + 1 Citadel + 1 Aqueduct
    assert s.seats[1].crystals == 5
    assert each(s, "scales") == [0, 0, 0, 0]  # Monastery Tower / Trading House not rebuilt: no bonus
    d = s.to_dict()["tiles"]["water_temple"]
    assert d["built"] and d["markers"] == [None, None, None]
    assert s.seats[0].markers == 10 and s.seats[1].markers == 10
    check_state(s, __import__("random").Random(1))


def test_scale_scoring_7_3_2_1_and_monastery_tower_tie(bm):
    # Miguel p1 5 scales, Natasha p2 3, Laura p3 2, Carol p4 1: 11 of 12 taken.
    s = bm.new({(1, 1): "monastery_tower", (0, 1): "water_temple"})
    s = bm.arrange(s, hands={0: ["venti_3"]}, positions={0: (1, 1)}, scales={0: 5, 1: 3, 2: 2, 3: 1},
               dragons={"blue": (1, 1), "red": (1, 1)}, built=["water_temple"],
               markers={"monastery_tower": [3, 1, None]})
    assert s.supply == 1
    play(s, "p1 done", "p1 contribute 2", "p1 pay venti_3", "p1 done")
    ev = [e.kind for e in s.events]
    # scale scoring happens before the building's rewards
    assert ev.index("scale_scoring") < ev.index("building_complete")
    scoring = next(e for e in s.events if e.kind == "scale_scoring")
    assert scoring.data["scales"] == [7, 3, 2, 1]
    # Miguel 6 crystals, Natasha 3; both return their scales; Laura and Carol get nothing
    scored = {e.seat: e.data["crystals"] for e in s.events if e.kind == "scale_score"}
    assert scored == {0: 6, 1: 3}
    returned = {e.seat: e.data["returned"] for e in s.events if e.kind == "scale_score"}
    assert returned == {0: 6, 1: 3}  # 7 counted, but the 6 tokens he holds go back
    bonus = s.tiles[s.board[6]].construction[0]  # Monastery Tower construction crystals
    assert s.seats[0].crystals == 6 + bonus  # most scales
    assert s.seats[1].crystals == 3 + bonus  # 3 scales
    assert s.seats[2].crystals == 0 and s.seats[3].crystals == bonus
    # majority tie: Carol has the left-most marker -> 1 scale; everyone gets 2 (Water Temple)
    assert each(s, "scales") == [2, 2, 2, 1 + 1 + 2]
    assert s.supply == 12 - sum(each(s, "scales"))


def test_laura_offers_nine_crystals(bm):
    s = bm.new({})
    s = bm.arrange(s, crystals={0: 9}, positions={0: (2, 1)}, obelisk=[1, 2, 3, 1, 2, 3])
    play(s, "p1 move 2 2", "p1 done")
    assert "p1 offer" in legal_text(s)
    play(s, "p1 offer")
    assert s.seats[0].crystals == 0 and s.obelisk[-1] == 0 and s.seats[0].offerings == 1
    assert_illegal_unchanged(s, "p1 offer")  # one offering a turn without Pillar


def test_natasha_main_hall_contributes_then_jumps_without_offering(bm):
    s = bm.new({(0, 0): "main_hall"}, city="expansion")
    s = bm.arrange(s, hands={0: ["terrah_1"]}, crystals={0: 9}, positions={0: (0, 0)})
    play(s, "p1 done")
    red = next(i for i, (c, v) in enumerate(s.tiles[s.board[0]].spaces) if c == 1)
    play(s, f"p1 contribute {red}", "p1 pay terrah_1", "p1 done")
    assert "p1 jump 2 2" in legal_text(s)
    play(s, "p1 jump 2 2")
    assert s.step == "refill" and s.seats[0].figure == 12
    assert "p1 offer" not in legal_text(s)
