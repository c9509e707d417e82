"""The toy game of ``toy.py`` handed to the seam in full, as a third-party game would be:
``register(..., render=, presets=, labels=, lesson=)``. Importing this module registers the game
``seamtoy``; the registry tests also reach it through a ``gamekit.games`` entry point.

It adds a ``solo`` option (one player: the form's preset fixes the player count) and its own
board, labels (every message, ``act.bid`` included, exists as soon as it is imported) and a
complete lesson (chapters and a quiz), so the generic widgets need nothing else.
"""

from __future__ import annotations

import html
from types import SimpleNamespace
from typing import Any

from toy import ToyState

from gamekit.core import CATALOG, Option, register

GAME = "seamtoy"
#: how many times the lesson factory ran (it must run once, on first use)
LESSON_CALLS = []


class SeamToyState(ToyState):
    game = GAME
    title = {"en": "Seam toy", "pt": "Brinquedo da costura"}
    min_players = 1
    options_spec = {**ToyState.options_spec, "solo": Option("solo", bool, False)}


def board(state: SeamToyState, lang: str = "en", **_kw: Any) -> str:
    """The toy's board: one row per seat (hand size and VP)."""
    rows = "".join(
        f"<li>{html.escape(CATALOG.text(GAME, 'seat', lang, n=s + 1))}: "
        f"{len(state.hands[s])} · {state.vp[s]}</li>" for s in range(state.players)
    )
    return (f"<div class='gamekit-board seamtoy-board' data-round='{state.round}'>"
            f"<b>{html.escape(CATALOG.text(GAME, 'board.title', lang))}</b><ul>{rows}</ul></div>")


LABELS = {
    "deal": {"en": "Cards are dealt.", "pt": "As cartas são distribuídas."},
    "bid": {"en": "{who} bids {card}.", "pt": "{who} oferece {card}."},
    "win": {"en": "{who} wins with {card}.", "pt": "{who} vence com {card}."},
    "reveal": {"en": "Bids: {bids}.", "pt": "Ofertas: {bids}."},
    "ask.bid": {"en": "Choose a card to bid", "pt": "Escolha uma carta para oferecer"},
    "act.bid": {"en": "bid the {a0}", "pt": "oferecer o {a0}"},
    "rule.setup": {"en": "Setup", "pt": "Preparação"},
    "rule.bid": {"en": "Bidding", "pt": "Oferta"},
    "board.title": {"en": "Seam toy table", "pt": "Mesa do brinquedo"},
    "solo": {"en": "solo", "pt": "solo"},
}


def lesson() -> SimpleNamespace:
    """The toy's complete lesson content (a factory: called once, on first use)."""
    LESSON_CALLS.append(1)
    CATALOG.add("lesson.seamtoy", {
        "start": {"en": "<p>The first bids are in.</p>", "pt": "<p>As primeiras ofertas.</p>"},
        "q_winner": {"en": "Who wins round 1?", "pt": "Quem vence a rodada 1?"},
        "q_winner_why": {"en": "The single highest card wins.",
                         "pt": "A única carta mais alta vence."},
    })
    return SimpleNamespace(
        CHAPTERS={"start": {"at": {"round": 2}}},
        QUIZZES={"q_winner": {
            "choices": lambda lesson: [("seat", s) for s in range(lesson.state.players)],
            "answer": lambda lesson: ("seat", next(e.seat for e in lesson.final().events
                                                   if e.kind == "win")),
        }},
        SCENARIOS={}, EXTRAS={},
        explain_score=lambda lesson, state, result: [f"{result.scores}"],
    )


INFO = register(
    SeamToyState, default_players=2, render=board,
    presets={"players": 2, "bots": ("random",), "choices": {"rounds": [3, 2, 1]},
             "fixes": {"solo": {"players": 1}}},
    labels=LABELS, lesson=lesson,
)


def registered():
    """A module-scoped pytest fixture body: "seamtoy" is registered only while the tests that
    use it run, so tests that parametrize over every registered game never meet it."""
    from gamekit.core import registry

    registry._GAMES[INFO.id] = INFO
    yield INFO
    registry._GAMES.pop(INFO.id, None)


# importing registers (see the docstring); take it back until a test module asks for it
from gamekit.core import registry as _registry  # noqa: E402

_registry._GAMES.pop(INFO.id, None)
