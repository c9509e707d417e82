"""Gaia Project map geometry: rotation, labels, the first-game layouts and every sample map."""

from __future__ import annotations

import pytest
from gaia_helpers import needs_ref, ref, scenarios, voyager

from gamekit.games.gaia import geometry as geo
from gamekit.games.gaia import sectors as S
from gamekit.games.gaia.components import PLANET_BY_LETTER


def test_rotation_is_60_degrees_clockwise():
    assert geo.rotate((1, 0), 1) == (0, 1)  # north -> north-east
    assert [geo.rotate((2, 0), k) for k in range(6)] == [
        geo.RING_LABELS[f"A{2 * k}"] for k in range(6)]
    assert geo.rotate((2, -1), 6) == (2, -1) and geo.rotate((2, -1), -1) == geo.rotate((2, -1), 5)


def test_distance_and_neighbours():
    assert geo.distance((0, 0), (2, -1)) == 2 and geo.distance((-3, 5), (2, 3)) == 5
    assert all(geo.distance((4, -2), n) == 1 for n in geo.neighbours((4, -2)))
    assert len(set(geo.neighbours((0, 0)))) == 6


def test_ring_labels():
    assert len(geo.RING_LABELS) == 19
    assert geo.RING_LABELS["A0"] == (2, 0) and geo.RING_LABELS["B0"] == (1, 0)
    assert all(geo.distance(h, (0, 0)) == 2 for k, h in geo.RING_LABELS.items() if k[0] == "A")
    assert all(geo.distance(h, (0, 0)) == 1 for k, h in geo.RING_LABELS.items() if k[0] == "B")
    ring = [geo.RING_LABELS[f"A{i}"] for i in range(12)]  # consecutive = neighbours
    assert all(geo.distance(ring[i], ring[(i + 1) % 12]) == 1 for i in range(12))


def test_labels_and_qxr_parse():
    assert geo.parse_label("10A11") == ("10", "A11") and geo.parse_label("7C") == ("7", "C")
    for bad in ("3A12", "3B6", "A5", "3D1", "3a5", "-3x5"):
        assert geo.parse_label(bad) is None
    assert geo.parse_qxr("-3x5") == (-3, 5) and geo.parse_qxr("3A5") is None
    assert geo.qxr((-3, 5)) == "-3x5"


def test_label_does_not_turn_with_the_tile():
    plain = S.build_map([S.Placement("1", (0, 0), 0)])
    turned = S.build_map([S.Placement("1", (0, 0), 3)])
    assert plain.hex("1A5") == turned.hex("1A5") == (-2, 1)
    assert turned.planets[(-2, 1)] == plain.planets[geo.rotate((-2, 1), -3)]


def test_label_errors():
    m = S.layout_map("first_game_2")
    with pytest.raises(KeyError, match="no sector 9"):
        m.hex("9A1")
    with pytest.raises(ValueError, match="not a map label"):
        m.hex("x")
    assert m.label((40, 40)) is None


def test_build_map_refuses_overlap_and_repeats():
    with pytest.raises(ValueError, match="overlaps"):
        S.build_map([S.Placement("1", (0, 0)), S.Placement("2", (1, 0))])
    with pytest.raises(ValueError, match="sector 5 is placed twice"):
        S.build_map([S.Placement("5A", (0, 0)), S.Placement("5B", (5, -2))])
    with pytest.raises(ValueError, match="unknown sector face"):
        S.build_map([S.Placement("11", (0, 0))])


def test_faces():
    assert len(S.FACES) == 13
    assert sorted(f.id for f in S.FACES.values() if f.side) == ["5A", "5B", "6A", "6B", "7A",
                                                               "7B"]
    # the dark (reduced) sides have 5 planets, every other face 6 or 7
    assert {f.id: len(f.planets) for f in S.FACES.values() if len(f.planets) == 5} == {
        "5B": 5, "6B": 5, "7B": 5}


@needs_ref
def test_faces_match_reference():
    for t in ref("sectors")["tiles"]:
        face = S.FACES[t["id"]]
        assert {(h["q"], h["r"]): h["planet"] for h in t["hexes"] if h["planet"] != "empty"} \
            == dict(face.planets)


def test_same_type_planets_on_the_printed_tiles():
    """Rulebook: two planets of one type are never adjacent. On the printed tiles only Transdim
    planets touch (tile 10), so for the map the rule bites on the home types."""
    for f in S.FACES.values():
        pairs = geo.same_type_neighbours(f.planets)
        assert all(f.planets[a] == "transdim" for a, _ in pairs), f.id
    assert geo.same_type_neighbours(S.FACES["10"].planets)


@needs_ref
@pytest.mark.parametrize("ours,theirs", [("first_game_2", "first_game_1_2_players"),
                                         ("first_game_4", "first_game_3_4_players")])
def test_first_game_layouts_reproduce_the_reference_hex_lists(ours, theirs):
    m = S.layout_map(ours)
    expected = {(h["q"], h["r"]): (S.sector_number(h["sector"]), h["label"], h["planet"])
                for h in ref("sectors")["layouts"][theirs]["hexes"]}
    got = {h: (m.sector[h], m.label(h), m.planets[h]) for h in m.planets}
    assert got == expected
    assert m.same_type_neighbours(home_only=True) == []


