"""Write the records of this folder (run by hand: ``python make_synthetic.py [NAME ...]``).

From the real game ``voyager-6`` (the package's sample, MIT, boardgamers/gaia-project test
data): ``voyager-6-annotated`` is the game as the site stores its lines, a power summary
``(I/II/III/Gaia ⇒ I/II/III/Gaia)`` after each line that moved power, rebuilt from the site's
own per-line checkpoints (never from gamekit), with rule-free site options; ``voyager-6-qxr`` is
the same game in the old notation (every hex in global ``QxR`` coordinates). Both expect the
site's recorded final VP and breakdown.

The synthetic records: each is a game played to its end by the heuristic agent (``gamekit.games.gaia.bots``)
under the site's readings (``importer.SITE_READINGS``) with chosen factions and options, then
written in the site's notation by ``writer.write_record``. Its ``expected`` block pins the final
VP and end-game breakdown; ``test_import_records.py`` checks them again independently where the
rulebook allows (the research and resource VP of the breakdown, recomputed from the final state
by the rulebook's own tables; the sum of the breakdown and the recorded VP)."""

from __future__ import annotations

import json
from pathlib import Path

from gamekit.games.gaia.bot_greedy import GreedyAgent as HeuristicAgent
from gamekit.games.gaia.importer import SITE_READINGS
from gamekit.games.gaia.state import GaiaState
from gamekit.games.gaia.writer import write_record

HERE = Path(__file__).parent

#: name -> (players, seed, factions by seat or the auction's lines, options, what it exercises)
GAMES = {
    "auction-4p": (4, "auction-4p", ["p1 faction taklons", "p2 faction nevlas",
                                     "p3 bid taklons 2", "p4 faction ivits", "p1 bid nevlas 1",
                                     "p2 faction terrans"],
                   {"auction": "bid-while-choosing"},
                   "a faction auction (bid-while-choosing): the seating changes, leech order"),
    "auction-choose-bid": (3, "choose-bid", ["p1 name nevlas", "p2 name taklons",
                                             "p3 name terrans", "p1 bid taklons 1",
                                             "p2 bid nevlas 0", "p3 bid terrans 0"],
                           {"auction": "choose-bid"},
                           "the choose-bid auction: everyone names a faction, then bids"),
    "taklons-federations": (3, "taklons-feds", ["taklons", "gleens", "xenos"], {},
                            "Taklons with federations (brainstone on satellites, leech)"),
    "nevlas-power": (3, "nevlas-power", ["nevlas", "firaks", "ambas"], {},
                     "Nevlas with the PI and power actions"),
    "two-players": (2, "two-players", ["hadsch-hallas", "bescods"], {},
                    "a 2-player game (the neutral player in final scoring)"),
    "rotated-sectors": (4, "rotated", ["lantids", "geodens", "baltaks", "itars"],
                        {"board_setup": True},
                        "advancedRules: the last player turns sectors (a rotate line)"),
    "rulebook-examples": (4, "rulebook", ["terrans", "hadsch-hallas", "nevlas", "geodens"], {},
                          "the rulebook's worked examples in play: research steps, a Gaia "
                          "project, the Terrans, Hadsch Hallas and Nevlas planetary institutes "
                          "(test_rulebook_records.py finds each and checks its figures)"),
}

#: how often each steered move is wanted in ``rulebook-examples`` (see ``_wish``)
_WISHES = {"3c-o": 3, "gaia": 4, "power": 3, "terra": 2}


def _wish(st: GaiaState, seat: int, legal: list, done: dict) -> object | None:
    """``rulebook-examples``: the moves of the rulebook's worked examples, each when legal and
    until wanted often enough; the heuristic agent decides everything else. Every faction
    builds its planetary institute at once; the Terrans start a Gaia project, the Hadsch
    Hallas buy ore with credits, the Nevlas take power actions (bowl III pays 2), the Geodens
    research terraforming."""
    faction = st.pl[seat].faction
    by = {str(a).split(" ", 1)[1]: a for a in legal}
    pi = next((a for key, a in by.items() if key.startswith("upgrade ") and key.endswith(" PI")),
              None)
    if pi is not None:
        return pi
    if faction == "terrans" and not any(b == "ts" for b in st.pl[seat].built.values()):
        ts = next((a for key, a in by.items() if key.startswith("upgrade ")), None)
        if ts is not None:
            return ts
    picks = {"hadsch-hallas": ("3c-o", [by.get("convert 3c-o")]),
             "terrans": ("gaia", [a for k, a in by.items() if k.startswith("gaia ")]),
             "nevlas": ("power", [a for k, a in by.items() if k.startswith("action power")]
                        if st.pl[seat].res["credits"] < 30 and any(
                            b == "PI" for b in st.pl[seat].built.values()) else []),
             "geodens": ("terra", [by.get("research terra")])}
    key, options = picks.get(faction, ("", []))
    options = [a for a in options if a is not None]
    if options and done.get(key, 0) < _WISHES[key]:
        done[key] = done.get(key, 0) + 1
        return options[0]
    return None


