"""Every play app offers the rollouts bot (the top of the ladder, docs/bots.md), named in words
in both languages, and a game started against it plays its first bot moves."""

from __future__ import annotations

import pytest

from gamekit.core import available
from gamekit_widgets.app import App, agent_names
from gamekit_widgets.presets import play_app

GAMES = [g for g in available() if g != "toy"]


@pytest.mark.parametrize("game", GAMES)
def test_the_bot_list_offers_rollouts_in_words(game):
    assert "rollouts" in agent_names(game)
    en, pt = App._agent_label("rollouts", "en"), App._agent_label("rollouts", "pt")
    assert en == "rollouts bot (tries each option to the end)"
    assert pt == "bot que testa cada opção até o fim"


def test_a_game_against_the_rollouts_bot_starts():
    app = play_app("race", players=2, bot="rollouts", flows=False, autoplay=False)
    assert ("bot que testa cada opção até o fim", "rollouts") not in app.bot.options
    assert ("rollouts bot (tries each option to the end)", "rollouts") in app.bot.options
    assert app.start() and type(app.session.agents[1]).__name__ == "PairedAgent"
