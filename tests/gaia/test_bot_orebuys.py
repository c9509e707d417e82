"""The Gaia ore buyer (a variant of the completer, session 24, issue 32; not registered): its
rounds 1–4 value the ore income by the mine it buys; it decides from the seat's view alone, the
same choice for the same seed (figures: docs/bots.md, "Session 24")."""

from __future__ import annotations

from gaia_helpers import completer_game, play_from_views, with_seat

from gamekit.games.gaia.bot_eval import SCHOLAR, position_value
from gamekit.games.gaia.bot_finisher import CompleterAgent
from gamekit.games.gaia.bot_orebuys import OreBuyerAgent, ore_bought_value
from gamekit.games.gaia.bot_sites import site_costs
from gamekit.games.gaia.rounds import income_of


def test_the_ore_income_is_worth_the_mine_it_buys() -> None:
    state = completer_game(1001, 2)
    seat = next(k for k in range(4) if site_costs(state, k) and income_of(state, k)[0]["ore"])
    base = position_value(state, seat, SCHOLAR)
    ore = income_of(state, seat)[0]["ore"]
    price = min(site_costs(state, seat))
    worth = min(2.5, 4.0 / price)
    want = base + max(0.0, worth - 1.3) * ore * 4 * 0.9  # round 2: 4 incomes to come
    assert abs(ore_bought_value(state, seat) - want) < 1e-9
    assert ore_bought_value(state, seat, mine=1.0) == base  # below the flat worth: unchanged
    rich = ore_bought_value(state, seat, mine=40.0, cap=99.0)
    assert abs(rich - (base + (40.0 / price - 1.3) * ore * 3.6)) < 1e-9
    assert ore_bought_value(completer_game(1001, 5), seat) == position_value(
        completer_game(1001, 5), seat, SCHOLAR)  # round 5: the scholar's


def test_cheaper_terraforming_makes_the_ore_worth_more() -> None:
    state = completer_game(1001, 2)
    cheaper = 0
    for seat in range(4):
        far = with_seat(state, seat, research={"nav": 0, "terra": 0})
        near = with_seat(far, seat, research={"terra": 3})
        if not site_costs(far, seat):
            continue
        assert min(site_costs(near, seat)) <= min(site_costs(far, seat))
        extra = [ore_bought_value(s, seat) - position_value(s, seat, SCHOLAR)
                 for s in (far, near)]
        if min(site_costs(near, seat)) < min(site_costs(far, seat)):
            cheaper += 1
            assert extra[1] >= extra[0]
    assert cheaper  # the case has a seat whose cheapest site gets cheaper


def test_it_decides_from_the_view_the_same_for_the_same_seed() -> None:
    state, agents = play_from_views(OreBuyerAgent, 7, 45)
    assert state.round == 1 and isinstance(agents[0], CompleterAgent)
