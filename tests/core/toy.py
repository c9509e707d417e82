"""A tiny game used to test the core contract: secret simultaneous high-card bids.

Each seat is dealt 3 cards from a shuffled deck of 1..10 ("deal"). Each round a prize (1..3, in
a shuffled order) is revealed and every seat secretly plays one card; the single highest card
wins the prize's value in VP (ties: nobody). Future prizes and the deck are hidden.

Option ``endless`` (for the safety-limit tests): bids go back to the hands and the round never
advances, so the game never ends; ``max_decisions`` stops it.
"""

from __future__ import annotations

import random

from gamekit.core import CATALOG, Action, Decision, GameState, Option, register


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
        if self.round > self.options["rounds"]:
            return ()
        return tuple(s for s in range(self.players) if self.bids[s] is None)

    def _legal(self, seat):
        return [Action(seat, "bid", (c,)) for c in self.hands[seat]]

    def _decide(self, seat, legal):
        return Decision(self.game, seat, "bid", tuple(legal), secret=True)

    def _apply(self, action):
        s, (card,) = action.seat, action.args
        self.hands[s].remove(card)
        self.bids[s] = card
        self.flow(s, "card", 1, "hand", "played")
        self.emit("bid", s, visible=[s], card=card)
        if all(b is not None for b in self.bids):
            best = max(self.bids)
            if self.bids.count(best) == 1:
                w = self.bids.index(best)
                self.vp[w] += self.prizes[self.round - 1]
                self.emit("win", w, rule="bid", card=best)
            self.emit("reveal", bids=list(self.bids))
            if self.options["endless"]:
                for o, card in enumerate(self.bids):
                    self.hands[o].append(card)
                    self.flow(o, "card", 1, "played", "hand")
                self.bids = [None] * self.players
                return
            self.bids = [None] * self.players
            self.round += 1
            if self.round > self.options["rounds"]:
                self.phase = "end"

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
