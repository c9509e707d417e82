"""What one click of a play app costs the kernel: CPU milliseconds, and the widget messages and
bytes it sends to the page (issue 13, "the server holds a classroom").

    python -m gamekit_widgets.click_cost              # every registered game, 60 clicks each
    python -m gamekit_widgets.click_cost GAME --clicks 100 --json

The play app is built as its notebook builds it (``play_app(game, human=0, seed=0,
flows="on_request")``, the game's presets) with every widget's comm replaced by one that records what would go to
the page (the messages a kernel sends for a click: widgets' state updates, new widgets, closed
widgets) without a kernel. Then a seeded random decision button is clicked ``clicks`` times (the
bots play on until the person decides again, as in the app). Reported per click: CPU ms of this
process (``time.process_time``: what a click costs a core whatever the load of the machine),
the messages and the bytes of their JSON. The kernel's own work per message (signing, sending
to the server) and the server's forwarding come on top: ``tests/browser/test_classroom.py``
measures those (README, "Running it for a class"). A benchmark, not a test: nothing is asserted.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from typing import Any

import comm
from comm.base_comm import BaseComm

from gamekit.core import available

__all__ = ["measure", "main"]


class _Counted(BaseComm):
    """A comm that counts what it would send (no kernel)."""

    sent: list[int] = []

    def publish_msg(self, msg_type: str, data: Any = None, metadata: Any = None,
                    buffers: Any = None, **keys: Any) -> None:
        size = len(json.dumps(data, default=str)) + sum(len(b) for b in buffers or ())
        _Counted.sent.append(size)


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[int(q * (len(ordered) - 1))]


def measure(game: str, clicks: int = 60, seed: int = 1) -> dict[str, Any]:
    """Build ``game``'s play app and click ``clicks`` random decisions; figures per click."""
    made = comm.create_comm
    comm.create_comm = _Counted
    try:
        from .presets import play_app

        app = play_app(game, human=0, seed=0, flows="on_request")
        rng = random.Random(seed)
        cpu, messages, size = [], [], []
        for _ in range(clicks):
            buttons = app.view.decision.visible_buttons
            if not buttons:
                break  # the game is over
            _Counted.sent = []
            t0 = time.process_time()
            rng.choice(buttons).click()
            cpu.append(1000 * (time.process_time() - t0))
            messages.append(len(_Counted.sent))
            size.append(sum(_Counted.sent))
        app.close_all()
    finally:
        comm.create_comm = made
    return {"game": game, "clicks": len(cpu),
            "cpu_ms_median": round(statistics.median(cpu), 2),
            "cpu_ms_p90": round(_percentile(cpu, 0.9), 2),
            "messages_median": statistics.median(messages),
            "bytes_median": round(statistics.median(size)),
            "bytes_p90": round(_percentile(size, 0.9))}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m gamekit_widgets.click_cost",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", default=sorted(available()),
                        help="games whose play app to measure (default: every registered game)")
    parser.add_argument("--clicks", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="one JSON object per game")
    args = parser.parse_args(argv)
    for game in args.games:
        figures = measure(game, args.clicks, args.seed)
        if args.json:
            print(json.dumps(figures))
        else:
            print(f"{game}: {figures['clicks']} clicks, CPU {figures['cpu_ms_median']} ms "
                  f"(p90 {figures['cpu_ms_p90']}), {figures['messages_median']:g} messages, "
                  f"{figures['bytes_median']} bytes (p90 {figures['bytes_p90']}) per click")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
