"""Issue 10 guard: no test module under tests/race writes engine state by hand; positions are
set up through ``state.position()`` / ``gamekit.position`` and ``chance arrange`` lines
(docs/positions.md). The scan and its allow-list of public switches: ``tests/state_writes.py``."""

from __future__ import annotations

from pathlib import Path

from state_writes import scan

# module -> (writes still there, why); a count may only go down
KNOWN: dict[str, tuple[int, str]] = {
    "test_bots.py": (1, "drops log/events/flows from a view (a view, not the engine state)"),
    "test_seat.py": (5, "builds a seat object by itself (no game state)"),
    "test_view_masking.py": (12, "masks a clone by hand as the reference and writes into "
                             "views to show they share nothing with the state (no set-up)"),
}


def test_no_test_module_writes_engine_state():
    found = scan(Path(__file__).parent)
    over = {m: n for m, n in found.items() if n > KNOWN.get(m, (0, ""))[0]}
    assert not over, (f"white-box writes to engine state in {over}: set the position up "
                      "through state.position() / gamekit.position instead (issue 10)")
