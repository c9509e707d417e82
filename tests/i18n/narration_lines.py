"""Every distinct narration line of many seeded games (the grammar pass of issue 14).

``lines(game, games_per_setup)`` plays seeded random games of ``game`` at every player count
(and the setups that add words: It's a Wonderful World's solo scenarios and Blue Moon City's
expansion city) and collects every narration line, public and per seat, in both languages.
``shape(line)`` writes every number as ``#``, so lines that differ only by counts are one
shape. ``BAD_SHAPES`` are the marks of a filled-in template that a person would not write.

Run as a script to print every distinct Portuguese (or English) shape, for reading::

    python tests/i18n/narration_lines.py [game ...] [--lang en] [--games 6]
"""

from __future__ import annotations

import random
import re
import sys
from functools import cache

import gamekit
from gamekit.core.registry import declared, get

LANGS = ("en", "pt")

EXTRA_SETUPS = {
    "wonderful": [*((1, {"scenario": f"CO{k}"}) for k in range(1, 7)), (5, {"empire_side": "B"}),
                  (1, {"solo_exchange": False})],
    "race": [(2, {"advanced": True}), (3, {"first_game": True})],
    "bluemoon": [(3, {"city": "expansion"}), (2, {"setup": "alternative"})],
    "gaia": [(3, {"layout": "random"}), (2, {"board_setup": True}),
             (3, {"auction": "bid-while-choosing"})],
}

_BAD = {
    "(s)-style plural": r"\w\((?:s|es|a|as|ões|is)\)",
    "de + article": r"\b(?:de|em) (?:o|a|os|as)\b(?! (?:que|qual|quais)\b)",
    "a + o": r"\ba o\b",
    "double space": r"  ",
    "de Jogador": r"\b(?:de|em|a|por) Jogador(?:a)? \d",
    "blank name": r"\b(?:de|do|da|no|na|o|a)\s*[,.]",
    "repeated word": r"\b(\w{3,}) \1\b",
    "space before punctuation": r" [,.;:)]",
    "a count of nothing": r"\b0 passos\b|\bpor 0 PVs?\b",
}
BAD_SHAPES = {name: re.compile(rx) for name, rx in _BAD.items()}
"""Marks of a filled template in Portuguese: "(s)"/"(a)"/"(ões)" plurals, " de o " / " em a "
(no contraction), " a o " (no crase), double spaces, "de Jogador 1" (no article), "(de) ,"
(an empty name), a word said twice, a space before punctuation, a count of nothing said as a
number ("0 passos de terraformação", "por 0 PVs": a ``zero:`` form words it)."""

_NUMBER = re.compile(r"\d+")


@cache
def _names(game: str, lang: str) -> re.Pattern:
    from gamekit.core import CATALOG

    words = {e.get(lang) or e["en"] for ns, table in CATALOG.names.items()
             if ns.split(".")[0] == game for e in table.values()}
    words = sorted((w for w in words if len(w) > 2), key=len, reverse=True)
    return re.compile("|".join(re.escape(w) for w in words))


def shape(line: str, game: str | None = None, lang: str = "pt") -> str:
    """The line with every number written ``#`` and, given ``game``, every component name of
    the game written ``N`` (lines that differ only by counts and names are one shape)."""
    if game is not None:
        line = _names(game, lang).sub("N", line)
    return _NUMBER.sub("#", line)


def bad_shapes(line: str) -> list[str]:
    """Names of the bad shapes ``line`` shows (Portuguese)."""
    return [name for name, rx in BAD_SHAPES.items() if rx.search(line)]


def setups(game: str) -> list[tuple[int, dict]]:
    """Every player count of ``game`` with default options, then its extra setups."""
    cls = get(game).state
    out = [(n, {}) for n in range(cls.min_players, cls.max_players + 1)]
    return out + EXTRA_SETUPS.get(game, [])


@cache
def lines(game: str, games_per_setup: int = 2) -> dict[str, dict[str, str]]:
    """``{lang: {shape: first line of that shape}}`` of seeded random games of ``game``:
    ``games_per_setup`` games per setup, narration public and per seat, both languages."""
    out: dict[str, dict[str, str]] = {lang: {} for lang in LANGS}
    for players, opts in setups(game):
        for seed in range(games_per_setup):
            s = _played(game, players, opts, seed)
            if s is None:
                continue
            for lang in LANGS:
                seen = out[lang]
                for seat in (None, *range(s.players)):
                    for line in s.narration(lang, seat):
                        seen.setdefault(shape(line, game, lang), line)
    return out


def _played(game: str, players: int, opts: dict, seed: int):
    try:
        s = gamekit.new(game, players=players, seed=seed, **opts)
    except (ValueError, KeyError, TypeError):
        return None  # an extra setup this version of the game does not offer
    rng = random.Random(seed)
    steps = 0
    while not s.is_over() and steps < 6000:
        s.apply(rng.choice(s.decision(s.to_move()[0]).legal))
        steps += 1
    return s


def main(argv: list[str]) -> None:
    lang = argv[argv.index("--lang") + 1] if "--lang" in argv else "pt"
    per = int(argv[argv.index("--games") + 1]) if "--games" in argv else 6
    names = [a for a in argv if a.isidentifier() and a not in (lang,)] or declared()
    total = 0
    for game in names:
        found = lines(game, per)[lang]
        total += len(found)
        print(f"## {game}: {len(found)} distinct shapes")
        for key in sorted(found):
            flags = bad_shapes(found[key]) if lang == "pt" else []
            print(("!! " + ", ".join(flags) + " | " if flags else "") + found[key])
    print(f"## total: {total}")


if __name__ == "__main__":
    main(sys.argv[1:])
