"""Honest tables over simulated games (``gamekit.simulate`` frames): every rate with its
interval, small groups shown but not ranked, VP differences with Welch intervals, seat-order
effects and the games a question needs. The arithmetic is ``gamekit.stats``; this module picks
the rows (bots, cards, seats) and the words."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..stats import MIN_GAMES, games_needed, seat_table, vp_difference, win_table
from .labels import labelled, text

__all__ = ["win_table", "seat_table", "vp_difference", "games_needed", "card_table",
           "vp_sources", "shown", "games_needed_text", "MIN_GAMES"]


def card_table(frame: Any, column: str = "cards", min_games: int = MIN_GAMES,
               confidence: float = 0.95):
    """Per card (ids in the list column ``column``, one list per seat): how many seats built
    it, their win rate with a Wilson interval and mean VP with an interval. Cards built fewer
    than ``min_games`` times are listed but not ranked (a card built 3 times that won 3 times
    is luck until shown otherwise)."""
    rows = frame[["score", "winner", column]].rename_axis("row").explode(column).reset_index()
    rows = rows[rows[column].notna()].drop_duplicates(["row", column])  # once per seat
    rows = rows.rename(columns={column: "card"})
    rows["winner"] = rows["winner"].astype("boolean").fillna(False).astype(bool)
    rows["score"] = rows["score"].astype(float)
    table = win_table(rows, "card", min_games=min_games, confidence=confidence)
    return table.rename(columns={"games": "built"})


def vp_sources(frame: Any, by: str | Sequence[str], merge: bool = True):
    """Mean VP per source (``vp_*`` columns) grouped by ``by``; ``merge`` adds the detailed
    sources ``vp_<kind>:<detail>`` (one per six-cost development, say) into ``vp_<kind>``."""
    frame = merged(frame) if merge else frame
    cols = [c for c in frame.columns if c.startswith("vp_")]
    return frame.groupby(by, dropna=False)[cols].mean().round(1)


def merged(frame: Any):
    """The frame with each family of ``vp_<kind>:<detail>`` columns added up as ``vp_<kind>``."""
    out = frame.copy()
    detail = [c for c in out.columns if c.startswith("vp_") and ":" in c]
    for col in detail:
        kind = col.split(":", 1)[0]
        out[kind] = (out[kind] if kind in out else 0) + out[col]
    return out.drop(columns=detail)


def shown(table: Any, game: str, lang: str = "en", digits: int = 3):
    """A table ready for a page: rounded, labelled in ``lang``, ids as names."""
    out = table.copy()
    numeric = out.select_dtypes("float").columns
    out[numeric] = out[numeric].round(digits)
    return labelled(out, game, lang)


def games_needed_text(margin: float, rate: float = 0.5, lang: str = "en") -> str:
    """"About N games give a win rate to ±M points" in ``lang`` (``games_needed``)."""
    points = round(margin * 100, 1)
    return text("games_needed", lang, n=games_needed(margin, rate),
                margin=int(points) if points == int(points) else points)
