"""Simulated Gaia Project games with the factions spread over the seats, one row per seat:
faction, seat, bot, final VP by source, research levels and federations (for the analyse
notebook: which factions and seats win, where the VP come from, how research and federations
pay). Plays through the engine contract; no randomness outside the games' own ``Chance``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gamekit.core import CATALOG, make_agent, new, play

from .components import FACTIONS, TRACKS

__all__ = ["column_name", "factions_for", "named", "survey", "vp_sources"]


def factions_for(index: int, players: int) -> list[str]:
    """A deterministic spread of factions: game ``index`` walks the faction list in steps of 5
    from place ``3 * index`` and takes those whose home planet is still free ("Preparação": one
    faction per home planet), so every faction plays every seat over a few dozen games."""
    ids = sorted(FACTIONS)
    out: list[str] = []
    k = 3 * index
    while len(out) < players:
        f = ids[k % len(ids)]
        if all(FACTIONS[f].home != FACTIONS[g].home for g in out):
            out.append(f)
        k += 5
    return out


def _row(state, seat: int, index: int, agent: str, lang: str) -> dict[str, Any]:
    p = state.pl[seat]
    res = state.result()
    row: dict[str, Any] = {
        "game_index": index, "seat": seat, "agent": agent, "faction": p.faction,
        "faction_name": CATALOG.name("gaia", p.faction, lang), "score": res.scores[seat],
        "winner": seat in res.winners, "federations": len(p.feds),
        "research_levels": sum(p.research.values()),
    }
    row.update({f"level_{t}": p.research[t] for t in TRACKS})
    by = state.score_breakdown(seat)
    for key, vp in by.items():
        head = "end_research" if key.startswith("end_research_") else key
        row["vp_" + head] = row.get("vp_" + head, 0) + vp
    return row


def survey(n: int = 12, players: int = 3, agents: Sequence[str] = ("heuristic", "random"),
           seed: int = 0, lang: str = "en", options: dict[str, Any] | None = None,
           first: int = 0):
    """``n`` games (game ``i`` from ``first``: seed ``seed + i``); the bots rotate over the
    seats (seat ``s`` of game ``i`` plays ``agents[(s + i) % len(agents)]``) and the factions
    follow :func:`factions_for`."""
    import pandas as pd

    rows = []
    for i in range(first, first + n):
        names = [agents[(s + i) % len(agents)] for s in range(players)]
        state = new("gaia", players=players, seed=seed + i, factions=factions_for(i, players),
                    **(options or {}))
        play(state, [make_agent("gaia", a, (seed + i) * 7919 + s) for s, a in enumerate(names)])
        rows += [_row(state, s, i, names[s], lang) for s in range(players)]
    frame = pd.DataFrame(rows)
    vp = [c for c in frame.columns if c.startswith("vp_")]
    frame[vp] = frame[vp].fillna(0).astype(int)
    return frame


#: the survey's own columns, named for people (issue "Words": no snake_case in the tables)
#: survey columns named in the catalog (``survey.<column>``)
_COLUMNS = ('game_index', 'seat', 'agent', 'faction', 'faction_name', 'score', 'winner', 'federations', 'research_levels')


def column_name(column: str, lang: str = "en") -> str:
    """A survey column as a person reads it: ``vp_<source>`` is named by the source (the
    game's catalog), ``level_<track>`` by the track."""
    if column in _COLUMNS:
        return CATALOG.text("gaia", "survey." + column, lang)
    if column.startswith("vp_"):
        source = column[3:]
        if source == "end_research":
            return CATALOG.text("gaia", "survey.end_research", lang,
                                research=CATALOG.name("gaia", "research", lang))
        return CATALOG.name("gaia", source, lang)
    if column.startswith("level_"):
        return CATALOG.name("gaia", "track:" + column[6:], lang)
    return column


def named(frame, lang: str = "en"):
    """``frame`` with its columns named for people in ``lang``."""
    return frame.rename(columns=lambda c: column_name(c, lang))


def vp_sources(frame, by: str = "agent", lang: str = "en"):
    """Mean VP per source (a row per source, named in ``lang``), a column per value of ``by``."""
    cols = [c for c in frame.columns if c.startswith("vp_")]
    out = named(frame.groupby(by)[cols].mean().round(1), lang).T
    out.columns.name = column_name(by, lang)
    return out
