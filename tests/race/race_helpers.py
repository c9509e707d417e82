"""Helpers for Race for the Galaxy scenario tests."""

from __future__ import annotations

import gamekit
from gamekit.games.race.cards import COPIES


def game(players=2, start=None, hands=None, tableaus=None, goods=None, deck_top=None, seed=1,
         **options):
    """A game set up explicitly: start worlds, hands, extra tableau cards, goods, deck top."""
    start = start or ["old_earth", "new_sparta", "epsilon_eridani", "earths_lost_colony"][:players]
    return gamekit.new(
        "race",
        players=players,
        seed=seed,
        start_worlds=list(start),
        hands=hands or [[] for _ in range(players)],
        tableaus=tableaus,
        goods=goods,
        deck_top=deck_top,
        **options,
    )


def play(state, *actions):
    for a in actions:
        state.apply(a)
    return state


def ids(cards):
    return sorted(COPIES[c].id for c in cards)


def tableau(state, seat):
    return [COPIES[c].id for c in state.seats[seat].tableau]


def goods_on(state, seat):
    return sorted(COPIES[w].id for w in state.seats[seat].goods)


def legal(state, seat):
    return [str(a) for a in state.legal_actions(seat)]


def filler(n, avoid=()):
    """``n`` plain card ids (cheap non-interacting cards) for hands used as payment."""
    pool = ["artist_colony", "secluded_world", "gambling_world", "expanding_colony",
            "destroyed_world", "empath_world", "asteroid_belt", "radioactive_world",
            "pre_sentient_race", "space_port", "mining_world", "comet_zone", "gem_world",
            "spice_world", "new_vinland", "plague_world", "bio_hazard_mining_world",
            "prosperous_world", "new_earth", "galactic_resort"]
    pool = [x for x in pool if x not in avoid]
    return pool[:n]


def short_deck_game(deck, start, tableaus=None, hands=None, sink=0, **options):
    """A game whose draw deck is exactly ``deck`` (card ids, top first): every other card not
    placed by the options goes to the hand of seat ``sink`` (or, with ``sink="tableau"``,
    into the tableaus, seat by seat, for a standard deal)."""
    players = len(start)
    tableaus = [list(t) for t in (tableaus or [[] for _ in start])]
    rest = [c.id for c in COPIES]
    for cid in list(start) + [x for t in tableaus for x in t] + list(deck) + [
            x for h in (hands or []) for x in h]:
        rest.remove(cid)
    if sink == "tableau":
        for cid in rest:
            seat = next(s for s in range(players) if cid not in tableaus[s])
            tableaus[seat].append(cid)
    else:
        hands = [list(h) for h in (hands or [[] for _ in start])]
        hands[sink].extend(rest)
    return gamekit.new("race", players=players, seed=1, start_worlds=list(start), hands=hands,
                       tableaus=tableaus, deck=list(deck), **options)


def card_ids(cards):
    """Card ids of copy indices, in order."""
    return [COPIES[c].id for c in cards]


def edited(state, change):
    """A NEW state: ``state.position()`` with ``change(data)`` applied to its game part, read
    back through ``gamekit.position`` (validated: every card once, hands, who decides); the
    random stream goes on as in ``state`` (issue 10: no white-box edits in tests)."""
    saved = state.position()
    data = saved["state"]
    change(data)
    for seat in data["seats"]:  # an order list no longer matching its cards is dropped
        for key, base in (("hand_order", "hand"), ("explore_order", "explore")):
            if key in seat and sorted(seat[key]) != sorted(seat[base]):
                del seat[key]
    return gamekit.position(saved)


def deck_split(state, deck: int, discard: int = 0, park: int = 1):
    """``state`` with only ``deck`` cards left in the draw deck (its top ones), ``discard``
    cards (its bottom ones) in the discard pile and the rest parked in seat ``park``'s hand."""
    def change(data):
        cards = list(data["deck"])
        data["deck"] = cards[:deck]
        data["discard"] = cards[len(cards) - discard:] if discard else []
        data["seats"][park]["hand"] += cards[deck:len(cards) - discard]
    return edited(state, change)
