"""The Gaia neighbour (a variant of the completer, session 22 round 2, issue 32; not
registered): its rounds 1–5 value each pair of its structure and another seat's within 2 (the
leech it brings); it decides from the seat's view alone, the same choice for the same seed
(figures: docs/bots.md, "Session 22")."""

from __future__ import annotations

from functools import partial

from gaia_helpers import completer_game, play_from_views

from gamekit.core import Action
from gamekit.games.gaia.bot_economist import EconomistAgent
from gamekit.games.gaia.bot_eval import SCHOLAR, position_value
from gamekit.games.gaia.bot_finisher import CompleterAgent
from gamekit.games.gaia.bot_neighbour import (
    NeighbourAgent,
    NeighbourEconomistAgent,
    contacts,
    neighbour_value,
)
from gamekit.games.gaia.bot_study import selfplay_state
from gamekit.kit.hexgrid import distance


def test_contacts_count_the_pairs_within_two_and_are_worth_a_round_left() -> None:
    state = completer_game(1000, 3)
    counts = []
    for seat, p in enumerate(state.pl):
        pairs = sum(1 for h in p.built for q, o in enumerate(state.pl) if q != seat
                    for x in o.built if distance(h, x) <= 2)
        assert contacts(state, seat) == pairs
        counts.append(pairs)
        left = min(2, 6 - state.round)
        assert neighbour_value(state, seat, pair=0.5, cap=2) == position_value(
            state, seat, SCHOLAR) + 0.5 * left * pairs
        assert neighbour_value(state, seat, pair=0.0) == position_value(state, seat, SCHOLAR)
    assert any(counts)  # the case has neighbours


def test_it_decides_from_the_view_the_same_for_the_same_seed() -> None:
    """Four neighbours play the set-up and the first turns: a choice is legal, leaves the view
    as it was and is the one a twin of the same seed makes."""
    state, agents = play_from_views(NeighbourAgent, 7, 50)
    assert state.round >= 1 and isinstance(agents[0], CompleterAgent)


def test_until_stops_the_contacts_and_start_pulls_the_start_mines_near() -> None:
    state = completer_game(1000, 3)
    assert all(neighbour_value(state, k, pair=0.5, until=2) == position_value(state, k, SCHOLAR)
               for k in range(4))
    state = selfplay_state(1000)
    plain, near = NeighbourAgent(3), NeighbourAgent(3, start=2.0)
    while state.decision(state.to_move()[0]).kind != "place" or len(state.owner) < 4:
        seat = state.to_move()[0]
        state.apply(plain.choose(state.agent_view(seat), state.decision(seat)))
    seat, near_any = state.to_move()[0], 0
    for a in state.decision(seat).legal:
        h = state.hex_of(a.args[0])
        others = sum(1 for q, o in enumerate(state.pl) if q != seat for x in o.built
                     if distance(h, x) <= 2)
        assert near._start_value(state, seat, a.args[0]) == plain._start_value(
            state, seat, a.args[0]) + 2.0 * others
        near_any += others
    assert near_any  # some start hex lies near another seat's mine


def test_the_neighbour_economist_values_as_the_economist_and_places_as_the_neighbour() -> None:
    state = completer_game(1000, 3)
    both, econ = NeighbourEconomistAgent(3), EconomistAgent(3)
    assert [both.rounds(state, k) for k in range(4)] == [econ.rounds(state, k) for k in range(4)]
    near, far = NeighbourAgent(3, start=3.0), NeighbourAgent(3)
    setup = selfplay_state(1000)
    while setup.decision(setup.to_move()[0]).kind != "place" or len(setup.owner) < 4:
        seat = setup.to_move()[0]
        setup.apply(far.choose(setup.agent_view(seat), setup.decision(seat)))
    seat = setup.to_move()[0]
    labels = [a.args[0] for a in setup.decision(seat).legal]
    got = [both._start_value(setup, seat, x) for x in labels]
    assert got == [near._start_value(setup, seat, x) for x in labels]
    assert got != [far._start_value(setup, seat, x) for x in labels]


def test_the_leech_cap_declines_the_larger_offers() -> None:
    state = completer_game(1000, 2)
    offers = [Action.parse(t) for t in ("p2 leech 3", "p2 decline")]
    assert NeighbourEconomistAgent(3)._leech(state, offers) == offers[0]
    assert NeighbourEconomistAgent(3, leech_cap=2)._leech(state, offers) == offers[1]
    small = [Action.parse(t) for t in ("p2 leech 2", "p2 decline")]
    assert NeighbourEconomistAgent(3, leech_cap=2)._leech(state, small) == small[0]
    state, agents = play_from_views(partial(NeighbourEconomistAgent, leech_cap=2), 7, 40)
    assert state.round >= 1 and agents[0].leech_cap == 2
