"""The guided first game of each lesson (issue 28, "The learner plays"): what differs by game,
a ``Setup`` each game's lesson content declares (``GUIDED`` in ``lessons/<game>.py``), read by
the one shared widget (``lessons.guided``).

``GUIDED`` is the rulebook's first-game set-up the learner plays at seat 1 against the
heuristic bots, and how the hints fade:

* It's a Wonderful World: side A of the Empire boards ("No primeiro jogo, recomendamos
  vivamente que usem o lado A", set-up), 2 players;
* Race for the Galaxy: the first-game start worlds and hands (set-up, "Primeira partida"),
  2 players;
* Blue Moon City: the rulebook's default rules (the Royal Palace's reading of docs/games/
  bluemoon.md), 2 players;
* Gaia Project: the first-game map and factions (set-up, "Primeira partida"), 2 players.

``show``: the learner's first decisions that get the suggested move with why; ``ask``: up to
this decision a "Hint" button gives it on request; after it, no hint. ``playouts``: paired
playouts per choice when a choice differs from the suggestion (kept small: the page answers
in about a second); ``max_choices``: past this many legal actions the choices are a list.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

__all__ = ["Setup"]


@dataclass(frozen=True)
class Setup:
    """A game's guided first game (see the module)."""

    players: int
    seed: int
    #: the set-up options, from the game's lesson support (``get(game).lesson``)
    options: Callable[[Any], Mapping[str, Any]] = lambda support: {}
    seat: int = 0
    show: int = 4
    ask: int = 10
    playouts: int = 8
    max_choices: int = 16
