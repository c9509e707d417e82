"""Issue 10 guard: no test module under tests/<game> writes engine state by hand; positions are
set up through ``state.position()`` / ``gamekit.position`` and ``chance arrange`` lines
(docs/positions.md). The scan and its allow-list of public switches: ``tests/state_writes.py``."""

from __future__ import annotations

from pathlib import Path

import pytest
from state_writes import scan

from gamekit.core.registry import declared

# game folder -> module -> (writes still there, why); a count may only go down
KNOWN: dict[str, dict[str, tuple[int, str]]] = {
    "gaia": {
        "test_bots_speed.py": (2, "the speed test clears a memo on a copy (a cache, not the "
                                  "position)"),
        "test_bots_planner.py": (1, "gives a seat's view another hidden seed (a view, not the "
                                    "engine state)"),
    },
    "bluemoon": {
        "test_views.py": (3, "puts traps on a view (a view, not the engine state)"),
    },
    "race": {
        "test_bots.py": (1, "drops log/events/flows from a view (a view, not the engine state)"),
        "test_seat.py": (5, "builds a seat object by itself (no game state)"),
        "test_view_masking.py": (12, "masks a clone by hand as the reference and writes into "
                                     "views to show they share nothing with the state (no set-up)"),
    },
    "wonderful": {
        "test_bots.py": (1, "sets an agent's search budget (an agent, not the engine state)"),
    },
}


@pytest.mark.parametrize("game", sorted(set(KNOWN) | set(declared())))  # every shipped game
def test_no_test_module_writes_engine_state(game):
    found = scan(Path(__file__).parent / game)
    known = KNOWN[game]
    over = {m: n for m, n in found.items() if n > known.get(m, (0, ""))[0]}
    assert not over, (f"white-box writes to engine state in tests/{game}: {over}: set the "
                      "position up through state.position() / gamekit.position instead (issue 10)")
