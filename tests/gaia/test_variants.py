"""The community faction variants of the anchor engine (``more-balanced``, ``beta``; not in the
rulebook): our data against the reference, every changed value in a new game under the option
``faction_variant``, and the importer switching it on from a record's ``factionVariant``."""

from __future__ import annotations

import pytest
from gaia_helpers import needs_ref, ref, scenarios

from gamekit.core import OptionError
from gamekit.games.gaia.components import FACTIONS, VARIANTS, faction_board, starting_resources
from gamekit.games.gaia.importer import import_game
from gamekit.games.gaia.state import GaiaState

#: reference field -> our field in ``changes``
_REF_FIELDS = {"start": "start", "power_bowls": "bowls", "start_research": "research",
               "base_income": "income", "pi_income": "pi_income"}


@needs_ref
@pytest.mark.parametrize("variant", ["more-balanced", "beta"])
def test_variant_data_is_the_reference(variant):
    want = ref("factions")["community_variants"][variant]
    ours = VARIANTS[variant]
    assert len(ours) == len(want)
    for row, w in zip(ours, want, strict=True):
        assert (row["faction"], row["version"], row.get("players")) == (
            w["faction"], w["version"], w.get("players"))
        for rk, ok in _REF_FIELDS.items():
            if rk in w:
                got = row["changes"][ok]
                assert (list(got) if rk == "power_bowls" else got) == w[rk], (variant, rk)
        if "academy_knowledge_income" in w:
            ac = row["changes"]["buildings"]["academy_knowledge"]["income"]
            assert ac == w["academy_knowledge_income"]


def _rows():
    for variant, rows in VARIANTS.items():
        for row in rows:
            yield pytest.param(variant, row, id=f"{variant}-{row['faction']}-v{row['version']}")


def _other(faction: str) -> str:
    home = FACTIONS[faction].home
    return next(f for f, x in FACTIONS.items() if x.home != home and f != "ivits")


@pytest.mark.parametrize("variant, row", list(_rows()))
def test_every_changed_value_reaches_the_seat(variant, row):
    """A game with the option gives the seat each changed value; the standard game does not
    (when the value differs)."""
    f, ch = row["faction"], row["changes"]
    players = row.get("players", 2)
    others = [_other(f)] + [x for x in ("nevlas", "ambas") if x != f][: players - 2]
    factions = [f, *others][:players]
    s = GaiaState.new(players, 1, factions=factions, faction_variant=variant,
                      faction_variant_version=row["version"])
    std = GaiaState.new(players, 1, factions=factions)
    p, q = s.pl[0], std.pl[0]
    start = starting_resources(p.board)
    for k, v in ch.get("start", {}).items():
        assert p.board.start[k] == v
        assert p.res.get(k, p.vp if k == "vp" else 0) == start[k]
    if "bowls" in ch:
        extra = 1 if p.brainstone == 1 else 0
        assert (p.bowls.bowl1 - extra, p.bowls.bowl2, p.bowls.bowl3) == tuple(ch["bowls"])
    for t, lv in ch.get("research", {}).items():
        assert p.research[t] == lv
    if "income" in ch:
        assert dict(p.board.income) == ch["income"]
    if "pi_income" in ch:
        assert dict(p.board.pi_income) == ch["pi_income"]
    for bid, o in ch.get("buildings", {}).items():
        assert dict(p.board.buildings[bid].income) == o["income"]
    same = (ch.keys() == {"research"} and ch["research"] == dict(q.board.research))
    # the variant changed something of this seat (beta Terrans v2 restate the standard board)
    assert (p.board == q.board) if same else (p.board != q.board)
    s.check_invariants()


def test_versions_take_the_highest_entry_not_above_the_request():
    assert faction_board("gleens", "beta", 1).research["nav"] == 2
    assert faction_board("gleens", "beta", 2).research["nav"] == 3
    assert faction_board("gleens", "beta", 9).research["nav"] == 3
    assert faction_board("gleens", "more-balanced", 0).start["qic"] == 1
    assert faction_board("ivits", "more-balanced", 0, players=4) == FACTIONS["ivits"]
    assert faction_board("ivits", "more-balanced", 0, players=2).start["qic"] == 0


def test_more_balanced_ivits_place_their_pi_second_with_two_players():
    s = GaiaState.new(2, 1, factions=["terrans", "ivits"], faction_variant="more-balanced")
    kinds = [(e.seat, e.kind, s.data_of(e).get("code")) for e in s.stack[::-1][:3]]
    assert kinds == [(0, "place", "m"), (1, "place", "PI"), (0, "place", "m")]
    std = GaiaState.new(2, 1, factions=["terrans", "ivits"])
    assert [(e.seat, std.data_of(e).get("code")) for e in std.stack[::-1][:3]] == [(0, "m"), (0, "m"),
                                                                      (1, "PI")]


@pytest.mark.parametrize("bad", [{"faction_variant": "gamma"},
                                 {"faction_variant": "beta", "faction_variant_version": -1}])
def test_a_wrong_variant_option_is_refused_by_name(bad):
    with pytest.raises(OptionError, match="faction_variant"):
        GaiaState.new(2, 1, **bad)


@needs_ref
@pytest.mark.parametrize("version, terrans_nav, gleens_nav", [(1, 1, 2), (2, 0, 3)])
def test_the_importer_switches_the_variant_on(version, terrans_nav, gleens_nav):
    data = scenarios()
    sc = next(s for s in data["scenarios"] if s["id"] == "navigation-range-gleens")
    setup = data["setups"][sc["setup_ref"]]
    record = {"moves": [sc["moves"][0], "p1 faction terrans", "p2 faction gleens"],
              "map": setup["map"],
              "engine_options": {"factionVariant": "beta", "factionVariantVersion": version}}
    state = import_game(record, setup)
    assert state.options["faction_variant"] == "beta"
    assert state.pl[0].research["nav"] == terrans_nav
    assert state.pl[1].research["nav"] == gleens_nav
    assert state.pl[0].research["gaia"] == 1


def test_a_position_under_a_variant_plays_on_alike():
    from gamekit.core.invariants import reloaded, same_future

    s = GaiaState.new(2, 4, factions=["taklons", "gleens"], faction_variant="beta",
                      faction_variant_version=2)
    again = reloaded(s)
    assert again.pl[1].board.research["nav"] == 3
    same_future(s, again, 5)
