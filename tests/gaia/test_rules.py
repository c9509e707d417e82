"""Gaia Project rules on small set-ups: set-up order, faction choice, leech, income order, turn
order, research level 5, final scoring ties and the neutral player, options; and property
tests over random games (the generic contract checks)."""

from __future__ import annotations

import random

import pytest
from gaia_helpers import edited, with_building, with_seat

from gamekit.core import IllegalAction, OptionError
from gamekit.core.invariants import assert_illegal_unchanged, check_random_game
from gamekit.core.stack import Pending
from gamekit.games.gaia import GaiaState
from gamekit.games.gaia.build import (
    gaia_options,
    leech_amount,
    neighbour_within_2,
    power_value,
    start_gaia,
    upgrade_options,
)
from gamekit.games.gaia.economy import burn, charge, spend_power, take_tokens
from gamekit.games.gaia.federation import fed_pick_valid
from gamekit.games.gaia.mines import mine_cost, mine_options
from gamekit.games.gaia.research import can_step, research_step, tech_options
from gamekit.games.gaia.rounds import power_income
from gamekit.games.gaia.scoring import count_of, finish_game
from gamekit.games.gaia.setup import same_type_touch
from gamekit.kit.hexgrid import distance


def _new(factions, **kw):
    return GaiaState.new(len(factions), 1, factions=list(factions), **kw)


def _after(s: GaiaState, **seat0) -> GaiaState:
    """``s`` read back at seat 0's "after" step (the end of a turn, where an income, a charge
    or a token payment can ask something), with ``seat0`` fields of seat 0 set."""
    def change(data):
        data["players"][0].update(seat0)
        data["stack"] = [{"kind": "after", "seat": 0, "data": {}}]
    return edited(s, change)


def _finish_setup(s: GaiaState) -> None:
    """Place starting structures and boosters with the first legal choice."""
    while s.stage == "setup" or (s.stack and s.stack[-1].kind in ("place", "booster")):
        seat = s.to_move()[0]
        s.apply(s.legal_actions(seat)[0])


def test_setup_order_mines_xenos_third_ivits_pi_boosters_reversed():
    """'Preparação': mines 1..N then N..1, the Xenos' third mine, the Ivits' PI, boosters from
    the last player."""
    s = _new(["terrans", "xenos", "ivits"])
    order = [(e.seat, e.kind, s.data_of(e).get("code")) for e in reversed(s.stack)]
    assert order == [(0, "place", "m"), (1, "place", "m"), (1, "place", "m"), (0, "place", "m"),
                     (1, "place", "m"), (2, "place", "PI"),
                     (2, "booster", None), (1, "booster", None), (0, "booster", None)]


def test_factions_chosen_in_turn_without_a_second_of_the_same_home():
    s = GaiaState.new(2, 1)
    assert s.decision(0).kind == "faction"
    s.apply("p1 faction terrans")
    names = {a.args[0] for a in s.legal_actions(1)}
    assert "lantids" not in names and "terrans" not in names and "xenos" in names
    assert_illegal_unchanged(s, "p2 faction lantids")


def test_option_errors_name_the_problem():
    with pytest.raises(OptionError, match="same home planet"):
        GaiaState.new(2, 1, factions=["terrans", "lantids"])
    with pytest.raises(OptionError, match="needs 5 entries"):
        GaiaState.new(2, 1, boosters=["booster1", "booster2"])
    with pytest.raises(OptionError, match="layout"):
        GaiaState.new(2, 1, layout="spiral")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_map_never_puts_two_planets_of_one_type_side_by_side(players):
    for seed in range(3):
        s = GaiaState.new(players, seed, layout="random")
        assert not same_type_touch(s.space)


def test_first_game_maps_by_player_count():
    assert len(GaiaState.new(2, 0).space.centres) == 7
    assert len(GaiaState.new(4, 0).space.centres) == 10


def _mine_next_to(s: GaiaState, builder: int, other: int):
    """A mine option of ``builder`` within 2 of one of ``other``'s structures."""
    for h, _cost, _steps in mine_options(s, builder):
        if any(distance(h, x) <= 2 for x in s.pl[other].built):
            return h
    return None


