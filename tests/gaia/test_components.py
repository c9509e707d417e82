"""Gaia Project component data: our files against the reference facts, field by field, and the
loader's checks (counts, unique ids, cross-references)."""

from __future__ import annotations

import importlib

import pytest
from gaia_helpers import needs_ref, ref

from gamekit.core import registry
from gamekit.games.gaia import components as C


def test_package_imports_and_is_registered():
    importlib.import_module("gamekit.games.gaia")
    assert "gaia" in registry.available()
    assert "gaia" not in registry.BROKEN


def test_counts():
    assert len(C.FACTIONS) == 14 and len(C.TRACKS) == 6
    assert len(C.BASIC_TECH) == 9 and len(C.ADVANCED_TECH) == 15
    assert len(C.BOOSTERS) == 10 and len(C.ROUND_SCORING) == 10 and len(C.FINAL_SCORING) == 6
    assert [a for a in C.BOARD_ACTIONS] == [f"power{i}" for i in range(1, 8)] + [
        "qic1", "qic2", "qic3"]
    assert len(C.FREE_ACTIONS) == 8
    assert C.HOME_PLANETS == ("terra", "oxide", "volcanic", "desert", "swamp", "titanium", "ice")


def test_values_are_read_only():
    f = C.FACTIONS["terrans"]
    with pytest.raises(TypeError):
        f.start["credits"] = 99  # type: ignore[index]
    with pytest.raises(AttributeError):
        f.home = "ice"  # type: ignore[misc]


@needs_ref
def test_default_board_matches_reference():
    db = ref("factions")["default_board"]
    assert dict(C.BOARD["default_board"]["start"]) == db["start"]
    assert list(C.BOARD["default_board"]["bowls"]) == db["power_bowls"]
    for bid, b in db["buildings"].items():
        ours = C.BUILDINGS[bid]
        assert ours.code == b["engine_code"]
        assert ours.power_value == b["power_value"]
        if bid == "gaiaformer":
            continue
        assert ours.count == b["count"] and dict(ours.cost) == b["cost"]
        assert ours.upgrades_from == b.get("upgrades_from")
        assert [dict(s) for s in ours.income_slots] == b.get("income_by_slot", [])
        assert dict(ours.income) == b.get("income", {})
        assert dict(ours.action) == b.get("action_once_per_round", {})
        assert ours.tech_tile == (b.get("on_build") == "take a tech tile")
    assert dict(C.BUILDINGS["trading_station"].cost_alone) == {"credits": 6, "ore": 2}
    assert C.BUILDINGS["space_station"].count == 6


@needs_ref
@pytest.mark.parametrize("code", list(C.FACTIONS))
def test_faction_matches_reference(code):
    f = next(x for x in ref("factions")["factions"] if x["code"] == code)
    ours = C.FACTIONS[code]
    assert C.PLANETS[ours.home].letter == f["home_planet"]["code"]
    assert dict(ours.start) == f["start"] and list(ours.bowls) == f["power_bowls"]
    assert dict(ours.research) == f["start_research"]
    assert dict(ours.income) == f["base_income"] and dict(ours.pi_income) == f["pi_income"]
    assert [a for a, _ in ours.actions] == [a["engine_code"] for a in f["special_actions"]]
    eff = C.starting_resources(ours)
    assert {k: eff[k] for k in f["start_effective"]} == f["start_effective"]
    for bid, o in f["building_overrides"].items():
        b = ours.buildings[bid]
        if "income_by_slot" in o:
            assert [dict(s) for s in b.income_slots] == o["income_by_slot"]
        if "upgrades_from" in o:
            assert b.upgrades_from == o["upgrades_from"]
        if "income" in o:
            assert dict(b.income) == o["income"]
        if "action_once_per_round" in o:
            assert dict(b.action) == o["action_once_per_round"]
    assert ours.name.pt and ours.name.en and ours.ability and ours.pi_ability


def test_rulebook_setup_examples():
    """Rulebook 'Preparação': Geodens start on Terraforming 1 and move their ore 2 spaces;
    Terrans start with 1 gaiaformer; Xenos get one QIC besides their starting QIC."""
    assert C.starting_resources(C.FACTIONS["geodens"])["ore"] == 4 + 2
    assert C.starting_resources(C.FACTIONS["terrans"])["gaiaformers"] == 1
    assert C.starting_resources(C.FACTIONS["xenos"])["qic"] == 2
    hh = C.FACTIONS["hadsch-hallas"]
    assert hh.bowls == (2, 4, 0) and C.starting_resources(hh)["credits"] == 15


