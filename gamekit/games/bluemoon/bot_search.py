"""Blue Moon City's top bot, ``horizon``: the heuristic improved by paired rollouts cut at a
horizon and valued by an estimate of the position (docs/bots.md, "Blue Moon City's top rung").

The generic ``rollouts`` bot (``gamekit.core.paired``) plays every candidate to the end of the
game, about 430 simulated decisions a rollout: its budget holds 2-3 rounds of 5 candidates, too
few to tell the heuristic's choice from a better one. ``horizon`` keeps its pairing (every
candidate played from the same sample of the seat's view with the same chance and policy seeds,
the heuristic's own choice changed only when another beats it by ``z`` standard errors of the
paired difference: 0.75 here, the generic bot's 1.5 kept the heuristic's choice too often) but
stops each rollout once ``turns`` turns have begun after the decision (rulebook "Sequência do
turno"; by default as many as seats: the others have each played once), about 20 decisions at 2
players, and values the position there by ``win_chance``: each seat's
strength is a weighted sum of what it holds (offerings, crystals, golden scales, cards, markers
in reserve and on buildings, majorities, the offerings its crystals already pay for, who moves
next), and a seat's chance to win is its share of ``exp(strength)`` (a conditional logit). The
weights were fitted to the winners of heuristic self-play games (2-player and 4-player tables,
the 3-player table uses the 4-player weights): see docs/bots.md. A finished rollout counts its
real result. So each decision holds many rounds (``rounds``) within the same budget.

It reads only the seat's view and samples of it (``view.determinize``) and draws only from its
own rng: the same seed gives the same game and its choice is the same whatever the hidden cards
are (``tests/bluemoon/test_bot_search.py``).
"""

from __future__ import annotations

import math
import random

from gamekit.core.paired import PairedAgent
from gamekit.core.rng import Chance

from .bots import HeuristicAgent
from .state import BlueMoonState

__all__ = ["HorizonAgent", "win_chance", "seat_features", "only_offerings_left"]

#: the steps searched; the others (paying card by card) keep the heuristic's choice
SEARCHED = frozenset({"move", "teleport", "dragon", "act", "refill"})

#: ``seat_features`` weights by table size (fitted to heuristic self-play winners)
WEIGHTS: dict[int, tuple[float, ...]] = {
    2: (1.633, 0.249, 0.307, 0.085, 0.034, -0.919, -0.714, 0.247, 0.153, 0.0, 0.265),
    4: (1.909, 0.264, 0.231, 0.124, -0.002, -1.225, -0.684, -0.09, 0.418, 0.0, 0.376),
}


def seat_features(state: BlueMoonState, s: int) -> list[float]:
    """What seat ``s`` holds, in ``WEIGHTS`` order: offerings, crystals, golden scales, cards in
    hand, their total value, markers in reserve, markers on buildings not yet rebuilt, those
    buildings it leads (majority), offerings its crystals and markers already pay for, cards won
    face down this turn, and 1 if it is the seat whose turn begins."""
    p = state.seats[s]
    crystals = p.crystals or 0
    i, paid = len(state.obelisk), 0
    while i < len(state.costs) and crystals >= state.costs[i] and paid < p.markers:
        crystals -= state.costs[i]
        i += 1
        paid += 1
    on_board = lead = 0
    for cell in state.cells:
        if state.built[cell]:
            continue
        marks = state.marks[cell]
        mine = marks.count(s)
        if mine:
            on_board += mine
            lead += mine > max((marks.count(o) for o in range(state.players) if o != s), default=0)
    value = sum(n * (k % 3 + 1) for k, n in enumerate(p.hand))
    return [p.offerings, p.crystals or 0, p.scales, p.hand_size, value, p.markers, on_board, lead,
            paid, len(p.pending), 1.0 if s == state.turn_seat else 0.0]


def win_chance(state: BlueMoonState, seat: int) -> float:
    """``seat``'s chance to win: its real share of the win in a finished game, else its share
    of ``exp(strength)`` over the seats (``WEIGHTS`` for the table's size)."""
    if state.is_over():
        winners = state.result().winners
        return 1.0 / len(winners) if seat in winners else 0.0
    w = WEIGHTS[2 if state.players == 2 else 4]
    strength = [sum(a * b for a, b in zip(w, seat_features(state, s), strict=True))
                for s in range(state.players)]
    top = max(strength)
    exps = [math.exp(x - top) for x in strength]
    return exps[seat] / sum(exps)


def horizon_rollout(sample: BlueMoonState, action, chance_seed: int, policy_seed: int,
                    turns: int) -> BlueMoonState:
    """``action`` played on a copy of ``sample`` (chance and policy seeded), then the heuristic
    at every seat until ``turns`` more turns have begun or the game ends."""
    state = sample.clone()
    state.chance = Chance(chance_seed, state.log)
    state.quiet = True
    state.apply(action, False)
    bot = HeuristicAgent(random.Random(policy_seed).getrandbits(32))
    turn, begun = state.turn_seat, 0
    left = state.max_decisions - state.decisions_made()
    while left > 0:
        seats = state.to_move()
        if not seats:
            break
        if state.turn_seat != turn:
            turn, begun = state.turn_seat, begun + 1
            if begun >= turns:
                break
        legal = state.legal_actions(seats[0])
        state.apply(legal[0] if len(legal) == 1 else bot.choose(state, state.decision(seats[0])),
                    False)
        left -= 1
    return state


def only_offerings_left(view: BlueMoonState, seat: int) -> bool:
    """Only offerings can end the game now, so ``seat`` plays the heuristic's choice (which
    offers whenever it can: rulebook "Fim do jogo", the game goes on until a seat has made
    enough offerings, or every marker is out, or the city is rebuilt and nobody can offer).
    Either every other seat has all its markers out (the estimate alone once kept a hand of 58
    cards and 5 markers with nothing done: 2-player seed 19), or every building is rebuilt
    (the estimate prices 11 crystals above an offering, so with 22 crystals at the Central
    Square it declined the two offerings that would have won, turn after turn, while the other
    seat could not afford one: 2-player seed 58, ``tests/bluemoon/test_bot_search.py``)."""
    if view.buildings_built == view.building_count:
        return True
    return not any(p.markers for o, p in enumerate(view.seats) if o != seat)


class HorizonAgent(PairedAgent):
    """Paired rollouts cut ``turns`` turns after the decision (``None``: as many as seats, so
    every other seat has played once and the seat's next turn begins), valued by
    ``win_chance``."""

    name = "horizon"

    def __init__(self, seed: int = 0, rounds: int = 24, z: float = 0.75, max_actions: int = 8,
                 check: int = 4, turns: int | None = None, budget: int = 3000):
        super().__init__(seed, rounds=rounds, z=z, max_actions=max_actions, check=check,
                         budget=budget)
        self.turns = turns

    def choose(self, view, decision):
        if len(decision.legal) > 1 and view is not None and (
                view.step not in SEARCHED or only_offerings_left(view, decision.seat)):
            return self._anchor(view, decision)
        return super().choose(view, decision)

    def _rollout(self, sample, option, chance_seed, policy_seed):
        """One option played on from the round's sample, cut at the horizon."""
        return horizon_rollout(sample, option, chance_seed, policy_seed,
                               self.turns or sample.players)

    def _value(self, state, seat) -> float:
        return win_chance(state, seat)
