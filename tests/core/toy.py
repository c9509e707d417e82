"""A tiny game used to test the core contract: secret simultaneous high-card bids.

Each seat is dealt 3 cards from a shuffled deck of 1..10 ("deal"). Each round a prize (1..3, in
a shuffled order) is revealed and every seat secretly plays one card; the single highest card
wins the prize's value in VP (ties: nobody). Future prizes and the deck are hidden.

It is the runnable example of contract v2 (docs/adding-a-game.md): the course of a round is a
phase table walked by core (``COURSE``), the decision a step table (``STEPS``), actions are
interned (``act``), and it can pause at its round boundary (``pause_at("round")``).

Option ``endless`` (for the safety-limit tests): bids go back to the hands and the round never
advances, so the game never ends; ``max_decisions`` stops it.
"""

from __future__ import annotations

import random

from gamekit.core import CATALOG, GameState, Option, register
from gamekit.core.course import Course, Phase, Step, Steps, act


class ToyState(GameState):
    game = "toy"
    title = {"en": "Toy", "pt": "Brinquedo"}
    min_players = 2
    max_players = 3
    options_spec = {
        "rounds": Option("rounds", int, 3, (1, 2, 3)),
        "deck": Option("deck", list, None, check=lambda v, n: None if len(v) >= 3 * n else "too short"),
        "endless": Option("endless", bool, False),
    }
    ledger_places = ("hand",)
    secret_options = ("deck",)
    max_decisions = 200
    stopping_points = ("round",)

    def _setup(self):
        deck = list(self.options["deck"] or range(1, 11))
        if self.options["deck"] is None:
            self.chance.shuffle("deck", deck)
        self.deck = deck
        self.prizes = [1, 2, 3][: self.options["rounds"]]
        self.chance.shuffle("prizes", self.prizes)
        self.hands = [sorted(deck[3 * s : 3 * s + 3]) for s in range(self.players)]
        for s in range(self.players):
            for _card in self.hands[s]:
                self.flow(s, "card", 1, "deck", "hand")
        self.vp = [0] * self.players
        self.bids: list[int | None] = [None] * self.players
        self.round, self.phase = 1, "bid"
        self.emit("deal", rule="setup")

    def to_move(self):
        if self.paused or self.round > self.options["rounds"]:
            return ()
        return tuple(s for s in range(self.players) if self.bids[s] is None)

    def _legal(self, seat):
        return STEPS.legal(self, seat)

    def _decide(self, seat, legal):
        return STEPS.decide(self, seat, legal)

    def _apply(self, action):
        STEPS.apply(self, action)
        if all(b is not None for b in self.bids):
            self._resume()

    def _resume(self):
        """Walk the phase table while nobody is to bid (core ``Course``)."""
        while not self.is_over() and not self.to_move():
            if not COURSE.advance(self):
                return

    def is_over(self):
        return self.round > self.options["rounds"]

    def score_breakdown(self, seat):
        return {"bids": self.vp[seat]}

    def tiebreak(self, seat):
        return (sum(self.hands[seat]),)

    def holdings(self, seat):
        return {("hand", "card"): len(self.hands[seat])}

    def view(self, seat):
        v = self._view_base(seat, self.clone())
        for o in range(self.players):
            if o != seat:
                v.hands[o] = [0] * len(self.hands[o])
                v.bids[o] = None if self.bids[o] is None else 0
        v.deck = []
        v.prizes = [p if i < self.round else 0 for i, p in enumerate(self.prizes)]
        return v

    def determinize(self, rng: random.Random):
        full = self.clone()
        full.viewer = None
        seen = set()
        for s in range(self.players):
            seen.update(c for c in self.hands[s] if c)
        # cards already played are public through reveal events; sample the rest
        unknown = [c for c in range(1, 11) if c not in seen]
        rng.shuffle(unknown)
        for o in range(self.players):
            if o != self.viewer:
                full.hands[o] = sorted(unknown.pop() for _ in self.hands[o])
                if self.bids[o] == 0:
                    full.bids[o] = unknown.pop()
        hidden = [p for p in [1, 2, 3][: len(self.prizes)] if p not in self.prizes]
        rng.shuffle(hidden)
        full.prizes = [p or hidden.pop() for p in self.prizes]
        return full

    def to_dict(self):
        return {
            "hands": self.hands,
            "bids": self.bids,
            "vp": self.vp,
            "round": self.round,
            "prizes": self.prizes,
        }


def _bid(state, s, card):
    """Action ``bid``: play ``card`` face down."""
    state.hands[s].remove(card)
    state.bids[s] = card
    state.flow(s, "card", 1, "hand", "played")
    state.emit("bid", s, visible=[s], card=card)


def _resolve(state):
    """End of a round: the single highest bid wins the prize; whether another round follows."""
    best = max(state.bids)
    if state.bids.count(best) == 1:
        w = state.bids.index(best)
        state.vp[w] += state.prizes[state.round - 1]
        state.emit("win", w, rule="bid", card=best)
    state.emit("reveal", bids=list(state.bids))
    if state.options["endless"]:
        for o, card in enumerate(state.bids):
            state.hands[o].append(card)
            state.flow(o, "card", 1, "played", "hand")
        return True
    return state.round < state.options["rounds"]


def _next_round(state):
    state.bids = [None] * state.players
    if not state.options["endless"]:
        state.round += 1


def _end(state):
    state.bids = [None] * state.players
    state.round += 1
    state.phase = "end"


#: the course of a round: one bidding phase of one step; the round ends with the resolution
COURSE = Course({"bid": Phase("bid", "bid", lambda st: None, None, None)},
                start_round=_next_round, end_round=_resolve, end_game=_end)
#: the one decision: a secret bid
STEPS = Steps("toy", {"bid": Step("bid", "bid", lambda st, s: [act(s, "bid", (c,))
                                                                for c in st.hands[s]],
                                  ("bid",), ("bid",), secret=True)},
              lambda st, s: "bid", apply={"bid": _bid})

CATALOG.add(
    "toy",
    {
        "deal": {"en": "Cards are dealt.", "pt": "As cartas são distribuídas."},
        "bid": {"en": "{who} bids {card}.", "pt": "{who} licita {card}."},
        "win": {"en": "{who} wins with {card}.", "pt": "{who} vence com {card}."},
        "reveal": {"en": "Bids: {bids}.", "pt": "Licitações: {bids}."},
        "ask.bid": {"en": "Choose a card to bid", "pt": "Escolha uma carta para licitar"},
        "rule.setup": {"en": "Setup", "pt": "Preparação"},
        "rule.bid": {"en": "Bidding", "pt": "Licitação"},
    },
)

register(ToyState, default_players=3)
