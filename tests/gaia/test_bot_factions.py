"""The Gaia faction bot (a variant of the completer, session 25, issue 32; not registered): its
rounds 1–5 count what each faction's planetary institute ability is worth a round left; it
decides from the seat's view alone, the same choice for the same seed (figures: docs/bots.md,
"Session 25")."""

from __future__ import annotations

import math

from gaia_helpers import completer_game, edited, play_from_views, twin_game_against_greedy

from gamekit.games.gaia.bot_eval import SCHOLAR, position_value
from gamekit.games.gaia.bot_factions import (
    GAIA_TOKEN,
    PI_ACTION,
    PI_WORTH,
    FactionsAgent,
    faction_term,
)
from gamekit.games.gaia.bot_finisher import CompleterAgent
from gamekit.games.gaia.bot_study import selfplay_state
from gamekit.games.gaia.components import FACTIONS
from gamekit.games.gaia.state import GaiaState


def test_the_table_covers_every_faction_with_finite_worths() -> None:
    assert set(PI_WORTH) == set(FACTIONS)
    assert all(math.isfinite(w) and w >= 0 for w in PI_WORTH.values())
    assert PI_WORTH["ivits"] == 0.0  # their PI is their start: nothing to choose
    assert sum(w > 0 for w in PI_WORTH.values()) == len(FACTIONS) - 1
    for faction, act in PI_ACTION.items():  # a PI action of the faction's board
        assert (act, "PI") in FACTIONS[faction].actions


def _pi_of(state: GaiaState, seat: int, gaia: int = 0) -> GaiaState:
    """``state`` with a mine of ``seat`` turned into its planetary institute and ``gaia``
    tokens more in its Gaia area."""
    def change(data: dict) -> None:
        b = data["players"][seat]["buildings"]
        b[[kind for _, kind in b].index("m")][1] = "PI"
        data["players"][seat]["bowls"][3] += gaia
    return edited(state, change)


def test_the_term_is_zero_without_a_pi_and_its_worth_a_round_left_with_one() -> None:
    seen = set()
    for seed in range(1, 8):
        state = completer_game(seed, 2)
        for seat, p in enumerate(state.pl):
            if p.counts.get("PI") or not p.counts.get("m") or p.faction in seen:
                continue
            seen.add(p.faction)
            assert faction_term(state, seat) == 0.0
            with_pi = _pi_of(state, seat)
            term = faction_term(with_pi, seat, SCHOLAR, 2.0)
            action = SCHOLAR.booster_action if p.faction in PI_ACTION else 0.0
            tokens = GAIA_TOKEN.get(p.faction, 0.0) * p.bowls.gaia
            assert term == 2.0 * PI_WORTH[p.faction] * (6 - state.round) + tokens + action > 0
            capped = faction_term(with_pi, seat, SCHOLAR, 2.0, horizon=1)
            assert capped == 2.0 * PI_WORTH[p.faction] + tokens + action
            late = faction_term(with_pi, seat, SCHOLAR, 2.0, least=6 - state.round + 1)
            assert late == tokens + action
            agent = FactionsAgent(1, scale=2.0)
            assert agent.rounds(with_pi, seat) == position_value(with_pi, seat, SCHOLAR) + term
            more = faction_term(_pi_of(state, seat, 4), seat, SCHOLAR, 2.0, 0.5) - term
            assert abs(more - 0.5 * 4 * GAIA_TOKEN.get(p.faction, 0.0)) < 1e-9
    assert len(seen) >= 8 and seen & set(GAIA_TOKEN)


def test_a_worth_enough_turns_the_lab_into_the_pi() -> None:
    """Seed 3, the Firaks' first PI-legal turn of round 1: the completer upgrades to a lab; the
    faction bot with its table ten times over takes the planetary institute."""
    state = selfplay_state(3)
    agents = [CompleterAgent(k) for k in range(4)]
    for _ in range(20):
        seat = state.to_move()[0]
        state.apply(agents[seat].choose(state.agent_view(seat), state.decision(seat)))
    seat = state.to_move()[0]
    decision = state.decision(seat)
    assert state.pl[seat].faction == "firaks" and decision.kind == "turn"
    lab = agents[seat].choose(state.agent_view(seat), decision)
    pi = FactionsAgent(seat, scale=10.0).choose(state.agent_view(seat), decision)
    assert (lab.verb, lab.args[-1], pi.verb, pi.args[-1]) == ("upgrade", "lab", "upgrade", "PI")


def test_it_decides_from_the_view_the_same_for_the_same_seed() -> None:
    """Four faction bots play the first rounds: a choice leaves the view as it was and is the
    one a twin of the same seed makes."""
    state, agents = play_from_views(FactionsAgent, 7, 60)
    assert state.round >= 1


def test_it_plays_a_full_game_with_legal_actions() -> None:
    """A 2-player game against the greedy bot to its end: each of its choices is legal and the
    one a twin of the same seed makes on the same view, and it outscores the greedy bot."""
    state = twin_game_against_greedy(FactionsAgent)
    assert state.round == 6 and state.pl[0].vp > state.pl[1].vp
