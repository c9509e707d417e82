"""The options of a Race for the Galaxy game (setups for lessons, tests and replays) and
their checks; ``RaceState.options_spec``."""

from __future__ import annotations

from gamekit.core import Option

from .cards import START_WORLDS, TYPE_BY_ID

__all__ = ["OPTIONS"]


def _ids_check(kind: str):
    def check(value, players):
        if not all(isinstance(x, str) for x in value):
            return "must be a list of card ids"
        bad = [x for x in value if x not in TYPE_BY_ID]
        if bad:
            return f"unknown card id(s) {bad}"
        return None

    return check


def _per_seat_check(value, players):
    if len(value) != players:
        return f"needs one entry per player ({players}), got {len(value)}"
    for entry in value:
        if not isinstance(entry, (list, tuple)):
            return "each entry must be a list of card ids"
        bad = [x for x in entry if not isinstance(x, str) or x not in TYPE_BY_ID]
        if bad:
            return f"unknown card id(s) {bad}"
    return None


def _start_check(value, players):
    if len(value) != players:
        return f"needs one start world per player ({players}), got {len(value)}"
    ok = {c.id for c in START_WORLDS}
    bad = [x for x in value if x not in ok]
    if bad:
        return f"{bad} are not start worlds (choose from {sorted(ok)})"
    if len(set(value)) != len(value):
        return "start worlds must differ"
    return None


def _advanced_check(value, players):
    if value and players != 2:
        return "the advanced game is for 2 players only"
    return None


def _chips_check(value, players):
    if len(value) != players or not all(isinstance(x, int) and x >= 0 for x in value):
        return f"needs one non-negative integer per player ({players})"
    return None


OPTIONS = {
    "advanced": Option("advanced", bool, False, help="advanced 2-player game (9 action cards, "
                       "two choices per round)", check=_advanced_check),
    "first_game": Option("first_game", bool, False, help="first-game setup: start worlds 1..N "
                         "and the preset hands"),
    "start_worlds": Option("start_worlds", list, None, help="start world id per seat",
                           check=_start_check),
    "hands": Option("hands", list, None, help="starting hand (card ids) per seat; no initial "
                    "discard unless initial_discard says so", check=_per_seat_check),
    "initial_discard": Option("initial_discard", int, None, help="cards each player discards "
                              "at the start (default 2 after a random deal, else 0)",
                              check=lambda v, n: None if 0 <= v <= 6 else "must be 0..6"),
    "deck": Option("deck", list, None, help="the whole draw deck, top first (every card not "
                   "dealt, in a tableau or a hand)", check=_ids_check("deck")),
    "deck_top": Option("deck_top", list, None, help="cards on top of the shuffled deck, top "
                       "first", check=_ids_check("deck_top")),
    "tableaus": Option("tableaus", list, None, help="cards in each tableau besides the start "
                       "world (lessons, tests)", check=_per_seat_check),
    "goods": Option("goods", list, None, help="per seat, worlds that start with a good",
                    check=_per_seat_check),
    "chips": Option("chips", list, None, help="VP chips each player starts with",
                    check=_chips_check),
    "vp_pool": Option("vp_pool", int, None, help="VP chips in the pool (default 12 per player)",
                      check=lambda v, n: None if v >= 0 else "must be >= 0"),
}
