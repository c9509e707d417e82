"""The ``gamekit`` command: list | play | position | simulate | what-if | ladder | replay | import
| bench | soak | new-game."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from . import cli_args as arg
from .cli_soak import soak_command
from .core import (
    GameRecord,
    IllegalAction,
    OptionError,
    RecordError,
    available,
    bench,
    get,
    make_agent,
    play,
    replay,
    simulate,
)
from .core.record_format import read_json_file
from .core.simulate import run_to
from .core.simulate_csv import simulate_csv, summary_text


def cmd_list(args: argparse.Namespace) -> int:
    for game in available():
        info = get(game)
        st = info.state
        agents = ", ".join(sorted({"random", "lookahead", "search", "rollouts", *info.agents}))
        print(f"{game:10s} {st.title.get('en', game)} ({st.min_players}-{st.max_players} players)"
              f"  agents: {agents}")
    from .core.registry import BROKEN

    for game, error in sorted(BROKEN.items()):
        print(f"{game:10s} (cannot be loaded: {error})", file=sys.stderr)
    return 1 if BROKEN else 0


def cmd_new_game(args: argparse.Namespace) -> int:
    """Write (or with ``--dry-run`` list) the skeleton of a new game (``gamekit.newgame``)."""
    from pathlib import Path

    from .newgame import generate

    root = Path(args.root)
    for path in generate(args.game, root, args.title, args.dry_run):
        print(f"{'would write' if args.dry_run else 'wrote'} {path.relative_to(root)}")
    if not args.dry_run:
        print(f"next: pip install -e . (declares the game), then pytest tests/{args.game}; "
              "docs/adding-a-game.md is the checklist")
    return 0


def _position_file(path: str):
    """The JSON of a position file (``read_json_file``'s refusals as a ``PositionError``)."""
    from .core.positions import PositionError

    try:
        return read_json_file(path)[1]
    except RecordError as exc:
        raise PositionError(f"position file {path}: {exc.problem}") from None


def _start(args: argparse.Namespace):
    """The game a command starts: new from the options, or the position file ``--from``."""
    if getattr(args, "from_file", None):
        from .core.positions import position

        if args.option or args.players:
            raise OptionError("--from takes the players and options from the position file")
        return position(_position_file(args.from_file), args.game)
    info = get(args.game)
    return info.state.new(args.players or info.default_players, args.seed,
                          **arg.options(args.option))


def cmd_play(args: argparse.Namespace) -> int:
    state = _start(args)
    if state.paused:  # a position saved at a stopping point: play goes on from it
        state.resume()
    players = state.players
    names = arg.agents(args.agents, players)
    agents = [make_agent(args.game, n, args.seed * 7919 + s) for s, n in enumerate(names)]
    shown = 0

    def narrate(_state) -> bool:
        nonlocal shown
        for e in state.events[shown:]:
            if not (args.all or e.seen_by(None)):
                continue  # a secret (a hidden pick): its public twin or reveal is narrated
            rule = e.rule_text(args.lang)
            print(e.text(args.lang) + (f"  [{rule}]" if rule and args.rules else ""))
        shown = len(state.events)
        return False

    play(state, agents, until=narrate)
    narrate(state)
    finished = state.is_over()  # else stopped at the game's safety limit (max_decisions)
    res = state.result(final=True)
    print(json.dumps({"agents": names, "finished": finished, **res.as_dict()},
                     ensure_ascii=False))
    if args.save:
        state.record().save(args.save)
    return 0


def cmd_position(args: argparse.Namespace) -> int:
    """Play ``--at`` decisions with the agents, then print the position as JSON."""
    state = _start(args)
    names = arg.agents(args.agents, state.players)
    agents = [make_agent(args.game, n, args.seed * 7919 + s) for s, n in enumerate(names)]
    play(state, agents, limit=args.at)
    if args.to:
        try:
            run_to(state, args.to, agents)
        except ValueError as exc:
            raise OptionError(f"--to {args.to}: {exc}") from None
    print(json.dumps(state.position(), ensure_ascii=False))
    return 0


def _dask_client(address: str, processes: int):
    """A Dask client: ``local`` starts a ``LocalCluster`` (``processes`` workers of one thread),
    anything else is a scheduler address (``tcp://host:8786``)."""
    try:
        from distributed import Client, LocalCluster
    except ImportError as exc:
        raise OptionError("--dask needs dask.distributed: pip install "
                          "'gamekit-boardgames[scale]'") from exc
    if address == "local":
        cluster = LocalCluster(n_workers=max(1, processes), threads_per_worker=1,
                               processes=True, dashboard_address=":0")
        return Client(cluster), cluster
    return Client(address), None


def cmd_simulate(args: argparse.Namespace) -> int:
    info = get(args.game)
    players = args.players or info.default_players
    if args.out and args.parquet:
        raise OptionError("choose --out FILE.csv (rows in memory) or --parquet FOLDER (streamed)")
    if args.out and not args.dask:  # the rows written as they are played (same file)
        summary = simulate_csv(
            args.out, args.game, arg.agents(args.agents, players), n=args.games,
            seed=args.seed, players=players, options=arg.options(args.option),
            processes=args.processes, progress=not args.quiet, part_size=args.part_size,
        )
        print(summary)
        return 0
    client = cluster = None
    if args.dask:
        client, cluster = _dask_client(args.dask, args.processes)
    try:
        result = simulate(
            args.game, arg.agents(args.agents, players), n=args.games, seed=args.seed,
            players=players, options=arg.options(args.option), processes=args.processes,
            progress=not args.quiet, client=client, out=args.parquet, part_size=args.part_size,
        )
    finally:
        if client is not None:
            client.close()
        if cluster is not None:
            cluster.close()
    if args.parquet:
        print(result.table().round(3).to_string())
        print(f"{result.games} games written to {args.parquet}/part-*.parquet")
        return 0
    if args.out:
        result.to_csv(args.out, index=False)
    print(summary_text(result))
    return 0


def cmd_what_if(args: argparse.Namespace) -> int:
    """Race the options of the seat to move (in a new game after ``--at`` decisions of the
    agents, or at move ``--at`` of the record or position ``--from``) by paired rollouts to
    the end of the game on that seat's view; print the verdict and the table."""
    from .analysis import what_if
    from .analysis.whatif_from import state_at
    from .analysis.whatif_words import method_note, verdict

    if args.from_file:
        if args.option or args.players:
            raise OptionError("--from takes the players and options from the file")
        state = state_at(args.from_file, args.at, args.game)
    else:
        state = _start(args)
        names = arg.agents(args.agents, state.players)
        play(state, [make_agent(args.game, n, args.seed * 7919 + s) for s, n in enumerate(names)],
             limit=args.at or 0)
    if state.paused:
        state.resume()
    table = what_if(state, args.seat, rollouts=args.rollouts, seed=args.seed,
                    seconds=args.seconds or None)
    print(verdict(table, args.lang))
    print(method_note(table, args.lang))
    table["option"] = table["option"].map(str)
    cols = ["rank", "option", "rollouts", "win_rate", "win_low", "win_high", "margin",
            "margin_low", "margin_high", "in_race"]
    print(table[cols].round(3).to_string(index=False))
    return 0


def cmd_ladder(args: argparse.Namespace) -> int:
    """random < heuristic < look-ahead: each step's stronger side's win share with a Wilson
    interval, 2-player and full table (``gamekit.analysis.ladder``)."""
    from .analysis.ladder import ladder, ladder_bots, ladder_markdown, speed, store

    bots = tuple(b.strip() for b in args.bots.split(",")) if args.bots else ladder_bots(args.game)
    games = {b: args.games if b in ("random", "heuristic") else args.lookahead_games
             or args.games for b in bots}
    def progress(row: dict[str, Any]) -> None:
        print(json.dumps(row), flush=True)
        if args.store and args.until_bound:  # a long run keeps what it has so far
            import pandas as pd

            store(args.game, pd.DataFrame([row]), None, args.seed)

    frame = ladder(args.game, args.players or None, games, args.seed, bots, args.processes,
                   progress=progress, until=args.until_bound, resume=args.resume,
                   least=args.least)
    speeds = {bot: speed(args.game, bot, 2, 4 if bot in ("random", "heuristic") else 1,
                         args.seed) for bot in bots} if args.speed else None
    print(ladder_markdown(frame, speeds))
    if args.store:
        print(f"stored in {store(args.game, frame, speeds, args.seed)}")
    return 0


def _imported(fmt: str, path: str, report=None):
    """The state after the last move of another site's record (``gamekit import``);
    ``report(text)`` receives the importer's per-line checks (``replay --checkpoints``)."""
    makers = {(game, name): fn for game in available() for name, fn in get(game).importers.items()}
    formats = sorted({name for _game, name in makers})
    fns = [fn for (_game, name), fn in makers.items() if name == fmt]
    if not fns:
        raise OptionError(f"no game imports {fmt!r} records; known formats: {formats}")
    data = read_json_file(path)[0]
    if report is not None:
        return fns[0](data, path, report=report)
    return fns[0](data, path)


def cmd_import(args: argparse.Namespace) -> int:
    state = _imported(args.format, args.file)
    record = state.record()
    if args.out:
        record.save(args.out)
    else:
        print(record.to_json())
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    """A gamekit record written in another site's format (``gamekit export boardgamers``)."""
    from pathlib import Path

    data, parsed = read_json_file(args.record)
    game = GameRecord.from_dict(parsed, args.record).game
    fn = get(game).exporters.get(args.format)
    if fn is None:
        raise OptionError(f"{game!r} records are not written as {args.format!r}; known: "
                          f"{sorted(get(game).exporters)}")
    out = fn(data, args.record)
    if args.out:
        Path(args.out).write_bytes(out)
    else:
        print(out.decode("utf-8"))
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    if args.checkpoints and not args.from_format:
        raise OptionError("--checkpoints checks another site's record: give --from FORMAT")
    if args.from_format:
        found: list[str] = []

        def report(text: str) -> None:
            found.append(text)
            print(text)

        state = _imported(args.from_format, args.record,
                          report if args.checkpoints else None)
        if args.checkpoints:
            print(f"checkpoints: {len(found)} line(s) where the record's annotations and "
                  "gamekit disagree", file=sys.stderr)
        scores = state.result(final=True).scores
        print(json.dumps({f"p{s + 1}": vp for s, vp in enumerate(scores)}))
        return 0
    state = replay(GameRecord.load(args.record))
    if not state.is_over():
        print(json.dumps({"over": False, "scores": state.scores()}, ensure_ascii=False))
        return 0
    print(json.dumps({"over": True, **state.result().as_dict()}, ensure_ascii=False))
    return 0


def _bench_replay(args: argparse.Namespace) -> int:
    """Replay another site's record (a file, or a sample the game ships) again and again for
    ``--seconds``: record lines/s with every move checked against the legal actions."""
    import time
    from pathlib import Path

    from .core.record_format import read_bounded

    info = get(args.game)
    if not info.importers:
        raise OptionError(f"{args.game} imports no other site's records")
    fmt, reader = next(iter(sorted(info.importers.items())))
    if Path(args.replay).is_file():
        data = read_bounded(args.replay, args.replay)
    elif args.replay in info.samples:
        data = info.samples[args.replay]()
    else:
        raise OptionError(f"--replay takes a record file or a sample of {args.game}: "
                          f"{', '.join(sorted(info.samples)) or 'none'}")
    lines = len(json.loads(data).get("moves", []))
    runs, start, cpu = 0, time.perf_counter(), time.process_time()
    while True:
        reader(data, args.replay)
        runs += 1
        if time.perf_counter() - start >= args.seconds and runs >= 3:
            break
    wall, cpu = time.perf_counter() - start, time.process_time() - cpu
    figures = {"game": args.game, "format": fmt, "record": args.replay, "lines": lines,
               "runs": runs, "lines_per_s": round(lines * runs / wall),
               "lines_per_cpu_s": round(lines * runs / cpu) if cpu else None}
    if args.json:
        print(json.dumps(figures))
    else:
        print(f"{args.game} replay of {args.replay} ({fmt}, {lines} lines, every move checked): "
              f"{figures['lines_per_s']} lines/s, by CPU time {figures['lines_per_cpu_s']} "
              f"lines/s ({runs} replays)")
    return 0


def _bench_lookahead(args: argparse.Namespace) -> int:
    """How long a look-ahead decision takes at default settings (median and 90th percentile)."""
    from .analysis.timing import lookahead_timing

    games = [args.game] if args.game != "all" else list(available())
    for game in games:
        f = lookahead_timing(game, args.players if args.game != "all" else None,
                             decisions=args.decisions, seed=args.seed)
        if args.json:
            print(json.dumps(f))
        else:
            print(f"{game} {f['players']} players, {f['agent']}: median {f['median_s']} s, "
                  f"90th percentile {f['p90_s']} s per decision (CPU: {f['median_cpu_s']} s, "
                  f"{f['p90_cpu_s']} s; {f['decisions']} decisions)")
    return 0


def _bench_scaling(args: argparse.Namespace) -> int:
    """Games/s on 1 process, N processes and a Dask LocalCluster (and the machine's own
    parallel capacity right now)."""
    from .analysis.timing import scaling

    f = scaling(args.game, n=args.games, processes=args.scaling, players=args.players,
                seed=args.seed)
    print(json.dumps(f) if args.json else "  ".join(f"{k}={v}" for k, v in f.items()))
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    if args.scaling:
        return _bench_scaling(args)
    if args.lookahead:
        return _bench_lookahead(args)
    if args.replay:
        return _bench_replay(args)
    quiet = not args.narrate
    figures = bench(args.game, args.players, seconds=args.seconds, seed=args.seed,
                    quiet=quiet, **arg.options(args.option))
    figures["checked"] = bench(args.game, args.players, seconds=args.seconds, seed=args.seed,
                               quiet=quiet, check=True, **arg.options(args.option))
    if args.json:
        print(json.dumps(figures))
        return 0
    how = "narrated" if args.narrate else "quiet"
    for label, f in (("unchecked", figures), ("checked", figures["checked"])):
        print(f"{f['game']} {f['players']} players {f['options'] or ''}({how}, {label}): "
              f"{f['games_per_s']} games/s, {f['decisions_per_s']:.0f} decisions/s "
              f"({f['games']} random games in {f['seconds']} s, "
              f"{f['decisions_per_game']} decisions/game; by CPU time "
              f"{f['games_per_cpu_s']} games/s, {f['decisions_per_cpu_s']:.0f} decisions/s)")
    return 0


def _common(q: argparse.ArgumentParser) -> None:
    """The arguments every command about one game takes: game, players, seed, options."""
    q.add_argument("game")
    q.add_argument("--players", "-p", type=arg.count)
    q.add_argument("--seed", "-s", type=int, default=0)
    q.add_argument("--option", "-o", action="append", metavar="KEY=VALUE",
                   help="game option (value read as JSON when it parses)")


def parser() -> argparse.ArgumentParser:
    """The command line: one sub-command per task (playing, records, many games)."""
    p = argparse.ArgumentParser(prog="gamekit", description=__doc__)
    sub = p.add_subparsers(dest="command", required=True)
    sub.add_parser("list", help="games and their agents").set_defaults(func=cmd_list)
    q = sub.add_parser("new-game", help="write the skeleton of a new game (a playable dice race)")
    q.add_argument("game", type=arg.game_id, help="the new game's id, e.g. mygame")
    q.add_argument("--root", default=".", help="the gamekit checkout to write into (default .)")
    q.add_argument("--title", help="the game's title (default: the id, capitalized)")
    q.add_argument("--dry-run", action="store_true", help="list the files, write nothing")
    q.set_defaults(func=cmd_new_game)
    _playing_commands(sub)
    _record_commands(sub)
    _many_games_commands(sub)
    return p


def _playing_commands(sub: Any) -> None:
    """``play``, ``position`` and ``what-if``: one game, watched or stopped at a point."""
    q = sub.add_parser("play", help="play one game between agents and narrate it")
    _common(q)
    q.add_argument("--agents", "-a", help="comma-separated agent names, one per seat")
    q.add_argument("--lang", choices=["en", "pt"], default="en")
    q.add_argument("--rules", action="store_true", help="show the rulebook section of each event")
    q.add_argument("--all", action="store_true",
                   help="also narrate secret events (hidden picks), as an omniscient observer")
    q.add_argument("--save", metavar="RECORD.json", help="save the game record")
    q.add_argument("--from", dest="from_file", metavar="POSITION.json",
                   help="start from a saved position (see `gamekit position`)")
    q.set_defaults(func=cmd_play)

    q = sub.add_parser("position", help="play N decisions, then print the position as JSON")
    _common(q)
    q.add_argument("--at", type=arg.steps, default=0, metavar="N", help="decisions to play first")
    q.add_argument("--agents", "-a", help="comma-separated agent names (default: random)")
    q.add_argument("--from", dest="from_file", metavar="POSITION.json",
                   help="start from a saved position instead of a new game")
    q.add_argument("--to", choices=("step", "phase", "round"),
                   help="then play on to the next boundary of this kind and stop there, before "
                        "what comes next happens (the position is saved paused)")
    q.set_defaults(func=cmd_position)

    q = sub.add_parser("what-if", help="race the options of the seat to move by paired "
                                       "rollouts to the end, on its view (no peeking)")
    _common(q)
    q.add_argument("--at", type=arg.steps, metavar="N",
                   help="with --from RECORD: stop after its first N player actions (default: "
                        "all); else decisions the agents play first in a new game")
    q.add_argument("--agents", "-a", help="agents for those decisions (default: random)")
    q.add_argument("--seat", type=arg.steps, help="the deciding seat, from 0 (default: first to move)")
    q.add_argument("--rollouts", "-r", type=arg.count, default=400,
                   help="at most this many rollouts per option")
    q.add_argument("--seconds", type=arg.budget, default=3.0,
                   help="time budget in seconds (0: no budget, play all --rollouts)")
    q.add_argument("--lang", choices=["en", "pt"], default="en")
    q.add_argument("--from", dest="from_file", metavar="FILE",
                   help="a gamekit record or position JSON (GAME must match)")
    q.set_defaults(func=cmd_what_if)


def _record_commands(sub: Any) -> None:
    """``replay``, ``import`` and ``export``: records, ours and other sites'."""
    q = sub.add_parser("replay", help="replay a record; print the final scores as JSON")
    q.add_argument("record")
    q.add_argument("--from", dest="from_format", metavar="FORMAT",
                   help="another site's record format (e.g. boardgamers): print seat -> VP")
    q.add_argument("--checkpoints", action="store_true",
                   help="with --from: print each line where the record's own annotations "
                   "(power summaries, per-line checkpoints) and gamekit's state disagree")
    q.set_defaults(func=cmd_replay)

    q = sub.add_parser("import", help="another site's game record as a gamekit record")
    q.add_argument("format", help="the record's format (e.g. boardgamers)")
    q.add_argument("file")
    q.add_argument("--out", metavar="RECORD.json", help="write the record here (default: print)")
    q.set_defaults(func=cmd_import)

    q = sub.add_parser("export", help="a gamekit record in another site's format")
    q.add_argument("format", help="the format (e.g. boardgamers)")
    q.add_argument("record", metavar="RECORD.json")
    q.add_argument("--out", metavar="FILE", help="write it here (default: print)")
    q.set_defaults(func=cmd_export)


def _many_games_commands(sub: Any) -> None:
    """``simulate``, ``bench`` and ``soak``: many games at once."""
    q = sub.add_parser("simulate", help="simulate many games; write one CSV row per seat")
    _common(q)
    q.add_argument("--games", "-n", type=arg.count, default=100)
    q.add_argument("--agents", "-a")
    q.add_argument("--out", metavar="FILE.csv")
    q.add_argument("--processes", "-j", type=arg.count, default=1,
                   help="local processes (with --dask local: the cluster's workers)")
    q.add_argument("--parquet", metavar="FOLDER",
                   help="stream the rows to Parquet partitions FOLDER/part-*.parquet "
                        "(memory stays flat however many games; needs the scale extra)")
    q.add_argument("--part-size", type=arg.count, metavar="GAMES",
                   help="games per partition (default: balanced, at most 500 with --parquet)")
    q.add_argument("--dask", metavar="SCHEDULER|local",
                   help="run on a Dask cluster: a scheduler address, or `local` for a "
                        "LocalCluster on this machine")
    q.add_argument("--quiet", "-q", action="store_true")
    q.set_defaults(func=cmd_simulate)

    q = sub.add_parser("bench", help="random playouts: games/s and decisions/s")
    _common(q)
    q.add_argument("--seconds", type=arg.budget, default=5.0,
                   help="time to measure for (0: the fewest runs)")
    q.add_argument("--json", action="store_true")
    q.add_argument("--quiet", action="store_true",
                   help="skip events (narration), as look-ahead rollouts do (the default)")
    q.add_argument("--narrate", action="store_true",
                   help="write every event (narration and flows), as a watched game does")
    q.add_argument("--replay", metavar="RECORD",
                   help="time importing another site's record (a file or a shipped sample, "
                        "e.g. voyager-6) instead of random games")
    q.add_argument("--lookahead", action="store_true",
                   help="time look-ahead decisions at default settings instead (GAME may be "
                        "`all`): median and 90th percentile seconds per decision")
    q.add_argument("--decisions", type=arg.count, default=20,
                   help="with --lookahead: decisions to time")
    q.add_argument("--scaling", type=arg.count, metavar="N",
                   help="simulate on 1 process, N processes and a Dask LocalCluster of N "
                        "workers: games/s and speed-up (and the machine's own capacity)")
    q.add_argument("--games", type=arg.count, default=2000, help="with --scaling: games per run")
    q.set_defaults(func=cmd_bench)

    q = sub.add_parser("ladder", help="random < heuristic < rollouts: win shares with "
                                      "Wilson intervals, 2-player and full table")
    q.add_argument("game")
    q.add_argument("--players", "-p", type=arg.count, action="append",
                   help="player counts (repeat; default: 2 and the full table)")
    q.add_argument("--games", "-n", type=arg.count, default=40, help="games per step")
    q.add_argument("--lookahead-games", type=arg.count,
                   help="games per step of a search bot (lookahead, search: costly)")
    q.add_argument("--bots", help="the ladder, weakest first (default: random,heuristic,"
                                  "and the game's top bot: rollouts, Blue Moon City's "
                                  "horizon; e.g. heuristic,search:32)")
    q.add_argument("--seed", "-s", type=int, default=0)
    q.add_argument("--processes", "-j", type=arg.count, default=1)
    q.add_argument("--speed", action="store_true", help="also time each bot in self-play")
    q.add_argument("--until-bound", action="store_true", help="--games is a cap: each step "
                   "stops once its Wilson lower bound passes 50 %% (stored after every batch)")
    q.add_argument("--resume", action="store_true", help="with --until-bound: go on from "
                   "each step's stored row (its games count; new seeds follow its own)")
    q.add_argument("--least", type=arg.count, default=10, help="with --until-bound: the games "
                   "a step plays at least, even once it holds (with --resume a stored row that "
                   "holds goes on to that many)")
    q.add_argument("--store", action="store_true", help="keep the rows (and speeds) for the "
                   "analyse pages: gamekit/analysis/data/GAME.ladder.json")
    q.set_defaults(func=cmd_ladder)

    soak_command(sub)


def main(argv: Sequence[str] | None = None) -> int:
    """Run a command; bad input is one line on stderr (exit 2), never a traceback
    (``GAMEKIT_DEBUG=1`` shows the traceback of an unexpected failure)."""
    args = parser().parse_args(argv)
    try:
        return args.func(args)
    except (OptionError, RecordError, IllegalAction, ValueError) as exc:
        print(f"gamekit: error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # e.g. `gamekit play ... | head`
        sys.stderr.close()
        return 0
    except OSError as exc:  # a file to write (--save, --out) that cannot be
        where = f" {exc.filename}" if exc.filename else ""
        print(f"gamekit: error: cannot write{where}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    except RecursionError:
        print("gamekit: error: the input is nested too deeply to be read", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("gamekit: interrupted", file=sys.stderr)
        return 130
    except Exception as exc:  # noqa: BLE001  (an unexpected failure: one line, not a traceback)
        import os

        if os.environ.get("GAMEKIT_DEBUG"):
            raise
        print(f"gamekit: error: unexpected {type(exc).__name__}: {str(exc)[:300]} "
              "(GAMEKIT_DEBUG=1 shows the traceback)", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
