"""Replays of the samples through the importer: voyager-6 (a complete 4-player game) with its
checkpoint after every line and the final VP breakdown, and the rules scenarios that import."""

from __future__ import annotations

import pytest
from gaia_helpers import needs_ref, scenarios, voyager

from gamekit.games.gaia.components import PLANETS
from gamekit.games.gaia.importer import ImportError_, import_game

pytestmark = needs_ref


def _row(p) -> list:
    """A checkpoint row; the record counts ordinary tokens (our bowls hold the brainstone)."""
    b = p.bowls
    bowls = [b.bowl1, b.bowl2, b.bowl3, b.gaia]
    if p.brainstone:
        bowls[p.brainstone - 1] -= 1
    return [p.vp, p.res["credits"], p.res["ore"], p.res["knowledge"], p.res["qic"], *bowls]


def _replay(record, setup, checkpoints, rotated=False):
    """Import and collect, per line, (line, engine rows, our rows)."""
    seen = []

    def each(move, state):
        cp = checkpoints[move.line - 2]
        if cp[2] not in ("setupFaction", "setupBoard"):
            seen.append((move.line, [c[:9] for c in cp[4]], [_row(p) for p in state.pl]))

    state = import_game(record, setup, each=each, rotated=rotated)
    return state, seen


def test_voyager_6_replays_with_every_checkpoint():
    v = voyager()
    state, seen = _replay({"moves": v["moves"], "map": v["setup"]["map"]}, v["setup"],
                          v["checkpoints"])
    assert len(seen) == len(v["moves"]) - 4  # every line from the fourth faction choice on
    for line, want, got in seen:
        assert got == want, f"line {line}: {v['moves'][line - 1]}"
    assert state.is_over()
    assert state.result().scores == v["final_vp"] == [132, 171, 194, 139]


def test_voyager_6_final_breakdown():
    v = voyager()
    state = import_game({"moves": v["moves"], "map": v["setup"]["map"]}, v["setup"])
    finals = state.final_tiles  # final1, final2 of the record
    for seat, want in enumerate(v["end_game_vp_breakdown"]):
        got = state.score_breakdown(seat)
        ours = {}
        for i, tile in enumerate(finals, 1):
            if got.get("end_" + tile):
                ours[f"final{i}"] = got["end_" + tile]
        for track in ("terra", "nav", "int", "gaia", "eco", "sci"):
            if got.get("end_research_" + track):
                ours[track] = got["end_research_" + track]
        if got.get("end_resources"):
            ours["spend"] = got["end_resources"]
        assert ours == want, f"seat {seat + 1}"


#: every scenario: each checkpoint our engine reproduces exactly
PASSING = [
    "setup-xenos-third-mine", "setup-auction-ivits-pi-last", "trading-station-cost", "trading-station-space-station-no-discount",
    "nevlas-terraform-step-vp", "advanced-tech-needs-basic-tile", "navigation-range-gleens",
    "gleens-gaia-mine-vp", "gaiaformer-next-round", "income-order-ivits",
    "itars-income-and-pi-tech", "terrans-federation-and-rescore", "taklons-brainstone-leech",
    "taklons-brainstone-spend", "taklons-income-brainstone", "taklons-pi-token-without-charge",
    "baltaks-gaiaformer-qic-and-nav-lock", "bescods-up-lowest", "firaks-downgrade-nevlas-pi",
    "nevlas-pi-power-actions", "hadsch-hallas-pi-credits-conversion",
    "geodens-pi-new-planet-type", "ambas-swap-pi", "lost-planet-double-leech-ambas",
    "lantids-guest-mine", "research-level5-exclusive-lantids-fed",
    "advanced-tech-and-level5", "ivits-federation-single-option",
    "qic2-needs-federation-token", "booster-special-step", "federation-fewest-satellites",
    "federation-too-many-satellites", "federation-candidates-9", "qic-action-once-per-round-xshape", "federation-pi-ac-value-4",
    "ivits-space-station-range", "ivits-federation-qic-satellites", "board-rotation-validity",
    "range-with-qic", "itars-no-tech-tile-left",
]


@pytest.mark.parametrize("sid", PASSING)
def test_scenario_checkpoints(sid):
    data = scenarios()
    sc = next(s for s in data["scenarios"] if s["id"] == sid)
    setup = data["setups"][sc["setup_ref"]]
    mp = setup["map"]  # the map before a rotate line: the engine turns the sectors
    options = {k: v for k, v in sc["engine_options"].items() if k != "map"}  # map: explicit
    _, seen = _replay({"moves": sc["moves"], "map": mp, "engine_options": options}, setup,
                      sc["checkpoints"])
    for line, want, got in seen:
        assert got == want, f"{sid} line {line}: {sc['moves'][line - 1]}"


def test_a_line_that_does_not_fit_names_line_move_and_reason():
    v = voyager()
    moves = list(v["moves"][:17]) + ["gleens up nav. up nav."]
    with pytest.raises(ImportError_) as err:
        import_game({"moves": moves, "map": v["setup"]["map"]}, v["setup"])
    text = str(err.value)
    assert "line 18" in text and "gleens up nav. up nav." in text and "research nav" in text


def test_every_scenario_is_in_the_checkpoint_list():
    assert sorted(PASSING) == sorted(s["id"] for s in scenarios()["scenarios"])
    assert len(PASSING) == 40


@needs_ref
def test_rotate_lines_turn_the_sectors_like_the_site():
    """The records with a board set-up (``advancedRules``, a ``rotate`` line of the last
    player): the engine turns the sectors itself, giving the site's map after the set-up
    hex by hex; the record given that map instead (``rotated=True``) plays the same."""
    data = scenarios()
    rotated = [s for s in data["scenarios"] if s.get("hexes_after_board_setup")]
    assert len(rotated) == 2
    for sc in rotated:
        setup = data["setups"][sc["setup_ref"]]
        options = {k: v for k, v in sc["engine_options"].items() if k != "map"}
        record = {"moves": sc["moves"], "map": setup["map"], "engine_options": options}
        st = import_game(record, setup)
        want = {(h["q"], h["r"]): h["planet"] for h in sc["hexes_after_board_setup"]}
        got = {h: PLANETS[t].letter for h, t in st.space.planets.items()}
        assert got == want and got != {(h["q"], h["r"]): h["planet"]
                                       for h in setup["map"]["hexes_at_init"]}
        given = import_game({**record, "map": {"hexes_at_init": sc["hexes_after_board_setup"]}},
                            setup, rotated=True)
        assert [p.vp for p in given.pl] == [p.vp for p in st.pl]
