"""Sampled games of every registered game and the words they show (for the i18n tests)."""

from __future__ import annotations

import html as _html
import importlib
import random
import re
from functools import cache
from pathlib import Path

import gamekit
from gamekit.core.registry import available

LANGS = ("en", "pt")

RAW_ID = re.compile(
    r"\b[a-z]+(?:_[a-z0-9]+)+\b"  # snake_case
    r"|\bp[1-9]\b"  # seat ids
    r"|\b[a-z]+:[a-z_]+\b"  # a:b keys
    r"|[{}]"  # unfilled template fields
)


def raw_ids(text: str) -> list[str]:
    return RAW_ID.findall(text)


def strip_tags(markup: str) -> str:
    markup = re.sub(r"<(style|script)[^>]*>.*?</\1>", " ", markup, flags=re.S)
    return _html.unescape(re.sub(r"<[^>]+>", " ", markup))


SETUPS = {
    "wonderful": [(4, {}), (2, {}), (1, {}), (1, {"scenario": "CO3"})],
    "race": [(2, {}), (4, {})],
    "bluemoon": [(2, {}), (4, {"city": "expansion"})],
}


def _board(game: str):
    try:
        module = importlib.import_module(f"gamekit.games.{game}.render")
    except ModuleNotFoundError:
        return None
    return getattr(module, "html", None)


@cache
def samples(game: str) -> list[tuple[str, str, str]]:
    """``(lang, where, text)`` of narration, questions, action labels and board text of a few
    random games of ``game``: every decision's question, the options of every third decision
    (up to 60), boards of every 40th decision, the whole narration (public and per seat)."""
    from gamekit_widgets.decision import action_label

    out: list[tuple[str, str, str]] = []
    board = _board(game)
    for k, (players, opts) in enumerate(SETUPS.get(game, [(None, {})])):
        rng = random.Random(k)
        s = gamekit.new(game, players=players, seed=k, **opts)
        steps = 0
        while not s.is_over() and steps < 3000:
            seat = s.to_move()[0]
            d = s.decision(seat)
            for lang in LANGS:  # every decision's question; every third one's options
                out.append((lang, f"question {d.kind}", d.question(lang)))
                if steps % 3 == 0:
                    for a in d.legal[:60]:
                        out.append((lang, f"option {a}", action_label(game, a, lang, d)))
            if board is not None and steps % 40 == 0:
                for lang in LANGS:
                    out.append((lang, f"board step {steps}", strip_tags(board(s, lang))))
            s.apply(rng.choice(d.legal))
            steps += 1
        for lang in LANGS:
            for seat in (None, *range(s.players)):
                out += [(lang, f"narration seat {seat}", line)
                        for line in s.narration(lang, seat)]
            if board is not None:
                out.append((lang, "board end", strip_tags(board(s, lang))))
    return out


def games() -> list[str]:
    """The repository's game packages (not test games such as "toy" that other tests register)."""
    here = Path(gamekit.__file__).parent / "games"
    return [g for g in available() if (here / g).is_dir() and (g != "gaia" or _playable(g))]


def _playable(game: str) -> bool:
    try:
        gamekit.new(game)
    except Exception:
        return False
    return True
