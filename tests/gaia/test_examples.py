"""The rulebook's worked examples and the reference's edge cases that ``test_rules.py`` does not
cover yet (the full mapping example -> test is in docs/games/gaia.md, "Audit")."""

from __future__ import annotations

from gaia_helpers import edited, with_building, with_seat

from gamekit.games.gaia import GaiaState
from gamekit.games.gaia.actions import free_legal
from gamekit.games.gaia.build import power_value
from gamekit.games.gaia.economy import charge, gain, plain_tokens, spend_power, take_tokens
from gamekit.games.gaia.federation import federation_options
from gamekit.games.gaia.mines import mine_options, reach_cost
from gamekit.games.gaia.rounds import income_sources
from gamekit.kit.hexgrid import distance


def _new(factions, **kw):
    return GaiaState.new(len(factions), 1, factions=list(factions), **kw)


def _free(s: GaiaState, kind: str):
    """A free planet of type ``kind`` (a place for a structure set up through a position)."""
    return next(h for h in s.planet_hexes if s.ptype[h] == kind and h not in s.owner)


def _finish_setup(s: GaiaState) -> None:
    while s.stage == "setup" or (s.stack and s.stack[-1].kind in ("place", "booster")):
        s.apply(s.legal_actions(s.to_move()[0])[0])


def test_example_navigation_range_with_one_qic():
    """'1) Construir uma Mina' (Navegação): Navigation level 2 reaches 2 spaces; 1 QIC adds 2,
    so a planet 4 spaces away costs 1 QIC, 5 or 6 away 2 QIC."""
    s = with_seat(_new(["terrans", "xenos"]), 0, research={"nav": 2})
    assert s.pl[0].range() == 2
    o = next(iter(s.space.planets))
    by_d = {distance(o, h): h for h in s.space.planets}
    assert reach_cost(s, 0, by_d[2], [o]) == 0
    assert reach_cost(s, 0, by_d[4], [o]) == 1
    assert reach_cost(s, 0, by_d[5], [o]) == 2


def test_example_receiving_and_spending_power():
    """'O Ciclo de Poder': 3 power with 2 tokens in bowl I move both to II, then 1 from II to
    III; spending 4 moves 4 tokens from III back to I; with I and II empty nothing moves."""
    s = _new(["terrans", "xenos"])
    s = with_seat(s, 0, bowls=[2, 3, 0, 0])
    b = s.pl[0].bowls
    assert charge(s, 0, 3) == 3
    assert (b.bowl1, b.bowl2, b.bowl3) == (0, 4, 1)
    s = with_seat(s, 0, bowls=[0, 1, 4, 0])
    b = s.pl[0].bowls
    spend_power(s, 0, 4)
    assert (b.bowl1, b.bowl2, b.bowl3) == (4, 1, 0)
    s = with_seat(s, 0, bowls=[0, 0, 5, 0])
    assert charge(s, 0, 2) == 0


def test_example_research_step_costs_four_knowledge_and_gives_two_ore():
    """'5) Pesquisa': yellow pays 4 knowledge for Terraforming 0 -> 1 and takes 2 ore at once."""
    s = _new(["xenos", "terrans"])
    _finish_setup(s)
    seat = s.to_move()[0]
    s = with_seat(s, seat, research={"terra": 0}, resources={"knowledge": 6, "ore": 3})
    p = s.pl[seat]
    s.apply(f"p{seat + 1} research terra")
    assert p.research["terra"] == 1 and p.res["knowledge"] == 2 and p.res["ore"] == 5


def test_example_a_gaia_planet_of_a_gaiaformer_is_only_for_its_owner():
    """'2) Iniciar um Projeto Gaia': only the player whose gaiaformer stands on the new Gaia
    planet may build there (for no QIC); nobody else."""
    s = _new(["terrans", "xenos"])
    _finish_setup(s)
    h = next(x for x in s.planet_hexes if s.ptype[x] == "transdim" and x not in s.owner)

    def change(data):
        data["gaiaformers"][s.label(h)] = 0
        data["planets"][s.label(h)] = "gaia"
        for mine in data["players"]:
            mine["resources"].update(credits=30, ore=15, qic=9)
            mine["research"]["nav"] = 5

    s = edited(s, change)
    assert h in [x for x, _, _ in mine_options(s, 0)]
    assert h not in [x for x, _, _ in mine_options(s, 1)]
    cost = next(c for x, c, _ in mine_options(s, 0) if x == h)
    assert not cost.get("qic")


def test_example_terrans_pi_four_gaia_tokens_give_one_ore_and_one_credit():
    """Apêndice I, Terrans PI: 4 tokens moving from the Gaia area to bowl II may be cashed like
    spent power: 1 ore (3) + 1 credit (1); the tokens still reach bowl II."""
    s = _new(["terrans", "xenos"])

    def change(data):
        mine = data["players"][0]
        mine["buildings"].append([list(_free(s, "terra")), "PI"])
        mine["bowls"][1], mine["bowls"][3] = 0, 4
        mine["resources"].update(ore=0, credits=0)
        data["stack"] = [{"kind": "terrans", "seat": 0, "data": {}}]

    s = edited(s, change)
    p = s.pl[0]
    s.apply("p1 terrans 3tg-o")
    s.apply("p1 terrans 1tg-c")
    assert (p.res["ore"], p.res["credits"], p.bowls.bowl2, p.bowls.gaia) == (1, 1, 4, 0)