def _state_with_leech():
    for seed in range(40):
        s = GaiaState.new(2, seed, factions=["terrans", "xenos"])
        _finish_setup(s)
        while s.stack and s.stack[-1].kind != "turn":
            s.apply(s.legal_actions(s.to_move()[0])[0])
        seat = s.to_move()[0]
        s = with_seat(s, seat, resources={"qic": 5})
        h = _mine_next_to(s, seat, 1 - seat)
        if h is not None:
            return s, seat, h
    raise AssertionError("no set-up with neighbours found")


def test_leech_costs_one_vp_less_than_the_power_and_is_capped_by_the_bowls():
    """'9) Ganhando Poder': charge = highest power value nearby, cost charge - 1 VP."""
    s, seat, h = _state_with_leech()
    other = 1 - seat
    s.apply(f"p{seat + 1} build {s.label(h)}")
    if s.decision(seat).kind == "after":
        s.apply(f"p{seat + 1} end")
    assert s.to_move() == (other,) and s.decision(other).kind == "leech"
    offer = s.legal_actions(other)[0]
    assert offer.verb == "leech" and offer.args[0] == 1  # a mine: power value 1
    vp = s.pl[other].vp
    s.apply(offer)
    assert s.pl[other].vp == vp  # 1 power costs 0 VP
    s = with_seat(s, other, bowls=[0, 1, 5, s.pl[other].bowls.gaia])
    assert leech_amount(s, other, h) == 1  # only one token can still move


def test_leech_is_offered_to_a_player_who_passed():
    s, seat, h = _state_with_leech()
    other = 1 - seat
    s = with_seat(s, other, passed=True)
    s.apply(f"p{seat + 1} build {s.label(h)}")
    if s.decision(seat).kind == "after":
        s.apply(f"p{seat + 1} end")
    assert s.to_move() == (other,) and s.decision(other).kind == "leech"


def test_income_order_is_asked_when_tokens_and_charges_arrive_together():
    """'Fase I: Renda': the player orders power tokens and charges; one item at a time."""
    s = _after(_new(["terrans", "xenos"]), bowls=[0, 2, 0, 0])
    p = s.pl[0]
    power_income(s, 0, [2], [1], {"ore": 1})
    assert s.stack[-1].kind == "income_order"
    assert [str(a) for a in s.legal_actions(0)] == ["p1 income charge 2", "p1 income tokens 1"]
    s.apply("p1 income tokens 1")  # the new token takes 1 of the charge (else: 0, 0, 2 + 1 in I)
    assert (p.bowls.bowl1, p.bowls.bowl2, p.bowls.bowl3) == (0, 2, 1)
    s = _after(s)
    power_income(s, 1, [3], [], {})
    assert s.stack == (Pending("after", 0),)  # nothing to order


def _play_round(s: GaiaState, passes: list[int]) -> None:
    """Seats pass in the order ``passes``; a seat not yet due takes a main action."""
    i = 0
    r = s.round
    while s.round == r and not s.is_over():
        seat = s.to_move()[0]
        kind = s.decision(seat).kind
        legal = s.legal_actions(seat)
        if kind == "turn" and seat == passes[i]:
            s.apply(f"p{seat + 1} pass")
            i += 1
        elif kind == "turn":
            s.apply(next(a for a in legal if a.verb not in ("pass", "convert", "burn")))
        else:
            s.apply(legal[-1] if kind == "after" else legal[0])


@pytest.mark.parametrize("order,expected", [("rulebook", [1, 2, 0]), ("variable", [1, 0, 2])])
def test_turn_order_of_the_next_round(order, expected):
    """'Passando a vez': the first to pass starts, then clockwise; 'Ordem Variável de Turnos':
    the order of passing."""
    s = _new(["terrans", "xenos", "geodens"], turn_order=order)
    _finish_setup(s)
    while s.stack and s.stack[-1].kind != "turn":
        s.apply(s.legal_actions(s.to_move()[0])[0])
    s = edited(s, lambda data: [mine["resources"].update(knowledge=15)
                                for mine in data["players"]])
    _play_round(s, [1, 0, 2])
    assert s.order == expected


