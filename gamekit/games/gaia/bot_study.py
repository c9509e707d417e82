"""Measure the Gaia heuristic agent: self-play with random factions on a random map (VP by
source, what the games look like, a table by faction) and its wins against random players.

``python -m gamekit.games.gaia.bot_study --games 20 --seed 0`` prints the Markdown tables of
``docs/bots.md``; ``--versus-random N`` adds the wins in N games against three random players
(``--agent heuristic``: the registered heuristic, ``--agent greedy`` the greedy agent, instead
of the planner) with a table by faction; with ``--out FILE`` each game is a JSON line there, and
``--versus-random N --rows FILE...`` prints the table of such lines. ``--out FILE``
writes the self-play rows there as they come (a JSON line a player), ``--rows FILE...`` prints
the tables of rows kept that way (a long run
split into batches: seeds ``--seed`` to ``--seed + --games - 1`` each).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections import defaultdict
from collections.abc import Callable
from contextlib import nullcontext
from typing import Any

from gamekit.core import RandomAgent, make_agent, play
from gamekit.stats import wilson

from .components import FACTIONS
from .scoring import count_of
from .state import GaiaState

__all__ = ["agent_table", "random_factions", "selfplay_game", "selfplay_state", "versus_random", "versus_random_rows", "versus_table",
           "faction_table", "source_table"]


def random_factions(rng: random.Random, players: int) -> list[str]:
    """``players`` factions drawn at random, no two of the same home planet."""
    out: list[str] = []
    for f in rng.sample(sorted(FACTIONS), len(FACTIONS)):
        if all(FACTIONS[f].home != FACTIONS[g].home for g in out):
            out.append(f)
        if len(out) == players:
            break
    return out


def selfplay_state(seed: int, players: int = 4) -> GaiaState:
    """A self-play game's set-up: factions drawn at random from ``seed``, a random map, quiet."""
    state = GaiaState.new(players, seed, layout="random",
                          factions=random_factions(random.Random(seed), players))
    state.quiet = True
    return state