def test_gleens_take_ore_for_qic_and_mad_androids_board():
    g = C.starting_resources(C.FACTIONS["gleens"])
    assert (g["qic"], g["ore"]) == (0, 5)
    b = C.FACTIONS["bescods"]
    assert b.name.pt == "Mad Androids"
    assert b.buildings["planetary_institute"].upgrades_from == "research_lab"
    assert b.buildings["academy_qic"].upgrades_from == "trading_station"


def test_uncertain_values_keep_their_mark_and_reason():
    """docs/games/gaia.md lists these four; each carries confidence 'uncertain' and a reason."""
    from gamekit.games.gaia.sectors import LAYOUTS

    marks = [C.FACTIONS["firaks"].extra["confidence"],
             C.TILES_DATA["final_scoring_rules"]["ties_rounding"],
             C.TILES_DATA["final_scoring_rules"]["zero"]]
    assert all(m["confidence"] == "uncertain" and m["why"] for m in marks)
    assert [k for k, v in LAYOUTS.items() if v.confidence != "high"] == ["first_game_4"]


def test_faction_free_actions():
    """Rulebook appendix I: Hadsch Hallas PI may pay 3 credits for 1 ore; Nevlas move a bowl-III
    token to the Gaia area for 1 knowledge; Bal T'aks park a gaiaformer for 1 QIC."""
    hh = C.FACTIONS["hadsch-hallas"].extra["free_actions"]
    assert {"cost": {"credits": 3}, "gain": {"ore": 1}, "needs": "PI",
            "notation": "3c for 1o"} in [dict(a) for a in hh]
    assert dict(C.FACTIONS["nevlas"].extra["free_actions"][0]["gain"]) == {"knowledge": 1}
    assert dict(C.FACTIONS["baltaks"].extra["free_actions"][0]["gain"]) == {"qic": 1}
    assert "free_actions" not in C.FACTIONS["geodens"].extra


def test_two_factions_per_home_planet():
    homes = sorted(f.home for f in C.FACTIONS.values())
    assert homes == sorted(list(C.HOME_PLANETS) * 2)


@needs_ref
def test_variants():
    rows = ref("factions")["community_variants"]
    lan = C.faction_board("lantids", "more-balanced")
    assert lan.start["credits"] == 15 and lan.start["ore"] == 4 and lan.bowls == (4, 2, 0)
    assert C.faction_board("ivits", "more-balanced", players=2).pi_income == {"power_charge": 4}
    assert C.faction_board("ivits", "more-balanced", players=3) is C.FACTIONS["ivits"]
    it = C.faction_board("itars", "more-balanced")
    assert dict(it.buildings["academy_knowledge"].income) == {"knowledge": 2}
    # beta: highest version <= the requested one
    assert dict(C.faction_board("terrans", "beta", 1).research) == {"gaia": 1, "nav": 1}
    assert dict(C.faction_board("terrans", "beta", 2).research) == {"gaia": 1}
    assert C.faction_board("geodens", "beta", 2).start["knowledge"] == 5
    assert C.faction_board("ambas", "beta", 2) is C.FACTIONS["ambas"]
    assert len(C.VARIANTS["beta"]) == len(rows["beta"])
    assert len(C.VARIANTS["more-balanced"]) == len(rows["more-balanced"])
    with pytest.raises(KeyError, match="unknown faction variant 'nope'"):
        C.faction_board("terrans", "nope")


@needs_ref
def test_research_matches_reference():
    for t in ref("research")["tracks"]:
        ours = C.TRACKS[t["code"]]
        for lv, r in zip(ours.levels, t["levels"], strict=True):
            assert dict(lv.once) == r.get("once", {})
            assert dict(lv.income) == r.get("income", {})
            assert lv.ore_per_step == r.get("ore_per_step")
            assert lv.range == r.get("range")
            assert lv.gaiaform_tokens == r.get("gaiaform_token_cost")
    assert C.TRACKS["nav"].name.pt == "Navegação"


