"""A Gaia game's economy round by round (issue 32): what each seat has built, its income, the
power and QIC actions it took, the leech it paid for, its federations and advanced tiles at the
end of each round, for a real record replayed by the importer beside the bots' self-play.

``python -m gamekit.games.gaia.bot_economy --games 8 --seed 1000 --lineup scholar`` prints the
per-round means of voyager-6 (the real 4-player record the package holds) and of the bots'
games, metric by metric ("real / bots" in each cell), then where a seat's ore came from and went
in rounds 1–4 (:class:`OreFlow`: filed by the action or record line that moved it, the income
apart)."""

from __future__ import annotations

import argparse
import random
import statistics
from collections import defaultdict
from typing import Any

from gamekit.core import Action, make_agent

from .components import BOARD_ACTIONS
from .linechecks import seat_of_line
from .rounds import income_of
from .samples import load_sample, sample_data
from .scoring import count_of
from .state import GaiaState

__all__ = ["EconomyLog", "OreFlow", "action_flow", "bots_economy", "economy_table", "flow_table",
           "line_flow", "real_economy", "real_ore_flow", "replay_game"]

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
    return _record_logs(name)[0].rows


def real_ore_flow(name: str = "voyager-6") -> list[dict[str, Any]]:
    """The ore-flow rows (:meth:`OreFlow.rows`) of a sample record replayed by the importer,
    each line filed by :func:`line_flow`."""
    return _record_logs(name)[1].rows()


def _record_logs(name: str) -> tuple[EconomyLog, OreFlow]:
    log, flow = EconomyLog(), OreFlow()

    def each(move, st: GaiaState) -> None:
        seat = seat_of_line(st, move)
        log.step(st, seat)
        flow.step(st, seat, *line_flow(move))

    load_sample(name, each=each)
    return log, flow


def replay_game(state: GaiaState, actions: list[str]) -> tuple[EconomyLog, OreFlow]:
    """The round rows and the ore flow of a game replayed from ``state`` (e.g. bot_study's
    set-up for a seed) by its actions' texts, each filed by :func:`action_flow`."""
    log, flow = EconomyLog(), OreFlow(state)
    for text in actions:
        action = Action.parse(text)
        state.apply(action)
        log.step(state, action.seat)
        flow.step(state, action.seat, action_flow(action))
    return log, flow


def bots_economy(games: int, seed: int, lineup: tuple[str, ...] = ("scholar",),
                 players: int = 4, on_record: bool = False,
                 flows: list[dict[str, Any]] | None = None) -> list[dict[str, Any]]:
    """The rows of ``games`` self-play games (bot_study's set-up: random factions with distinct
    home planets, random map; seat ``k`` played by ``lineup[k % len(lineup)]``); ``on_record``:
    each game is voyager-6's own set-up (map, tiles, boosters, factions: the record up to its
    faction lines), the bots' seeds differing. ``flows``: a list the games' ore-flow rows
    (:meth:`OreFlow.rows`, with their seed) are added to."""
    from .bot_study import random_factions

    rows: list[dict[str, Any]] = []
    for g in range(seed, seed + games):
        if on_record:
            state = load_sample(upto=sample_data()["moves"].index("p4 faction ivits") + 1)
        else:
            state = GaiaState.new(players, g, layout="random",
                                  factions=random_factions(random.Random(g), players))
        state.quiet = True
        agents = [make_agent("gaia", lineup[k % len(lineup)], g * 10 + k)
                  for k in range(state.players)]
        log, flow = EconomyLog(), OreFlow(state)
        while not state.is_over():
            seat = state.to_move()[0]
            action = agents[seat].choose(state.agent_view(seat), state.decision(seat))
            state.apply(action)
            log.step(state, seat)
            flow.step(state, seat, action_flow(action))
        rows += [dict(r, seed=g, final=state.pl[r["seat"]].vp) for r in log.rows]
        if flows is not None:
            flows += [dict(r, seed=g) for r in flow.rows()]
    return rows


#: where a building's ore goes, by its code in actions and records
_BUILDING_FLOW = {"m": "mines", "ts": "stations", "lab": "labs", "ac1": "academies",
                  "ac2": "academies", "PI": "PI", "gf": "Gaia projects", "sp": "specials"}
#: the flow of a bot's action or of a record's clause, by its verb (the rest: "other")
_VERB_FLOW = {"build": "mines", "place": "set-up", "research": "research", "step": "research",
              "up": "research", "tech": "tech tiles", "convert": "conversions",
              "spend": "conversions", "burn": "conversions", "federation": "federations",
              "fedtoken": "federations", "special": "specials", "gaia": "Gaia projects",
              "pass": "pass", "booster": "pass", "leech": "leech", "charge": "leech",
              "decline": "leech", "income": "income", "faction": "set-up"}
#: the record clauses that name a line's flow, first the strongest
_LINE_ORDER = ("build", "action", "up", "special", "federation", "tech", "pass", "booster",
               "income", "charge", "decline", "spend", "burn", "faction")


def action_flow(action: Action) -> str:
    """The flow a bot's action files its ore under (a mine, an upgrade by its building, a power
    or QIC action, research, a conversion, ...)."""
    if action.verb == "upgrade":
        return _BUILDING_FLOW.get(action.args[-1], "other")
    if action.verb == "action":
        return "power action" if action.args[0].startswith("power") else "QIC action"
    return _VERB_FLOW.get(action.verb, "other")