def test_level_5_needs_a_green_federation_token_and_only_one_player():
    """'5) Pesquisa': level 5 flips a green federation token; only one player per track."""
    s = with_seat(_new(["terrans", "xenos"]), 0, research={"eco": 4})
    assert not can_step(s, 0, "eco")
    s = with_seat(s, 0, federation_tokens=[["fed2", True]])
    p = s.pl[0]
    assert can_step(s, 0, "eco")
    research_step(s, 0, "eco")
    assert p.research["eco"] == 5 and p.fed_tokens == [["fed2", False]]
    s = with_seat(s, 1, research={"eco": 4}, federation_tokens=[["fed3", True]])
    assert not can_step(s, 1, "eco")


def test_level_3_charges_three_power():
    s = with_seat(_new(["terrans", "xenos"]), 0, research={"sci": 2})
    p = s.pl[0]
    before = (p.bowls.bowl1, p.bowls.bowl2, p.bowls.bowl3)
    research_step(s, 0, "sci")
    assert (p.bowls.bowl1, p.bowls.bowl2, p.bowls.bowl3) == (before[0] - 3, before[1] + 3,
                                                             before[2])


def _structures(s: GaiaState, counts: list[int]) -> GaiaState:
    """``s`` with ``counts[seat]`` structures of each seat on free planets (mines, then
    trading stations: pieces the boards hold)."""
    free = iter(h for h in s.planet_hexes if h not in s.owner)

    def change(data):
        for seat, n in enumerate(counts):
            codes = (["m"] * 8 + ["ts"] * 4)[:n]
            data["players"][seat]["buildings"] = [[list(next(free)), c] for c in codes]
    return edited(s, change)


def test_final_scoring_ties_share_and_the_neutral_player_takes_a_place():
    """'Fim do Jogo': 18/12/6, tied players share the places they cover (rounded down); with 2
    players the neutral player joins with the tile's printed count."""
    s = _structures(_new(["terrans", "xenos", "geodens"], final_tiles=["structure", "sector"]),
                    [5, 5, 2])
    assert [count_of(s, seat, "structure") for seat in range(3)] == [5, 5, 2]
    finish_game(s)
    assert [p.vp_by.get("end_structure", 0) for p in s.pl] == [15, 15, 6]
    s2 = _structures(_new(["terrans", "xenos"], final_tiles=["structure", "sector"]), [12, 3])
    assert [count_of(s2, seat, "structure") for seat in range(2)] == [12, 3]
    finish_game(s2)  # neutral: 11 structures
    assert [p.vp_by.get("end_structure", 0) for p in s2.pl] == [18, 6]


def test_trading_station_costs_more_without_a_neighbour():
    s = _new(["terrans", "xenos"])
    _finish_setup(s)
    seat = 0
    h = next(iter(s.pl[seat].built))
    s = with_seat(s, seat, resources={"credits": 20, "ore": 10})
    costs = {code: cost for x, code, cost in upgrade_options(s, seat) if x == h}
    alone = not neighbour_within_2(s, seat, h)
    assert costs["ts"] == ({"credits": 6, "ore": 2} if alone else {"credits": 3, "ore": 2})


def test_an_illegal_action_names_the_problem_and_changes_nothing():
    s = GaiaState.new(2, 1)
    exc = assert_illegal_unchanged(s, "p2 faction terrans")
    assert "not player 2's decision" in str(exc)
    with pytest.raises(IllegalAction):
        s.apply("p1 faction nobody")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_every_invariant(players):
    check_random_game("gaia", players, seed=100 + players, every=3)


def test_random_games_with_random_maps_and_variable_order():
    for players in (2, 3, 4):
        check_random_game("gaia", players, seed=7 * players, every=11,
                          options={"layout": "random", "turn_order": "variable"})


