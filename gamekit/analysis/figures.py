"""Figures of simulated games that say how sure they are: win rates as points with their
95 % interval (groups too small to rank drawn pale), VP spreads and VP by source, every
axis, legend and category in the reader's language."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .labels import column_label, text, value_label
from .tables import merged

__all__ = ["win_rate_figure", "vp_box_figure", "vp_sources_figure", "histogram_figure"]


def _group_label(table: Any, cols: Sequence[str], game: str, lang: str):
    return table[list(cols)].apply(
        lambda row: " / ".join(str(value_label(game, row[c], lang, c)) for c in cols), axis=1)


def win_rate_figure(table: Any, by: str | Sequence[str], game: str, lang: str = "en",
                    title: str = ""):
    """Win rate per group of a ``win_table`` with Wilson error bars; unranked groups (too few
    games) pale."""
    import plotly.graph_objects as go

    cols = [by] if isinstance(by, str) else list(by)
    labels = _group_label(table, cols, game, lang)
    ranked = table["rank"].notna() if "rank" in table else [True] * len(table)
    fig = go.Figure(go.Scatter(
        x=labels, y=table["win_rate"], mode="markers",
        marker={"size": 10, "color": ["#1f77b4" if r else "#c7c7c7" for r in ranked]},
        error_y={"type": "data", "symmetric": False,
                 "array": table["win_high"] - table["win_rate"],
                 "arrayminus": table["win_rate"] - table["win_low"]},
        customdata=table["games"],
        hovertemplate="%{x}: %{y:.1%} (n=%{customdata})<extra></extra>",
    ))
    fig.update_layout(
        title=title or text("win_rate_title", lang), height=340,
        xaxis_title=" / ".join(column_label(game, c, lang) for c in cols),
        yaxis={"title": column_label(game, "win_rate", lang), "tickformat": ".0%",
               "range": [0, 1]},
        margin={"l": 10, "r": 10, "t": 40, "b": 10},
    )
    return fig


def vp_box_figure(frame: Any, by: str, game: str, lang: str = "en", title: str = "",
                  column: str = "score"):
    """Final VP (or another number, ``column``) per group (box plot)."""
    import plotly.express as px

    shown = frame.assign(**{by: frame[by].map(lambda v: value_label(game, v, lang, by))})
    return px.box(shown, x=by, y=column, points=False, title=title or None, height=320,
                  labels={by: column_label(game, by, lang),
                          column: column_label(game, column, lang)})


def histogram_figure(frame: Any, column: str, by: str, game: str, lang: str = "en",
                     title: str = ""):
    """How many games (one row per game) had each value of ``column``, stacked by ``by``."""
    import plotly.express as px

    shown = frame.assign(**{by: frame[by].map(lambda v: value_label(game, v, lang, by))})
    fig = px.histogram(shown, x=column, color=by, title=title or None, height=320,
                       labels={by: column_label(game, by, lang),
                               column: column_label(game, column, lang)})
    fig.update_layout(yaxis_title=column_label(game, "games", lang))
    return fig


def vp_sources_figure(frame: Any, by: str, game: str, lang: str = "en", title: str = "",
                      merge: bool = True):
    """Mean VP by source, stacked, per group of ``by``."""
    import plotly.express as px

    frame = merged(frame) if merge else frame
    vp_cols = [c for c in frame.columns if c.startswith("vp_")]
    table = frame.groupby(by)[vp_cols].mean().reset_index().melt(
        id_vars=by, var_name="source", value_name="vp")
    table["source"] = table["source"].map(lambda c: column_label(game, c, lang))
    table[by] = table[by].map(lambda v: value_label(game, v, lang, by))
    colours = px.colors.qualitative.Plotly if len(vp_cols) <= 10 else \
        px.colors.qualitative.Dark24  # no colour twice in one chart
    return px.bar(table, x=by, y="vp", color="source", barmode="stack", title=title or None,
                  height=max(340, 22 * len(vp_cols)), color_discrete_sequence=colours,
                  labels={by: column_label(game, by, lang),
                          "vp": column_label(game, "vp_mean", lang),
                          "source": column_label(game, "source", lang)})
