"""Analysis of simulated games for the ``analyse`` notebooks: ``gamekit.simulate`` frames,
summary tables and plotly charts (figures from ``gamekit.plots``)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from typing import Any

import pandas as pd

from gamekit import plots, simulate
from gamekit.core import CATALOG, get, make_agent, new, play

__all__ = ["Analysis", "summary", "card_stats"]


def summary(frame: pd.DataFrame, by: str | Sequence[str]) -> pd.DataFrame:
    """Games, win rate and VP (mean, std, min, max) grouped by column(s) ``by``."""
    cols = [by] if isinstance(by, str) else list(by)
    g = frame.groupby(cols, dropna=False)
    out = pd.DataFrame({
        "seats": g.size(),
        "win_rate": g["winner"].mean().round(3),
        "vp_mean": g["score"].mean().round(1),
        "vp_std": g["score"].std().round(1),
        "vp_min": g["score"].min(),
        "vp_max": g["score"].max(),
    })
    return out.sort_values("win_rate", ascending=False)


def card_stats(game: str, n: int, players: int, agents: Sequence[str], seed: int = 0,
               options: dict[str, Any] | None = None, lang: str = "en") -> pd.DataFrame:
    """For each card: how often a seat built it, and that seat's mean VP and win rate.

    Needs a game whose ``to_dict()`` lists ``seats[i]["built"]`` (card ids). Plays its own
    ``n`` seeded games (same seeds and agents as ``simulate`` without seat rotation)."""
    built_by: dict[str, list[tuple[int, bool]]] = defaultdict(list)
    for i in range(n):
        st = new(game, players=players, seed=seed + i, **(options or {}))
        ags = [make_agent(game, agents[s], (seed + i) * 7919 + s) for s in range(players)]
        play(st, ags)
        res = st.result()
        seats = st.to_dict().get("seats", [])
        for s, info in enumerate(seats):
            for cid in set(info.get("built", [])):
                built_by[cid].append((res.scores[s], s in res.winners))
    rows = []
    for cid, got in built_by.items():
        rows.append({
            "card": CATALOG.name(game, cid, lang),
            "id": cid,
            "built": len(got),
            "vp_when_built": round(sum(v for v, _w in got) / len(got), 1),
            "win_rate_when_built": round(sum(w for _v, w in got) / len(got), 3),
        })
    frame = pd.DataFrame(rows)
    if frame.empty:
        return frame
    return frame.sort_values(["vp_when_built", "built"], ascending=False).reset_index(drop=True)


class Analysis:
    """``n`` simulated games per option set (e.g. per empire side), one frame for all."""

    def __init__(self, game: str, n: int = 40, players: int | None = None,
                 agents: Sequence[str] | None = None, seed: int = 0,
                 variants: dict[str, dict[str, Any]] | None = None, progress: bool = True):
        info = get(game)
        self.game = game
        self.players = players or info.default_players
        self.agents = tuple(agents or ("random",) * self.players)
        self.n = n
        self.seed = seed
        frames = []
        for label, options in (variants or {"": {}}).items():
            f = simulate(game, self.agents, n=n, seed=seed, players=self.players,
                         options=options, progress=progress)
            if label:
                f["variant"] = label
            frames.append(f)
        self.frame = pd.concat(frames, ignore_index=True)
        self.variants = variants or {"": {}}

    def table(self, by: str | Sequence[str]) -> pd.DataFrame:
        return summary(self.frame, by)

    def win_rate(self, by: str | Sequence[str], title: str = ""):
        return plots.win_rate_figure(self.frame, by, title)

    def vp(self, by: str, title: str = ""):
        return plots.vp_box_figure(self.frame, by, title)

    def vp_sources(self, by: str | None = None, title: str = "", merge: bool = False):
        """Mean VP by source; ``merge`` adds up detailed sources ``vp_<kind>:<detail>`` (e.g.
        one column per six-cost development) into one ``vp_<kind>`` source."""
        return plots.vp_sources_figure(self.sources(merge), by, title)

    def sources(self, merge: bool = True) -> pd.DataFrame:
        """The frame, with the ``vp_<kind>:<detail>`` columns added up per kind if ``merge``."""
        if not merge:
            return self.frame
        frame = self.frame.copy()
        detail = [c for c in frame.columns if c.startswith("vp_") and ":" in c]
        for col in detail:
            kind = col.split(":", 1)[0]
            frame[kind] = (frame[kind] if kind in frame else 0) + frame[col]
        return frame.drop(columns=detail)

    def vp_table(self, by: str | Sequence[str], merge: bool = True) -> pd.DataFrame:
        """Mean VP by source (``vp_*`` columns, merged per kind) grouped by column(s) ``by``."""
        frame = self.sources(merge)
        cols = [c for c in frame.columns if c.startswith("vp_")]
        out = frame.groupby(by, dropna=False)[cols].mean().round(1)
        return out.rename(columns=lambda c: c[3:])

    def cards(self, top: int = 15, min_built: int = 3, lang: str = "en") -> pd.DataFrame:
        """The most valuable cards (mean final VP of the seats that built them)."""
        options = next(iter(self.variants.values()))
        frame = card_stats(self.game, self.n, self.players, self.agents, self.seed, options,
                           lang)
        if frame.empty:
            return frame
        return frame[frame["built"] >= min_built].head(top).reset_index(drop=True)