def test_first_game_confidence_marks():
    assert S.LAYOUTS["first_game_2"].confidence == "high"
    assert S.LAYOUTS["first_game_4"].confidence == "uncertain"
    assert "one independent implementation" in S.LAYOUTS["first_game_4"].why


def test_random_slots_are_adjacent_sectors():
    for slots in (*S.RANDOM_SLOTS.values(), S.XSHAPE_SLOTS):
        m = S.build_map(S.Placement(f, c) for f, c in zip(["1", "2", "3", "4", "5A", "6A", "7A",
                                                           "8", "9", "10"], slots))
        assert len(m.planets) == 19 * len(slots)


def _sample_maps():
    out = [(name, s["map"]) for name, s in scenarios()["setups"].items()]
    return out + [("voyager-6", voyager()["setup"]["map"])]


@needs_ref
def test_sample_maps_from_placements():
    """Every sample map built from its sector placements has the sample's labels and sectors;
    the planets match too except on the legacy mirrored maps (see the samples' README)."""
    rebuilt = 0
    for name, mp in _sample_maps():
        m = S.build_map(S.Placement(x["sector"], (x["center"]["q"], x["center"]["r"]),
                                    x["rotation"]) for x in mp["sectors"])
        for h in mp["hexes_at_init"]:
            at = (h["q"], h["r"])
            assert m.label(at) == h["label"] and m.hex(h["label"]) == at, name
            assert m.sector[at] == S.sector_number(h["sector"])
        planets = {(h["q"], h["r"]): PLANET_BY_LETTER[h["planet"]] for h in mp["hexes_at_init"]}
        if not mp["legacy_mirrored_tiles"]:
            assert dict(m.planets) == planets, name
            rebuilt += 1
    assert rebuilt == 9  # 8 scenario setups and voyager-6


@needs_ref
def test_every_label_in_the_sample_expectations_resolves():
    seen = 0
    for sc in scenarios()["scenarios"]:
        mp = scenarios()["setups"][sc["setup_ref"]]["map"]
        m = S.map_from_hexes((h["q"], h["r"], S.sector_number(h["sector"]),
                              PLANET_BY_LETTER[h["planet"]]) for h in mp["hexes_at_init"])
        for e in sc["expect"]:
            for h in e.get("hexes", []):
                assert m.hex(h["label"]) == (h["q"], h["r"]), (sc["id"], h)
                seen += 1
    assert seen == 19


@needs_ref
def test_rotate_lines_give_the_samples_board():
    from gaia_helpers import scenario_record

    from gamekit.games.gaia.commands import Rotate
    from gamekit.games.gaia.notation import read_record

    done = 0
    for sc in scenarios()["scenarios"]:
        if "hexes_after_board_setup" not in sc:
            continue
        g = read_record(scenario_record(sc))
        rot = next(c for mv in g.moves for c in mv.clauses if isinstance(c, Rotate))
        after = g.space.rotated([(h.hex, n) for h, n in rot.turns])
        assert dict(after.planets) == {(h["q"], h["r"]): PLANET_BY_LETTER[h["planet"]]
                                       for h in sc["hexes_after_board_setup"]}
        assert after.same_type_neighbours(home_only=True) == []
        done += 1
    assert done == 2


@needs_ref
def test_refused_rotation_puts_equal_home_types_together():
    """Scenario board-rotation-validity: 'p2 rotate 0x0 1' is legal, 'p2 rotate 0x0 2' puts two
    planets of one type next to each other."""
    sc = next(s for s in scenarios()["scenarios"] if s["id"] == "board-rotation-validity")
    mp = scenarios()["setups"][sc["setup_ref"]]["map"]
    m = S.map_from_hexes((h["q"], h["r"], S.sector_number(h["sector"]),
                          PLANET_BY_LETTER[h["planet"]]) for h in mp["hexes_at_init"])
    assert m.rotated([((0, 0), 1)]).same_type_neighbours(home_only=True) == []
    assert m.rotated([((0, 0), 2)]).same_type_neighbours(home_only=True)
    with pytest.raises(ValueError, match="rotated twice"):
        m.rotated([((0, 0), 1), ((0, 0), 1)])
    with pytest.raises(ValueError, match="no sector has its centre at 1x1"):
        m.rotated([((1, 1), 1)])


def test_map_from_hexes_checks_sectors():
    with pytest.raises(ValueError, match="19 hexes"):
        S.map_from_hexes([(0, 0, "1", "empty")])
    with pytest.raises(ValueError, match="unknown planet"):
        S.map_from_hexes([(0, 0, "1", "mars")])


def test_map_labels_read_from_the_sector_table_as_from_the_centres():
    """``SpaceMap.label`` reads a hex's sector entry; the same label as the search over the
    sector centres, on and off the map, for the layouts and a rotated map."""
    maps = [S.layout_map(name) for name in S.LAYOUTS]
    maps.append(maps[-1].rotated([(maps[-1].centres["1"], 2)]))
    for m in maps:
        labels = {(q, r): m.label((q, r)) for q in range(-16, 17) for r in range(-16, 17)}
        assert labels == {h: geo.hex_label(h, m.centres) for h in labels}
        assert sum(lab is not None for lab in labels.values()) == 19 * len(m.centres)
