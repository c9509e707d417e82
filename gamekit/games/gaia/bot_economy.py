"""A Gaia game's economy round by round (issue 32): what each seat has built, its income, the
power and QIC actions it took, the leech it paid for, its federations and advanced tiles at the
end of each round, for a real record replayed by the importer beside the bots' self-play.

``python -m gamekit.games.gaia.bot_economy --games 8 --seed 1000 --lineup scholar`` prints the
per-round means of voyager-6 (the real 4-player record the package holds) and of the bots'
games, metric by metric ("real / bots" in each cell)."""

from __future__ import annotations

import argparse
import random
import statistics
from collections import defaultdict
from typing import Any

from gamekit.core import make_agent

from .components import BOARD_ACTIONS
from .importer import import_game
from .linechecks import seat_of_line
from .rounds import income_of
from .samples import sample_data
from .scoring import count_of
from .state import GaiaState

__all__ = ["EconomyLog", "bots_economy", "economy_table", "real_economy"]

#: the metrics of a seat at the end of a round, in the order the table prints them
METRICS = ("structures", "mines", "stations", "labs", "PI", "academies", "ore income",
           "credit income", "knowledge income", "QIC income", "power charge income",
           "power actions", "power spent", "QIC actions", "leech VP", "federations",
           "advanced tiles", "research levels", "terraforming level", "navigation level",
           "Gaia planets", "VP")


class EconomyLog:
    """Rows of :data:`METRICS` per seat and round, fed one action (or record line) at a time
    by :meth:`step` with the state after it and the seat that acted."""

    def __init__(self) -> None:
        self.rows: list[dict[str, Any]] = []
        self._round = 0
        self._taken: set[str] = set()
        self._acts: dict[int, dict[str, int]] = defaultdict(lambda: defaultdict(int))
        self._leech: dict[int, int] = defaultdict(int)

    def step(self, state: GaiaState, seat: int | None) -> None:
        """Count the board actions ``seat`` took since the last step; snapshot a round that
        ended."""
        if state.round != self._round:
            if self._round >= 1:
                self._snapshot(state, self._round)
            self._round, self._taken = state.round, set()
        new = state.taken - self._taken
        self._taken = set(state.taken)
        for aid in new:
            if seat is None:
                continue
            cost = BOARD_ACTIONS[aid].cost
            kind = "power" if "power" in cost else "qic"
            self._acts[seat][f"{kind} actions"] += 1
            self._acts[seat]["power spent"] += cost.get("power", 0)
        if state.over and self._round >= 1:
            self._snapshot(state, self._round)
            self._round = -1

    def _snapshot(self, state: GaiaState, rnd: int) -> None:
        for s, p in enumerate(state.pl):
            c = p.counts
            gains, charges, _ = income_of(state, s)
            leech = p.vp_by.get("leech", 0)
            acts = self._acts.pop(s, {})
            self.rows.append({
                "round": rnd, "seat": s, "faction": p.faction,
                "structures": sum(c.values()), "mines": c.get("m", 0),
                "stations": c.get("ts", 0), "labs": c.get("lab", 0), "PI": c.get("PI", 0),
                "academies": c.get("ac1", 0) + c.get("ac2", 0),
                "ore income": gains.get("ore", 0), "credit income": gains.get("credits", 0),
                "knowledge income": gains.get("knowledge", 0),
                "QIC income": gains.get("qic", 0), "power charge income": sum(charges),
                "power actions": acts.get("power actions", 0),
                "power spent": acts.get("power spent", 0),
                "QIC actions": acts.get("qic actions", 0),
                "leech VP": leech - self._leech[s], "federations": len(p.fed_tokens),
                "advanced tiles": len(p.advanced), "research levels": sum(p.research.values()),
                "terraforming level": p.research["terra"],
                "navigation level": p.research["nav"], "Gaia planets": count_of(state, s, "gaia"),
                "VP": p.vp - sum(v for k, v in p.vp_by.items() if k.startswith("end_")),
            })
            self._leech[s] = leech


def real_economy(name: str = "voyager-6") -> list[dict[str, Any]]:
    """The rows of a sample record (a real game) replayed by the importer."""
    data = sample_data(name)
    log = EconomyLog()
    import_game({"moves": data["moves"], "map": data["setup"]["map"]}, data["setup"],
                each=lambda move, st: log.step(st, seat_of_line(st, move)))
    return log.rows


def bots_economy(games: int, seed: int, lineup: tuple[str, ...] = ("scholar",),
                 players: int = 4, on_record: bool = False) -> list[dict[str, Any]]:
    """The rows of ``games`` self-play games (bot_study's set-up: random factions with distinct
    home planets, random map; seat ``k`` played by ``lineup[k % len(lineup)]``); ``on_record``:
    each game is voyager-6's own set-up (map, tiles, boosters, factions: the record up to its
    faction lines), the bots' seeds differing."""
    from .bot_study import random_factions

    rows: list[dict[str, Any]] = []
    for g in range(seed, seed + games):
        if on_record:
            data = sample_data()
            state = import_game({"moves": data["moves"], "map": data["setup"]["map"]},
                                data["setup"], upto=data["moves"].index("p4 faction ivits") + 1)
        else:
            state = GaiaState.new(players, g, layout="random",
                                  factions=random_factions(random.Random(g), players))
        state.quiet = True
        agents = [make_agent("gaia", lineup[k % len(lineup)], g * 10 + k)
                  for k in range(state.players)]
        log = EconomyLog()
        while not state.is_over():
            seat = state.to_move()[0]
            state.apply(agents[seat].choose(state.agent_view(seat), state.decision(seat)))
            log.step(state, seat)
        rows += [dict(r, seed=g, final=state.pl[r["seat"]].vp) for r in log.rows]
    return rows


def _means(rows: list[dict[str, Any]]) -> dict[tuple[str, int], float]:
    by: dict[tuple[str, int], list[float]] = defaultdict(list)
    for r in rows:
        for m in METRICS:
            by[m, r["round"]].append(r[m])
    return {k: statistics.mean(v) for k, v in by.items()}


def economy_table(real: list[dict[str, Any]], bots: list[dict[str, Any]]) -> str:
    """Markdown: a line a metric, a column a round, each cell "real / bots" (means per seat;
    the counts at a round's end, the actions and leech of that round)."""
    a, b = _means(real), _means(bots)
    out = ["| per seat, end of round | " + " | ".join(f"R{r}" for r in range(1, 7)) + " |",
           "|---|" + "---:|" * 6]
    for m in METRICS:
        cells = [f"{a.get((m, r), 0):.1f} / {b.get((m, r), 0):.1f}" for r in range(1, 7)]
        out.append(f"| {m} | " + " | ".join(cells) + " |")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--lineup", default="scholar")
    ap.add_argument("--on-record", action="store_true",
                    help="play voyager-6's own set-up and factions (else random ones)")
    args = ap.parse_args(argv)
    bots = bots_economy(args.games, args.seed, tuple(args.lineup.split(",")),
                        on_record=args.on_record)
    where = "on voyager-6's set-up" if args.on_record else "random set-ups"
    final = statistics.mean(r["final"] for r in bots if r["round"] == 6)
    print(f"voyager-6 / {args.lineup} ({args.games} games from seed {args.seed}, {where}; "
          f"final VP a player {final:.1f})\n")
    print(economy_table(real_economy(), bots))


if __name__ == "__main__":
    main()
