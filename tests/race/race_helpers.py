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
    return [COPIES[c].id for c in state.tab[seat]]


def goods_on(state, seat):
    return sorted(COPIES[w].id for w in state.goods[seat])


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