def test_example_hadsch_hallas_pi_three_credits_for_one_ore():
    """Apêndice I, Hadsch Hallas PI: free actions paid with credits (3 credits -> 1 ore)."""
    s = with_seat(_new(["hadsch-hallas", "xenos"]), 0, resources={"credits": 5, "ore": 0})
    assert "3c-o" not in {a.args[0] for a in free_legal(s, 0) if a.args}
    s = with_building(s, 0, _free(s, "desert"), "PI")
    assert "3c-o" in {a.args[0] for a in free_legal(s, 0) if a.args}


def test_example_nevlas_pi_odd_power_cost_wastes_the_rest():
    """Apêndice I, Nevlas PI: a bowl-III token pays 2; an odd cost (3) takes 2 tokens and the
    extra power is lost."""
    s = _new(["nevlas", "xenos"])
    s = with_seat(with_building(s, 0, _free(s, "ice"), "PI"), 0, bowls=[0, 0, 3, 0])
    p = s.pl[0]
    assert p.spendable_power() == 6
    spend_power(s, 0, 3)
    assert (p.bowls.bowl1, p.bowls.bowl3) == (2, 1)


def test_edge_resources_are_capped_and_qic_is_not():
    """Reference edge case (never met by a scenario): credits stop at 30, ore and knowledge at
    15; what is over is lost; QIC has no cap."""
    s = _new(["terrans", "xenos"])
    s = with_seat(s, 0, resources={"credits": 28, "ore": 14, "knowledge": 15, "qic": 0})
    p = s.pl[0]
    gain(s, 0, {"credits": 5, "ore": 3, "knowledge": 2, "qic": 20}, "test")
    assert p.res == {"credits": 30, "ore": 15, "knowledge": 15, "qic": 20}
    s.check_invariants()


def test_edge_income_sources_are_taken_whole():
    """'Fase I: Renda' (each source whole): a source with power brings its other resources
    with its power item, a source without power arrives at once (Taklons: while the brainstone
    question is open, the economy track's credits wait with its charge)."""
    s = _new(["taklons", "terrans"])
    _finish_setup(s)
    s = with_seat(s, 0, research={"eco": 3})  # 1 ore, 3 credits, 3 power (one source)
    srcs = income_sources(s, 0)
    eco = [x for x in srcs if x.get("credits") == 3]
    assert eco and eco[0].get("power_charge") == 3 and eco[0].get("ore") == 1


def test_edge_brainstone_may_be_one_of_the_satellite_tokens():
    """Apêndice I, Taklons: the brainstone counts as one token for satellites and Gaia
    projects; the player chooses whether it goes (it stays when ordinary tokens do)."""
    for keep, plain in ((True, [1, 2, 0]), (False, [2, 2, 0])):
        s = _new(["taklons", "terrans"], token_bowls="lowest_first")
        s = edited(s, lambda data: (
            data["players"][0].update(bowls=[4, 2, 0, 0], brainstone=1),
            data.update(stack=[{"kind": "after", "seat": 0, "data": {}}])))
        p = s.pl[0]
        take_tokens(s, 0, 2, False, "satellites")
        d = s.decision(0)
        assert d.kind == "brainstone"
        s.apply(f"p1 brainstone {1 if keep else 'discard'}")
        assert plain_tokens(s, 0) == plain  # ordinary tokens left (bowl I had 3 and the stone)
        assert (p.brainstone == 1) if keep else (p.brainstone is None)


def _ivits_with_stations(rule: str, n: int) -> GaiaState:
    """Ivits with one federation (their PI), two tokens held (one from the Terraforming track)
    after one federation formed, and ``n`` structures nearest their PI: their 4 trading
    stations, then research labs (power value 2 each), then the academies (3 each) — the
    board's pieces, so the position is one the rules allow."""
    s = _new(["ivits", "terrans"], ivits_threshold=rule)
    _finish_setup(s)
    pi = next(h for h, c in s.pl[0].built.items() if c == "PI")
    near = sorted((distance(pi, h), h) for h in s.planet_hexes if h not in s.owner)
    codes = ["ts"] * 4 + ["lab"] * 3 + ["ac1", "ac2"]
    placed = [[list(h), code] for (_d, h), code in zip(near[:n], codes[:n], strict=True)]
    return with_seat(s, 0, federations=[[list(pi)]], federation_tokens=[["fed1", True],
                     ["fed2", True]], federations_formed=1, resources={"qic": 15},
                     buildings=s.position()["state"]["players"][0]["buildings"] + placed)


def test_edge_ivits_threshold_counts_tokens_by_the_rulebook_and_federations_by_the_site():
    """Apêndice I, Ivits (rulebook): the federation grows when its value reaches 7 x (X + 1),
    X = federation tokens held (2 here: 21); the site counts federations formed (1: 14).
    PI 3 + 4 trading stations + 2 labs = 15: enough for the site's reading only; with 9
    structures (+1 lab, 2 academies) 23."""
    site = federation_options(_ivits_with_stations("federations", 6), 0)
    assert len(site) == 1
    assert not federation_options(_ivits_with_stations("tokens", 6), 0)
    s = _ivits_with_stations("tokens", 9)
    (hexes, _sats), = federation_options(s, 0).values()
    assert sum(power_value(s, 0, s.pl[0].built[h], h) for h in hexes) >= 21
