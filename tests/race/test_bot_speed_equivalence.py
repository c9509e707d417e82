"""The heuristic agent's speed-ups change none of its choices: 30 seeded heuristic games (2, 3
and 4 players, two advanced) replay to the same log as the bot before it was optimised (issue
15, "Bots"). Each fixture is (players, seed, advanced, log lines, sha256 of the log, 16 hex)."""

import hashlib

import pytest

from gamekit.core import make_agent
from gamekit.core.simulate import play
from gamekit.games.race import RaceState

FIXTURES = [
    (2, 0, False, 111, "20a304ec017fad97"),
    (2, 1, False, 99, "ff45183c65682fe1"),
    (2, 2, False, 129, "a8fc668c486b646f"),
    (2, 3, False, 100, "d3f7a9d7f5553f17"),
    (2, 4, False, 131, "db648beed8d309a4"),
    (2, 5, False, 135, "36f3881a17d85af8"),
    (2, 6, False, 119, "e8f465e440a5c979"),
    (2, 7, False, 92, "98d226ca76cb1fbb"),
    (2, 8, True, 123, "edc8c10a3d79ec61"),
    (2, 9, True, 150, "04bb853b45a8c834"),
    (3, 10, False, 159, "bb0fafc35e172a4f"),
    (3, 11, False, 185, "772dd075cf45ea5d"),
    (3, 12, False, 161, "9ddb3e2e81dbd64f"),
    (3, 13, False, 211, "54f520e205ee9898"),
    (3, 14, False, 148, "af5776acf194d500"),
    (3, 15, False, 197, "827623ee1b239f84"),
    (3, 16, False, 170, "19b5e8a3de9a9557"),
    (3, 17, False, 136, "72f874df9173d909"),
    (3, 18, False, 205, "924ff8368dd7ebde"),
    (3, 19, False, 188, "c759d82ddb2e920e"),
    (4, 20, False, 280, "28addd8133036eaf"),
    (4, 21, False, 262, "3ecac3c61d2727c1"),
    (4, 22, False, 251, "c0d1a2e65fbaa205"),
    (4, 23, False, 284, "e39fc9622d091abf"),
    (4, 24, False, 270, "37738222300119c6"),
    (4, 25, False, 244, "9eb11ac56b1f9647"),
    (4, 26, False, 268, "05cb9c5f09685926"),
    (4, 27, False, 255, "c8314fc023580dc0"),
    (4, 28, False, 234, "f0643937f103f97f"),
    (4, 29, False, 271, "58aae1dc543cfd39"),
]


def _log(players: int, seed: int, advanced: bool) -> list[str]:
    """The log of one heuristic game, seeded as ``gamekit.simulate`` seeds its game 0."""
    agents = [make_agent("race", "heuristic", seed * 7919 + s) for s in range(players)]
    state = RaceState.new(players, seed, **({"advanced": True} if advanced else {}))
    play(state, agents, limit=RaceState.max_decisions)
    assert state.is_over()
    return state.log


@pytest.mark.parametrize(("players", "seed", "advanced", "lines", "digest"), FIXTURES)
def test_same_log_as_before(players, seed, advanced, lines, digest):
    log = _log(players, seed, advanced)
    assert len(log) == lines
    assert hashlib.sha256("\n".join(log).encode()).hexdigest()[:16] == digest


def test_fixtures_cover_every_player_count():
    assert {p for p, *_ in FIXTURES} == {2, 3, 4} and len(FIXTURES) == 30


def test_the_heuristic_has_a_choice_for_every_step_kind():
    """Every step kind of the rules has its entry in the bot's closed table (a kind left out
    falls back to the first legal action: the 'sell' trade once did, silently)."""
    from gamekit.games.race.bots import _BY_KIND
    from gamekit.games.race.decisions import STEPS

    assert set(STEPS) <= set(_BY_KIND)
