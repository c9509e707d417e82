"""``gamekit soak``: the soak of many checked random games (``gamekit.core.soak``), or its
shards (``--seeds A:B``, ``gamekit.core.soak_shards``) and their report (``--report``)."""

from __future__ import annotations

import argparse
import json
from typing import Any

from . import cli_args as arg
from .core import available


def cmd_soak(args: argparse.Namespace) -> int:
    from .core.soak import soak, soak_table
    from .core.soak_shards import parse_seeds, report_markdown, soak_report, soak_shard

    if args.report:  # the shards added up (docs/soak.md)
        rows = soak_report()
        print(report_markdown(rows))
        return 1 if any(r["faults"] for r in rows) else 0
    if args.seeds:  # one shard per game: a result file each, added up by --report
        first, last = parse_seeds(args.seeds)
        faults = 0
        for game in args.game or [g for g in available() if g != "toy"]:
            path = soak_shard(game, first, last, args.players, args.samples,
                              args.processes or 1)
            shard = json.loads(path.read_text(encoding="utf-8"))
            faults += sum(r["fault_count"] for r in shard["rows"])
            for r in shard["rows"]:
                print(f"{game} {r['players']}p seeds {first}:{last}: {r['games']} games, "
                      f"{r['fault_count']} faults, {r['cpu_s']} CPU-s ({path.name})")
        return 1 if faults else 0

    summary = soak(args.game or None, count=args.games, seed=args.seed, every=args.every,
                   processes=args.processes, out=args.out, progress=not args.quiet,
                   fuzz=args.fuzz)
    print(soak_table(summary))
    print(f"summary written to {args.out}")
    return 1 if summary["total_faults"] else 0


def soak_command(sub: Any) -> None:
    """The ``soak`` sub-command's arguments."""
    q = sub.add_parser("soak", help="many random games per game and player count, checked")
    q.add_argument("game", nargs="*", help="games to soak (default: all)")
    q.add_argument("--games", "-n", type=arg.count, default=100_000, help="games per player count")
    q.add_argument("--seed", "-s", type=int, default=0, help="first seed")
    q.add_argument("--every", type=arg.count, default=25, help="check invariants every K decisions")
    q.add_argument("--processes", "-j", type=arg.count, help="default: all cores")
    q.add_argument("--out", default="test-artifacts/soak.json", help="summary JSON file")
    q.add_argument("--fuzz", type=int, metavar="N", help="positions per player count through "
                   "the full position fuzz (default: games / 10,000)")
    q.add_argument("--quiet", "-q", action="store_true", help="no progress bar")
    q.add_argument("--seeds", metavar="A:B", help="a shard: seeds A..B-1 at every player count "
                   "with the sampled checks (gamekit.core.soak_shards), one result file per "
                   "game in gamekit/analysis/data/soak/")
    q.add_argument("--players", "-p", type=arg.count, action="append",
                   help="with --seeds: player counts (repeat; default: all)")
    q.add_argument("--samples", type=arg.count, default=2,
                   help="with --seeds: checked points per game besides its end")
    q.add_argument("--report", action="store_true",
                   help="add up the stored shards: a Markdown table (docs/soak.md)")
    q.set_defaults(func=cmd_soak)