@needs_ref
def test_tiles_match_reference():
    tt = ref("tech_tiles")
    for group, ours in (("basic", C.BASIC_TECH), ("advanced", C.ADVANCED_TECH)):
        assert list(ours) == [t["code"] for t in tt[group]]
        for t in tt[group]:
            o = ours[t["code"]]
            assert (o.kind, dict(o.gain), o.per, o.trigger, o.effect) == (
                t["kind"], t.get("gain", {}), t.get("per"), t.get("trigger"), t.get("effect"))
    for t in ref("federations")["tokens"]:
        o = C.FEDERATION_TOKENS[t["code"]]
        assert (o.vp, dict(o.gain), o.green, o.copies) == (t["vp"], t["gain"], t["green"],
                                                          t["copies"])
    for b in ref("boosters")["boosters"]:
        o = C.BOOSTERS[b["code"]]
        assert o.rulebook_no == b["rulebook_ptBR_no"] and dict(o.income) == b["income"]
        assert o.pass_vp == b.get("on_pass", {}).get("vp", 0)
    for t in ref("round_scoring")["tiles"]:
        o = C.ROUND_SCORING[t["code"]]
        assert (o.trigger, o.vp) == (t["trigger"], t["vp"])
    for t in ref("final_scoring")["tiles"]:
        assert C.FINAL_SCORING[t["code"]].neutral == t["neutral_count"]
    for a in ref("power_actions")["board_actions"]:
        o = C.BOARD_ACTIONS[a["code"]]
        assert (dict(o.cost), dict(o.gain)) == (a["cost"], a["gain"])
    assert [(dict(c), dict(g)) for c, g in C.FREE_ACTIONS] == [
        (f["cost"], f["gain"]) for f in ref("power_actions")["free_actions"]]


def test_booster_numberings_differ_for_2_3_and_7_8():
    swapped = {b.id: b.rulebook_no for b in C.BOOSTERS.values()
               if b.rulebook_no != int(b.id[len("booster"):])}
    assert swapped == {"booster2": 3, "booster3": 2, "booster7": 8, "booster8": 7}


def test_round_scoring_copies_as_in_the_component_list():
    """'10 Peças de Pontuação da Rodada (4 Tipos com uma unidade, 3 Tipos com duas unidades)'."""
    kinds: dict[str, int] = {}
    for t in C.ROUND_SCORING.values():
        kinds[t.trigger] = kinds.get(t.trigger, 0) + 1
    assert sorted(kinds.values()) == [1, 1, 1, 1, 2, 2, 2]


@needs_ref
def test_terraforming_wheel_gives_the_reference_steps():
    steps = ref("terraforming")["steps"]
    for a, row in steps.items():
        for b, n in row.items():
            assert C.terraform_steps(a, b) == n
    assert list(C.BOARD["terraforming"]["ore_per_step"]) == [3, 3, 2, 1, 1, 1]


def test_rulebook_terraforming_example():
    """Rulebook: the Geodens (orange) need 2 steps for a blue or a brown planet."""
    assert C.terraform_steps("volcanic", "terra") == 2
    assert C.terraform_steps("volcanic", "swamp") == 2


def test_every_name_has_portuguese_and_a_source():
    named = [*C.RESOURCES.values(), *C.PLANETS.values(), *C.BUILDINGS.values(),
             *C.FACTIONS.values(), *C.TRACKS.values(), *C.TECH.values(),
             *C.BOOSTERS.values(), *C.ROUND_SCORING.values(), *C.FINAL_SCORING.values(),
             *C.BOARD_ACTIONS.values()]
    for x in named:
        assert x.name.pt and x.name.pt_source, x
    ours = {x.id for x in named if x.name.pt_source != "rulebook"}
    assert "academy_qic" in ours and "tech1" in ours and "tech7" not in ours


def test_loader_rejects_broken_entries():
    good = dict(C._FACTIONS["factions"][0])
    with pytest.raises(C.DataError, match="home planet 'gaia'"):
        C._faction({**good, "home": "gaia"})
    with pytest.raises(C.DataError, match="unknown track 'dip'"):
        C._faction({**good, "research": {"dip": 1}})
    with pytest.raises(C.DataError, match="override of unknown building 'castle'"):
        C._faction({**good, "buildings": {"castle": {}}})
    with pytest.raises(C.DataError, match="unknown resource 'gold'"):
        C._amounts({"gold": 1}, "test")
    row = {"id": "mine", "code": "m", "name": {"en": "M", "pt": "M", "pt_source": "x"},
           "count": 8, "cost": {}, "power_value": 1, "income_slots": [{}]}
    with pytest.raises(C.DataError, match="1 income slots for 8 pieces"):
        C._building(row, "test")
    with pytest.raises(C.DataError, match="given twice"):
        C._unique([C.TECH["tech1"], C.TECH["tech1"]], "test")