def line_flow(move) -> tuple[str, dict[str, int]]:
    """A record line's flow (its strongest clause: a build, then a board action, research, ...)
    and the ore its conversions ("spend 1pw for 1o") and ore power action moved beside it."""
    verbs = {c.verb: c for c in reversed(move.clauses)}
    main = next((v for v in _LINE_ORDER if v in verbs), None)
    if main is None:
        return "other", {}
    clause = verbs[main]
    if main == "build":
        flow = _BUILDING_FLOW.get(clause.building, "other")
    elif main == "action":
        flow = "power action" if clause.action.startswith("power") else "QIC action"
    else:
        flow = _VERB_FLOW[main]
    known: dict[str, int] = defaultdict(int)
    for c in move.clauses:
        if c.verb == "spend" and flow != "conversions":
            known["conversions"] += (sum(a.count for a in c.gain if a.unit == "o")
                                     - sum(a.count for a in c.cost if a.unit == "o"))
        if c.verb == "action" and flow != "power action" and c.action in BOARD_ACTIONS:
            known["power action"] += BOARD_ACTIONS[c.action].gain.get("ore", 0)
    return flow, {k: v for k, v in known.items() if v}


class OreFlow:
    """Each seat's ore moved, by round and by what moved it: fed after every action (or record
    line) by :meth:`step` with the state after it, the seat that acted, the action's flow and
    the ore of its known parts. Ore that changed with the round, or of a seat that did not act
    (the income phase pays every seat, some at a later line: "Fases da Rodada"), is the
    round's "income". Observes states only."""

    def __init__(self, state: GaiaState | None = None) -> None:
        #: (seat, round, flow, +1 gained / -1 spent) -> ore
        self.moved: dict[tuple[int, int, str, int], int] = defaultdict(int)
        self._ore = [p.res["ore"] for p in state.pl] if state is not None else None
        self._round = state.round if state is not None else 0

    def step(self, state: GaiaState, seat: int | None, flow: str,
             known: dict[str, int] | None = None) -> None:
        """File each seat's ore change since the last step."""
        ore = [p.res["ore"] for p in state.pl]
        before = self._ore or [0] * len(ore)
        rnd = state.round
        turned = rnd != self._round
        for s, (a, b) in enumerate(zip(before, ore)):
            rest = b - a
            if turned or s != seat:
                self._file(s, rnd, "income", rest)
                continue
            for k, v in (known or {}).items():
                self._file(s, rnd, k, v)
                rest -= v
            self._file(s, rnd, flow, rest)
        self._ore, self._round = ore, rnd

    def _file(self, seat: int, rnd: int, flow: str, ore: int) -> None:
        if ore:
            self.moved[seat, rnd, flow, 1 if ore > 0 else -1] += ore

    def rows(self) -> list[dict[str, Any]]:
        """A row a seat, round, flow and sign: ``{"seat", "round", "flow", "ore"}`` (the ore
        signed: gained positive, spent negative)."""
        return [{"seat": s, "round": r, "flow": f, "ore": v}
                for (s, r, f, _), v in sorted(self.moved.items())]


def flow_table(real: list[dict[str, Any]], bots: list[dict[str, Any]],
               rounds: tuple[int, int] = (1, 4)) -> str:
    """Markdown: the ore a seat gained and spent by flow over ``rounds`` (inclusive), "real" and
    "bots" columns (means over the seats of each side's games: rows with a "seed" each game)."""
    def sums(rows: list[dict[str, Any]]) -> dict[tuple[str, bool], float]:
        seats = {(r.get("seed"), r["seat"]) for r in rows}
        out: dict[tuple[str, bool], float] = defaultdict(float)
        for r in rows:
            if rounds[0] <= r["round"] <= rounds[1]:
                out[r["flow"], r["ore"] > 0] += r["ore"] / max(1, len(seats))
        return out
    a, b = sums(real), sums(bots)
    keys = sorted(set(a) | set(b), key=lambda k: (not k[1], -abs(a.get(k, 0) + b.get(k, 0))))
    out = [f"| ore, a seat, rounds {rounds[0]}–{rounds[1]} | real | bots |", "|---|---:|---:|"]
    out += [f"| {f} ({'gained' if g else 'spent'}) | {a.get((f, g), 0):+.1f} | "
            f"{b.get((f, g), 0):+.1f} |" for f, g in keys]
    return "\n".join(out)


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
    flows: list[dict[str, Any]] = []
    bots = bots_economy(args.games, args.seed, tuple(args.lineup.split(",")),
                        on_record=args.on_record, flows=flows)
    where = "on voyager-6's set-up" if args.on_record else "random set-ups"
    final = statistics.mean(r["final"] for r in bots if r["round"] == 6)
    print(f"voyager-6 / {args.lineup} ({args.games} games from seed {args.seed}, {where}; "
          f"final VP a player {final:.1f})\n")
    print(economy_table(real_economy(), bots))
    print()
    print(flow_table(real_ore_flow(), flows))


if __name__ == "__main__":
    main()