def test_heuristic_agent_plays_to_the_end_and_beats_random():
    from gamekit.core import RandomAgent, play
    from gamekit.games.gaia import HeuristicAgent
    wins = 0
    for seed in range(4):
        s = GaiaState.new(2, seed)
        play(s, [HeuristicAgent(seed), RandomAgent(seed)])
        assert s.is_over()
        res = s.result()
        wins += res.scores[0] > res.scores[1]
    assert wins >= 3


def test_narration_in_both_languages():
    s = GaiaState.new(3, 2)
    rng = random.Random(2)
    for _ in range(120):
        seat = s.to_move()[0]
        s.apply(rng.choice(s.legal_actions(seat)))
    en, pt = s.narration("en"), s.narration("pt")
    assert en and len(en) == len(pt) and en != pt
    assert not any("{" in t or "_" in t for t in en + pt), [t for t in en + pt if "_" in t][:3]


@pytest.mark.parametrize("rule", ["choose", "lowest_first"])
def test_tokens_for_satellites_and_gaiaforming_come_from_the_chosen_bowls(rule):
    """Rulebook: the player chooses the bowls (not the Gaia area); the anchor engine takes
    bowl I, then II, then III (option ``token_bowls``)."""
    s = _after(_new(["terrans", "xenos"], token_bowls=rule), bowls=[2, 3, 1, 0])
    p = s.pl[0]
    take_tokens(s, 0, 2, True, "gaia_project")
    if rule == "lowest_first":  # nothing asked
        assert s.stack == (Pending("after", 0),) and p.bowls.as_tuple() == (0, 3, 1, 2)
        return
    assert s.decision(0).kind == "tokens"
    assert [a.args[0] for a in s.legal_actions(0)] == [1, 2, 3]
    s.apply("p1 tokens 3")
    s.apply("p1 tokens 2")
    assert p.bowls.as_tuple() == (2, 2, 0, 2)


def test_taklons_brainstone_moves_like_a_token_and_pays_three():
    """Apêndice I, Taklons: the brainstone starts in bowl I, moves like a token (the player
    chooses when it may or may not move) and pays 3 power when spent from bowl III."""
    s = _new(["taklons", "terrans"])
    p = s.pl[0]
    assert p.brainstone == 1 and p.bowls.as_tuple()[:3] == (3, 4, 0)  # 2 tokens + the stone
    s = _after(s)
    p = s.pl[0]
    charge(s, 0, 1)
    assert s.decision(0).kind == "brainstone"
    assert [a.args[0] for a in s.legal_actions(0)] == [1, 2]
    s.apply("p1 brainstone 2")
    assert p.brainstone == 2
    s = with_seat(s, 0, bowls=[0, 4, 1, 0], brainstone=3)
    p = s.pl[0]
    assert p.spendable_power() == 3
    spend_power(s, 0, 3)  # only the stone is there: it pays all 3
    assert p.brainstone == 1 and p.bowls.as_tuple()[:3] == (1, 4, 0)


def test_bescods_pi_adds_one_power_on_titanium():
    s = _new(["bescods", "terrans"])
    _finish_setup(s)
    h = next(x for x in s.pl[0].built)
    assert s.ptype[h] == "titanium" and power_value(s, 0, "m", h) == 1
    free = next(x for x in s.planet_hexes if s.ptype[x] == "titanium" and x not in s.owner)
    s = with_building(s, 0, free, "PI")
    assert power_value(s, 0, "m", h) == 2 and power_value(s, 0, "m") == 1



