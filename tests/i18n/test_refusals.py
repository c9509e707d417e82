"""Refusals in words: an illegal action's reason is a catalog message in both languages, with
no raw id and no action syntax (``IllegalAction.explain``); ``str(exc)`` stays the English line."""

from __future__ import annotations

import random

import pytest
from i18n_samples import LANGS, SETUPS, raw_ids

import gamekit
from gamekit.core import Action, IllegalAction, Reason, reason
from gamekit.core.registry import available, declared

GAMES = sorted(available())
#: the games gamekit ships: each gives its own reasons (``why_illegal``); a test game may not
SHIPPED = tuple(declared())  # every shipped game (the registry)


def _refused(state, action) -> IllegalAction:
    before = state.fingerprint()
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    assert state.fingerprint() == before, f"{action}: the refusal changed the state"
    return info.value


def _sampled_refusals(game: str) -> list[tuple[Action, IllegalAction]]:
    """Illegal actions met along a random game: actions legal earlier (other decisions),
    legal actions with another seat, and an action after the end."""
    players, opts = SETUPS.get(game, [(None, {})])[0]
    rng = random.Random(7)
    state = gamekit.new(game, players=players, seed=7, **opts)
    seen: list[Action] = []
    out = []
    steps = 0
    while not state.is_over() and steps < 2000:
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        if steps % 9 == 0:
            tries = [a._replace(seat=seat) for a in rng.sample(seen, min(4, len(seen)))]
            other = (seat + 1) % state.players
            if state.players > 1 and other not in state.to_move():
                tries.append(legal[0]._replace(seat=other))
            for a in tries:
                if a not in legal:
                    out.append((a, _refused(state, a)))
        seen.append(rng.choice(legal))
        state.apply(seen[-1])
        steps += 1
    if state.is_over():
        out.append((seen[-1], _refused(state, seen[-1])))
    return out


@pytest.mark.parametrize("game", GAMES)
def test_refusals_are_explained_in_words_in_both_languages(game):
    refusals = _sampled_refusals(game)
    assert len(refusals) > (20 if game in SHIPPED else 0)
    own = set()
    for action, exc in refusals:
        assert str(action) in str(exc), "the English line names the action (CLI, logs)"
        assert exc.key is not None and exc.key.startswith("refuse.")
        texts = {lang: exc.explain(lang) for lang in LANGS}
        for lang, text in texts.items():
            assert text.strip(), f"{action}: empty reason in {lang}"
            assert not raw_ids(text), f"{action} ({lang}): raw ids {raw_ids(text)} in {text!r}"
            assert str(action) not in text
        assert texts["en"] != texts["pt"], f"{action}: the reason is not translated: {texts}"
        if exc.reason.namespace == game:
            own.add(exc.key)
    assert own or game not in SHIPPED, f"{game}: no refusal gave the game's own reason"


def test_a_reason_renders_names_and_rule_in_each_language():
    exc = IllegalAction(reason("bluemoon", "wild_colour", colour="red"), None, "contribution")
    assert exc.key == "refuse.wild_colour" and exc.params == {"colour": "red"}
    assert str(exc).startswith("the wild spaces") and "[rule: contribution]" in str(exc)
    assert "red" in exc.explain("en") and "vermelh" in exc.explain("pt").lower()
    assert exc.explain("pt").endswith(")") and "regras:" in exc.explain("pt")


def test_a_nested_reason_is_worded_in_the_same_language():
    why = Reason("core", "refuse.not_your_turn",
                 {"who": Reason("race", "seat", {"n": 2}), "waiting": Reason("race", "seat", {"n": 1})})
    assert why.text("pt") == "agora não é a vez do Jogador 2 (aguardando: Jogador 1)"
    assert "Player 2" in why.text("en")


def test_a_malformed_action_is_refused_in_words():
    state = gamekit.new("race", players=2, seed=1)
    exc = _refused(state, Action(0, "develop", (1.5,)))
    assert exc.field == "args[0]"
    assert exc.explain("pt") != exc.explain("en") and not raw_ids(exc.explain("pt"))