def selfplay_game(seed: int, players: int = 4, lineup: tuple[str, ...] = ("planner",),
                  make: Callable[[str, int], Any] | None = None) -> list[dict[str, Any]]:
    """One game of registered Gaia agents (random factions, random map): a row per seat,
    seat ``k`` played by ``lineup[k % len(lineup)]`` (all planners by default), made by
    ``make(name, seat seed)`` when given (e.g. a bot with a valuation of its own)."""
    state = selfplay_state(seed, players)
    names = [lineup[k % len(lineup)] for k in range(players)]
    agents = [make(n, seed * 10 + k) if make else make_agent("gaia", n, seed * 10 + k)
              for k, n in enumerate(names)]
    cpu_by: dict[str, float] = defaultdict(float)
    dec_by: dict[str, int] = defaultdict(int)
    used: dict[int, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    t0 = time.process_time()
    decisions = 0
    while not state.is_over():
        seat = state.to_move()[0]
        t1 = time.process_time()
        action = agents[seat].choose(state.agent_view(seat), state.decision(seat))
        cpu_by[names[seat]] += time.process_time() - t1
        dec_by[names[seat]] += 1
        if action.verb in ("action", "special", "federation", "gaia"):
            key = action.verb if action.verb != "action" else action.args[0][:5].rstrip("0123456789")
            used[seat][key] += 1
        state.apply(action)
        decisions += 1
    cpu = time.process_time() - t0
    res = state.result()
    rows = []
    for s, p in enumerate(state.pl):
        rows.append({
            "seed": seed, "seat": s, "agent": names[s], "faction": p.faction,
            "score": res.scores[s],
            "winner": s in res.winners, "breakdown": dict(res.breakdown[s]),
            "top_research": max(p.research.values()), "federations": len(p.fed_tokens),
            "gaia_planets": count_of(state, s, "gaia"), "advanced": len(p.advanced),
            "power_actions": used[s]["power"], "qic_actions": used[s]["qic"],
            "specials": used[s]["special"], "pi": bool(p.counts.get("PI")),
            "cpu_per_decision": cpu / decisions,
            "agent_cpu_per_decision": cpu_by[names[s]] / dec_by[names[s]],
        })
    return rows


def versus_random(games: int, seed: int = 0, players: int = 4, agent: str = "planner") -> int:
    """Games the bot ``agent`` (seat ``i % players`` of game ``i``) wins against random
    agents."""
    return sum(r["winner"] for r in versus_random_rows(games, seed, players, agent))


def versus_random_rows(games: int, seed: int = 0, players: int = 4, agent: str = "planner",
                       out=None) -> list[dict[str, Any]]:
    """A row per game of :func:`versus_random` (the bot's seat, faction, VP, win; a tie for
    first counts as a win), each also written to ``out`` as a JSON line when given (a long
    run cut short still counts)."""
    rows = []
    for i in range(games):
        g = seed + i
        state = GaiaState.new(players, g, layout="random",
                              factions=random_factions(random.Random(g), players))
        state.quiet = True
        agents: list = [RandomAgent(g * 10 + k) for k in range(players)]
        me = i % players
        agents[me] = make_agent("gaia", agent, g)
        play(state, agents)
        res = state.result()
        rows.append({"seed": g, "seat": me, "faction": state.pl[me].faction,
                     "score": res.scores[me], "winner": me in res.winners,
                     "best_other": max(v for k, v in enumerate(res.scores) if k != me)})
        if out is not None:
            out.write(json.dumps(rows[-1]) + "\n")
            out.flush()
    return rows


def versus_table(rows: list[dict[str, Any]]) -> str:
    """Per faction of the bot against random players: games, wins with the 95 % Wilson
    interval, its mean VP and the best random player's."""
    by: dict[str, list] = defaultdict(list)
    for r in rows:
        by[r["faction"]].append(r)
    lines = ["| faction | games | wins (95 % interval) | mean VP | best random player |",
             "|---|---:|---:|---:|---:|"]
    def order(kv: tuple[str, list]) -> tuple[float, float]:
        rs = kv[1]
        return (-sum(r["winner"] for r in rs) / len(rs), -statistics.mean(r["score"] for r in rs))

    for f, rs in sorted(by.items(), key=order):
        lines.append(f"| {f} | {len(rs)} | {win_share(sum(r['winner'] for r in rs), len(rs))} | "
                     f"{statistics.mean(r['score'] for r in rs):.0f} | "
                     f"{statistics.mean(r['best_other'] for r in rs):.0f} |")
    n = len(rows)
    lines.append(f"| **all** | {n} | {win_share(sum(r['winner'] for r in rows), n)} | "
                 f"{statistics.mean(r['score'] for r in rows):.0f} | "
                 f"{statistics.mean(r['best_other'] for r in rows):.0f} |")
    return "\n".join(lines)


def read_rows(path: str) -> list[dict[str, Any]]:
    """Self-play rows kept by ``--out``: a JSON line a player (or one JSON list, as written
    before session 10)."""
    with open(path, encoding="utf-8") as fh:
        text = fh.read()
    if text.lstrip().startswith("["):
        return json.loads(text)
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def _group(breakdown: dict[str, int]) -> dict[str, int]:
    out: dict[str, int] = defaultdict(int)
    for k, v in breakdown.items():
        out["end_research" if k.startswith("end_research") else
            "end_tiles" if k.startswith("end_") and k != "end_resources" else k] += v
    return out


def source_table(rows: list[dict[str, Any]]) -> str:
    """VP by source: mean and standard deviation per player."""
    per = [_group(r["breakdown"]) for r in rows]
    keys = sorted({k for g in per for k in g}, key=lambda k: -sum(g.get(k, 0) for g in per))
    lines = ["| source | mean VP | sd |", "|---|---:|---:|"]
    for k in keys:
        vals = [g.get(k, 0) for g in per]
        lines.append(f"| {k} | {statistics.mean(vals):.1f} | {statistics.pstdev(vals):.1f} |")
    scores = [r["score"] for r in rows]
    lines.append(f"| **total** | {statistics.mean(scores):.1f} | {statistics.pstdev(scores):.1f} |")
    return "\n".join(lines)


def win_share(wins: int, n: int) -> str:
    """``wins/n`` as a share with its 95 % Wilson interval, e.g. ``31 % (22–42 %)``."""
    low, high = wilson(wins, n)
    return f"{wins / n:.0%} ({low:.0%}–{high:.0%})" if n else "–"


def faction_table(rows: list[dict[str, Any]]) -> str:
    """Per faction: seats played, mean VP, win share (95 % Wilson interval; 25 % is an even
    share at a 4-player table), federations, PI built, special actions."""
    by: dict[str, list] = defaultdict(list)
    for r in rows:
        by[r["faction"]].append(r)
    lines = ["| faction | seats | mean VP | win share (95 % interval) | federations | PI built "
             "| specials |", "|---|---:|---:|---:|---:|---:|---:|"]
    for f, rs in sorted(by.items(), key=lambda kv: -statistics.mean(r["score"] for r in kv[1])):
        lines.append(
            f"| {f} | {len(rs)} | {statistics.mean(r['score'] for r in rs):.0f} | "
            f"{win_share(sum(r['winner'] for r in rs), len(rs))} | "
            f"{statistics.mean(r['federations'] for r in rs):.1f} | "
            f"{sum(r['pi'] for r in rs)}/{len(rs)} | "
            f"{statistics.mean(r['specials'] for r in rs):.1f} |")
    return "\n".join(lines)


def agent_table(rows: list[dict[str, Any]]) -> str:
    """Per agent of mixed games (``--lineup``): seats, mean VP (sd), win share (95 % Wilson
    interval; a tie for first counts for each) and CPU seconds a decision."""
    by: dict[str, list] = defaultdict(list)
    for r in rows:
        by[r.get("agent", "planner")].append(r)
    lines = ["| agent | seats | mean VP (sd) | win share (95 % interval) | CPU-s a decision |",
             "|---|---:|---:|---:|---:|"]
    for a, rs in sorted(by.items()):
        sc = [r["score"] for r in rs]
        cpu = statistics.mean(r.get("agent_cpu_per_decision", r["cpu_per_decision"]) for r in rs)
        lines.append(f"| {a} | {len(rs)} | {statistics.mean(sc):.1f} ({statistics.pstdev(sc):.1f})"
                     f" | {win_share(sum(r['winner'] for r in rs), len(rs))} | {cpu:.4f} |")
    return "\n".join(lines)


_LOOKS = {
    "federation formed": lambda r: r["federations"] > 0,
    "two federations or more": lambda r: r["federations"] >= 2,
    "research level >= 4": lambda r: r["top_research"] >= 4,
    "Gaia planet": lambda r: r["gaia_planets"] > 0,
    "advanced tech": lambda r: r["advanced"] > 0,
    "power action": lambda r: r["power_actions"] > 0,
    "QIC action": lambda r: r["qic_actions"] > 0,
    "planetary institute": lambda r: r["pi"],
    "special action": lambda r: r["specials"] > 0,
}


def looks_table(rows: list[dict[str, Any]]) -> str:
    """Share of the players whose game shows each feature of real play (``_LOOKS``)."""
    n = len(rows)
    out = ["| players with | share |", "|---|---:|"]
    out += [f"| {k} | {sum(1 for r in rows if cond(r)) / n:.0%} |" for k, cond in _LOOKS.items()]
    return "\n".join(out)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--versus-random", type=int, default=0)
    ap.add_argument("--agent", default="planner", help="the bot against random players")
    ap.add_argument("--lineup", default="planner",
                    help="self-play seats' agents, comma-separated, rotated a seat a game")
    ap.add_argument("--out", help="write the self-play rows to this JSON file")
    ap.add_argument("--rows", nargs="*", help="print the tables of rows written by --out")
    args = ap.parse_args(argv)
    if args.versus_random:
        if args.rows:
            rows = [json.loads(line) for f in args.rows
                    for line in open(f, encoding="utf-8") if line.strip()]
        else:
            with open(args.out, "w", encoding="utf-8") if args.out else nullcontext() as fh:
                rows = versus_random_rows(args.versus_random, args.seed, agent=args.agent,
                                          out=fh)
        print(f"{args.agent} against 3 random players, by faction:\n")
        print(versus_table(rows))
        return
    if args.rows:
        rows = [r for f in args.rows for r in read_rows(f)]
    else:
        rows = []
        with open(args.out, "w", encoding="utf-8") if args.out else nullcontext() as fh:
            lineup = tuple(args.lineup.split(","))
            for g in range(args.games):  # a JSON line a player, so a run cut short counts
                k = g % len(lineup)
                game = selfplay_game(args.seed + g, lineup=lineup[-k:] + lineup[:-k])
                rows += game
                if fh is not None:
                    fh.writelines(json.dumps(r) + "\n" for r in game)
                    fh.flush()
    print(f"{len(rows) // 4} games, {len(rows)} players\n")
    print(agent_table(rows), "\n")
    print(source_table(rows), "\n")
    print(faction_table(rows), "\n")
    print(looks_table(rows))
    print(f"\nCPU per decision: {statistics.mean(r['cpu_per_decision'] for r in rows):.4f} s")


if __name__ == "__main__":
    main()