@pytest.mark.parametrize("recall", [True, False])
def test_a_gaiaformer_on_a_gaia_planet_may_move_to_a_new_transdim_planet(recall):
    """'2) Iniciar um Projeto Gaia' (rulebook): a gaiaformer whose planet already became Gaia
    may start a new project; the anchor engine never moves it (``gaiaformer_recall=False``)."""
    s = _new(["terrans", "xenos"], gaiaformer_recall=recall, token_bowls="lowest_first")
    _finish_setup(s)
    p = s.pl[0]
    trans = [h for h in s.planet_hexes if s.ptype[h] == "transdim" and h not in s.gf]
    # a free planet next to ``t`` for a mine (a mine stands on a planet, never on empty space)
    t, near = next((t, h) for t in trans for h in s.planet_hexes
                   if distance(h, t) == 1 and h not in s.owner and h not in trans)
    g = next(x for x in trans if x != t)
    s = with_building(s, 0, near, "m")

    def change(data):  # its only gaiaformer stands on a planet that became Gaia
        data["planets"][s.label(g)] = "gaia"
        data["gaiaformers"][s.label(g)] = 0
        data["players"][0]["bowls"][:2] = [6, 4]

    s = edited(s, change)
    p = s.pl[0]
    assert p.gaiaformers == 1
    got = [h for h, _, _ in gaia_options(s, 0)]
    assert (t in got) == recall
    if recall:
        start_gaia(s, 0, t, 0, 6)
        assert s.gf == {t: 0} and s.ptype[g] == "gaia"


# ---------------------------------------------------------------------- rulebook worked examples
def _neighbour_setup():
    """Seat 1 holds a structure at ``x``; a hex within 2 of it is ``h``."""
    s = _new(["terrans", "xenos", "geodens"])
    x = next(h for h in s.planet_hexes if h not in s.owner)
    h = next(y for y in s.space.planets if y != x and distance(x, y) == 2)
    return s, x, h


def test_example_leech_by_the_highest_power_value():
    """'9) Ganhando Poder': yellow moves 1 for a mine; white's PI gives 3 power for 2 VP."""
    s, x, h = _neighbour_setup()
    s = with_building(s, 1, x, "m")
    assert leech_amount(s, 1, h) == 1
    s = with_building(s, 1, x, "PI")
    s = with_seat(s, 1, bowls=[4, 4, *s.position()["state"]["players"][1]["bowls"][2:]])
    assert leech_amount(s, 1, h) == 3


def test_example_leech_capped_by_the_bowls_and_by_the_vp():
    """'9) Ganhando Poder': only what the bowls can move (1 power, free); with 1 VP only 2
    power for 1 VP (never below 0 VP)."""
    s, x, h = _neighbour_setup()
    s = with_building(s, 1, x, "PI")
    s = with_seat(s, 1, bowls=[0, 1, 5, 0])
    assert leech_amount(s, 1, h) == 1
    s = with_seat(s, 1, bowls=[4, 4, 0, 0], vp=1, vp_by={"start": 1})
    assert leech_amount(s, 1, h) == 2


def test_example_terraforming_cost_by_research_level():
    """'1) Construir uma Mina': at Terraforming level 3 each step costs 1 ore (Geodens)."""
    s = _new(["geodens", "terrans"])
    s = with_seat(s, 0, research={"terra": 3})
    h = next(h for h in s.planet_hexes if s.ptype[h] == "desert")  # 1 step from volcanic
    cost, steps = mine_cost(s, 0, h)
    assert steps == 1 and cost == {"credits": 2, "ore": 2}
    s = with_seat(s, 0, research={"terra": 0})
    h2 = next(h for h in s.planet_hexes if s.ptype[h] == "swamp")  # 2 steps
    assert mine_cost(s, 0, h2) == ({"credits": 2, "ore": 7}, 2)


def test_example_research_end_vp_and_resources():
    """'Fim do Jogo': Navigation 5 gives 4 + 4 + 4 = 12 VP; 1 VP per 3 credits, ore and
    knowledge after converting power and QIC."""
    s = _new(["terrans", "xenos"], final_tiles=["structure", "sector"])
    s = with_seat(s, 0, research={"nav": 5, "gaia": 0}, bowls=[0, 2, 1, 0],
                  resources={"credits": 5, "ore": 2, "knowledge": 1, "qic": 1})
    p = s.pl[0]
    finish_game(s)
    assert p.vp_by["end_research_nav"] == 12
    # burn 1 (bowl III: 2), 2 power -> 2 credits, 1 QIC -> 1 ore: 7 + 3 + 1 = 11 -> 3 VP
    assert p.vp_by["end_resources"] == 3 and s.is_over()