def play(players: int, seed: str, factions: list[str], options: dict,
         steer: bool = False) -> GaiaState:
    """A game to its end: seat s names ``factions[s]`` (or the auction plays the lines
    ``factions``), the last player turns one sector in the board set-up; the heuristic agent
    decides everything else."""
    st = GaiaState.new(players, seed, layout="random", **SITE_READINGS, **options)
    agents = [HeuristicAgent(seed=s) for s in range(players)]
    turned = False
    done: dict[int, dict[str, int]] = {}
    for _ in range(20_000):
        if st.is_over():
            return st
        seat = st.to_move()[0]
        d = st.decision(seat)
        legal = {str(a): a for a in d.legal}
        want = None
        if d.kind.startswith("auction"):
            want = legal[factions.pop(0)]
        elif d.kind == "faction":
            want = next((a for a in d.legal if a.args and a.args[0] == factions[seat]), None)
        elif d.kind == "rotate" and not turned:
            want = next((a for a in d.legal if a.args and a.args[0] != "done"), None)
            turned = want is not None
        elif d.kind == "rotate":
            want = legal.get(f"p{seat + 1} rotate done")
        elif steer and d.kind == "turn":
            want = _wish(st, seat, d.legal, done.setdefault(seat, {}))
        st.apply(want if want is not None else agents[seat].choose(None, d))
    raise RuntimeError("the game did not end")


def _bowls(row: list, stone: int | None) -> str:
    return "/".join(f"{n},B" if i == stone else str(n) for i, n in enumerate(row, 1))


def _summary(row: list) -> tuple[str, list]:
    """A checkpoint row's bowls (tokens I/II/III/Gaia, brainstone bowl) as the site writes."""
    stone = {"area1": 1, "area2": 2, "area3": 3, "gaia": 4}.get(row[9])
    return _bowls(row[5:9], stone), row[5:10]


def voyager_records() -> None:
    from gamekit.games.gaia import notation as N
    from gamekit.games.gaia.samples import sample_data

    v = sample_data("voyager-6")
    expected = {"final_vp": v["final_vp"], "end_game_vp_breakdown": v["end_game_vp_breakdown"],
                "factions": v["factions"]}
    base = {"engine_options": v["engine_options"], "map": v["setup"]["map"],
            "setup": v["setup"], "expected": expected}
    seats = {f: i for i, f in enumerate(v["factions"])}
    lines = [v["moves"][0]]
    before = [[0] * 9 + [None] for _ in v["factions"]]
    for i, text in enumerate(v["moves"][1:], start=1):
        rows = v["checkpoints"][i - 1][4]
        who = text.split()[0]
        seat = int(who[1:]) - 1 if who[:1] == "p" and who[1:].isdigit() else seats[who]
        old, new = _summary(before[seat]), _summary(rows[seat])
        lines.append(text if old[1] == new[1] else f"{text} ({old[0]} ⇒ {new[0]})")
        before = rows
    annotated = {**base, "moves": lines,
                 "engine_options": {**v["engine_options"], "creator": 0, "noFedCheck": False,
                                    "timePerMove": 86400},
                 "about": "voyager-6 (boardgamers/gaia-project viewer test data, MIT) with the "
                 "power summaries the site writes, rebuilt from its own checkpoints, and "
                 "rule-free site options; see make_synthetic.py"}
    g = N.read_record({"moves": v["moves"], "map": v["setup"]["map"]})
    qxr = {**base, "moves": [v["moves"][0], *(N.write_move(m, "qxr") for m in g.moves)],
           "about": "voyager-6 in the old notation: every hex in global QxR coordinates"}
    for name, rec in (("voyager-6-annotated", annotated), ("voyager-6-qxr", qxr)):
        (HERE / f"{name}.json").write_text(json.dumps(rec, ensure_ascii=False) + "\n",
                                           encoding="utf-8")
        print(name, len(rec["moves"]), "lines")


def main(names: list[str]) -> None:
    """Write the records ``names`` (all of them when empty)."""
    if not names:
        voyager_records()
    for name, (players, seed, factions, options, about) in GAMES.items():
        if names and name not in names:
            continue
        st = play(players, seed, factions, options, steer=name == "rulebook-examples")
        site = write_record(st.record())
        breakdown = [st.score_breakdown(s) for s in range(players)]
        site["expected"] = {"final_vp": st.result(final=True).scores,
                            "end_game_vp_breakdown": breakdown,
                            "factions": [p.faction for p in st.pl]}
        site["about"] = (f"Synthetic record ({about}); played by gamekit's heuristic agent "
                         "under the site's readings and written by gamekit.games.gaia.writer. "
                         "Expected figures: see make_synthetic.py.")
        (HERE / f"{name}.json").write_text(json.dumps(site, indent=None) + "\n",
                                           encoding="utf-8")
        print(name, site["expected"]["final_vp"], site["expected"]["factions"])


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
