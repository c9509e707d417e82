"""The contract, checked the same way on every registered game."""

from __future__ import annotations

import random

import pytest

import gamekit
from gamekit.core import CATALOG, LookaheadAgent, RandomAgent, available, get, play
from gamekit.core.invariants import check_random_game

GAMES = [g for g in available() if g != "toy"]


def test_games_are_registered():
    assert {"wonderful", "race", "bluemoon"} <= set(GAMES)


@pytest.mark.parametrize("game", GAMES)
def test_every_text_is_in_both_languages(game):
    """Every event kind, decision kind and rule section a game uses has en and pt text."""
    info = get(game)
    missing: set[str] = set()
    for seed in range(6):
        players = info.state.min_players + seed % (info.state.max_players - info.state.min_players + 1)
        state = info.state.new(players, seed)
        rng = random.Random(seed)
        while not state.is_over():
            for seat in state.to_move():
                kind = state.decision(seat).kind
                if not CATALOG.has(game, "ask." + kind):
                    missing.add("ask." + kind)
            seat = state.to_move()[0]
            legal = state.legal_actions(seat)
            state.apply(legal[rng.randrange(len(legal))])
        for e in state.events:
            if not CATALOG.has(game, e.kind):
                missing.add(e.kind)
            if e.rule and not CATALOG.has(game, "rule." + e.rule):
                missing.add("rule." + e.rule)
            for lang in ("en", "pt"):
                text = e.text(lang)
                assert text and "{" not in text, f"{game} {e.kind} ({lang}) renders as {text!r}"
    assert not missing, f"{game} lacks catalog entries: {sorted(missing)}"


@pytest.mark.parametrize("game", GAMES)
def test_lookahead_agent_plays_any_game(game):
    """The generic look-ahead agent decides from views only, on every game."""
    info = get(game)
    state = info.state.new(info.state.min_players, 3)
    agents = [LookaheadAgent(1, rollouts=1, max_actions=3)] + [
        RandomAgent(s) for s in range(1, state.players)
    ]
    made = play(state, agents, limit=40)
    assert made == 40 or state.is_over()


@pytest.mark.parametrize("game", GAMES)
def test_full_contract_checks(game):
    info = get(game)
    for players in range(info.state.min_players, info.state.max_players + 1):
        check_random_game(game, players, seed=players, every=7)


@pytest.mark.parametrize("game", GAMES)
def test_state_renders_html(game):
    state = gamekit.new(game, seed=2)
    html = state._repr_html_()
    assert "gamekit-board" in html