def test_example_gaiaforming_tokens_by_level():
    """'Apêndice II': a Gaia project moves 6/6/4/3/3 tokens by Gaia Project level 1-5 (the
    Terrans at level 3 move 4)."""
    from gamekit.games.gaia.components import TRACKS
    assert [TRACKS["gaia"].levels[lv].gaiaform_tokens for lv in range(1, 6)] == [6, 6, 4, 3, 3]


def test_board_html_in_both_languages():
    from gamekit.games.gaia.render import html
    s = GaiaState.new(2, 3, factions=["terrans", "xenos"])
    _finish_setup(s)
    en, pt = html(s, "en"), html(s, "pt")
    assert "gamekit-board" in en and en.count("data-hex=") == len(s.space.planets)
    assert "Terrans" in en and "Terranos" in pt and "Rodada 1" in pt and "Round 1" in en
    assert "_" not in "".join(part.split(">")[-1] for part in pt.split("<")[1:])


def test_federation_laid_out_hex_by_hex_refuses_what_it_does_not_need():
    """'4) Forjando Alianças': power value 7 or more; no planet or satellite the federation
    does not need; ``cancel`` goes back to the turn."""
    s = _new(["terrans", "xenos"])
    _finish_setup(s)
    while s.stack and s.stack[-1].kind != "turn":
        s.apply(s.legal_actions(s.to_move()[0])[0])
    seat = s.to_move()[0]
    p = s.pl[seat]
    a = next(iter(p.built))
    b = next(h for h in s.space.planets if distance(a, h) == 2 and h not in s.owner
             and s.space.planets[h] != "empty")
    mid = next(h for h in s.space.planets if distance(a, h) == 1 and distance(b, h) == 1
               and s.space.planets[h] == "empty" and h not in s.ptype)
    s = with_building(s, seat, a, "PI")
    s = with_building(s, seat, b, "ts")

    def change(data):  # tech3: the PI is worth 4: 4 + 2 + a starting mine 1 = 7 in all
        data["planets"].setdefault(s.label(b), "terra")
        data["players"][seat]["tech"].append("tech3")
        data["players"][seat]["resources"]["ore"] = 15

    s = edited(s, change)
    p = s.pl[seat]
    lab = s.label
    s.apply(f"p{seat + 1} federation custom")
    s.apply(f"p{seat + 1} fedhex {lab(a)}")
    assert f"p{seat + 1} fedhex done" not in map(str, s.legal_actions(seat))  # value 4 < 7
    s.apply(f"p{seat + 1} fedhex {lab(mid)}")
    s.apply(f"p{seat + 1} fedhex {lab(b)}")
    assert f"p{seat + 1} fedhex done" not in map(str, s.legal_actions(seat))  # 4 + 2 = 6
    s.apply(f"p{seat + 1} fedhex cancel")
    assert s.decision(seat).kind == "turn" and not p.feds
    s = with_building(s, seat, b, "ac1")  # 4 + 4 = 8: enough, and every hex is needed
    assert fed_pick_valid(s, seat, {a, mid, b})
    extra = next(h for h in s.space.planets if distance(b, h) == 1 and h != mid
                 and s.space.planets[h] == "empty" and h not in s.ptype)
    assert not fed_pick_valid(s, seat, {a, mid, b, extra})  # a satellite it does not need


# ---------------------------------------------------------------------- reference edge cases
@pytest.mark.parametrize("allowed", [True, False])
def test_lost_planet_on_a_space_with_satellites(allowed):
    """Rulebook: any empty space in range; the anchor engine never one holding satellites."""
    s = _new(["terrans", "xenos"], lost_planet_on_satellites=allowed)
    _finish_setup(s)
    p = s.pl[0]
    origin = next(iter(p.built))
    sat = next(h for h in s.space.planets if distance(origin, h) == 1
               and s.space.planets[h] == "empty")

    def change(data):
        data["players"][1]["satellites"].append(list(sat))
        data["stack"] = [{"kind": "lost", "seat": 0, "data": {}}]

    s = edited(s, change)
    spots = {a.args[0] for a in s.legal_actions(0)}
    assert (s.label(sat) in spots) == allowed


