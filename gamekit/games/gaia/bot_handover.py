"""Where bots lose VP against real players: a real record played by its players up to a round's
income ("Fase I: Renda"), then by bots at every seat to the end (issue 32; docs/bots.md
"Session 25, second part"). The set-up, factions and start mines are the record's in every
game, so the VP a player as a function of the round the bots take over says how much each
round of the players' play is worth to the bots.

``python -m gamekit.games.gaia.bot_handover --rounds 1-6 --seeds 1-3 --lineup completer``
prints the table (19–105 CPU-s a game with the completer); ``--out FILE`` keeps a JSON line a
game."""

from __future__ import annotations

import argparse
import json
import statistics
import time
from typing import Any

from gamekit.core import make_agent

from .samples import load_sample, sample_data

__all__ = ["handover_game", "handover_start", "handover_table"]


def handover_start(round_: int, name: str = "voyager-6"):
    """The sample ``name`` replayed by its players up to round ``round_``'s first income line
    (1–6), quiet: the position the bots take over."""
    data = sample_data(name)
    moves = data["moves"]
    starts = [i for i, line in enumerate(moves)
              if " income " in f" {line}" and (i == 0 or " income " not in f" {moves[i - 1]}")]
    if not 1 <= round_ <= len(starts):
        raise ValueError(f"round {round_!r}: the record {name} has income lines for rounds "
                         f"1 to {len(starts)}")
    state = load_sample(name, upto=starts[round_ - 1])
    state.quiet = True
    return state


def handover_game(round_: int, seed: int, lineup: tuple[str, ...] = ("completer",),
                  name: str = "voyager-6") -> dict[str, Any]:
    """One game from :func:`handover_start`, seat ``k`` played by ``lineup[k % len(lineup)]``
    seeded ``seed * 10 + k``: the VP at the handover and at the end, the factions, the CPU."""
    state = handover_start(round_, name)
    at = [p.vp for p in state.pl]
    agents = [make_agent("gaia", lineup[k % len(lineup)], seed * 10 + k)
              for k in range(state.players)]
    t0 = time.process_time()
    while not state.is_over():
        seat = state.to_move()[0]
        state.apply(agents[seat].choose(state.agent_view(seat), state.decision(seat)))
    return {"round": round_, "seed": seed, "lineup": list(lineup), "vp_handover": at,
            "vp": state.result().scores, "factions": [p.faction for p in state.pl],
            "cpu": time.process_time() - t0}


def handover_table(rows: list[dict[str, Any]], name: str = "voyager-6") -> str:
    """Markdown: by round of the handover, the games, the VP a player and by faction, beside
    the record's own final VP."""
    real = sample_data(name)["final_vp"]
    factions = rows[0]["factions"] if rows else []
    head = "| bots from round | games | VP a player | " + " | ".join(factions) + " |"
    out = [head, "|" + "---|" * (3 + len(factions))]
    for r in sorted({row["round"] for row in rows}):
        games = [row for row in rows if row["round"] == r]
        per = [statistics.mean(g["vp"][k] for g in games) for k in range(len(factions))]
        mean = statistics.mean(statistics.mean(g["vp"]) for g in games)
        out.append(f"| {r} | {len(games)} | {mean:.1f} | "
                   + " | ".join(f"{v:.1f}" for v in per) + " |")
    out.append(f"| real | 1 | {statistics.mean(real):.1f} | "
               + " | ".join(str(v) for v in real) + " |")
    return "\n".join(out)


def _span(text: str) -> range:
    first, _, last = text.partition("-")
    return range(int(first), int(last or first) + 1)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m gamekit.games.gaia.bot_handover",
                                 description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", default="1-6", help="rounds the bots take over from, e.g. 1-6")
    ap.add_argument("--seeds", default="1-2", help="the bots' seeds, e.g. 1-3")
    ap.add_argument("--lineup", default="completer", help="registered Gaia bots, comma-separated")
    ap.add_argument("--out", help="append a JSON line a game to this file")
    args = ap.parse_args(argv)
    lineup = tuple(args.lineup.split(","))
    rows = []
    for r in _span(args.rounds):
        for s in _span(args.seeds):
            rows.append(handover_game(r, s, lineup))
            if args.out:
                with open(args.out, "a", encoding="utf-8") as f:
                    f.write(json.dumps(rows[-1]) + "\n")
    print(handover_table(rows))


if __name__ == "__main__":
    main()
