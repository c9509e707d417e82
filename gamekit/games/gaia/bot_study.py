"""Measure the Gaia heuristic agent: self-play with random factions on a random map (VP by
source, what the games look like, a table by faction) and its wins against random players.

``python -m gamekit.games.gaia.bot_study --games 20 --seed 0`` prints the Markdown tables of
``docs/bots.md``; ``--versus-random N`` adds the wins in N games against three random players.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import defaultdict
from typing import Any

from gamekit.core import RandomAgent, play

from .bots import PlannerAgent as HeuristicAgent
from .components import FACTIONS
from .state import GaiaState

__all__ = ["random_factions", "selfplay_game", "versus_random", "faction_table", "source_table"]


def random_factions(rng: random.Random, players: int) -> list[str]:
    """``players`` factions drawn at random, no two of the same home planet."""
    out: list[str] = []
    for f in rng.sample(sorted(FACTIONS), len(FACTIONS)):
        if all(FACTIONS[f].home != FACTIONS[g].home for g in out):
            out.append(f)
        if len(out) == players:
            break
    return out


def selfplay_game(seed: int, players: int = 4) -> list[dict[str, Any]]:
    """One game of heuristic agents (random factions, random map): a row per seat."""
    state = GaiaState.new(players, seed, layout="random",
                          factions=random_factions(random.Random(seed), players))
    state.quiet = True
    agents = [HeuristicAgent(seed * 10 + k) for k in range(players)]
    used: dict[int, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    t0 = time.process_time()
    decisions = 0
    while not state.is_over():
        seat = state.to_move()[0]
        action = agents[seat].choose(state.agent_view(seat), state.decision(seat))
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
            "seed": seed, "seat": s, "faction": p.faction, "score": res.scores[s],
            "winner": s in res.winners, "breakdown": dict(res.breakdown[s]),
            "top_research": max(p.research.values()), "federations": len(p.fed_tokens),
            "gaia_planets": state.count(s, "gaia"), "advanced": len(p.advanced),
            "power_actions": used[s]["power"], "qic_actions": used[s]["qic"],
            "specials": used[s]["special"], "pi": bool(p.counts.get("PI")),
            "cpu_per_decision": cpu / decisions,
        })
    return rows


def versus_random(games: int, seed: int = 0, players: int = 4) -> int:
    """Games the heuristic (seat ``i % players`` of game ``i``) wins against random agents."""
    wins = 0
    for i in range(games):
        state = GaiaState.new(players, seed + i, layout="random",
                              factions=random_factions(random.Random(seed + i), players))
        state.quiet = True
        agents: list = [RandomAgent((seed + i) * 10 + k) for k in range(players)]
        agents[i % players] = HeuristicAgent(seed + i)
        play(state, agents)
        wins += (i % players) in state.result().winners
    return wins


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


def faction_table(rows: list[dict[str, Any]]) -> str:
    """Per faction: seats played, mean VP, wins, federations, PI built, special actions."""
    by: dict[str, list] = defaultdict(list)
    for r in rows:
        by[r["faction"]].append(r)
    lines = ["| faction | seats | mean VP | wins | federations | PI built | specials |",
             "|---|---:|---:|---:|---:|---:|---:|"]
    for f, rs in sorted(by.items(), key=lambda kv: -statistics.mean(r["score"] for r in kv[1])):
        lines.append(
            f"| {f} | {len(rs)} | {statistics.mean(r['score'] for r in rs):.0f} | "
            f"{sum(r['winner'] for r in rs)} | "
            f"{statistics.mean(r['federations'] for r in rs):.1f} | "
            f"{sum(r['pi'] for r in rs)}/{len(rs)} | "
            f"{statistics.mean(r['specials'] for r in rs):.1f} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--versus-random", type=int, default=0)
    args = ap.parse_args(argv)
    rows = [r for g in range(args.games) for r in selfplay_game(args.seed + g)]
    n = len(rows)
    print(source_table(rows), "\n")
    print(faction_table(rows), "\n")
    share = {k: sum(1 for r in rows if cond(r)) / n for k, cond in {
        "federation formed": lambda r: r["federations"] > 0,
        "research level >= 4": lambda r: r["top_research"] >= 4,
        "Gaia planet": lambda r: r["gaia_planets"] > 0,
        "advanced tech": lambda r: r["advanced"] > 0,
        "power action": lambda r: r["power_actions"] > 0}.items()}
    print("| players with | share |\n|---|---:|")
    print("\n".join(f"| {k} | {v:.0%} |" for k, v in share.items()))
    print(f"\nCPU per decision: {statistics.mean(r['cpu_per_decision'] for r in rows):.4f} s")
    if args.versus_random:
        print(f"wins against 3 random: {versus_random(args.versus_random, args.seed)}"
              f"/{args.versus_random}")


if __name__ == "__main__":
    main()