def test_taklons_brainstone_moves_up_when_burning():
    s = with_seat(_new(["taklons", "terrans"]), 0, bowls=[0, 3, 0, 0], brainstone=2)
    p = s.pl[0]
    burn(s, 0)
    assert p.brainstone == 3 and p.bowls.as_tuple()[:3] == (0, 1, 1)


def test_basic_tech_tiles_have_copies_for_everyone_but_never_two_for_one():
    """'Melhorando suas Estruturas': 4 copies of each basic tile; never a second one of yours."""
    s = _new(["terrans", "xenos"])
    tile = s.tech_at["eco"]
    s = with_seat(s, 0, tech=[tile])
    assert tile not in tech_options(s, 0) and tile in tech_options(s, 1)


@pytest.mark.parametrize("reading", ["rulebook", "engine"])
def test_lantids_guest_mines_and_planet_types(reading):
    """Apêndice I: a guest mine is a normal mine but for the upgrade and the final tiles
    "planet types" / "Gaia planets" (rulebook); the anchor engine leaves it out of every
    planet-type count (option ``lantids_guest_mines="engine"``)."""
    s = _new(["lantids", "xenos"], lantids_guest_mines=reading)
    _finish_setup(s)
    other = next(iter(s.pl[1].built))
    s = with_seat(s, 0, guest_mines=[list(other)])  # the loader counts it as a mine
    assert count_of(s, 0, "planet_type") == (2 if reading == "rulebook" else 1)
    assert count_of(s, 0, "planetType") == 1  # the final tile: only their home type
    assert count_of(s, 0, "structure") == 3 and count_of(s, 0, "mine") == 3


def test_auction_option_orders_by_naming_and_charges_bids_at_the_end():
    """The anchor engine's auction (not in the rulebook): name a faction or outbid its holder;
    play order follows the naming order; bids are paid in VP at the end."""
    s = GaiaState.new(3, 1, auction="bid-while-choosing")
    for line in ["p1 faction ivits", "p2 faction terrans", "p3 bid ivits 1", "p1 bid terrans 1",
                 "p2 bid ivits 2", "p3 bid terrans 2", "p1 faction gleens"]:
        s.apply(line)
    assert [p.faction for p in s.pl] == ["gleens", "ivits", "terrans"]
    assert [p.bid for p in s.pl] == [0, 2, 2] and s.order == [1, 2, 0]
    assert s.to_move() == (2,)  # the Terrans place the first mine (the Ivits place their PI last)
    rng = random.Random(1)
    while not s.is_over():
        s.apply(rng.choice(s.legal_actions(s.to_move()[0])))
    assert s.pl[1].vp_by.get("bid", 0) == -2 or s.pl[1].vp == 0


def test_taklons_brainstone_choice_comes_before_the_turn_goes_on():
    """Regression: a free conversion paid with the brainstone in bowl III asks "use it?" at
    once; the power is paid before any other action (it once queued behind the turn, and the
    conversion's gain came free)."""
    checked = 0
    for seed in range(400):
        st = GaiaState.new(2, seed, factions=["taklons", "terrans"])
        rng = random.Random(seed)
        while not st.is_over() and checked < 3:
            seat = st.to_move()[0]
            legal = st.legal_actions(seat)
            p = st.pl[seat]
            pay = next((a for a in legal if a.verb == "convert" and str(a).endswith("4pw-k")),
                       None)
            if (p.faction == "taklons" and p.brainstone == 3 and pay is not None
                    and p.bowls.bowl3 - 1 >= 4):
                bowl3 = p.bowls.bowl3
                st.apply(pay)
                # ordinary tokens could pay too: the player chooses first
                d = st.decision(st.to_move()[0])
                assert (d.seat, d.kind) == (seat, "brainstone_spend")
                st.apply(next(a for a in d.legal if a.args == ("use",)))
                assert st.pl[seat].bowls.bowl3 == bowl3 - 2  # the brainstone and one token
                assert st.pl[seat].brainstone == 1
                checked += 1
                break
            st.apply(rng.choice(legal))
        if checked >= 3:
            break
    assert checked >= 1
